import { describe, expect, it } from 'vitest'
import type { ResidentNotice } from '../schemas/resident-notices'
import { isInformed, noticeCounts, noticeOutcome } from './notice-outcome'

const notice = (
  state: ResidentNotice['state'],
  letterProducedAt: string | null = null,
): ResidentNotice => ({
  pointOfDelivery: 'V1',
  reference: 'NE-0001',
  locationAddendum: null,
  name: 'Nutzer',
  channel: state === 'letter' ? 'letter' : 'mail',
  state,
  mail: null,
  attempts: 0,
  lastError: null,
  sentAt: null,
  letterProducedAt,
  openedAt: null,
})

describe('noticeOutcome (decision 066)', () => {
  it('counts a mail once the server accepted it and a letter once it was produced', () => {
    expect(noticeOutcome(notice('sent'))).toBe('sent')
    expect(noticeOutcome(notice('pending'))).toBe('sending')
    expect(noticeOutcome(notice('sending'))).toBe('sending')
    expect(noticeOutcome(notice('letter'))).toBe('letterDue')
    expect(noticeOutcome(notice('letter', '2026-12-02T09:00:00Z'))).toBe('letterProduced')
    expect(isInformed('sent')).toBe(true)
    expect(isInformed('letterProduced')).toBe(true)
    for (const outcome of ['failed', 'sending', 'letterDue', 'missing'] as const) {
      expect(isInformed(outcome)).toBe(false)
    }
  })

  it('counts mails, letters and the not informed', () => {
    expect(
      noticeCounts([
        notice('sent'),
        notice('failed'),
        notice('missing'),
        notice('letter'),
        notice('letter', '2026-12-02T09:00:00Z'),
      ]),
    ).toEqual({ sent: 1, letters: 1, notInformed: 3 })
  })
})
