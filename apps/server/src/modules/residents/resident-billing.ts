/**
 * A resident's annual billing information (§ 6a Abs. 3 HeizkostenV, decision 067): the heating
 * distributions of his property that the manager approved (G) or that were distributed (V) and
 * that overlap his tenancy, each with his own comparison only; never another unit or user.
 */
import type {
  BillingInformation,
  BillingInformationConfig,
  ResidentBillingPeriods,
} from '@portal/domain'
import { and, desc, eq, gte, inArray, lte } from 'drizzle-orm'
import { notFound } from '../../platform/http-errors'
import type { Executor } from '../../platform/persistence/database'
import { operatingCostsDistributions } from '../../platform/persistence/schema'
import type { SessionUser } from '../../platform/persistence/scope'
import { billingInformationOf, findDistribution } from '../costs/index'
import { computingScope, residentTenancy, type Tenancy } from './tenancy'

export const BILLING_NOT_FOUND_MESSAGE =
  'Für diesen Zeitraum liegt Ihnen keine Abrechnungsinformation vor.'

/** The statuses whose bill reaches the users: approved by the manager, distributed. */
const BILLED_STATUSES = ['G', 'V']

function billedDistributions(db: Executor, tenancy: Tenancy) {
  return db
    .select({
      operatingCostsDistribution: operatingCostsDistributions.operatingCostsDistribution,
      from: operatingCostsDistributions.from,
      until: operatingCostsDistributions.until,
    })
    .from(operatingCostsDistributions)
    .where(
      and(
        eq(operatingCostsDistributions.companyCode, tenancy.companyCode),
        eq(operatingCostsDistributions.propertyConnection, tenancy.propertyConnection),
        inArray(operatingCostsDistributions.operatingCostsDistributionStatus, BILLED_STATUSES),
        gte(operatingCostsDistributions.until, tenancy.from),
        tenancy.until === null ? undefined : lte(operatingCostsDistributions.from, tenancy.until),
      ),
    )
    .orderBy(desc(operatingCostsDistributions.until))
}

export async function residentBillingPeriods(
  db: Executor,
  user: SessionUser,
): Promise<ResidentBillingPeriods> {
  const tenancy = await residentTenancy(db, user)
  return { items: await billedDistributions(db, tenancy) }
}

export async function residentBillingInformation(
  db: Executor,
  user: SessionUser,
  id: string,
  config: BillingInformationConfig | undefined,
): Promise<BillingInformation> {
  const tenancy = await residentTenancy(db, user)
  const periods = await billedDistributions(db, tenancy)
  if (!periods.some((period) => period.operatingCostsDistribution === id)) {
    throw notFound(BILLING_NOT_FOUND_MESSAGE)
  }
  const row = await findDistribution(db, id)
  if (!row) throw notFound(BILLING_NOT_FOUND_MESSAGE)
  return billingInformationOf(
    db,
    computingScope(user, tenancy),
    row,
    {
      pointOfDelivery: tenancy.pointOfDelivery,
      businessPartner: tenancy.businessPartner,
      onlyOwn: true,
    },
    config,
  )
}
