import type { DistributionStatus } from '../codes/distribution'
import {
  addYears,
  compareEndDatesDescending,
  endsAfter,
  toCalendarDateOrThrow,
} from '../format/date'

export interface DistributionLike {
  until?: string | null
}

/** §5, §9: cost distributions are shown only if they end within the last 3 years. */
export const DISTRIBUTION_LOOKBACK_YEARS = 3
/** §4, §9: a released distribution nobody reviewed is approved automatically after 1 year. */
export const AUTO_APPROVAL_AFTER_YEARS = 1

/**
 * §5: distributions are kept only if their end date is later than 3 years before today, sorted by
 * end date descending. A distribution without end date is still running: kept, and listed first.
 */
export function selectDistributions<T extends DistributionLike>(
  distributions: readonly T[],
  today: string,
): T[] {
  const cutoff = addYears(toCalendarDateOrThrow(today), -DISTRIBUTION_LOOKBACK_YEARS)
  return distributions
    .filter((distribution) => endsAfter(distribution.until, cutoff))
    .sort((a, b) => compareEndDatesDescending(a.until, b.until))
}

/** §4: costs can be entered, changed and deleted only while the distribution is open. */
export function isOpenForEntry(status: string | null | undefined): boolean {
  return status === 'O'
}

/**
 * §4 and ARCHITECTURE 3.2: O -> E (entry finalization) -> V (provider distributes) -> F (released)
 * -> G (approved by the user or automatically); the provider may cancel (S) any unfinished one.
 * A decline keeps F.
 */
export const DISTRIBUTION_TRANSITIONS: Readonly<
  Record<DistributionStatus, readonly DistributionStatus[]>
> = {
  O: ['E', 'S'],
  E: ['V', 'S'],
  V: ['F', 'S'],
  F: ['G', 'S'],
  G: [],
  S: [],
}

/** §4: whether a distribution may move from one status to another. */
export function canChangeDistributionStatus(
  from: DistributionStatus,
  to: DistributionStatus,
): boolean {
  return DISTRIBUTION_TRANSITIONS[from].includes(to)
}

/** §4, §9: a distribution released on `releasedOn` and still unreviewed is approved from 1 year on. */
export function isDueForAutoApproval(releasedOn: string, today: string): boolean {
  const released = toCalendarDateOrThrow(releasedOn)
  return released <= addYears(toCalendarDateOrThrow(today), -AUTO_APPROVAL_AFTER_YEARS)
}

/**
 * Decision 031: the previous year of a distribution: among the property's distributions, the one that
 * ended last on or before the day this one began. None when the property had none before.
 */
export function previousDistributionOf<T extends { from: string; until: string }>(
  distributions: readonly T[],
  current: { from: string },
): T | undefined {
  const begins = toCalendarDateOrThrow(current.from)
  return distributions
    .filter((d) => toCalendarDateOrThrow(d.until) <= begins)
    .sort((a, b) => compareEndDatesDescending(a.until, b.until))[0]
}
