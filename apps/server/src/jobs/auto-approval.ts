/**
 * §4: runs the automatic approval at start and every hour. The timer does not keep the process
 * alive; `stop()` clears it (on close).
 */
import { serializeError } from '../logging'
import type { Database } from '../persistence/database'
import { autoApproveDistributions } from '../processes/auto-approval'

export const AUTO_APPROVAL_INTERVAL_MS = 60 * 60 * 1000

export interface JobLogger {
  info(object: object, message: string): void
  error(object: object, message: string): void
}

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

export function startAutoApprovalJob(
  db: Database,
  log: JobLogger,
  intervalMs = AUTO_APPROVAL_INTERVAL_MS,
): { stop(): void; firstRun: Promise<string[]> } {
  const firstRun = runAutoApprovalJob(db, log)
  const timer = setInterval(() => void runAutoApprovalJob(db, log), intervalMs)
  timer.unref()
  return { stop: () => clearInterval(timer), firstRun }
}
