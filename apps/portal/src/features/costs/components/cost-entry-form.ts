import {
  ambiguousDotReadings,
  ExpenseInputSchema,
  formatAmount,
  isZeroTotal,
  parseGermanDecimal,
  sameCostTypeLines,
  storedDecimalAsInput,
  sumAmounts,
  type Expense,
  type ExpenseInput,
  type OperatingCosts,
} from '@portal/domain'
import type { TFunction } from 'i18next'
import type { FieldErrors, Resolver } from 'react-hook-form'
import type { ExpenseKind } from '../api/operating-costs'
import '../locales'

/** The decimal fields of a line: the quantity and the catalogue's amounts. */
export const NUMBER_FIELDS = [
  'quantity',
  'amountTransactionCurrency',
  'apportionableAmount',
  'amountNet',
  'amountNetApportionable',
  'deductibleAmount',
] as const
const TEXT_FIELDS = [
  'tariffComponent',
  'object',
  'allocationRef',
  'key',
  'from',
  'until',
  'unit',
  'energyCarrier',
  'note',
] as const
export type NumberField = (typeof NUMBER_FIELDS)[number]
export const INPUT_FIELDS = [...TEXT_FIELDS, ...NUMBER_FIELDS] as const
export type InputField = (typeof INPUT_FIELDS)[number]
export type EntryForm = { kind: ExpenseKind } & Record<InputField, string>

/** The form shows what is stored, to the last stored digit, so that an untouched field sends nothing. */
export function initialValues(
  kind: ExpenseKind,
  costs: OperatingCosts,
  expense?: Expense,
): EntryForm {
  const text = (value: string | null | undefined) => value ?? ''
  return {
    kind,
    tariffComponent: text(expense?.tariffComponent),
    object: text(expense?.object),
    allocationRef: text(expense?.allocationRef),
    key: text(expense?.key),
    from: expense?.from ?? costs.from,
    until: expense?.until ?? costs.until,
    unit: text(expense?.unit),
    energyCarrier: text(expense?.energyCarrier),
    note: text(expense?.note),
    ...(Object.fromEntries(
      NUMBER_FIELDS.map((field) => [field, storedDecimalAsInput(expense?.[field])]),
    ) as Record<NumberField, string>),
  }
}

/** The message of a number with a lone dot: which reading is meant must be asked, not guessed. */
export const AMBIGUOUS = 'ambiguous'

/**
 * German number input (1.234,56) becomes decimal strings; a lone dot ('100.123') is asked about at
 * the field; then the rules of the shared ExpenseInputSchema (§5 required fields and CO2 negative,
 * the amounts' plausibility) give their messages at the fields.
 */
export function entryResolver(t: TFunction): Resolver<EntryForm, unknown, ExpenseInput> {
  return (values) => {
    const errors: FieldErrors<EntryForm> = {}
    const parsed: Record<string, string | null> = {}
    for (const field of NUMBER_FIELDS) {
      const text = values[field].trim()
      const readings = ambiguousDotReadings(text)
      parsed[field] = text === '' ? null : parseGermanDecimal(text)
      if (readings) {
        errors[field] = { type: AMBIGUOUS, message: t('costs.entry.ambiguous', readings) }
      } else if (text !== '' && parsed[field] === null) {
        errors[field] = { type: 'format', message: t('costs.entry.invalidNumber') }
      }
    }
    const result = ExpenseInputSchema.safeParse({
      tariffComponent: values.tariffComponent,
      object: values.object,
      allocationRef: values.allocationRef,
      key: values.key,
      from: values.from,
      until: values.until,
      unit: values.unit.trim() || null,
      energyCarrier: values.energyCarrier || null,
      note: values.note.trim() || null,
      ...parsed,
      amountTransactionCurrency: parsed.amountTransactionCurrency ?? '',
      apportionableAmount: parsed.apportionableAmount ?? '',
    })
    if (!result.success) {
      for (const issue of result.error.issues) {
        const field = issue.path[0] as keyof EntryForm
        if (!errors[field]) errors[field] = { type: issue.code, message: issue.message }
      }
    }
    return Object.keys(errors).length > 0 || !result.success
      ? { values: {}, errors }
      : { values: result.data, errors: {} }
  }
}

/** What the user confirmed by answering the questions before saving (decision 036). */
export type Confirmations = { confirmSecondLine?: true; confirmZeroAmount?: true }

/**
 * Decision 036: what is asked before a line is saved, as the server would ask it: a total of zero
 * and a second line of the cost type for an overlapping period, each only when the save sets it.
 */
export function questionsBefore(
  t: TFunction,
  line: ExpenseInput,
  changed: ReadonlySet<string>,
  lines: readonly Expense[],
  nameOf: (tariffComponent: string) => string,
  editing?: Expense,
): { texts: string[]; confirmations: Confirmations } {
  const texts: string[] = []
  const confirmations: Confirmations = {}
  if (changed.has('amountTransactionCurrency') && isZeroTotal(line)) {
    texts.push(t('costs.entry.zeroAmount'))
    confirmations.confirmZeroAmount = true
  }
  const recorded = ['tariffComponent', 'from', 'until'].some((field) => changed.has(field))
    ? sameCostTypeLines(lines, { ...line, guid: editing?.guid })
    : []
  if (recorded.length > 0) {
    texts.push(
      t('costs.entry.secondLine', {
        name: nameOf(line.tariffComponent),
        amount: formatAmount(sumAmounts(recorded.map((r) => r.amountTransactionCurrency))),
      }),
    )
    confirmations.confirmSecondLine = true
  }
  return { texts, confirmations }
}
