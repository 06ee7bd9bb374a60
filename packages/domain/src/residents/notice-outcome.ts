import type { ResidentNotice } from '../schemas/resident-notices'

/**
 * Decision 066 (§ 12 Abs. 1 HeizkostenV: a user not informed may cut his heating costs by 3 %): where a user's notice of the month stands, as the proof of delivery shows and
 * counts it. A mail counts once the mail server accepted it, a letter once it was produced.
 */
export type NoticeOutcome =
  'sent' | 'failed' | 'sending' | 'letterProduced' | 'letterDue' | 'missing'

export function noticeOutcome(
  notice: Pick<ResidentNotice, 'state' | 'letterProducedAt'>,
): NoticeOutcome {
  switch (notice.state) {
    case 'sent':
    case 'failed':
    case 'missing':
      return notice.state
    case 'pending':
    case 'sending':
      return 'sending'
    case 'letter':
      return notice.letterProducedAt === null ? 'letterDue' : 'letterProduced'
  }
}

/** Whether the user was informed: by a mail sent or a letter produced. */
export const isInformed = (outcome: NoticeOutcome) =>
  outcome === 'sent' || outcome === 'letterProduced'

/** The counts above the proof: informed by mail, by letter, and not (yet) informed. */
export function noticeCounts(notices: readonly ResidentNotice[]) {
  const outcomes = notices.map(noticeOutcome)
  const sent = outcomes.filter((outcome) => outcome === 'sent').length
  const letters = outcomes.filter((outcome) => outcome === 'letterProduced').length
  return { sent, letters, notInformed: outcomes.length - sent - letters }
}
