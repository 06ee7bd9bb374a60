/**
 * §4: runs the automatic approval at start and every hour, once across all server processes on
 * the database (`claimJobRun`). The timer does not keep the process alive; `stop()` clears it.
 */
import { serializeError } from '../../platform/logging'
import type { Database } from '../../platform/persistence/database'
import { autoApproveDistributions } from './auto-approval'
import { claimJobRun, type JobLogger } from '../../platform/jobs/job-claim'

export const AUTO_APPROVAL_INTERVAL_MS = 60 * 60 * 1000

/** One run; errors are logged, never thrown, so that the timer survives them. */
export async function runAutoApprovalJob(
  db: Database,
  log: JobLogger,
  today?: string,
): Promise<string[]> {
  try {
    const approved = await autoApproveDistributions(db, today === undefined ? {} : { today })
    if (approved.length > 0) log.info({ approved }, 'distributions approved automatically')
    return approved
  } catch (err) {
    log.error({ err: serializeError(err) }, 'automatic approval failed')
    return []
  }
}

/** A run if this process claims the interval; an empty list when another process ran it. */
export async function runClaimedAutoApproval(
  db: Database,
  log: JobLogger,
  intervalMs = AUTO_APPROVAL_INTERVAL_MS,
): Promise<string[]> {
  try {
    if (!(await claimJobRun(db, 'auto-approval', intervalMs))) {
      log.info({ job: 'auto-approval' }, 'scheduled job skipped: another process ran it')
      return []
    }
    log.info({ job: 'auto-approval' }, 'scheduled job claimed: automatic approval runs')
  } catch (err) {
    log.error({ err: serializeError(err) }, 'automatic approval not claimed')
    return []
  }
  return runAutoApprovalJob(db, log)
}

export function startAutoApprovalJob(
  db: Database,
  log: JobLogger,
  intervalMs = AUTO_APPROVAL_INTERVAL_MS,
): { stop(): void; firstRun: Promise<string[]> } {
  const firstRun = runClaimedAutoApproval(db, log, intervalMs)
  const timer = setInterval(() => void runClaimedAutoApproval(db, log, intervalMs), intervalMs)
  timer.unref()
  return { stop: () => clearInterval(timer), firstRun }
}
