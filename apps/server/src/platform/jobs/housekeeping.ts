/**
 * Hourly housekeeping, once across all server processes (`claimJobRun`): idempotency keys older
 * than their retention are removed, logged-out sessions whose tokens have all expired (decision
 * 022), and sign-in attempts and rate-limit windows long past their window (decision 029). Like the automatic
 * approval, the timer does not keep the process alive and errors are logged, never thrown.
 */
import { serializeError } from '../logging'
import type { Database } from '../persistence/database'
import { pruneIdempotencyKeys } from '../http/idempotency'
import { pruneRevokedSessions } from '../auth/session-user'
import { pruneSignInAttempts } from '../auth/login-throttle'
import { pruneRateLimitWindows } from '../auth/rate-limit-store'
import type { JobLogger } from './job-claim'
import { claimJobRun } from './job-claim'

export const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000

export async function runHousekeeping(db: Database, log: JobLogger): Promise<void> {
  try {
    const removed = await pruneIdempotencyKeys(db)
    if (removed > 0) log.info({ removed }, 'expired idempotency keys removed')
    const sessions = await pruneRevokedSessions(db)
    if (sessions > 0) log.info({ removed: sessions }, 'expired revoked sessions removed')
    const attempts = (await pruneSignInAttempts(db)) + (await pruneRateLimitWindows(db))
    if (attempts > 0)
      log.info({ removed: attempts }, 'old sign-in attempts and rate limits removed')
  } catch (err) {
    log.error({ err: serializeError(err) }, 'housekeeping failed')
  }
}

export function startHousekeepingJob(db: Database, log: JobLogger): { stop(): void } {
  const run = async () => {
    try {
      if (!(await claimJobRun(db, 'housekeeping', HOUSEKEEPING_INTERVAL_MS))) return
    } catch (err) {
      log.error({ err: serializeError(err) }, 'housekeeping not claimed')
      return
    }
    await runHousekeeping(db, log)
  }
  const timer = setInterval(() => void run(), HOUSEKEEPING_INTERVAL_MS)
  timer.unref()
  return { stop: () => clearInterval(timer) }
}
