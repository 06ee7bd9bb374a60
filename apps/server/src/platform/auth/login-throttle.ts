/**
 * The sign-in throttle (§7, decision 002): at most ten attempts per user name and per client address
 * a minute. The attempts live in PostgreSQL, so that every server process on the database counts
 * the same attempts (decision 029): a second process does not double the allowance.
 */
import { randomUUID } from 'node:crypto'
import { and, count, eq, gt, inArray, sql } from 'drizzle-orm'
import type { Executor } from '../persistence/database'
import { signInAttempts } from '../persistence/schema'

/** A sign-in attempt counted under its keys (user name, client address) while it is verified. */
export interface LoginAttempt {
  /** The password was right, or it was not verified: the attempt stops counting. */
  release(): Promise<void>
  /** The password was wrong: the attempt stays counted as a failure until it leaves the window. */
  countAsFailure(): Promise<void>
}

/** Where sign-in attempts are counted. */
export interface LoginAttemptStore {
  /**
   * Counts an attempt under every key before its password is verified, so that parallel attempts
   * cannot pass a check that only later ones would fail. Undefined when any key already holds
   * `maxAttempts` attempts (failed or being verified) in the window: answer 429.
   */
  reserve(keys: readonly string[]): Promise<LoginAttempt | undefined>
}

export interface LoginThrottleOptions {
  /** Attempts per key and window; the next one is refused. */
  maxAttempts?: number
  windowMs?: number
}

/** Attempts older than this are removed by the housekeeping job; far beyond any window. */
export const SIGN_IN_ATTEMPTS_RETENTION = sql`interval '1 hour'`

/**
 * Counts attempts in `sign_in_attempts`, a row per attempt and key. The check and the insert run
 * in one transaction that holds an advisory lock per key (taken in sorted order, so that two
 * attempts never wait for each other crosswise): two processes cannot both see nine attempts and
 * both add the tenth.
 */
export class PostgresLoginThrottle implements LoginAttemptStore {
  private readonly maxAttempts: number
  private readonly windowMs: number

  constructor(
    private readonly db: Executor,
    { maxAttempts = 10, windowMs = 60_000 }: LoginThrottleOptions = {},
  ) {
    this.maxAttempts = maxAttempts
    this.windowMs = windowMs
  }

  async reserve(keys: readonly string[]): Promise<LoginAttempt | undefined> {
    const sorted = [...new Set(keys)].sort()
    const attemptId = randomUUID()
    const windowStart = sql`now() - make_interval(secs => ${this.windowMs / 1000})`
    const reserved = await this.db.transaction(async (tx) => {
      for (const key of sorted) {
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtextextended(${`sign-in:${key}`}, 0))`,
        )
      }
      const counted = await tx
        .select({ key: signInAttempts.key, attempts: count() })
        .from(signInAttempts)
        .where(and(inArray(signInAttempts.key, sorted), gt(signInAttempts.at, windowStart)))
        .groupBy(signInAttempts.key)
      if (counted.some(({ attempts }) => attempts >= this.maxAttempts)) return false
      await tx.insert(signInAttempts).values(sorted.map((key) => ({ attemptId, key })))
      return true
    })
    if (!reserved) return undefined
    return {
      release: async () => {
        await this.db.delete(signInAttempts).where(eq(signInAttempts.attemptId, attemptId))
      },
      countAsFailure: async () => {},
    }
  }
}

/** Removes attempts that left every window (housekeeping); answers how many. */
export async function pruneSignInAttempts(db: Executor): Promise<number> {
  const removed = await db
    .delete(signInAttempts)
    .where(sql`${signInAttempts.at} < now() - ${SIGN_IN_ATTEMPTS_RETENTION}`)
    .returning({ key: signInAttempts.key })
  return removed.length
}
