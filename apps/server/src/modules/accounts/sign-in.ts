import { LOGIN_FAILED_MESSAGE } from '@portal/domain'
import { eq, sql } from 'drizzle-orm'
import type { LoginAttemptStore } from '../../platform/auth/login-throttle'
import { UNKNOWN_USER_HASH, verifyPassword } from '../../platform/auth/passwords'
import {
  refusedCodeMessage,
  SECOND_FACTOR_REQUIRED_MESSAGE,
  useSecondFactorCode,
} from './second-factor'
import { hasSecondFactorSql } from '../../platform/auth/second-factor-policy'
import { issueToken, TOKEN_LIFETIME_SECONDS } from '../../platform/auth/tokens'
import {
  RESIDENT_ACCESS_ENDED_MESSAGE,
  residentAccessEnded,
  residentColumns,
} from '../../platform/auth/resident-access'
import { QueueFullError, type ConcurrencyLimit } from '../../platform/concurrency-limit'
import { HttpError, tooManyRequests, unauthorized } from '../../platform/http-errors'
import type { Executor } from '../../platform/persistence/database'
import { revokedSessions, users } from '../../platform/persistence/schema'

export interface SignInContext {
  db: Executor
  jwtSecret: Uint8Array
  /** The key of the second factors' secrets (decision 035). */
  secondFactorKey: Uint8Array
  /** The customer configuration requires a second factor of every user (decision 035). */
  requireSecondFactor: boolean
  throttle: LoginAttemptStore
  /** Bounds the sign-ins looked up and verified at once (503 beyond its queue). */
  verifications: ConcurrencyLimit
}

export const SERVER_BUSY_MESSAGE =
  'Der Server ist gerade ausgelastet. Bitte versuchen Sie es in einem Moment erneut.'

export interface SignedIn {
  token: string
  /** The customer requires a second factor and the user has none yet: the token allows its set-up. */
  secondFactorSetupRequired?: true
}

/**
 * §7 POST /api/token: a token for the right user name and password; 429 after ten failures a
 * minute. The attempt is counted before its password is verified (decision 002): a burst of parallel
 * attempts verifies at most the limit, a right password inside it is refused as well.
 *
 * Decision 035: a user with a second factor needs its code as well. Without one the answer is 401
 * SECOND_FACTOR_REQUIRED, and the attempt does not count (the password was right); a wrong code
 * counts as a failed attempt, so that the throttle bounds the guessing of codes too.
 */
export async function signIn(
  { db, jwtSecret, secondFactorKey, requireSecondFactor, throttle, verifications }: SignInContext,
  {
    clientAddress,
    code,
    ...typed
  }: { username: string; password: string; code?: string | undefined; clientAddress: string },
): Promise<SignedIn> {
  const credentials = { username: normalizeUserName(typed.username), password: typed.password }
  const keys = [`user:${credentials.username.toLowerCase()}`, `address:${clientAddress}`]
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
  if (residentAccessEnded(user)) {
    // the password was right: he may learn why he cannot sign in any more
    await attempt.release()
    throw unauthorized(RESIDENT_ACCESS_ENDED_MESSAGE, 'RESIDENT_ACCESS_ENDED')
  }
  if (user.secondFactor) {
    if (code === undefined) {
      await attempt.release()
      throw unauthorized(SECOND_FACTOR_REQUIRED_MESSAGE, 'SECOND_FACTOR_REQUIRED')
    }
    const result = await db.transaction((tx) =>
      useSecondFactorCode(tx, secondFactorKey, user, code),
    )
    if (result !== 'totp' && result !== 'recovery') {
      await attempt.countAsFailure()
      throw unauthorized(refusedCodeMessage(result), 'SECOND_FACTOR_INVALID')
    }
  }
  await attempt.release()
  const token = await issueToken(jwtSecret, user)
  return requireSecondFactor && !user.secondFactor
    ? { token, secondFactorSetupRequired: true }
    : { token }
}

/**
 * A user name as typed, in the form names are stored and compared in: without the spaces around it
 * and composed (NFC), so that "müller" typed as u + combining diaeresis (macOS, copied text) is
 * the "müller" the provider created (decision 022).
 */
export function normalizeUserName(typed: string): string {
  return typed.trim().normalize('NFC')
}

/**
 * The user of that name and whether the password is his; an unknown name takes as long. A disabled
 * user's password is verified as well, so that neither answer nor time tells that he is disabled.
 * Both sides are lowered by the database, so that the case of a name with umlauts is folded alike
 * whatever the client's or the server's rules (JavaScript's and PostgreSQL's can differ).
 */
async function lookUpAndVerify(db: Executor, credentials: { username: string; password: string }) {
  const [user] = await db
    .select({
      userId: users.id,
      userName: users.userName,
      companyCode: users.companyCode,
      passwordHash: users.passwordHash,
      disabledAt: users.disabledAt,
      ...residentColumns,
      secondFactor: hasSecondFactorSql(users.id),
    })
    .from(users)
    .where(eq(sql`lower(${users.userName})`, sql`lower(${credentials.username})`))
  const verified = await verifyPassword(
    user?.passwordHash ?? UNKNOWN_USER_HASH,
    credentials.password,
  )
  return { user, valid: verified && !user?.disabledAt }
}

/**
 * Logout (decision 022): every token of this session stops working, the user's other sessions
 * (colleagues, other devices) go on. The row stays until the last token the session can hold has
 * expired: a token is renewed only while its session is valid, so none is issued after now.
 */
export async function revokeSession(
  db: Executor,
  session: { userId: string; sessionId: string },
  now = new Date(),
) {
  await db
    .insert(revokedSessions)
    .values({
      sessionId: session.sessionId,
      userId: session.userId,
      expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_SECONDS * 1000),
    })
    .onConflictDoNothing()
}

/** "Sign out everywhere": every token of the user issued before now stops working. */
export async function revokeTokens(db: Executor, userId: string, now = new Date()) {
  await db
    .update(users)
    .set({ tokensNotBefore: now, signedOutEverywhereAt: now })
    .where(eq(users.id, userId))
}
