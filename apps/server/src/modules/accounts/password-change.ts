import { passwordRuleViolations, PASSWORDS_MUST_MATCH_MESSAGE } from '@portal/domain'
import { eq } from 'drizzle-orm'
import { hashPassword, verifyPassword } from '../../platform/auth/passwords'
import { issueToken } from '../../platform/auth/tokens'
import { badRequest } from '../../platform/http-errors'
import { writeAudit } from '../../platform/persistence/audit'
import type { Database, Executor } from '../../platform/persistence/database'
import { users } from '../../platform/persistence/schema'
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

/** Stores a new password and revokes every earlier token of the user; returns a fresh token. */
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
  return issueToken(jwtSecret, { userId: changed.userId, userName }, now.getTime())
}

export async function changePassword(
  db: Database,
  jwtSecret: Uint8Array,
  user: SessionUser,
  change: { currentPassword: string; newPassword: string; newPasswordRepeat: string },
): Promise<string> {
  const [stored] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.userName, user.userName))
  if (!stored || !(await verifyPassword(stored.passwordHash, change.currentPassword))) {
    throw badRequest(
      'Das aktuelle Passwort ist nicht korrekt.',
      'CURRENT_PASSWORD_WRONG',
      'currentPassword',
    )
  }
  assertNewPassword(change.newPassword, change.newPasswordRepeat)
  return db.transaction((tx) =>
    setPassword(tx, jwtSecret, user.userName, change.newPassword, 'PASSWORD_CHANGED'),
  )
}
