import { passwordRuleViolations, PASSWORDS_MUST_MATCH_MESSAGE } from '@portal/domain'
import { and, eq, gt, isNull } from 'drizzle-orm'
import { hashPassword, verifyPassword } from '../../platform/auth/passwords'
import { issueToken } from '../../platform/auth/tokens'
import { badRequest } from '../../platform/http-errors'
import { writeAudit } from '../../platform/persistence/audit'
import type { Database, Executor } from '../../platform/persistence/database'
import { passwordResetTokens, users } from '../../platform/persistence/schema'
import type { SessionUser } from '../../platform/persistence/scope'
import { DEMO_PASSWORD } from '../../platform/auth/demo-password'

/**
 * The README publishes the demo password, and the production mode refuses to start while an
 * account has it: nobody may choose it, or one user could stop the next start.
 */
export const DEMO_PASSWORD_REFUSED_MESSAGE =
  'Dieses Passwort ist als Passwort der Demo öffentlich bekannt. Bitte wählen Sie ein anderes.'

/**
 * §5 password rules, enforced here whatever the client checked, and never the demo password; the
 * German messages in one 400, at the new password (or at its repetition when only that differs).
 */
export function assertNewPassword(newPassword: string, newPasswordRepeat: string): void {
  const violations = passwordRuleViolations(newPassword)
  if (newPassword === DEMO_PASSWORD) violations.push(DEMO_PASSWORD_REFUSED_MESSAGE)
  const field = violations.length > 0 ? 'newPassword' : 'newPasswordRepeat'
  if (newPassword !== newPasswordRepeat) violations.push(PASSWORDS_MUST_MATCH_MESSAGE)
  if (violations.length > 0) throw badRequest(violations.join(' '), 'PASSWORD_RULES', field)
}

export const CURRENT_PASSWORD_WRONG_MESSAGE = 'Das aktuelle Passwort ist nicht korrekt.'
export const CURRENT_PASSWORD_WRONG = 'CURRENT_PASSWORD_WRONG'

/**
 * Every link of the user that could still be used (invitation or reset) stops working now; the
 * rows stay (an unused invitation tells that the user has not chosen a password yet).
 */
export async function expireOpenLinks(tx: Executor, userName: string, now = new Date()) {
  await tx
    .update(passwordResetTokens)
    .set({ expiresAt: now })
    .where(
      and(
        eq(passwordResetTokens.userName, userName),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
}

/**
 * Decision 040: the user's current password, asked again before a change of his security
 * settings (password, second factor). 400 CURRENT_PASSWORD_WRONG at `currentPassword` otherwise.
 */
export async function verifyCurrentPassword(
  db: Executor,
  userName: string,
  currentPassword: string,
): Promise<void> {
  const [stored] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.userName, userName))
  if (!stored || !(await verifyPassword(stored.passwordHash, currentPassword))) {
    throw badRequest(CURRENT_PASSWORD_WRONG_MESSAGE, CURRENT_PASSWORD_WRONG, 'currentPassword')
  }
}

/**
 * Stores a new password and revokes every earlier token of the user; returns a fresh token.
 * Decision 040: every link of the user still open (a reset link requested before, an invitation)
 * stops working, so that no older link changes the password again.
 */
export async function setPassword(
  db: Executor,
  jwtSecret: Uint8Array,
  userName: string,
  newPassword: string,
  action: string,
): Promise<string> {
  const now = new Date()
  const [changed] = await db
    .update(users)
    .set({ passwordHash: await hashPassword(newPassword), tokensNotBefore: now })
    .where(eq(users.userName, userName))
    .returning({ userId: users.id, companyCode: users.companyCode })
  await writeAudit(db, {
    userName,
    companyCode: changed?.companyCode,
    action,
    entity: 'user',
    entityKey: userName,
  })
  if (!changed) throw new Error(`setPassword: no user ${userName}`)
  await expireOpenLinks(db, userName, now)
  return issueToken(jwtSecret, { userId: changed.userId, userName }, now.getTime())
}

export async function changePassword(
  db: Database,
  jwtSecret: Uint8Array,
  user: SessionUser,
  change: { currentPassword: string; newPassword: string; newPasswordRepeat: string },
): Promise<string> {
  await verifyCurrentPassword(db, user.userName, change.currentPassword)
  assertNewPassword(change.newPassword, change.newPasswordRepeat)
  return db.transaction((tx) =>
    setPassword(tx, jwtSecret, user.userName, change.newPassword, 'PASSWORD_CHANGED'),
  )
}
