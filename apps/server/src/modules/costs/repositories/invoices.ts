/**
 * Invoices as the user decides them (spec §1, §4; decision 013): a billing voucher whose
 * invoiceVoucher starts with AR, and the user's decision on it in `invoice_approvals`. Reads go
 * through `visibleThroughProperty` like every other row of a property.
 */
import { INVOICE_VOUCHER_PREFIX, type InvoiceApproval } from '@portal/domain'
import { and, eq, inArray, like } from 'drizzle-orm'
import type { Executor } from '../../../platform/persistence/database'
import { personNamesOf } from '../../../platform/persistence/actors'
import { firstRow } from '../../../platform/persistence/rows'
import {
  billingVouchers,
  invoiceApprovals,
  operatingCostsDistributions,
} from '../../../platform/persistence/schema'
import { visibleThroughProperty, type SessionUser } from '../../../platform/persistence/scope'
import type { BillingVoucherRow } from '../../../platform/persistence/files'

export type InvoiceApprovalRow = typeof invoiceApprovals.$inferSelect

/** The audit entity of the decisions on invoices; its key is the billing voucher. */
export const INVOICE_ENTITY = 'invoice'
/** The object type of the ABLEHNUNG activity of a declined invoice. */
export const INVOICE_OBJECT_TYPE = 'RECHNUNG'

export function toInvoiceApproval(row: InvoiceApprovalRow, name: string): InvoiceApproval {
  return {
    status: row.status,
    at: new Date(row.decidedAt).toISOString(),
    by: row.decidedBy,
    name,
    reason: row.reason,
  }
}

/**
 * The invoice (a billing voucher AR…) if the user sees it, with its distribution's status.
 * `forUpdate` locks both rows: decisions on one invoice follow each other, and the distribution's
 * status (a provider's cancellation) cannot change under a decision.
 */
export async function findVisibleInvoice(
  db: Executor,
  user: SessionUser,
  billingVoucher: string,
  options: { forUpdate?: boolean } = {},
): Promise<{ invoice: BillingVoucherRow; distributionStatus: string } | undefined> {
  const query = db
    .select({
      invoice: billingVouchers,
      distributionStatus: operatingCostsDistributions.operatingCostsDistributionStatus,
    })
    .from(billingVouchers)
    .innerJoin(
      operatingCostsDistributions,
      eq(
        operatingCostsDistributions.operatingCostsDistribution,
        billingVouchers.operatingCostsDistribution,
      ),
    )
    .where(
      and(
        eq(billingVouchers.billingVoucher, billingVoucher),
        like(billingVouchers.invoiceVoucher, `${INVOICE_VOUCHER_PREFIX}%`),
        visibleThroughProperty(user, billingVouchers),
      ),
    )
  const rows = options.forUpdate ? await query.for('update') : await query
  return rows[0]
}

/** The current decision on an invoice, or undefined while it is undecided. */
export async function findInvoiceApproval(
  db: Executor,
  billingVoucher: string,
): Promise<InvoiceApprovalRow | undefined> {
  return firstRow(db, invoiceApprovals, [eq(invoiceApprovals.billingVoucher, billingVoucher)])
}

/** The decisions on these billing vouchers (already found visible), by billing voucher. */
export async function invoiceApprovalsOf(
  db: Executor,
  billingVoucherIds: readonly string[],
): Promise<Map<string, InvoiceApproval>> {
  if (billingVoucherIds.length === 0) return new Map()
  const rows = await db
    .select()
    .from(invoiceApprovals)
    .where(inArray(invoiceApprovals.billingVoucher, [...billingVoucherIds]))
  const nameOf = await personNamesOf(
    db,
    rows.map((row) => row.decidedBy),
  )
  return new Map(
    rows.map((row) => [row.billingVoucher, toInvoiceApproval(row, nameOf(row.decidedBy))]),
  )
}
