import { signOfAmount, sumAmounts } from '../format/amount'
import type { ExpenseType } from '../schemas/costs'
import { isVisibleExpense } from './expenses'

/**
 * Decision 031: the plausibility of the recorded costs against the previous year. Warnings never
 * block; the user confirms knowingly. (docs/decisions/031)
 */

/** The change above which a cost type is flagged, unless the customer configuration sets one. */
export const DEFAULT_PLAUSIBILITY_THRESHOLD_PERCENT = 30

/**
 * How this year's amount compares with last year's:
 * - `new`: none last year (nothing to compare with);
 * - `missing`: last year some, this year none;
 * - `fromZero`: last year exactly 0, this year not (no percentage can say how much more);
 * - `change`: the difference in percent of last year's amount, to one decimal. A negative amount
 *   (a credit such as the landlord's CO2 share) counts by its size: from −100 to −150 the costs
 *   fell by 50 %, so the change is −50 %.
 */
export type YearOnYearChange =
  { kind: 'new' } | { kind: 'missing' } | { kind: 'fromZero' } | { kind: 'change'; percent: number }

export function yearOnYearChange(
  previous: string | null | undefined,
  current: string | null | undefined,
): YearOnYearChange {
  const hasPrevious = previous !== null && previous !== undefined && previous !== ''
  const hasCurrent = current !== null && current !== undefined && current !== ''
  if (!hasPrevious) return { kind: 'new' }
  if (!hasCurrent) return { kind: 'missing' }
  if (signOfAmount(previous) === 0) {
    return signOfAmount(current) === 0 ? { kind: 'change', percent: 0 } : { kind: 'fromZero' }
  }
  // amounts carry at most four decimals: as numbers they are exact enough for a percentage
  const before = Number(previous)
  const percent = ((Number(current) - before) / Math.abs(before)) * 100
  return { kind: 'change', percent: Math.round(percent * 10) / 10 || 0 }
}

/** Whether a change is worth a warning: beyond ±threshold, from zero, or a type gone missing. */
export function isImplausible(change: YearOnYearChange, thresholdPercent: number): boolean {
  switch (change.kind) {
    case 'new':
      return false
    case 'missing':
    case 'fromZero':
      return true
    case 'change':
      return Math.abs(change.percent) > thresholdPercent
  }
}

export interface PlausibilityLine {
  tariffComponent: string
  amountTransactionCurrency: string | null
}

export interface CostTypeComparison {
  list: ExpenseType
  tariffComponent: string
  /** The sum of last year's lines of this type; null when it had none. */
  previous: string | null
  /** The sum of this year's lines of this type; null when it has none. */
  current: string | null
  change: YearOnYearChange
  warning: boolean
}

export interface ListComparison {
  list: ExpenseType
  previous: string
  current: string
  change: YearOnYearChange
}

export interface PlausibilityReport {
  thresholdPercent: number
  /** Per list (heating first) and cost type, in the order of the cost type codes. */
  costTypes: CostTypeComparison[]
  /** The sums of the heating and the operating costs. */
  lists: ListComparison[]
  /** The cost types with a warning, as `costTypes` orders them. */
  warnings: CostTypeComparison[]
}

export type LinesByList = Record<ExpenseType, readonly PlausibilityLine[]>

const LISTS: readonly ExpenseType[] = ['heating', 'working']

function sumsByType(lines: readonly PlausibilityLine[]): Map<string, string> {
  const grouped = new Map<string, (string | null)[]>()
  for (const line of lines.filter(isVisibleExpense)) {
    const amounts = grouped.get(line.tariffComponent) ?? []
    amounts.push(line.amountTransactionCurrency)
    grouped.set(line.tariffComponent, amounts)
  }
  return new Map([...grouped].map(([type, amounts]) => [type, sumAmounts(amounts)]))
}

/**
 * This year's lines against last year's, per cost type and per list. Without a previous year
 * (`previous` null) every type is `new` and nothing is flagged.
 */
export function comparePreviousYear(
  current: LinesByList,
  previous: LinesByList | null,
  thresholdPercent = DEFAULT_PLAUSIBILITY_THRESHOLD_PERCENT,
): PlausibilityReport {
  const costTypes: CostTypeComparison[] = []
  const lists: ListComparison[] = []
  for (const list of LISTS) {
    const now = sumsByType(current[list])
    const before = previous ? sumsByType(previous[list]) : new Map<string, string>()
    const types = [...new Set([...before.keys(), ...now.keys()])].sort()
    for (const tariffComponent of types) {
      const change = yearOnYearChange(before.get(tariffComponent), now.get(tariffComponent))
      costTypes.push({
        list,
        tariffComponent,
        previous: before.get(tariffComponent) ?? null,
        current: now.get(tariffComponent) ?? null,
        change,
        warning: isImplausible(change, thresholdPercent),
      })
    }
    const previousSum = sumAmounts([...before.values()])
    const currentSum = sumAmounts([...now.values()])
    lists.push({
      list,
      previous: previousSum,
      current: currentSum,
      change: previous ? yearOnYearChange(previousSum, currentSum) : { kind: 'new' },
    })
  }
  return {
    thresholdPercent,
    costTypes,
    lists,
    warnings: costTypes.filter((comparison) => comparison.warning),
  }
}

const percentFormat = new Intl.NumberFormat('de-DE', {
  style: 'percent',
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
  signDisplay: 'exceptZero',
})

/** A change in percent as German text with its sign: '+50,0 %', '−33,3 %', '0,0 %'. */
export function formatChangePercent(percent: number): string {
  return percentFormat.format(percent / 100)
}
