/**
 * §1, §4: a user approves or declines an invoice on its own, apart from its distribution (decision
 * 013). An approval is final; a declined invoice may still be approved once it is clarified.
 */
import type { DistributionStatus } from '../codes/distribution'

/** The decisions on an invoice; no decision yet is `null`. */
export const INVOICE_APPROVAL_STATUSES = ['approved', 'declined'] as const
export type InvoiceApprovalStatus = (typeof INVOICE_APPROVAL_STATUSES)[number]

/**
 * Decision 013: the statuses of a distribution whose invoices can be decided: released (F), and
 * approved (G), because approving the overall statement does not settle each tenant's invoice.
 * Before the release the provider may still change them; a cancelled one's invoices are void.
 */
export const INVOICE_DECIDABLE_DISTRIBUTION_STATUSES: readonly DistributionStatus[] = ['F', 'G']

/** §4, decision 013: the invoices of a distribution in this status can be approved or declined. */
export function canDecideInvoicesOf(distributionStatus: string | null | undefined): boolean {
  return INVOICE_DECIDABLE_DISTRIBUTION_STATUSES.some((status) => status === distributionStatus)
}

/** §4, decision 013: an invoice can be decided while undecided or declined; an approval is final. */
export function canDecideInvoice(current: InvoiceApprovalStatus | null | undefined): boolean {
  return current !== 'approved'
}
