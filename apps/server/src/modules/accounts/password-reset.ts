import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, isNotNull, isNull, or, sql } from 'drizzle-orm'
import { badRequest, HttpError } from '../../platform/http-errors'
import type { AfterAnswerQueue } from '../../platform/after-answer'
import type { Mailer } from '../../platform/mailer'
import type { Database, Executor } from '../../platform/persistence/database'
import { passwordResetTokens, users } from '../../platform/persistence/schema'
import { assertNewPassword, setPassword } from './password-change'

/** The same answer whether or not the data matched, so that nobody learns who has an account. */
export const PASSWORD_RESET_REQUESTED_MESSAGE =
  'Wenn die Angaben zu einem Benutzerkonto passen, haben wir Ihnen eine E-Mail mit einem Link zum Zurücksetzen des Passworts gesendet. Der Link ist 30 Minuten gültig.'
export const PASSWORD_RESET_DONE_MESSAGE =
  'Ihr Passwort wurde geändert. Sie können sich jetzt mit dem neuen Passwort anmelden.'
/** The answer to a confirmed invitation (`user add`): the user learns his user name again. */
export const invitationAcceptedMessage = (userName: string) =>
  `Ihr Passwort ist gespeichert. Sie können sich jetzt mit Ihrem Benutzernamen ${userName} anmelden.`
const RESET_LINK_INVALID =
  'Der Link ist ungültig oder abgelaufen. Bitte fordern Sie einen neuen an.'
const RESET_LINK_MINUTES = 30
/** Decision 040: what an invitation link that cannot be used any more tells its holder. */
export const INVITATION_USED_MESSAGE =
  'Diese Einladung wurde bereits angenommen und Ihr Passwort ist vergeben. Bitte melden Sie sich mit Ihrem Benutzernamen und Passwort an; haben Sie es vergessen, nutzen Sie „Passwort vergessen?“ auf der Anmeldeseite.'
export const INVITATION_EXPIRED_MESSAGE =
  'Dieser Einladungslink ist abgelaufen oder wurde durch eine neuere Einladung ersetzt. Bitte bitten Sie den Kundenservice um eine neue Einladung.'
export const INVITATION_INVALID_MESSAGE =
  'Dieser Einladungslink ist ungültig. Bitte öffnen Sie den Link vollständig aus der E-Mail oder bitten Sie den Kundenservice um eine neue Einladung.'

/** How a link's token is stored: only its SHA-256, so that the table alone opens no account. */
export const resetTokenHash = (token: string) => createHash('sha256').update(token).digest('hex')

/**
 * Mails a single-use link when business partner and mail address match a user. A user without a
 * business partner (a property manager) gives the user name in its place.
 *
 * Decision 002: whether the data matched must show neither in the answer nor in its time. The answer
 * waits for the same work in both cases, a token with its hash and one lookup; storing the link
 * and mailing it are queued to run after the answer, so neither the insert nor the mail server's
 * time or failure reach it.
 */
export async function requestPasswordReset(
  db: Database,
  later: Pick<AfterAnswerQueue, 'enqueue'>,
  mailer: Mailer,
  publicUrl: string,
  request: { businessPartner: string; mail: string },
): Promise<void> {
  const token = randomBytes(32).toString('base64url')
  const tokenHash = resetTokenHash(token)
  const expiresAt = new Date(Date.now() + RESET_LINK_MINUTES * 60_000)
  const [user] = await db
    .select({ userName: users.userName, name: users.name, mail: users.mail })
    .from(users)
    .where(
      and(
        isNull(users.disabledAt),
        eq(sql`lower(${users.mail})`, request.mail.trim().toLowerCase()),
        or(
          eq(users.businessPartner, request.businessPartner.trim()),
          // a user name as sign-in takes it: composed (NFC), "müller" however it was typed
          and(
            isNull(users.businessPartner),
            eq(users.userName, request.businessPartner.trim().normalize('NFC')),
          ),
        ),
      ),
    )
  if (!user) return
  later.enqueue('password reset mail', async () => {
    await db.insert(passwordResetTokens).values({ tokenHash, userName: user.userName, expiresAt })
    const link = `${publicUrl}/authenticate?reset=${encodeURIComponent(token)}`
    await mailer.send({
      to: user.mail,
      subject: 'Kundenportal: Passwort zurücksetzen',
      text: [
        `Guten Tag ${user.name},`,
        '',
        'Sie haben das Zurücksetzen Ihres Passworts angefordert. Über diesen Link vergeben Sie ein neues Passwort:',
        link,
        '',
        `Der Link ist ${RESET_LINK_MINUTES} Minuten gültig und kann einmal benutzt werden.`,
        'Wenn Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren.',
      ].join('\n'),
    })
  })
}

