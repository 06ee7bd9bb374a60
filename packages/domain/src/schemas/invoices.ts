/**
 * Wire shapes of the decision on an invoice (spec §1, §4; decision 013): the request of
 * `POST /api/processes/operating-costs/invoice-approval` and the state each invoice answers with.
 */
import { z } from 'zod'
import { INVOICE_APPROVAL_STATUSES } from '../invoices/approval'
import { DistributionApprovalRequestSchema, checkDeclineReason } from './costs'

/** The user's decision on an invoice: who took it when, and a decline's reason. */
export const InvoiceApprovalSchema = z.object({
  status: z.enum(INVOICE_APPROVAL_STATUSES),
  /** ISO timestamp of the decision. */
  at: z.string(),
  /** The user name of whoever decided. */
  by: z.string(),
  /** The person's name of whoever decided (decision 044); a deleted user's pseudonym as it is. */
  name: z.string(),
  /** The reason of a decline; null for an approval. */
  reason: z.string().nullable(),
})
export type InvoiceApproval = z.infer<typeof InvoiceApprovalSchema>

/**
 * Approves (approved: true) or declines with a reason (approved: false) one invoice, named by its
 * billing voucher (`billingVoucher` of the billing-vouchers search). The reason follows the rules
 * of the distribution's decline.
 */
export const InvoiceApprovalRequestSchema = z
  .strictObject({
    invoice: z.string().trim().min(1).max(40),
    approved: z.boolean(),
    reason: DistributionApprovalRequestSchema.shape.reason,
  })
  .superRefine(checkDeclineReason)
export type InvoiceApprovalRequest = z.infer<typeof InvoiceApprovalRequestSchema>
