import { LOGIN_FAILED_MESSAGE } from '@portal/domain'
import { eq, sql } from 'drizzle-orm'
import type { LoginThrottle } from '../auth/login-throttle'
import { UNKNOWN_USER_HASH, verifyPassword } from '../auth/passwords'
import { issueToken } from '../auth/tokens'
import { tooManyRequests, unauthorized } from '../http-errors'
import type { Executor } from '../persistence/database'
import { users } from '../persistence/schema'

export interface SignInContext {
  db: Executor
  jwtSecret: Uint8Array
  throttle: LoginThrottle
}

/** §7 POST /api/token: a token for the right user name and password; 429 after ten failures a minute. */
export async function signIn(
  { db, jwtSecret, throttle }: SignInContext,
  credentials: { username: string; password: string; clientAddress: string },
): Promise<string> {
  const keys = [
    `user:${credentials.username.toLowerCase()}`,
    `address:${credentials.clientAddress}`,
  ]
  if (throttle.isBlocked(keys)) throw tooManyRequests()
  const [user] = await db
    .select({ userName: users.userName, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(sql`lower(${users.userName})`, credentials.username.toLowerCase()))
  const valid = await verifyPassword(user?.passwordHash ?? UNKNOWN_USER_HASH, credentials.password)
  if (!user || !valid) {
    throttle.recordFailure(keys)
    throw unauthorized(LOGIN_FAILED_MESSAGE, 'LOGIN_FAILED')
  }
  return issueToken(jwtSecret, user.userName)
}

/** Logout: every token issued before now stops working. */
export async function revokeTokens(db: Executor, userName: string, now = new Date()) {
  await db.update(users).set({ tokensNotBefore: now }).where(eq(users.userName, userName))
}
