import { compareNaturalText } from './compare'

/** §2, §9: the page size that shows every row on one page ("all"). */
export const ALL_ROWS = -1

/** §2: with the page size -1 there is one page; there is always at least one page. */
export function pageCount(total: number, itemsPerPage: number): number {
  if (itemsPerPage <= 0) return 1
  return Math.max(1, Math.ceil(total / itemsPerPage))
}

/** §2: the page (counted from 1) is clamped between 1 and the page count. */
export function clampPage(page: number, total: number, itemsPerPage: number): number {
  const whole = Number.isFinite(page) ? Math.floor(page) : 1
  return Math.min(Math.max(1, whole), pageCount(total, itemsPerPage))
}

const ISO_DATE =
  /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i

/** What a value is ordered as: a number (numbers, dates), text, or nothing. */
type SortKey =
  { kind: 'empty' } | { kind: 'number'; value: number } | { kind: 'text'; value: string }

function sortKeyOf(value: unknown): SortKey {
  if (value === null || value === undefined) return { kind: 'empty' }
  if (typeof value === 'number')
    return Number.isNaN(value) ? { kind: 'empty' } : { kind: 'number', value }
  if (typeof value === 'bigint' || typeof value === 'boolean')
    return { kind: 'number', value: Number(value) }
  if (value instanceof Date) {
    const time = value.getTime()
    return Number.isNaN(time) ? { kind: 'empty' } : { kind: 'number', value: time }
  }
  const text = typeof value === 'string' ? value.trim() : JSON.stringify(value)
  if (text === '') return { kind: 'empty' }
  if (ISO_DATE.test(text)) {
    // A calendar date without zone is read as UTC midnight, which keeps it in order with instants
    // of the same day well enough for sorting.
    const time = Date.parse(text.length === 10 ? `${text}T00:00:00Z` : text)
    if (!Number.isNaN(time)) return { kind: 'number', value: time }
  }
  return { kind: 'text', value: text }
}

/**
 * §2 sorting: a value a table row has nothing for (null, undefined, blank text, an invalid date).
 * Such rows sort last in either direction, so that they never crowd the top.
 */
export function isEmptyTableValue(value: unknown): boolean {
  return sortKeyOf(value).kind === 'empty'
}

/**
 * A value whose own order is the right one whatever a cell shows of it: a number or a date
 * (1.234,50 and 02.01.2024 do not sort as text).
 */
export function hasOwnTableOrder(value: unknown): boolean {
  const kind = sortKeyOf(value).kind
  return kind === 'number' && typeof value !== 'boolean'
}

/**
 * §2 sorting, ascending (a table reverses it for descending): numbers numerically, ISO dates
 * chronologically, text by German collation with runs of digits read as numbers ('NE-2' before
 * 'NE-10'); values of mixed kinds compare as text, so the order stays total. Empty values come
 * last.
 */
export function compareTableValues(a: unknown, b: unknown): number {
  const left = sortKeyOf(a)
  const right = sortKeyOf(b)
  if (left.kind === 'empty' || right.kind === 'empty') {
    return Number(left.kind === 'empty') - Number(right.kind === 'empty')
  }
  if (left.kind === 'number' && right.kind === 'number') {
    return Math.sign(left.value - right.value)
  }
  return Math.sign(compareNaturalText(String(left.value), String(right.value)))
}

/**
 * §2 search: whether a cell's displayed text contains the search, ignoring case (German rules)
 * and blanks around the search; an empty search keeps every row.
 */
export function matchesTableSearch(text: string, search: string): boolean {
  const needle = search.trim().toLocaleLowerCase('de-DE')
  return needle === '' || text.toLocaleLowerCase('de-DE').includes(needle)
}
