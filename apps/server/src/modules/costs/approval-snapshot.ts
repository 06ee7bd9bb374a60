/**
 * What a decision was about (decision 034): at every approval or decline of a
 * distribution or an invoice, the lines, their amounts and the totals as they stood, stored in the
 * decision's audit entry with SHA-256 over their canonical JSON (RFC 8785). The entry is chained,
 * so neither the snapshot nor its hash can change unnoticed later.
 */
import { createHash } from 'node:crypto'
import {
  ApprovalSnapshotSchema,
  expenseTotals,
  isVisibleExpense,
  type ApprovalSnapshot,
  type SnapshotLine,
} from '@portal/domain'
import canonicalize from 'canonicalize'
import { asc, eq, sql } from 'drizzle-orm'
import type { Executor } from '../../platform/persistence/database'
import { costTypeNames, type DistributionRow } from './repositories/operating-costs'
import type { BillingVoucherRow } from '../../platform/persistence/files'
import {
  attachments,
  operatingCostsDistributions,
  operatingCostsExpenses,
} from '../../platform/persistence/schema'

/** SHA-256 of a snapshot's canonical JSON, hex. */
export function snapshotHashOf(snapshot: ApprovalSnapshot): string {
  return createHash('sha256').update(canonicalize(snapshot)!, 'utf8').digest('hex')
}

/** The audit document of a decision: the snapshot and its hash, next to what else it records. */
export function withSnapshot(snapshot: ApprovalSnapshot) {
  return { snapshot, snapshotHash: snapshotHashOf(snapshot) }
}

const TOTAL_LABELS = { heating: 'Summe Heizkosten', working: 'Summe Betriebskosten' } as const

/**
 * The distribution's listed lines (§5: advance payments and the provider's HKA_* components are
 * never listed) and the totals the portal's header and the "Kosten erfasst" confirmation show.
 */
export async function distributionSnapshot(
  db: Executor,
  distribution: DistributionRow,
  decision: ApprovalSnapshot['decision'],
  reason: string | null = null,
): Promise<ApprovalSnapshot> {
  const rows = await db
    .select({
      kind: operatingCostsExpenses.kind,
      tariffComponent: operatingCostsExpenses.tariffComponent,
      from: operatingCostsExpenses.from,
      until: operatingCostsExpenses.until,
      quantity: sql<string | null>`${operatingCostsExpenses.quantity}::text`,
      unit: operatingCostsExpenses.unit,
      amount: sql<string>`${operatingCostsExpenses.amountTransactionCurrency}::text`,
      apportionableAmount: sql<string>`${operatingCostsExpenses.apportionableAmount}::text`,
    })
    .from(operatingCostsExpenses)
    .where(
      eq(
        operatingCostsExpenses.operatingCostsDistribution,
        distribution.operatingCostsDistribution,
      ),
    )
    .orderBy(
      asc(operatingCostsExpenses.kind),
      asc(operatingCostsExpenses.createdAt),
      asc(operatingCostsExpenses.tariffComponent),
      asc(operatingCostsExpenses.guid),
    )
  const names = await costTypeNames(db, distribution)
  const lines: SnapshotLine[] = rows.filter(isVisibleExpense).map((row) => ({
    ...row,
    unit: row.unit ?? null,
    costType: names.get(row.tariffComponent) ?? null,
  }))
  const total = (label: string, of: readonly SnapshotLine[]) => {
    const sums = expenseTotals(
      of.map((line) => ({
        amountTransactionCurrency: line.amount,
        apportionableAmount: line.apportionableAmount,
      })),
    )
    return {
      label,
      amount: sums.amountTransactionCurrency,
      apportionableAmount: sums.apportionableAmount,
    }
  }
  return ApprovalSnapshotSchema.parse({
    subject: 'distribution',
    decision,
    operatingCostsDistribution: distribution.operatingCostsDistribution,
    propertyConnection: distribution.propertyConnection,
    period: { from: distribution.from, until: distribution.until },
    invoice: null,
    lines,
    totals: [
      total(
        TOTAL_LABELS.heating,
        lines.filter((line) => line.kind === 'heating'),
      ),
      total(
        TOTAL_LABELS.working,
        lines.filter((line) => line.kind === 'working'),
      ),
      total('Gesamtsumme', lines),
    ],
    reason,
  })
}

/** The invoice as decided: its voucher, dates, amount and the stored document's SHA-256. */
export async function invoiceSnapshot(
  db: Executor,
  invoice: BillingVoucherRow,
  decision: ApprovalSnapshot['decision'],
  reason: string | null,
): Promise<ApprovalSnapshot> {
  const [document] = invoice.attachment
    ? await db
        .select({ fileName: attachments.fileName, sha256: attachments.sha256 })
        .from(attachments)
        .where(eq(attachments.attachment, invoice.attachment))
    : []
  const [period] = await db
    .select({ from: operatingCostsDistributions.from, until: operatingCostsDistributions.until })
    .from(operatingCostsDistributions)
    .where(
      eq(
        operatingCostsDistributions.operatingCostsDistribution,
        invoice.operatingCostsDistribution,
      ),
    )
  const amount = invoice.amount ?? null
  return ApprovalSnapshotSchema.parse({
    subject: 'invoice',
    decision,
    operatingCostsDistribution: invoice.operatingCostsDistribution,
    propertyConnection: invoice.propertyConnection,
    period,
    invoice: {
      invoiceVoucher: invoice.invoiceVoucher,
      documentDate: invoice.documentDate,
      dueDate: invoice.dueDate ?? null,
      amount,
      document: document ?? null,
    },
    lines: [],
    totals:
      amount === null ? [] : [{ label: 'Rechnungsbetrag', amount, apportionableAmount: null }],
    reason,
  })
}
