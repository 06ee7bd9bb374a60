import { isNegativeDecimal, sumAmounts } from '../format/amount'

export interface ExpenseLike {
  tariffComponent?: string | null
}

export interface ExpenseAmounts {
  amountTransactionCurrency?: string | null
  apportionableAmount?: string | null
  deductibleAmount?: string | null
}

/**
 * §5: tariff components never listed as expenses: advance payments (HKVOR, NKVOR, BKVOR) and the
 * HKA_* components the provider computes itself.
 */
export const EXCLUDED_TARIFF_COMPONENTS = [
  'HKVOR',
  'NKVOR',
  'HKA_H1',
  'HKA_H2',
  'HKA_W1',
  'HKA_W2',
  'HKA_KW',
  'HKA_WW',
  'BKVOR',
] as const

const excluded: ReadonlySet<string> = new Set(EXCLUDED_TARIFF_COMPONENTS)

/** §5: an expense is listed unless its tariff component is excluded. */
export function isVisibleExpense(expense: ExpenseLike): boolean {
  return !excluded.has(expense.tariffComponent ?? '')
}

/** §3, §6: the service flat fee (Dienstleistungspauschale), recorded by the provider. */
export const SERVICE_FLAT_FEE = 'HK_DLP'

/** §6: the user may delete any expense except the service flat fee. */
export function isUserDeletableExpense(expense: ExpenseLike): boolean {
  return expense.tariffComponent !== SERVICE_FLAT_FEE
}

/** §5: the message for a CO2 cost that is not negative. */
export const CO2_MUST_BE_NEGATIVE_MESSAGE = 'Die Zahl muss negativ sein.'

/** §5: CO2 cost types are those whose code contains 'CO2'. */
export function isCo2CostType(tariffComponent: string | null | undefined): boolean {
  return (tariffComponent ?? '').toUpperCase().includes('CO2')
}

/**
 * §5: CO2 costs must be negative, they are entered as credits. Returns the German message, or
 * null when the rule holds; an empty amount is left to the required-field rule.
 */
export function co2AmountViolation(
  tariffComponent: string | null | undefined,
  amount: string | number | null | undefined,
): string | null {
  if (!isCo2CostType(tariffComponent) || amount === null || amount === undefined || amount === '') {
    return null
  }
  return isNegativeDecimal(amount) ? null : CO2_MUST_BE_NEGATIVE_MESSAGE
}

/** §3 header totals over the expenses, as exact decimal strings. */
export function expenseTotals(expenses: readonly ExpenseAmounts[]) {
  return {
    amountTransactionCurrency: sumAmounts(expenses.map((e) => e.amountTransactionCurrency)),
    apportionableAmount: sumAmounts(expenses.map((e) => e.apportionableAmount)),
    deductibleAmount: sumAmounts(expenses.map((e) => e.deductibleAmount)),
  }
}

/** §5, ARCHITECTURE 3.2: an expense's period must lie inside its distribution's period. */
export const EXPENSE_PERIOD_MESSAGE =
  'Der Zeitraum muss innerhalb des Abrechnungszeitraums der Verteilung liegen.'
/** An expense's start must not be after its end. */
export const EXPENSE_PERIOD_ORDER_MESSAGE = 'Das Ende darf nicht vor dem Beginn liegen.'

/**
 * Whether an expense period [from, until] lies inside the distribution period; ISO dates compare
 * as strings. Returns the German message or null.
 */
export function expensePeriodViolation(
  expense: { from?: string | null; until?: string | null },
  period: { from: string; until: string },
): string | null {
  const { from, until } = expense
  if (!from || !until) return null
  if (from > until) return EXPENSE_PERIOD_ORDER_MESSAGE
  return from < period.from || until > period.until ? EXPENSE_PERIOD_MESSAGE : null
}
