/**
 * The single-use links the provider's account commands mail (ARCHITECTURE 3.5): an invitation to
 * choose a password (7 days) and a reset link (30 minutes). Both are rows of
 * `password_reset_tokens` that hold only the token's SHA-256, confirmed through
 * `POST /api/processes/customer-portal/password-reset/confirm`.
 */
import { randomBytes } from 'node:crypto'
import { TIME_ZONE } from '@portal/domain'
import type { ServerConfig } from '../../platform/config'
import { HttpError } from '../../platform/http-errors'
import type { Mailer } from '../../platform/mailer'
import type { Executor } from '../../platform/persistence/database'
import { passwordResetTokens } from '../../platform/persistence/schema'
import { expireOpenLinks } from './password-change'
import { resetTokenHash } from './password-reset'

export { expireOpenLinks }

/** What the account functions need of the configuration: where users reach the portal. */
export type AccountConfig = Pick<ServerConfig, 'publicUrl'>

export type LinkPurpose = 'invitation' | 'reset'

/** How long a link is valid, by purpose (the reset link as long as a self-requested one). */
export const LINK_VALIDITY_MS: Record<LinkPurpose, number> = {
  invitation: 7 * 24 * 60 * 60 * 1000,
  reset: 30 * 60 * 1000,
}

/** A link just stored: the token goes into the mail and nowhere else. */
export interface IssuedLink {
  purpose: LinkPurpose
  token: string
  expiresAt: Date
}

/** The recipient of a link. */
export interface LinkRecipient {
  userName: string
  name: string
  mail: string
}

/** 'Di., 30.11.2026, 15:20 Uhr' in Berlin time: when a link stops working. */
export function formatLinkExpiry(at: Date): string {
  const text = new Intl.DateTimeFormat('de-DE', {
    timeZone: TIME_ZONE,
    weekday: 'short',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(at)
  return `${text} Uhr`
}

/**
 * Stores a new link for the user; earlier links that are still open stop working (they expire
 * now, and stay as rows: an unused invitation tells that the user has not chosen a password yet).
 */
export async function issueLink(
  tx: Executor,
  userName: string,
  purpose: LinkPurpose,
  now = new Date(),
): Promise<IssuedLink> {
  await expireOpenLinks(tx, userName, now)
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(now.getTime() + LINK_VALIDITY_MS[purpose])
  await tx
    .insert(passwordResetTokens)
    .values({ tokenHash: resetTokenHash(token), userName, purpose, expiresAt })
  return { purpose, token, expiresAt }
}

/** The portal address the link opens: the sign-in page with the token as query parameter. */
export function linkUrl(config: AccountConfig, link: IssuedLink): string {
  return `${config.publicUrl}/authenticate?${link.purpose}=${encodeURIComponent(link.token)}`
}

/** Subject and German text of the mail that carries a link. */
export function linkMail(
  config: AccountConfig,
  user: LinkRecipient,
  link: IssuedLink,
): { subject: string; text: string } {
  const until = formatLinkExpiry(link.expiresAt)
  if (link.purpose === 'invitation') {
    return {
      subject: 'Kundenportal: Ihr Zugang – bitte vergeben Sie Ihr Passwort',
      text: [
        `Guten Tag ${user.name},`,
        '',
        'für Sie wurde ein Zugang zum Kundenportal für Ihre Heiz- und Betriebskostenabrechnung eingerichtet.',
        '',
        `Ihr Benutzername: ${user.userName}`,
        '',
        'Über diesen Link vergeben Sie Ihr Passwort:',
        linkUrl(config, link),
        '',
        `Der Link ist 7 Tage gültig (bis ${until}) und kann einmal benutzt werden. Danach melden Sie sich mit Ihrem Benutzernamen und Ihrem Passwort an: ${config.publicUrl}/authenticate`,
        '',
        'Wenn Sie keinen Zugang erwarten, können Sie diese E-Mail ignorieren.',
      ].join('\n'),
    }
  }
  return {
    subject: 'Kundenportal: Passwort zurückgesetzt',
    text: [
      `Guten Tag ${user.name},`,
      '',
      `das Passwort Ihres Zugangs zum Kundenportal (Benutzername ${user.userName}) wurde vom Kundenservice zurückgesetzt; das bisherige Passwort gilt nicht mehr.`,
      '',
      'Über diesen Link vergeben Sie ein neues Passwort:',
      linkUrl(config, link),
      '',
      `Der Link ist 30 Minuten gültig (bis ${until}) und kann einmal benutzt werden. Ist er abgelaufen, fordern Sie auf der Anmeldeseite über „Passwort vergessen?“ einen neuen an.`,
    ].join('\n'),
  }
}

/**
 * Mails the link. The account change is already stored: a failure is answered 502 with what
 * happened and how to send the link again, in German.
 */
export async function mailLink(
  mailer: Mailer,
  config: AccountConfig,
  user: LinkRecipient,
  link: IssuedLink,
  done: string,
): Promise<void> {
  try {
    await mailer.send({ to: user.mail, ...linkMail(config, user, link) })
  } catch (error) {
    throw new HttpError(
      502,
      'MAIL_FAILED',
      `${done}, aber die E-Mail an ${user.mail} konnte nicht gesendet werden (${(error as Error).message}). Senden Sie den Link erneut mit: npm run provider -- user reset ${user.userName}`,
    )
  }
}
