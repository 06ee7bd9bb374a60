/**
 * The audit history of a distribution (§4 workflow): status changes, expense changes, declines and
 * the decisions on its invoices from the audit log, plus the reasons of ABLEHNUNG activities not
 * audited themselves (older ones), newest first, each with a German detail.
 */
import {
  ApprovalSnapshotSchema,
  DISTRIBUTION_STATUS,
  type DistributionStatus,
  type HistoryEntry,
} from '@portal/domain'
import { and, desc, eq, or, sql } from 'drizzle-orm'
import { notFound } from '../../platform/http-errors'
import { personNamesOf } from '../../platform/persistence/actors'
import type { Executor } from '../../platform/persistence/database'
import {
  costTypeNames,
  DECLINE_ACTIVITY,
  DISTRIBUTION_ENTITY,
  EXPENSE_ENTITY,
  findVisibleDistribution,
} from './repositories/operating-costs'
import { INVOICE_ENTITY } from './repositories/invoices'
import { activities, auditLog } from '../../platform/persistence/schema'
import type { SessionUser } from '../../platform/persistence/scope'
import { DECLINE_ACTION } from './distribution-approval'
import { DISTRIBUTION_NOT_FOUND_MESSAGE, STATUS_CHANGE_ACTION } from './distribution-status'
import { EXPENSE_ADDED, EXPENSE_DELETED, EXPENSE_UPDATED } from './expense-rules'
import { INVOICE_APPROVED_ACTION, INVOICE_DECLINED_ACTION } from './invoice-approval'

type Json = Record<string, unknown> | null

const text = (value: unknown) => (typeof value === 'string' ? value : '')
const label = (status: unknown) =>
  DISTRIBUTION_STATUS[text(status) as DistributionStatus] ?? text(status)

/** Field names of an expense in the catalogue's German words. */
const FIELD_LABELS: Record<string, string> = {
  tariffComponent: 'Kostenart',
  object: 'Objekt',
  key: 'Schlüssel',
  allocationRef: 'Zuordnung',
  from: 'Ab',
  until: 'Bis',
  quantity: 'Menge',
  unit: 'Einheit',
  amountTransactionCurrency: 'Betrag',
  apportionableAmount: 'umlagefähiger Betrag',
  deductibleAmount: 'absetzbarer Betrag',
  amountNet: 'Netto',
  amountNetApportionable: 'Netto umlagefähig',
  note: 'Bemerkung',
}

function detailOf(
  action: string,
  before: Json,
  after: Json,
  names: ReadonlyMap<string, string>,
): string | null {
  // a cost line by its cost type's name, as the costs table shows it; the code when unknown
  const code = text(after?.tariffComponent ?? before?.tariffComponent)
  const component = names.has(code) ? `„${names.get(code)}“` : code
  switch (action) {
    case STATUS_CHANGE_ACTION:
      return `Status von „${label(before?.operatingCostsDistributionStatus)}“ auf „${label(after?.operatingCostsDistributionStatus)}“ geändert`
    case DECLINE_ACTION:
      return `Abgelehnt: ${text(after?.reason)}`
    case INVOICE_APPROVED_ACTION:
      return `Rechnung ${text(after?.invoiceVoucher)} genehmigt`
    case INVOICE_DECLINED_ACTION:
      return `Rechnung ${text(after?.invoiceVoucher)} abgelehnt: ${text(after?.reason)}`
    case EXPENSE_ADDED:
      return `Kostenzeile ${component} hinzugefügt`
    case EXPENSE_DELETED:
      return `Kostenzeile ${component} gelöscht`
    case EXPENSE_UPDATED: {
      const changed = Object.keys(FIELD_LABELS).filter(
        (field) =>
          JSON.stringify(before?.[field] ?? null) !== JSON.stringify(after?.[field] ?? null),
      )
      return changed.length === 0
        ? `Kostenzeile ${component} geändert`
        : `Kostenzeile ${component} geändert (${changed.map((f) => FIELD_LABELS[f]).join(', ')})`
    }
    default:
      return null
  }
}

/** A decision's snapshot, its hash and the entry's chain hash; null for other entries. */
function receiptOf(row: typeof auditLog.$inferSelect): HistoryEntry['receipt'] {
  const after = row.after as Json
  const snapshot = ApprovalSnapshotSchema.safeParse(after?.snapshot)
  const snapshotHash = text(after?.snapshotHash)
  if (!snapshot.success || !snapshotHash || !row.hash) return null
  return { snapshot: snapshot.data, snapshotHash, entryHash: row.hash }
}

export async function distributionHistory(
  db: Executor,
  user: SessionUser,
  id: string,
): Promise<HistoryEntry[]> {
  const distribution = await findVisibleDistribution(db, user, id)
  if (!distribution) throw notFound(DISTRIBUTION_NOT_FOUND_MESSAGE)
  const audited = await db
    .select()
    .from(auditLog)
    .where(
      or(
        and(eq(auditLog.entity, DISTRIBUTION_ENTITY), eq(auditLog.entityKey, id)),
        and(
          eq(auditLog.entity, EXPENSE_ENTITY),
          or(
            sql`${auditLog.after}->>'operatingCostsDistribution' = ${id}`,
            sql`${auditLog.before}->>'operatingCostsDistribution' = ${id}`,
          ),
        ),
        and(
          eq(auditLog.entity, INVOICE_ENTITY),
          sql`${auditLog.after}->>'operatingCostsDistribution' = ${id}`,
        ),
      ),
    )
    .orderBy(desc(auditLog.at), desc(auditLog.id))
  const declines = await db
    .select()
    .from(activities)
    .where(
      and(
        eq(activities.activityType, DECLINE_ACTIVITY),
        eq(activities.objectKey, id),
        eq(activities.companyCode, distribution.companyCode),
      ),
    )
  const names = await costTypeNames(db, distribution)
  const auditedActivities = new Set(
    audited.map((row) => text((row.after as Json)?.activity)).filter(Boolean),
  )
  const entries: (Omit<HistoryEntry, 'name'> & { order: number })[] = audited.map((row, index) => ({
    at: new Date(row.at).toISOString(),
    userName: row.userName,
    action: row.action,
    entity: row.entity,
    entityKey: row.entityKey,
    detail: detailOf(row.action, row.before as Json, row.after as Json, names),
    sequence: row.seq,
    receipt: receiptOf(row),
    order: index,
  }))
  for (const activity of declines) {
    if (auditedActivities.has(activity.id)) continue
    entries.push({
      at: new Date(activity.createdAt).toISOString(),
      userName: activity.createdBy,
      action: DECLINE_ACTION,
      entity: DISTRIBUTION_ENTITY,
      entityKey: id,
      detail: `Abgelehnt: ${text((activity.payload as Json)?.reason)}`,
      sequence: null,
      receipt: null,
      order: -1,
    })
  }
  const nameOf = await personNamesOf(
    db,
    entries.map((entry) => entry.userName),
  )
  return entries
    .sort((a, b) => b.at.localeCompare(a.at) || a.order - b.order)
    .map(({ order: _order, ...entry }) => ({ ...entry, name: nameOf(entry.userName) }))
}
