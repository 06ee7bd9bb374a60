import { LOGIN_FAILED_MESSAGE } from '@portal/domain'
import { eq, sql } from 'drizzle-orm'
import type { LoginAttemptStore } from '../auth/login-throttle'
import { UNKNOWN_USER_HASH, verifyPassword } from '../auth/passwords'
import { issueToken } from '../auth/tokens'
import { QueueFullError, type ConcurrencyLimit } from '../concurrency-limit'
import { HttpError, tooManyRequests, unauthorized } from '../http-errors'
import type { Executor } from '../persistence/database'
import { users } from '../persistence/schema'

export interface SignInContext {
  db: Executor
  jwtSecret: Uint8Array
  throttle: LoginAttemptStore
  /** Bounds the sign-ins looked up and verified at once (503 beyond its queue). */
  verifications: ConcurrencyLimit
}

export const SERVER_BUSY_MESSAGE =
  'Der Server ist gerade ausgelastet. Bitte versuchen Sie es in einem Moment erneut.'

/**
 * §7 POST /api/token: a token for the right user name and password; 429 after ten failures a
 * minute. The attempt is counted before its password is verified (issue 11): a burst of parallel
 * attempts verifies at most the limit, a right password inside it is refused as well.
 */
export async function signIn(
  { db, jwtSecret, throttle, verifications }: SignInContext,
  credentials: { username: string; password: string; clientAddress: string },
): Promise<string> {
  const keys = [
    `user:${credentials.username.toLowerCase()}`,
    `address:${credentials.clientAddress}`,
  ]
  const attempt = await throttle.reserve(keys)
  if (!attempt) throw tooManyRequests()
  let checked: Awaited<ReturnType<typeof lookUpAndVerify>>
  try {
    // lookup and verification within the limit: a burst queues here, not in the database pool
    checked = await verifications.run(() => lookUpAndVerify(db, credentials))
  } catch (error) {
    // not verified (server busy, database unreachable): the attempt does not count
    await attempt.release()
    if (error instanceof QueueFullError)
      throw new HttpError(503, 'SERVER_BUSY', SERVER_BUSY_MESSAGE)
    throw error
  }
  const { user, valid } = checked
  if (!user || !valid) {
    await attempt.countAsFailure()
    throw unauthorized(LOGIN_FAILED_MESSAGE, 'LOGIN_FAILED')
  }
  await attempt.release()
  return issueToken(jwtSecret, user)
}

/**
 * The user of that name and whether the password is his; an unknown name takes as long. A disabled
 * user's password is verified as well, so that neither answer nor time tells that he is disabled.
 */
async function lookUpAndVerify(db: Executor, credentials: { username: string; password: string }) {
  const [user] = await db
    .select({
      userId: users.id,
      userName: users.userName,
      passwordHash: users.passwordHash,
      disabledAt: users.disabledAt,
    })
    .from(users)
    .where(eq(sql`lower(${users.userName})`, credentials.username.toLowerCase()))
  const verified = await verifyPassword(
    user?.passwordHash ?? UNKNOWN_USER_HASH,
    credentials.password,
  )
  return { user, valid: verified && !user?.disabledAt }
}

/** Logout: every token issued before now stops working. */
export async function revokeTokens(db: Executor, userName: string, now = new Date()) {
  await db.update(users).set({ tokensNotBefore: now }).where(eq(users.userName, userName))
}
