import { canDecideInvoice, canDecideInvoicesOf, type InvoiceApprovalRequest } from '@portal/domain'
import { sql } from 'drizzle-orm'
import { conflict, notFound } from '../../platform/http-errors'
import { writeAudit } from '../../platform/persistence/audit'
import { invoiceSnapshot, withSnapshot } from './approval-snapshot'
import type { Database } from '../../platform/persistence/database'
import {
  findInvoiceApproval,
  findVisibleInvoice,
  INVOICE_ENTITY,
  INVOICE_OBJECT_TYPE,
} from './repositories/invoices'
import { declineReason, recordDecline } from './decline'
import { invoiceApprovals } from '../../platform/persistence/schema'
import type { SessionUser } from '../../platform/persistence/scope'

export const INVOICE_APPROVED_ACTION = 'INVOICE_APPROVED'
export const INVOICE_DECLINED_ACTION = 'INVOICE_DECLINED'

/** The same answer for an invoice that does not exist and one the user does not see. */
export const INVOICE_NOT_FOUND_MESSAGE = 'Die Rechnung wurde nicht gefunden.'
export const INVOICE_ALREADY_APPROVED_MESSAGE =
  'Die Rechnung ist bereits genehmigt. Eine Genehmigung kann nicht zurückgenommen werden; bitte wenden Sie sich bei Fragen an unseren Kundenservice.'
export const INVOICES_NOT_RELEASED_MESSAGE =
  'Die Rechnungen dieser Kostenverteilung können erst genehmigt oder abgelehnt werden, wenn die Kostenverteilung freigegeben ist.'
export const INVOICES_CANCELLED_MESSAGE =
  'Die Kostenverteilung ist storniert; ihre Rechnungen können nicht mehr genehmigt oder abgelehnt werden.'

export const invoiceApprovedMessage = (invoiceVoucher: string) =>
  `Die Rechnung ${invoiceVoucher} wurde genehmigt.`
export const invoiceDeclinedMessage = (invoiceVoucher: string) =>
  `Ihre Ablehnung der Rechnung ${invoiceVoucher} wurde mit Ihrer Begründung gespeichert. Bitte wenden Sie sich an unseren Kundenservice, damit wir die Rechnung gemeinsam mit Ihnen klären können.`

/**
 * §1, §4 (decision 013): approves an invoice (final) or declines it with a reason (an activity
 * ABLEHNUNG on the RECHNUNG carries the reason for internal processing), while its distribution is
 * released (F) or approved (G). An undecided or declined invoice can be decided; an approved one
 * answers 409. Every decision is audited.
 */
export async function decideInvoice(
  db: Database,
  user: SessionUser,
  request: InvoiceApprovalRequest,
): Promise<string> {
  const reason = declineReason(request)
  return db.transaction(async (tx) => {
    const found = await findVisibleInvoice(tx, user, request.invoice, { forUpdate: true })
    if (!found) throw notFound(INVOICE_NOT_FOUND_MESSAGE)
    const { invoice, distributionStatus } = found
    if (!canDecideInvoicesOf(distributionStatus)) {
      throw conflict(
        distributionStatus === 'S' ? INVOICES_CANCELLED_MESSAGE : INVOICES_NOT_RELEASED_MESSAGE,
        'INVOICE_NOT_DECIDABLE',
      )
    }
    const current = await findInvoiceApproval(tx, invoice.billingVoucher)
    if (!canDecideInvoice(current?.status)) {
      throw conflict(INVOICE_ALREADY_APPROVED_MESSAGE, 'INVOICE_ALREADY_APPROVED')
    }
    const status = request.approved ? 'approved' : 'declined'
    const activity = request.approved
      ? null
      : await recordDecline(
          tx,
          user,
          {
            companyCode: invoice.companyCode,
            propertyConnection: invoice.propertyConnection,
            objectType: INVOICE_OBJECT_TYPE,
            objectKey: invoice.billingVoucher,
          },
          {
            invoice: invoice.billingVoucher,
            invoiceVoucher: invoice.invoiceVoucher,
            operatingCostsDistribution: invoice.operatingCostsDistribution,
            approved: false,
            reason,
          },
        )
    const decision = {
      status,
      reason: request.approved ? null : reason,
      decidedBy: user.userName,
      decidedAt: sql`now()`,
      activity,
    } as const
    await tx
      .insert(invoiceApprovals)
      .values({
        billingVoucher: invoice.billingVoucher,
        companyCode: invoice.companyCode,
        propertyConnection: invoice.propertyConnection,
        ...decision,
      })
      .onConflictDoUpdate({ target: invoiceApprovals.billingVoucher, set: decision })
    // the distribution in both, so that its history finds the decisions on its invoices
    const context = {
      invoiceVoucher: invoice.invoiceVoucher,
      operatingCostsDistribution: invoice.operatingCostsDistribution,
    }
    await writeAudit(tx, {
      userName: user.userName,
      companyCode: invoice.companyCode,
      action: request.approved ? INVOICE_APPROVED_ACTION : INVOICE_DECLINED_ACTION,
      entity: INVOICE_ENTITY,
      entityKey: invoice.billingVoucher,
      before: { ...context, status: current?.status ?? null, reason: current?.reason ?? null },
      after: {
        ...context,
        status,
        reason: decision.reason,
        activity,
        ...withSnapshot(await invoiceSnapshot(tx, invoice, status, decision.reason)),
      },
    })
    return request.approved
      ? invoiceApprovedMessage(invoice.invoiceVoucher)
      : invoiceDeclinedMessage(invoice.invoiceVoucher)
  })
}
