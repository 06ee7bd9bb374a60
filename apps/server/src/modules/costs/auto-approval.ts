/**
 * §4, §9: a distribution released (F) and not reviewed for one year is approved (G). Idempotent:
 * each distribution is re-read under lock, so a second run (or a parallel one) changes nothing.
 */
import { isDueForAutoApproval } from '@portal/domain'
import { SYSTEM_USER } from '../../platform/persistence/actors'
import type { Database } from '../../platform/persistence/database'
import { distributionsInStatus, findDistribution } from './repositories/operating-costs'
import { changeDistributionStatus } from './distribution-status'

const todayUtc = () => new Date().toISOString().slice(0, 10)

/** Approves every due distribution; answers the ids it approved. */
export async function autoApproveDistributions(
  db: Database,
  options: { today?: string; userName?: string } = {},
): Promise<string[]> {
  const today = options.today ?? todayUtc()
  const userName = options.userName ?? SYSTEM_USER
  const candidates = await distributionsInStatus(db, 'F')
  const approved: string[] = []
  for (const candidate of candidates) {
    if (!isDueForAutoApproval(candidate.statusChangedOn, today)) continue
    const done = await db.transaction(async (tx) => {
      const row = await findDistribution(tx, candidate.operatingCostsDistribution, {
        forUpdate: true,
      })
      if (row?.operatingCostsDistributionStatus !== 'F') return false
      const changedOn = new Date(row.statusChangedAt).toISOString().slice(0, 10)
      if (!isDueForAutoApproval(changedOn, today)) return false
      await changeDistributionStatus(tx, row, 'G', userName)
      return true
    })
    if (done) approved.push(candidate.operatingCostsDistribution)
  }
  return approved
}
