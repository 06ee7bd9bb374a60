import { isProviderExpense, type Expense, type ExpenseUpdate } from '@portal/domain'
import { and, eq, sql } from 'drizzle-orm'
import { conflict } from '../../platform/http-errors'
import type { Executor } from '../../platform/persistence/database'
import { toExpense, type ExpenseRow } from './repositories/operating-costs'
import { operatingCostsExpenses } from '../../platform/persistence/schema'
import type { SessionUser } from '../../platform/persistence/scope'
import { askBeforeSaving, listLines, setsCostTypeOrPeriod } from './expense-questions'
import {
  auditExpense,
  changeExpenseLine,
  checkExpenseLine,
  EXPENSE_UPDATED,
  serviceFeeReadOnly,
  type ExpenseLineRef,
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
  db: Executor,
  user: SessionUser,
  line: ExpenseLineRef,
  update: ExpenseUpdate,
): Promise<Expense> {
  const { distribution, kind, guid } = line
  return changeExpenseLine(db, user, line, async (tx, row, existing) => {
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
    // the list only where the question of a second line can arise
    const lines = setsCostTypeOrPeriod(changed) ? await listLines(tx, distribution, kind) : []
    askBeforeSaving(
      merged,
      changed,
      lines,
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
    const after = toExpense(updated)
    await auditExpense(tx, user, row, {
      action: EXPENSE_UPDATED,
      kind,
      guid,
      before: toExpense(existing),
      after: { ...after, ...(co2DeviationReason ? { co2DeviationReason } : {}) },
    })
    return after
  })
}
