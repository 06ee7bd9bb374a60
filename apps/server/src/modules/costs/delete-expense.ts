import { isUserDeletableExpense } from '@portal/domain'
import { eq } from 'drizzle-orm'
import { HttpError } from '../../platform/http-errors'
import type { Database } from '../../platform/persistence/database'
import { toExpense } from './repositories/operating-costs'
import { operatingCostsExpenses } from '../../platform/persistence/schema'
import type { SessionUser } from '../../platform/persistence/scope'
import {
  auditExpense,
  changeExpenseLine,
  EXPENSE_DELETED,
  type ExpenseLineRef,
} from './expense-rules'

export const SERVICE_FEE_NOT_DELETABLE_MESSAGE =
  'Die Dienstleistungspauschale (HK_DLP) wird vom Abrechnungsunternehmen erfasst und kann nicht gelöscht werden.'

/** Deletes an expense line of an open distribution; §6: never the service flat fee (403). */
export async function deleteExpense(
  db: Database,
  user: SessionUser,
  line: ExpenseLineRef,
): Promise<void> {
  await changeExpenseLine(db, user, line, async (tx, row, existing) => {
    if (!isUserDeletableExpense(existing)) {
      throw new HttpError(403, 'SERVICE_FEE_NOT_DELETABLE', SERVICE_FEE_NOT_DELETABLE_MESSAGE)
    }
    await tx.delete(operatingCostsExpenses).where(eq(operatingCostsExpenses.guid, line.guid))
    await auditExpense(tx, user, row, {
      action: EXPENSE_DELETED,
      kind: line.kind,
      guid: line.guid,
      before: toExpense(existing),
    })
  })
}
