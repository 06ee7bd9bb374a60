import { compareStartDatesDescending, endsAfter, startOfYear } from '../format/date'

export interface DateRangeLike {
  from?: string | null
  until?: string | null
}

/**
 * §5, §9: the year-based list of records with from and until (error 112) keeps a record only if
 * its end date is later than 1 January of `year` (no end date = still running, kept), newest start
 * first; records without a start come last.
 */
export function selectFromYear<T extends DateRangeLike>(records: readonly T[], year: number): T[] {
  const cutoff = startOfYear(year)
  return records
    .filter((record) => endsAfter(record.until, cutoff))
    .sort((a, b) => compareStartDatesDescending(a.from, b.from))
}
