import {
  isProviderExpense,
  type Expense,
  type ExpenseType,
  type ExpenseUpdate,
} from '@portal/domain'
import { and, eq, sql } from 'drizzle-orm'
import { conflict, notFound } from '../../platform/http-errors'
import { writeAudit } from '../../platform/persistence/audit'
import type { Database } from '../../platform/persistence/database'
import {
  EXPENSE_ENTITY,
  findExpense,
  toExpense,
  type ExpenseRow,
} from './repositories/operating-costs'
import { operatingCostsExpenses } from '../../platform/persistence/schema'
import type { SessionUser } from '../../platform/persistence/scope'
import { askBeforeSaving, listLines } from './expense-questions'
import {
  checkExpenseLine,
  EXPENSE_NOT_FOUND_MESSAGE,
  EXPENSE_UPDATED,
  lockOpenDistribution,
  serviceFeeReadOnly,
} from './expense-rules'

export const STALE_VERSION_MESSAGE =
  'Die Kostenzeile wurde inzwischen von jemand anderem geändert. Bitte laden Sie die Daten neu.'

/**
 * Changes the fields of an expense line of an open distribution that the update names and that
 * differ from the stored line; `version` must be the stored one (else 409). An update that changes
 * nothing writes nothing. The service flat fee is the provider's (403). A change to a zero total or
 * into a second line of its cost type for the period needs its confirmation (decision 036).
 */
export async function updateExpense(
  db: Database,
  user: SessionUser,
  distribution: string,
  kind: ExpenseType,
  guid: string,
  update: ExpenseUpdate,
): Promise<Expense> {
  return db.transaction(async (tx) => {
    const row = await lockOpenDistribution(tx, user, distribution)
    const existing = await findExpense(tx, distribution, kind, guid)
    if (!existing) throw notFound(EXPENSE_NOT_FOUND_MESSAGE)
    const { version, confirmSecondLine, confirmZeroAmount, co2DeviationReason, ...fields } = update
    if (existing.version !== version) throw conflict(STALE_VERSION_MESSAGE, 'STALE_VERSION')
    if (isProviderExpense(existing)) throw serviceFeeReadOnly()
    // only what differs from the stored line is a change: the rest stays as stored, to the byte
    const changes = Object.fromEntries(
      Object.entries(fields).filter(
        ([field, value]) => value !== undefined && value !== existing[field as keyof ExpenseRow],
      ),
    ) as Partial<Omit<ExpenseUpdate, 'version'>>
    if (Object.keys(changes).length === 0) return toExpense(existing)
    const merged = { ...existing, ...changes, co2DeviationReason }
    const changed = new Set(Object.keys(changes))
    const supplyArea = await checkExpenseLine(tx, user, row, kind, merged, changed)
    askBeforeSaving(
      merged,
      changed,
      await listLines(tx, distribution, kind),
      { confirmSecondLine, confirmZeroAmount },
      (field) => field,
    )
    const [updated] = await tx
      .update(operatingCostsExpenses)
      .set({
        ...changes,
        ...(changes.allocationRef === undefined ? {} : { allocationObject: changes.allocationRef }),
        ...(changes.tariffComponent === undefined ? {} : { supplyArea }),
        version: sql`${operatingCostsExpenses.version} + 1`,
      })
      .where(
        and(eq(operatingCostsExpenses.guid, guid), eq(operatingCostsExpenses.version, version)),
      )
      .returning()
    if (!updated) throw conflict(STALE_VERSION_MESSAGE, 'STALE_VERSION')
    const before = toExpense(existing)
    const after = toExpense(updated)
    await writeAudit(tx, {
      userName: user.userName,
      companyCode: row.companyCode,
      action: EXPENSE_UPDATED,
      entity: EXPENSE_ENTITY,
      entityKey: guid,
      before: { operatingCostsDistribution: distribution, kind, ...before },
      after: {
        operatingCostsDistribution: distribution,
        kind,
        ...after,
        ...(co2DeviationReason ? { co2DeviationReason } : {}),
      },
    })
    return after
  })
}
