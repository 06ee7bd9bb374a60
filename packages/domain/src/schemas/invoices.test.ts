import { describe, expect, it } from 'vitest'
import { DECLINE_REASON_REQUIRED_MESSAGE } from './costs'
import { InvoiceApprovalRequestSchema } from './invoices'

describe('InvoiceApprovalRequestSchema', () => {
  it('takes an approval without a reason and a decline with one, trimmed', () => {
    expect(InvoiceApprovalRequestSchema.parse({ invoice: 'AB1', approved: true })).toEqual({
      invoice: 'AB1',
      approved: true,
    })
    expect(
      InvoiceApprovalRequestSchema.parse({ invoice: 'AB1', approved: false, reason: '  Falsch. ' }),
    ).toEqual({ invoice: 'AB1', approved: false, reason: 'Falsch.' })
  })

  it('asks for the reason of a decline at the field, with the message of the distribution', () => {
    for (const reason of [undefined, '', '   ']) {
      const result = InvoiceApprovalRequestSchema.safeParse({
        invoice: 'AB1',
        approved: false,
        reason,
      })
      expect(result.success).toBe(false)
      expect(result.error?.issues).toEqual([
        expect.objectContaining({ path: ['reason'], message: DECLINE_REASON_REQUIRED_MESSAGE }),
      ])
    }
  })

  it('refuses a reason over 2000 characters, an empty invoice and unknown fields', () => {
    const long = InvoiceApprovalRequestSchema.safeParse({
      invoice: 'AB1',
      approved: false,
      reason: 'x'.repeat(2001),
    })
    expect(long.error?.issues[0]?.path).toEqual(['reason'])
    expect(InvoiceApprovalRequestSchema.safeParse({ invoice: ' ', approved: true }).success).toBe(
      false,
    )
    expect(
      InvoiceApprovalRequestSchema.safeParse({ invoice: 'AB1', approved: true, status: 'G' })
        .success,
    ).toBe(false)
  })
})
