/** §5, §7: billing vouchers that are invoices carry an invoiceVoucher number starting with AR. */
export const INVOICE_VOUCHER_PREFIX = 'AR'
/** §7: correspondences of this form are the invoices of a distribution. */
export const INVOICE_CORRESPONDENCE_FORM = 'HVWZ_HV'

/** §5: invoice vouchers are those whose invoiceVoucher starts with AR. */
export function isInvoiceVoucher(voucher: { invoiceVoucher?: string | null }): boolean {
  return voucher.invoiceVoucher?.startsWith(INVOICE_VOUCHER_PREFIX) ?? false
}
