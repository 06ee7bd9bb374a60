import {
  exceedsInMagnitude,
  isDecimalString,
  isNegativeDecimal,
  signOfAmount,
  sumAmounts,
} from '../format/amount'
import { isCalendarDate } from '../validation/values'

const present = (value: string | null | undefined): value is string =>
  typeof value === 'string' && value.trim() !== ''

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

/**
 * The catalogue's credit notes (Gutschriften): refunds of a supplier or the landlord entered as
 * negative lines of their list (docs/decisions/036). A code, not a column: the catalogue is the
 * provider's and carries no sign of its own.
 */
export const CREDIT_NOTE_COST_TYPES: ReadonlySet<string> = new Set([
  'HK_GUTSCHRIFT',
  'NK_GUTSCHRIFT',
])

/** Decision 036: credits (the landlord's CO2 share, credit notes) are the only negative lines. */
export function isCreditCostType(tariffComponent: string | null | undefined): boolean {
  return isCo2CostType(tariffComponent) || CREDIT_NOTE_COST_TYPES.has(tariffComponent ?? '')
}

export const NEGATIVE_ONLY_FOR_CREDITS_MESSAGE =
  'Ein negativer Betrag ist nur für Gutschriften zulässig.'

/** Every amount field of a cost line, in the order of the form. */
export const EXPENSE_AMOUNT_FIELDS = [
  'amountTransactionCurrency',
  'apportionableAmount',
  'amountNet',
  'amountNetApportionable',
  'deductibleAmount',
] as const satisfies readonly ExpenseAmountField[]

/**
 * Decision 036: an ordinary cost type has no negative amount in any field (a refund is a credit
 * note of its own, so that it stays visible on the bill). Answers the fields with a negative
 * amount; nothing while the cost type is not known yet (a change that names only an amount is
 * checked by the server with the stored line).
 */
export function negativeAmountViolations(
  line: ExpenseAmountFields & { tariffComponent?: string | null | undefined },
): { field: ExpenseAmountField; message: string }[] {
  if (!present(line.tariffComponent) || isCreditCostType(line.tariffComponent)) return []
  return EXPENSE_AMOUNT_FIELDS.filter((field) => {
    const value = line[field]
    return present(value) && isNegativeDecimal(value)
  }).map((field) => ({ field, message: NEGATIVE_ONLY_FOR_CREDITS_MESSAGE }))
}

export const ZERO_AMOUNT_QUESTION =
  'Der Betrag gesamt ist 0,00 €. Eine Zeile ohne Betrag wird nur nach Bestätigung gespeichert.'

/**
 * Decision 036: a line whose total is zero is more often a forgotten amount than a cost, so it is
 * saved only once the user confirmed it. The apportionable and the other parts may be zero.
 */
export function isZeroTotal(line: { amountTransactionCurrency?: string | null | undefined }) {
  const total = line.amountTransactionCurrency
  return present(total) && isDecimalString(total) && signOfAmount(total) === 0
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
  if (!from || !until || !isCalendarDate(from) || !isCalendarDate(until)) return null
  if (from > until) return EXPENSE_PERIOD_ORDER_MESSAGE
  return from < period.from || until > period.until ? EXPENSE_PERIOD_MESSAGE : null
}

/**
 * §6: the service flat fee is the provider's line: the user may not add it, change it or delete it.
 * The portal shows it read-only and the value list does not offer it.
 */
export function isProviderExpense(expense: ExpenseLike): boolean {
  return expense.tariffComponent === SERVICE_FLAT_FEE
}

export const SERVICE_FEE_READ_ONLY_MESSAGE =
  'Die Dienstleistungspauschale (HK_DLP) wird vom Abrechnungsunternehmen erfasst. Sie kann nicht angelegt, geändert oder gelöscht werden.'

/** The amount fields of a cost line (catalogue BETRAG_T, BETRAG_U, NETTO_T, NETTO_U; abzugsfähig). */
export interface ExpenseAmountFields {
  amountTransactionCurrency?: string | null | undefined
  apportionableAmount?: string | null | undefined
  amountNet?: string | null | undefined
  amountNetApportionable?: string | null | undefined
  deductibleAmount?: string | null | undefined
}
export type ExpenseAmountField = keyof ExpenseAmountFields

