import { isUserDeletableExpense, type ExpenseType } from '@portal/domain'
import { eq } from 'drizzle-orm'
import { HttpError, notFound } from '../../platform/http-errors'
import { writeAudit } from '../../platform/persistence/audit'
import type { Database } from '../../platform/persistence/database'
import { EXPENSE_ENTITY, findExpense, toExpense } from './repositories/operating-costs'
import { operatingCostsExpenses } from '../../platform/persistence/schema'
import type { SessionUser } from '../../platform/persistence/scope'
import { EXPENSE_DELETED, EXPENSE_NOT_FOUND_MESSAGE, lockOpenDistribution } from './expense-rules'

export const SERVICE_FEE_NOT_DELETABLE_MESSAGE =
  'Die Dienstleistungspauschale (HK_DLP) wird vom Abrechnungsunternehmen erfasst und kann nicht gelöscht werden.'

/** Deletes an expense line of an open distribution; §6: never the service flat fee (403). */
export async function deleteExpense(
  db: Database,
  user: SessionUser,
  distribution: string,
  kind: ExpenseType,
  guid: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockOpenDistribution(tx, user, distribution)
    const existing = await findExpense(tx, distribution, kind, guid)
    if (!existing) throw notFound(EXPENSE_NOT_FOUND_MESSAGE)
    if (!isUserDeletableExpense(existing)) {
      throw new HttpError(403, 'SERVICE_FEE_NOT_DELETABLE', SERVICE_FEE_NOT_DELETABLE_MESSAGE)
    }
    await tx.delete(operatingCostsExpenses).where(eq(operatingCostsExpenses.guid, guid))
    await writeAudit(tx, {
      userName: user.userName,
      companyCode: row.companyCode,
      action: EXPENSE_DELETED,
      entity: EXPENSE_ENTITY,
      entityKey: guid,
      before: { operatingCostsDistribution: distribution, kind, ...toExpense(existing) },
    })
  })
}
