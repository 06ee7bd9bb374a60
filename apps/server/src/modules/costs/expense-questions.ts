/**
 * Decision 036: what a cost line is saved with only after the user said yes: a second line of a
 * cost type for an overlapping period (it would count the cost twice) and a total of zero. Without
 * the request's confirmation each is a 409 with the question, at the field it is about.
 */
import {
  isZeroTotal,
  sameCostTypeLines,
  secondLineQuestion,
  ZERO_AMOUNT_QUESTION,
  type ExpenseType,
  type PeriodLine,
} from '@portal/domain'
import { and, eq } from 'drizzle-orm'
import { conflict } from '../../platform/http-errors'
import type { Executor } from '../../platform/persistence/database'
import { operatingCostsExpenses } from '../../platform/persistence/schema'

export interface Confirmations {
  confirmSecondLine?: boolean | undefined
  confirmZeroAmount?: boolean | undefined
}

/** Whether a change sets what the second-line question is about: the cost type or the period. */
export const setsCostTypeOrPeriod = (changed: ReadonlySet<string>) =>
  ['tariffComponent', 'from', 'until'].some((field) => changed.has(field))

/** The lines of one list of a distribution, as the second-line rule reads them. */
export function listLines(
  tx: Executor,
  distribution: string,
  kind: ExpenseType,
): Promise<PeriodLine[]> {
  return tx
    .select({
      guid: operatingCostsExpenses.guid,
      tariffComponent: operatingCostsExpenses.tariffComponent,
      from: operatingCostsExpenses.from,
      until: operatingCostsExpenses.until,
      amountTransactionCurrency: operatingCostsExpenses.amountTransactionCurrency,
    })
    .from(operatingCostsExpenses)
    .where(
      and(
        eq(operatingCostsExpenses.operatingCostsDistribution, distribution),
        eq(operatingCostsExpenses.kind, kind),
      ),
    )
}

/**
 * Asks (409) unless confirmed: a zero total when the change sets the total, a second line when the
 * change sets the cost type or the period. `lines` are the list's other lines (and those added
 * before in the same request).
 */
export function askBeforeSaving(
  line: PeriodLine & { amountTransactionCurrency?: string | null },
  changed: ReadonlySet<string>,
  lines: readonly PeriodLine[],
  confirmations: Confirmations,
  fieldPath: (field: string) => string,
): void {
  if (
    changed.has('amountTransactionCurrency') &&
    isZeroTotal(line) &&
    !confirmations.confirmZeroAmount
  ) {
    throw conflict(
      ZERO_AMOUNT_QUESTION,
      'ZERO_AMOUNT_UNCONFIRMED',
      fieldPath('amountTransactionCurrency'),
    )
  }
  if (!setsCostTypeOrPeriod(changed)) return
  const recorded = sameCostTypeLines(lines, line)
  if (recorded.length > 0 && !confirmations.confirmSecondLine) {
    throw conflict(
      secondLineQuestion(line.tariffComponent, recorded),
      'SECOND_LINE_UNCONFIRMED',
      fieldPath('tariffComponent'),
    )
  }
}