export const AMOUNT_SIGN_MESSAGE = 'Der Betrag muss dasselbe Vorzeichen haben wie der Gesamtbetrag.'
export const APPORTIONABLE_EXCEEDS_TOTAL_MESSAGE =
  'Der umlagefähige Betrag darf nicht größer sein als der Gesamtbetrag.'
export const NET_EXCEEDS_GROSS_MESSAGE =
  'Der Nettobetrag darf nicht größer sein als der Gesamtbetrag (brutto).'
export const NET_APPORTIONABLE_EXCEEDS_MESSAGE =
  'Der umlagefähige Nettobetrag darf weder den umlagefähigen Betrag noch den Nettobetrag übersteigen.'
export const DEDUCTIBLE_EXCEEDS_TOTAL_MESSAGE =
  'Der abzugsfähige Betrag darf nicht größer sein als der Gesamtbetrag.'

/**
 * Plausibility of a cost line's amounts (docs/decisions/014-cost-entry-integrity.md): every part
 * has the sign of the total (or is zero) and is not larger than the amount it is a part of:
 * apportionable <= total, net <= gross, net apportionable <= apportionable and <= net,
 * deductible <= total. Answers the violations with the field they belong to; malformed amounts are
 * left to the format rule.
 */
export function expenseAmountViolations(
  line: ExpenseAmountFields,
): { field: ExpenseAmountField; message: string }[] {
  const total = line.amountTransactionCurrency
  const wellFormed = (value: string | null | undefined): value is string =>
    present(value) && isDecimalString(value)
  if (!wellFormed(total)) return []
  const violations: { field: ExpenseAmountField; message: string }[] = []
  const parts: [ExpenseAmountField, string[], string][] = [
    ['apportionableAmount', [total], APPORTIONABLE_EXCEEDS_TOTAL_MESSAGE],
    ['amountNet', [total], NET_EXCEEDS_GROSS_MESSAGE],
    [
      'amountNetApportionable',
      [line.apportionableAmount, line.amountNet, total].filter(wellFormed),
      NET_APPORTIONABLE_EXCEEDS_MESSAGE,
    ],
    ['deductibleAmount', [total], DEDUCTIBLE_EXCEEDS_TOTAL_MESSAGE],
  ]
  const totalSign = signOfAmount(total)
  for (const [field, wholes, message] of parts) {
    const value = line[field]
    if (!wellFormed(value)) continue
    const sign = signOfAmount(value)
    if (sign !== 0 && sign !== totalSign) {
      violations.push({ field, message: AMOUNT_SIGN_MESSAGE })
    } else if (wholes.some((whole) => exceedsInMagnitude(value, whole))) {
      violations.push({ field, message })
    }
  }
  return violations
}

/** The cost types of the fuel whose quantity the CO2 emission is computed from. */
export const FUEL_COST_TYPES: readonly string[] = ['HK_BRENNSTOFF']

/** Decision 044: the quantity of a fuel line is what was delivered, never negative. */
export const FUEL_LINE_QUANTITY_NEGATIVE_MESSAGE = 'Die Brennstoffmenge darf nicht negativ sein.'

/**
 * Decision 044: a fuel line's quantity (MENGE of HK_BRENNSTOFF) is not negative: the emission is
 * computed from it. Empty means none given; zero (a line without a delivery, such as a fee) counts
 * no kg. Answers the German message or null; a malformed quantity is left to the format rule.
 */
export function fuelQuantityViolation(line: {
  tariffComponent?: string | null | undefined
  quantity?: string | null | undefined
}): string | null {
  const { tariffComponent, quantity } = line
  if (!tariffComponent || !FUEL_COST_TYPES.includes(tariffComponent)) return null
  if (typeof quantity !== 'string' || !isDecimalString(quantity)) return null
  return signOfAmount(quantity) < 0 ? FUEL_LINE_QUANTITY_NEGATIVE_MESSAGE : null
}
