/**
 * Checks of the dates, timestamps and numbers that arrive from outside (bodies, search filters,
 * paths). A value that passes is one PostgreSQL accepts for its column, so that an impossible value
 * is answered as a 400 at its field and never reaches the database as an error.
 */
import { z } from 'zod'
import { daysInMonth } from '../format/date'

/** A closed range of whole numbers. */
export interface IntegerRange {
  min: number
  max: number
}

/** The range of a PostgreSQL `integer` column (version counters, sizes, positions). */
export const PG_INTEGER_RANGE: IntegerRange = { min: -2_147_483_648, max: 2_147_483_647 }
/** The range of a `bigint` column read as a JavaScript number: the safe integers. */
export const SAFE_INTEGER_RANGE: IntegerRange = {
  min: Number.MIN_SAFE_INTEGER,
  max: Number.MAX_SAFE_INTEGER,
}

/** The message for a value that is not a date in the form 'YYYY-MM-DD'. */
export const INVALID_DATE_MESSAGE = 'Bitte ein gültiges Datum im Format JJJJ-MM-TT angeben.'
/** The message for a well-formed date that is not in the calendar, such as 2024-02-30. */
export const DATE_DOES_NOT_EXIST_MESSAGE = 'Das Datum existiert nicht.'
/** The message for a value that is not an ISO timestamp. */
export const INVALID_TIMESTAMP_MESSAGE =
  'Bitte einen gültigen Zeitpunkt im Format JJJJ-MM-TTTHH:MM:SS angeben (Zeitzone optional).'

const integerFormat = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 0 })

/** The message for a value that is not a whole number inside `range`. */
export function integerRangeMessage(range: IntegerRange): string {
  return `Bitte eine ganze Zahl von ${integerFormat.format(range.min)} bis ${integerFormat.format(range.max)} angeben.`
}

const DATE_SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/
// Date, then optionally a time, then optionally Z or an offset of at most ±15:59 (PostgreSQL's
// limit); fractions of a second up to nanoseconds, which PostgreSQL rounds to microseconds.
const TIMESTAMP_SHAPE =
  /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2})(?::?(\d{2}))?)?)?$/
const INTEGER_TEXT = /^[+-]?\d{1,20}$/

/**
 * True for a calendar date 'YYYY-MM-DD' that exists: months 01–12, the days the month has
 * (29 February in leap years only), years 0001–9999 (PostgreSQL knows no year 0).
 */
export function isCalendarDate(value: string): boolean {
  const match = DATE_SHAPE.exec(value)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month)
}

/**
 * Why a text is not a calendar date, as the German message for its field, or null when it is one:
 * the wrong form ('24-1-1', '01.02.2024') and a day that does not exist ('2024-02-30') differ.
 */
export function calendarDateViolation(value: string): string | null {
  if (!DATE_SHAPE.test(value)) return INVALID_DATE_MESSAGE
  return isCalendarDate(value) ? null : DATE_DOES_NOT_EXIST_MESSAGE
}

/**
 * True for an ISO timestamp whose every part exists: a calendar date (see `isCalendarDate`),
 * optionally a time 'HH:MM', 'HH:MM:SS' or 'HH:MM:SS.fff' after 'T' or a blank (hours 00–23,
 * minutes and seconds 00–59), and then optionally 'Z' or an offset '±HH', '±HHMM', '±HH:MM' of at
 * most 15:59.
 */
export function isTimestamp(value: string): boolean {
  const match = TIMESTAMP_SHAPE.exec(value)
  if (!match || !isCalendarDate(match[1]!)) return false
  // a part left out counts as 0
  const [hour, minute, second, offsetHours, offsetMinutes] = match
    .slice(2)
    .map((part) => Number(part ?? 0))
  return hour! <= 23 && minute! <= 59 && second! <= 59 && offsetHours! <= 15 && offsetMinutes! <= 59
}

/** True for a whole number inside `range` (default: a PostgreSQL `integer`). */
export function isIntegerInRange(value: number, range: IntegerRange = PG_INTEGER_RANGE): boolean {
  return Number.isInteger(value) && value >= range.min && value <= range.max
}

