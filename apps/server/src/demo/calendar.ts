/**
 * Calendar arithmetic on ISO dates (YYYY-MM-DD) for the demo data. Everything is computed at UTC
 * midnight, so neither the machine's zone nor daylight saving time can shift a day.
 */
import { startOfYear, toIsoDate } from '@portal/domain'

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const DAY_MS = 86_400_000

function toUtc(day: string): Date {
  const match = ISO_DATE.exec(day)
  if (!match) throw new RangeError(`Kein Datum im Format JJJJ-MM-TT: "${day}"`)
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const utc = new Date(Date.UTC(year, month - 1, date))
  if (
    utc.getUTCFullYear() !== year ||
    utc.getUTCMonth() !== month - 1 ||
    utc.getUTCDate() !== date
  ) {
    throw new RangeError(`Ungültiges Datum: "${day}"`)
  }
  return utc
}

function fromUtc(date: Date): string {
  return date.toISOString().slice(0, 10)
}

/** Throws a RangeError unless `day` is a valid ISO calendar date; returns it unchanged. */
export function assertIsoDate(day: string): string {
  toUtc(day)
  return day
}

/** Today's date in Europe/Berlin, the provider's zone, whatever zone the machine runs in. */
export function berlinToday(now: Date = new Date()): string {
  return toIsoDate(now)
}

export function addDays(day: string, days: number): string {
  return fromUtc(new Date(toUtc(day).getTime() + days * DAY_MS))
}

/** Adds months; a day that does not exist in the target month becomes its last day (31 Jan + 1 = 28/29 Feb). */
export function addMonths(day: string, months: number): string {
  const date = toUtc(day)
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1))
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate()
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay))
  return fromUtc(target)
}

export function yearOf(day: string): number {
  return toUtc(day).getUTCFullYear()
}

export function endOfYear(year: number): string {
  return `${String(year).padStart(4, '0')}-12-31`
}

export function startOfMonth(day: string): string {
  return `${day.slice(0, 7)}-01`
}

export function endOfMonth(day: string): string {
  return addDays(addMonths(startOfMonth(day), 1), -1)
}

/** A date in a given year: month 1-12, day clamped to the month's length. */
export function dateIn(year: number, month: number, day: number): string {
  const first = addMonths(startOfYear(year), month - 1)
  const last = endOfMonth(first)
  return day >= Number(last.slice(8)) ? last : `${first.slice(0, 8)}${String(day).padStart(2, '0')}`
}

/** Days from `from` to `until` (positive when `until` is later). */
export function daysBetween(from: string, until: string): number {
  return Math.round((toUtc(until).getTime() - toUtc(from).getTime()) / DAY_MS)
}

/** ISO dates compare correctly as strings; these keep call sites readable. */
export function minDate(a: string, b: string): string {
  return a < b ? a : b
}

export function maxDate(a: string, b: string): string {
  return a > b ? a : b
}

/** An instant on a calendar day as an ISO timestamp in UTC, e.g. '2025-03-14T08:30:00Z'. */
export function instant(day: string, time = '08:00'): string {
  return `${day}T${time}:00Z`
}

/** DD.MM.YYYY, the German long date format of section 9. */
export function germanDate(day: string): string {
  return `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`
}
