import { describe, expect, it } from 'vitest'
import { isInvoiceVoucher } from './vouchers'

describe('isInvoiceVoucher', () => {
  it('accepts voucher numbers starting with AR only', () => {
    expect(isInvoiceVoucher({ invoiceVoucher: 'AR2024000123' })).toBe(true)
    expect(isInvoiceVoucher({ invoiceVoucher: 'GS2024000123' })).toBe(false)
    expect(isInvoiceVoucher({ invoiceVoucher: 'ar2024' })).toBe(false)
    expect(isInvoiceVoucher({ invoiceVoucher: 'XAR1' })).toBe(false)
    expect(isInvoiceVoucher({ invoiceVoucher: null })).toBe(false)
    expect(isInvoiceVoucher({})).toBe(false)
  })
})