/**
 * Decision 040: why an invitation link cannot be used, for its holder only (the token is a secret
 * of 256 bits; nothing about other users shows): 410 INVITATION_USED when the user has chosen a
 * password already (through this link or a later one), 410 INVITATION_EXPIRED when it ran out or a
 * newer invitation replaced it, 400 INVITATION_INVALID for an unknown token or a disabled user.
 * Nothing is thrown for a link that can be used.
 */
export async function checkInvitation(db: Executor, token: string, now = new Date()) {
  const [link] = await db
    .select({
      userName: passwordResetTokens.userName,
      expiresAt: passwordResetTokens.expiresAt,
      disabledAt: users.disabledAt,
    })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.userName, passwordResetTokens.userName))
    .where(
      and(
        eq(passwordResetTokens.tokenHash, resetTokenHash(token)),
        eq(passwordResetTokens.purpose, 'invitation'),
      ),
    )
  if (!link || link.disabledAt) {
    throw badRequest(INVITATION_INVALID_MESSAGE, 'INVITATION_INVALID')
  }
  const [used] = await db
    .select({ usedAt: passwordResetTokens.usedAt })
    .from(passwordResetTokens)
    .where(
      and(eq(passwordResetTokens.userName, link.userName), isNotNull(passwordResetTokens.usedAt)),
    )
    .limit(1)
  if (used) throw new HttpError(410, 'INVITATION_USED', INVITATION_USED_MESSAGE)
  if (link.expiresAt <= now) {
    throw new HttpError(410, 'INVITATION_EXPIRED', INVITATION_EXPIRED_MESSAGE)
  }
}

/**
 * Sets the password through a mailed link of the given purpose: a reset link (30 minutes) or an
 * invitation of the provider (`user add`, 7 days); each has its own route (and rate limit), and a
 * link of the other purpose is refused. Each link works once; using it ends every other open link
 * of the user (decision 040); a disabled user's links are refused. Answers the German success
 * message.
 */
export async function confirmPasswordReset(
  db: Database,
  jwtSecret: Uint8Array,
  request: { token: string; newPassword: string; newPasswordRepeat: string },
  purpose: 'reset' | 'invitation' = 'reset',
): Promise<string> {
  assertNewPassword(request.newPassword, request.newPasswordRepeat)
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, resetTokenHash(request.token)),
          eq(passwordResetTokens.purpose, purpose),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, new Date()),
        ),
      )
      .returning({ userName: passwordResetTokens.userName, purpose: passwordResetTokens.purpose })
    const [user] = used
      ? await tx
          .select({ disabledAt: users.disabledAt })
          .from(users)
          .where(eq(users.userName, used.userName))
      : []
    // a disabled user's link: the transaction rolls back, the link stays unused
    if (!used || !user || user.disabledAt) {
      // an invitation tells why (used, expired); checkInvitation throws for every such link
      if (purpose === 'invitation') await checkInvitation(tx, request.token)
      throw badRequest(RESET_LINK_INVALID, 'RESET_LINK_INVALID')
    }
    const invitation = used.purpose === 'invitation'
    const action = invitation ? 'INVITATION_ACCEPTED' : 'PASSWORD_RESET'
    await setPassword(tx, jwtSecret, used.userName, request.newPassword, action)
    return invitation ? invitationAcceptedMessage(used.userName) : PASSWORD_RESET_DONE_MESSAGE
  })
}
