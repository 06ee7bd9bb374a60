import {
  EXPENSE_LIST_FIELDS,
  type Expense,
  type ExpenseInput,
  type ExpenseType,
} from '@portal/domain'
import type { Executor } from '../../platform/persistence/database'
import { toExpense } from './repositories/operating-costs'
import { operatingCostsExpenses } from '../../platform/persistence/schema'
import type { SessionUser } from '../../platform/persistence/scope'
import { askBeforeSaving, listLines } from './expense-questions'
import {
  auditExpense,
  changeOpenDistribution,
  checkExpenseLine,
  EXPENSE_ADDED,
} from './expense-rules'

/**
 * §4-§6: adds expense lines to an open distribution, all or none, each audited; never HK_DLP. A
 * second line of a cost type for an overlapping period, also within the request, and a zero total
 * need the line's confirmation (decision 036).
 */
export async function addExpenses(
  db: Executor,
  user: SessionUser,
  distribution: string,
  kind: ExpenseType,
  inputs: readonly ExpenseInput[],
): Promise<Expense[]> {
  return changeOpenDistribution(db, user, distribution, async (tx, row) => {
    const created: Expense[] = []
    const lines = await listLines(tx, distribution, kind)
    for (const [index, input] of inputs.entries()) {
      const changed = new Set(Object.keys(input))
      const fieldPath = (field: string) => `${EXPENSE_LIST_FIELDS[kind]}.${index}.${field}`
      const supplyArea = await checkExpenseLine(tx, user, row, kind, input, changed, fieldPath)
      askBeforeSaving(input, changed, lines, input, fieldPath)
      const [inserted] = await tx
        .insert(operatingCostsExpenses)
        .values({
          companyCode: row.companyCode,
          propertyConnection: row.propertyConnection,
          operatingCostsDistribution: row.operatingCostsDistribution,
          kind,
          tariffComponent: input.tariffComponent,
          supplyArea,
          object: input.object,
          key: input.key,
          allocationObject: input.allocationRef,
          allocationRef: input.allocationRef,
          from: input.from,
          until: input.until,
          quantity: input.quantity ?? null,
          unit: input.unit ?? null,
          energyCarrier: input.energyCarrier ?? null,
          amountTransactionCurrency: input.amountTransactionCurrency,
          apportionableAmount: input.apportionableAmount,
          deductibleAmount: input.deductibleAmount ?? null,
          amountNet: input.amountNet ?? null,
          amountNetApportionable: input.amountNetApportionable ?? null,
          note: input.note ?? null,
          createdBy: user.userName,
        })
        .returning()
      const expense = toExpense(inserted!)
      lines.push(expense)
      await auditExpense(tx, user, row, {
        action: EXPENSE_ADDED,
        kind,
        guid: expense.guid,
        after: {
          ...expense,
          ...(input.co2DeviationReason ? { co2DeviationReason: input.co2DeviationReason } : {}),
        },
      })
      created.push(expense)
    }
    return created
  })
}
