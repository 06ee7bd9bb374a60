/**
 * Hourly housekeeping: idempotency keys older than their retention are removed, and logged-out
 * sessions whose tokens have all expired (decision 022). Like the automatic
 * approval, the timer does not keep the process alive and errors are logged, never thrown.
 */
import { serializeError } from '../logging'
import type { Database } from '../persistence/database'
import { pruneIdempotencyKeys } from '../plugins/idempotency'
import { pruneRevokedSessions } from '../processes/sign-in'
import type { JobLogger } from './auto-approval'

export const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000

export async function runHousekeeping(db: Database, log: JobLogger): Promise<void> {
  try {
    const removed = await pruneIdempotencyKeys(db)
    if (removed > 0) log.info({ removed }, 'expired idempotency keys removed')
    const sessions = await pruneRevokedSessions(db)
    if (sessions > 0) log.info({ removed: sessions }, 'expired revoked sessions removed')
  } catch (err) {
    log.error({ err: serializeError(err) }, 'housekeeping failed')
  }
}

export function startHousekeepingJob(db: Database, log: JobLogger): { stop(): void } {
  const timer = setInterval(() => void runHousekeeping(db, log), HOUSEKEEPING_INTERVAL_MS)
  timer.unref()
  return { stop: () => clearInterval(timer) }
}
