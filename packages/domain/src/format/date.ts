/** Dates are shown and compared in the provider's zone, whatever zone the browser or server runs in. */
export const TIME_ZONE = 'Europe/Berlin'

export type DateInput = string | Date | null | undefined

// A date or a wall-clock time without offset names a calendar day; only values with an offset
// are instants that must be moved into the provider's zone first.
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?$/
const INSTANT = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/i

const berlinParts = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
})
// Calendar dates are rendered as midnight UTC in UTC, so no zone can shift the day.
const longFormat = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'UTC',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
})
const shortFormat = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'UTC',
  day: 'numeric',
  month: '2-digit',
  year: '2-digit',
})

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
}

/** The number of days of a month (1–12) in the Gregorian calendar: 29 February in leap years. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28
  return [4, 6, 9, 11].includes(month) ? 30 : 31
}

function pad(value: number, length: number): string {
  return String(value).padStart(length, '0')
}

function isoFromParts(year: number, month: number, day: number): string {
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`
}

interface CalendarParts {
  year: number
  month: number
  day: number
}

function parseCalendarDate(value: string): CalendarParts | null {
  const match = CALENDAR_DATE.exec(value)
  if (!match) return null
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null
  return { year, month, day }
}

function requireCalendarDate(value: string): CalendarParts {
  const parts = parseCalendarDate(value)
  if (!parts) throw new RangeError(`Not an ISO calendar date: "${value}"`)
  return parts
}

const HOUR_MS = 3_600_000
/**
 * Since 1 April 1893 Berlin's offsets from UTC are whole hours, so its days begin on a full UTC
 * hour and every instant of a UTC hour falls on the same day (before, Berlin kept its local mean
 * time, 0:53:28 ahead of UTC).
 */
const WHOLE_HOUR_OFFSETS_FROM = Date.UTC(1893, 3, 1)
/** The day of the UTC hour asked last: the server asks for today's date on every request. */
let lastHour = { hour: Number.NaN, day: '' }

/** The calendar date (YYYY-MM-DD) of an instant in Europe/Berlin. Throws on an invalid Date. */
export function toIsoDate(date: Date): string {
  const time = date.getTime()
  if (Number.isNaN(time)) throw new RangeError('Invalid Date')
  const hour = Math.floor(time / HOUR_MS)
  if (hour === lastHour.hour) return lastHour.day
  const parts = berlinParts.formatToParts(date)
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value)
  const day = isoFromParts(part('year'), part('month'), part('day'))
  if (time >= WHOLE_HOUR_OFFSETS_FROM) lastHour = { hour, day }
  return day
}

/**
 * The instant a calendar day (YYYY-MM-DD) begins in Europe/Berlin, as an ISO string: 23:00 UTC of
 * the day before in winter, 22:00 in summer (the clocks change at night, never at midnight).
 */
export function startOfBerlinDay(day: string): string {
  const { year, month, day: date } = requireCalendarDate(day)
  const utcMidnight = Date.UTC(year, month - 1, date)
  const hour = 3_600_000
  const summer = new Date(utcMidnight - 2 * hour)
  return (toIsoDate(summer) === day ? summer : new Date(utcMidnight - hour)).toISOString()
}

/**
 * Normalizes what the backend sends to a calendar date (YYYY-MM-DD): 'YYYY-MM-DD' and wall-clock
 * times without offset keep their day, instants (with 'Z' or an offset) and Dates take their day in
 * Europe/Berlin. Returns null for empty or invalid input.
 */
export function toCalendarDate(value: DateInput): string | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : toIsoDate(value)
  if (typeof value !== 'string') return null
  const text = value.trim()
  const calendar = parseCalendarDate(text)
  if (calendar) return isoFromParts(calendar.year, calendar.month, calendar.day)
  if (!INSTANT.test(text)) return null
  const instant = new Date(text)
  return Number.isNaN(instant.getTime()) ? null : toIsoDate(instant)
}

/** toCalendarDate for values that must be valid, such as the `today` argument of the rules. */
export function toCalendarDateOrThrow(value: DateInput): string {
  const day = toCalendarDate(value)
  if (day === null) throw new RangeError(`Not a date: "${String(value)}"`)
  return day
}

function formatWith(format: Intl.DateTimeFormat, value: DateInput): string {
  const iso = toCalendarDate(value)
  if (iso === null) return ''
  const { year, month, day } = requireCalendarDate(iso)
  const utc = new Date(0)
  // setUTCFullYear keeps years below 100 as they are (Date.UTC would map 24 to 1924).
  utc.setUTCFullYear(year, month - 1, day)
  return format.format(utc)
}

/** §2, §9: long date display DD.MM.YYYY; '' for empty or invalid input. */
export function formatDate(value: DateInput): string {
  return formatWith(longFormat, value)
}

/** §9: short date, day numeric, month 2-digit, year 2-digit (e.g. '1.02.24'). */
export function formatShortDate(value: DateInput): string {
  return formatWith(shortFormat, value)
}

/** The same calendar day `years` later (or earlier); 29 February falls back to 28 February. */
export function addYears(isoDate: string, years: number): string {
  const { year, month, day } = requireCalendarDate(isoDate)
  const target = year + years
  return isoFromParts(target, month, Math.min(day, daysInMonth(target, month)))
}

/** The day before an ISO day. */
export function dayBefore(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() - 1)
  return date.toISOString().slice(0, 10)
}

/** 1 January of the year of an ISO date, or of a year given as a number. */
export function startOfYear(value: string | number): string {
  const year = typeof value === 'number' ? value : requireCalendarDate(value).year
  if (!Number.isInteger(year) || year < 0 || year > 9999)
    throw new RangeError(`Invalid year ${year}`)
  return isoFromParts(year, 1, 1)
}

/**
 * §5, §9: true when an end date is later than `cutoff`. A missing end date (null, undefined or '')
 * means open-ended and counts as later; an unreadable one does not.
 */
export function endsAfter(until: DateInput, cutoff: string): boolean {
  if (until === null || until === undefined || until === '') return true
  const end = toCalendarDate(until)
  return end !== null && end > cutoff
}

/** Sort order for end dates, latest first; open-ended (missing) ends come before all others. */
export function compareEndDatesDescending(a: DateInput, b: DateInput): number {
  const [left, right] = [toCalendarDate(a), toCalendarDate(b)]
  if (left === right) return 0
  if (left === null) return -1
  if (right === null) return 1
  return left < right ? 1 : -1
}

/** Sort order for start dates, newest first; missing starts come last. */
export function compareStartDatesDescending(a: DateInput, b: DateInput): number {
  const [left, right] = [toCalendarDate(a), toCalendarDate(b)]
  if (left === right) return 0
  if (left === null) return 1
  if (right === null) return -1
  return left < right ? 1 : -1
}
