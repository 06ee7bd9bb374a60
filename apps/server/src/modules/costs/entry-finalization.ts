import type { Database } from '../../platform/persistence/database'
import { findVisibleDistribution } from './repositories/operating-costs'
import type { SessionUser } from '../../platform/persistence/scope'
import { notFound } from '../../platform/http-errors'
import { changeDistributionStatus, DISTRIBUTION_NOT_FOUND_MESSAGE } from './distribution-status'

export const ENTRY_FINALIZED_MESSAGE =
  'Die Kosten wurden als erfasst gemeldet. Eine weitere Kostenerfassung ist nicht mehr möglich; die Kosten gehen jetzt in die Abrechnung.'

/** §4 "costs recorded": O -> E; from any other status 409. */
export async function finalizeEntry(
  db: Database,
  user: SessionUser,
  distribution: string,
): Promise<string> {
  await db.transaction(async (tx) => {
    const row = await findVisibleDistribution(tx, user, distribution, { forUpdate: true })
    if (!row) throw notFound(DISTRIBUTION_NOT_FOUND_MESSAGE)
    await changeDistributionStatus(tx, row, 'E', user.userName)
  })
  return ENTRY_FINALIZED_MESSAGE
}
