import { formatAmount, sumAmounts } from '../format/amount'

/** What the second-line rule reads of a cost line of one list. */
export interface PeriodLine {
  guid?: string
  tariffComponent: string
  from: string | null
  until: string | null
  amountTransactionCurrency?: string | null
}

/**
 * Decision 036: two periods overlap when each begins on or before the day the other ends (both
 * days count); a missing day leaves its side open. ISO dates compare as strings.
 */
export function periodsOverlap(
  a: { from: string | null; until: string | null },
  b: { from: string | null; until: string | null },
): boolean {
  return (!a.from || !b.until || a.from <= b.until) && (!b.from || !a.until || b.from <= a.until)
}

/**
 * Decision 036, "the same cost type for the same period": the lines of the same list with the
 * candidate's cost type whose period overlaps its period, the candidate itself (an edited line)
 * left out. Key and relation do not matter: a second line for them is rarer than a doubled bill,
 * and it is still recorded once the user confirms it.
 */
export function sameCostTypeLines<T extends PeriodLine>(
  lines: readonly T[],
  candidate: PeriodLine,
): T[] {
  return lines.filter(
    (line) =>
      line.tariffComponent === candidate.tariffComponent &&
      (candidate.guid === undefined || line.guid !== candidate.guid) &&
      periodsOverlap(line, candidate),
  )
}

/** The server's question for a second line (the portal asks in its own words first). */
export function secondLineQuestion(tariffComponent: string, recorded: readonly PeriodLine[]) {
  const amount = formatAmount(sumAmounts(recorded.map((line) => line.amountTransactionCurrency)))
  return `Für die Kostenart ${tariffComponent} ist in diesem Zeitraum bereits ${amount} erfasst. Eine zweite Zeile wird nur nach Bestätigung angelegt.`
}
