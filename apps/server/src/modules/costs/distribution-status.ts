/**
 * The one way a distribution's status changes (ARCHITECTURE 3.2): checked against the domain's
 * transition table, version and `statusChangedAt` bumped, audited in the same transaction.
 */
import {
  canChangeDistributionStatus,
  DISTRIBUTION_STATUS,
  type DistributionStatus,
} from '@portal/domain'
import { eq, sql } from 'drizzle-orm'
import { conflict, notFound } from '../../platform/http-errors'
import { writeAudit } from '../../platform/persistence/audit'
import { distributionSnapshot, withSnapshot } from './approval-snapshot'
import type { Executor } from '../../platform/persistence/database'
import {
  DISTRIBUTION_ENTITY,
  findDistribution,
  type DistributionRow,
} from './repositories/operating-costs'
import { operatingCostsDistributions } from '../../platform/persistence/schema'

export const STATUS_CHANGE_ACTION = 'DISTRIBUTION_STATUS_CHANGED'

export const DISTRIBUTION_NOT_FOUND_MESSAGE = 'Die Kostenverteilung wurde nicht gefunden.'

const label = (status: string) => DISTRIBUTION_STATUS[status as DistributionStatus] ?? status

export function isDistributionStatus(value: string): value is DistributionStatus {
  return Object.hasOwn(DISTRIBUTION_STATUS, value)
}

/** The German 409 for a refused transition. */
export function transitionRefused(from: string, to: DistributionStatus) {
  return conflict(
    `Die Kostenverteilung ist „${label(from)}“ und kann nicht auf „${label(to)}“ gesetzt werden.`,
    'INVALID_STATUS_TRANSITION',
  )
}

/**
 * Moves a distribution (already locked by the caller's transaction) to `to`, or throws 409. The
 * returned row carries the new status and version.
 */
export async function changeDistributionStatus(
  tx: Executor,
  row: DistributionRow,
  to: DistributionStatus,
  userName: string,
): Promise<DistributionRow> {
  const from = row.operatingCostsDistributionStatus
  if (!isDistributionStatus(from) || !canChangeDistributionStatus(from, to)) {
    throw transitionRefused(from, to)
  }
  const [changed] = await tx
    .update(operatingCostsDistributions)
    .set({
      operatingCostsDistributionStatus: to,
      statusChangedAt: sql`now()`,
      version: sql`${operatingCostsDistributions.version} + 1`,
    })
    .where(
      eq(operatingCostsDistributions.operatingCostsDistribution, row.operatingCostsDistribution),
    )
    .returning()
  await writeAudit(tx, {
    userName,
    companyCode: row.companyCode,
    action: STATUS_CHANGE_ACTION,
    entity: DISTRIBUTION_ENTITY,
    entityKey: row.operatingCostsDistribution,
    before: { operatingCostsDistributionStatus: from, version: row.version },
    after: {
      operatingCostsDistributionStatus: to,
      version: changed!.version,
      // an approval, by a user or the automatic one: what was approved (decision 034)
      ...(to === 'G' ? withSnapshot(await distributionSnapshot(tx, changed!, 'approved')) : {}),
    },
  })
  return changed!
}

/** A provider or system step on any distribution: locks it, changes the status, or throws. */
export async function changeDistributionStatusById(
  tx: Executor,
  id: string,
  to: DistributionStatus,
  userName: string,
): Promise<DistributionRow> {
  const row = await findDistribution(tx, id, { forUpdate: true })
  if (!row) throw notFound(DISTRIBUTION_NOT_FOUND_MESSAGE)
  return changeDistributionStatus(tx, row, to, userName)
}
