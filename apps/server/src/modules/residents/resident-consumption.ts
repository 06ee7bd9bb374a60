/**
 * A resident's monthly consumption information (decisions 033, 065): the figures of his unit for his
 * own months only, compared with his own earlier months and the property's average; the unit's
 * other users, before or after him, are not in it, not even by name.
 */
import type { ConsumptionUser, UserConsumption } from '@portal/domain'
import type { Executor } from '../../platform/persistence/database'
import type { SessionUser } from '../../platform/persistence/scope'
import { unitReport } from '../consumption/index'
import { computingScope, residentTenancy, type Tenancy } from './tenancy'

export interface ResidentConsumption {
  tenancy: Tenancy
  report: UserConsumption
  reference: string
  address: string
}

export async function residentConsumption(
  db: Executor,
  user: SessionUser,
): Promise<ResidentConsumption> {
  const tenancy = await residentTenancy(db, user)
  return { tenancy, ...(await tenancyConsumption(db, user, tenancy)) }
}

/** The information of the tenancy's partner on its unit, cut to him. */
export async function tenancyConsumption(
  db: Executor,
  user: SessionUser,
  tenancy: Tenancy,
): Promise<Omit<ResidentConsumption, 'tenancy'>> {
  const { report, reference, address } = await unitReport(
    db,
    computingScope(user, tenancy),
    tenancy.pointOfDelivery,
    tenancy.businessPartner,
    false,
  )
  // a resident who moved in after the twelve months' last is no user of them yet: no months
  const own: ConsumptionUser = report.user ?? {
    businessPartner: tenancy.businessPartner,
    name: tenancy.name,
    periods: [{ contract: tenancy.contract, from: tenancy.from, until: tenancy.until }],
  }
  return { report: { ...report, user: own, users: [own] }, reference, address }
}