/**
 * A whole number inside `range` from a JSON number or a text of digits ('42', '-7', '+3'); null
 * for anything else, such as '1.5', '1e3', '' or a number outside the range.
 */
export function toIntegerInRange(
  value: unknown,
  range: IntegerRange = PG_INTEGER_RANGE,
): number | null {
  const number =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && INTEGER_TEXT.test(value)
        ? Number(value)
        : Number.NaN
  return isIntegerInRange(number, range) ? number : null
}

/**
 * True for a decimal text with at most `integerDigits` digits before and `fractionDigits` after
 * the point ('-12.5'; no exponent, no comma), as a PostgreSQL `numeric` column of that size takes it.
 */
export function isDecimalText(
  value: string,
  digits: { integerDigits: number; fractionDigits: number },
): boolean {
  const match = /^-?(\d+)(?:\.(\d+))?$/.exec(value)
  if (!match) return false
  return (
    match[1]!.length <= digits.integerDigits && (match[2]?.length ?? 0) <= digits.fractionDigits
  )
}

/** The message for a decimal with more fraction digits than its field keeps. */
export function fractionDigitsMessage(fractionDigits: number): string {
  return fractionDigits === 1
    ? 'Höchstens 1 Nachkommastelle.'
    : `Höchstens ${fractionDigits} Nachkommastellen.`
}

/** The message for a decimal with more digits before the comma than its field keeps. */
export function integerDigitsMessage(integerDigits: number): string {
  return `Höchstens ${integerDigits} Stellen vor dem Komma.`
}

/** The message for a quantity that must be larger than zero (a fuel quantity, decision 044). */
export const NOT_POSITIVE_MESSAGE = 'Der Wert muss größer als 0 sein.'
/** The message for a value that must not be negative. */
export const NEGATIVE_MESSAGE = 'Der Wert darf nicht negativ sein.'

/**
 * Why a decimal text ('-12.5', the wire form) does not fit its field, as the German message, or
 * null when it fits: the wrong form (`formatMessage`), too many digits after the point
 * ("Höchstens 2 Nachkommastellen."), too many before it, and with `sign` a negative value
 * ('nonNegative') or one not above zero ('positive').
 */
export function decimalViolation(
  value: string,
  digits: { integerDigits: number; fractionDigits: number },
  options: { formatMessage: string; sign?: 'positive' | 'nonNegative'; signMessage?: string },
): string | null {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value)
  if (!match) return options.formatMessage
  const [, minus, whole = '', fraction = ''] = match
  if (fraction.length > digits.fractionDigits) return fractionDigitsMessage(digits.fractionDigits)
  if (whole.replace(/^0+(?=\d)/, '').length > digits.integerDigits) {
    return integerDigitsMessage(digits.integerDigits)
  }
  const zero = /^0*$/.test(whole + fraction)
  if (options.sign === 'nonNegative' && minus && !zero)
    return options.signMessage ?? NEGATIVE_MESSAGE
  if (options.sign === 'positive' && (minus || zero))
    return options.signMessage ?? NOT_POSITIVE_MESSAGE
  return null
}

/** A calendar date 'YYYY-MM-DD' that exists, with the German message at its field otherwise. */
export const IsoDateSchema = z
  .string({ error: INVALID_DATE_MESSAGE })
  .superRefine((value, context) => {
    const message = calendarDateViolation(value)
    if (message) context.addIssue({ code: 'custom', message })
  })

/** An ISO timestamp whose date and time exist (see `isTimestamp`). */
export const TimestampSchema = z
  .string({ error: INVALID_TIMESTAMP_MESSAGE })
  .refine(isTimestamp, { message: INVALID_TIMESTAMP_MESSAGE })

/**
 * A whole JSON number inside `range` (default: a PostgreSQL `integer`); every failure answers the
 * range message, a missing or non-number value `typeMessage` when given.
 */
export function integerSchema(
  range: Partial<IntegerRange> = {},
  options: { typeMessage?: string } = {},
) {
  const bounds = { ...PG_INTEGER_RANGE, ...range }
  const message = integerRangeMessage(bounds)
  return z
    .number({ error: options.typeMessage ?? message })
    .int({ error: message })
    .min(bounds.min, { error: message })
    .max(bounds.max, { error: message })
}
