import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  decimalViolation,
  DATE_DOES_NOT_EXIST_MESSAGE,
  INVALID_DATE_MESSAGE,
  INVALID_TIMESTAMP_MESSAGE,
  IsoDateSchema,
  PG_INTEGER_RANGE,
  SAFE_INTEGER_RANGE,
  TimestampSchema,
  calendarDateViolation,
  integerRangeMessage,
  integerSchema,
  isCalendarDate,
  isDecimalText,
  isIntegerInRange,
  isTimestamp,
  toIntegerInRange,
} from './values'

const pad = (value: number, length: number) => String(value).padStart(length, '0')

/** Whether JavaScript's proleptic Gregorian calendar has this day (independent of our rule). */
function existsInCalendar(year: number, month: number, day: number): boolean {
  const date = new Date(0)
  date.setUTCFullYear(year, month - 1, day)
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  )
}

describe('isCalendarDate', () => {
  it.each(['2024-02-29', '2000-02-29', '2023-12-31', '0001-01-01', '9999-12-31'])(
    'accepts %j, a day that exists (29 February in leap years only)',
    (value) => {
      expect(isCalendarDate(value)).toBe(true)
    },
  )

  it.each([
    '2024-02-30',
    '2023-02-29',
    '1900-02-29',
    '2024-04-31',
    '2024-13-45',
    '2024-99-99',
    '2024-00-10',
    '2024-01-00',
    '0000-01-01',
    '24-01-01',
    '2024-1-1',
    '01.02.2024',
    '2024-01-01T00:00',
    ' 2024-01-01',
    '',
    '２０２４-01-01',
  ])('refuses %j: an impossible day or month, year 0 or another form', (value) => {
    expect(isCalendarDate(value)).toBe(false)
  })

  it('agrees with the calendar for every year, month and day (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9999 }),
        fc.integer({ min: 0, max: 99 }),
        fc.integer({ min: 0, max: 99 }),
        (year, month, day) => {
          const text = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`
          const expected = year >= 1 && month >= 1 && existsInCalendar(year, month, day)
          expect(isCalendarDate(text)).toBe(expected)
          expect(IsoDateSchema.safeParse(text).success).toBe(expected)
          expect(isTimestamp(text)).toBe(expected)
        },
      ),
      { numRuns: 2000 },
    )
  })
})

describe('calendarDateViolation and IsoDateSchema', () => {
  it('tells a wrong form from a day that does not exist', () => {
    expect(calendarDateViolation('2024-02-29')).toBeNull()
    expect(calendarDateViolation('2024-02-30')).toBe(DATE_DOES_NOT_EXIST_MESSAGE)
    expect(calendarDateViolation('2024-13-45')).toBe(DATE_DOES_NOT_EXIST_MESSAGE)
    expect(calendarDateViolation('30.02.2024')).toBe(INVALID_DATE_MESSAGE)
  })

  it('answers one issue with the German message, also for a value of the wrong type', () => {
    const issues = (value: unknown) => IsoDateSchema.safeParse(value).error?.issues ?? []
    expect(issues('2024-02-30').map((issue) => issue.message)).toEqual([
      DATE_DOES_NOT_EXIST_MESSAGE,
    ])
    expect(issues('morgen').map((issue) => issue.message)).toEqual([INVALID_DATE_MESSAGE])
    expect(issues(20240101).map((issue) => issue.message)).toEqual([INVALID_DATE_MESSAGE])
    expect(IsoDateSchema.parse('2024-02-29')).toBe('2024-02-29')
  })
})

describe('isTimestamp', () => {
  it.each([
    '2024-02-29',
    '2024-02-29T23:59',
    '2024-02-29 23:59:59',
    '2024-02-29T23:59:59.123456',
    '2024-02-29T00:00:00Z',
    '2024-02-29T00:00:00.5+01:00',
    '2024-02-29T00:00-0530',
    '2024-02-29T00:00:00+14',
  ])('accepts %j: a date, a time with T or a blank, fractions, Z and offsets', (value) => {
    expect(isTimestamp(value)).toBe(true)
  })

  it.each([
    '2024-99-99',
    '2024-02-30T10:00',
    '2024-01-01T24:00',
    '2024-01-01T23:60',
    '2024-01-01T23:59:60',
    '2024-01-01T10:00+16:00',
    '2024-01-01T10:00+01:60',
    '2024-01-01T10',
    '2024-01-01Z',
    '2024-01-01T10:00:00.',
    '2024-01-01T10:00:00.1234567890',
    'now',
    '',
  ])('refuses %j: an impossible date, time or offset', (value) => {
    expect(isTimestamp(value)).toBe(false)
  })

  it('answers the German message for an impossible timestamp', () => {
    expect(TimestampSchema.safeParse('2024-99-99').error?.issues[0]?.message).toBe(
      INVALID_TIMESTAMP_MESSAGE,
    )
  })

  it('accepts exactly the times of a valid day (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 99 }),
        fc.integer({ min: 0, max: 99 }),
        fc.integer({ min: 0, max: 99 }),
        fc.constantFrom('', 'Z', '+01:00', '-14:00', '+15:59', '+16:00', '-00:60'),
        (hour, minute, second, zone) => {
          const text = `2024-02-29T${pad(hour, 2)}:${pad(minute, 2)}:${pad(second, 2)}${zone}`
          const zoneValid = !['+16:00', '-00:60'].includes(zone)
          expect(isTimestamp(text)).toBe(hour <= 23 && minute <= 59 && second <= 59 && zoneValid)
        },
      ),
    )
  })
})

describe('integer ranges', () => {
  it('knows the range of a PostgreSQL integer and of safe integers', () => {
    expect(isIntegerInRange(2_147_483_647)).toBe(true)
    expect(isIntegerInRange(-2_147_483_648)).toBe(true)
    expect(isIntegerInRange(2_147_483_648)).toBe(false)
    expect(isIntegerInRange(-2_147_483_649)).toBe(false)
    expect(isIntegerInRange(1.5)).toBe(false)
    expect(isIntegerInRange(Number.NaN)).toBe(false)
    expect(isIntegerInRange(Number.POSITIVE_INFINITY, SAFE_INTEGER_RANGE)).toBe(false)
    expect(isIntegerInRange(99_999_999_999, SAFE_INTEGER_RANGE)).toBe(true)
    expect(isIntegerInRange(2 ** 53, SAFE_INTEGER_RANGE)).toBe(false)
  })

  it('reads whole numbers from numbers and digit texts only', () => {
    expect(toIntegerInRange('42')).toBe(42)
    expect(toIntegerInRange('-7')).toBe(-7)
    expect(toIntegerInRange(3)).toBe(3)
    for (const value of ['12345678901', '1.5', '1e3', '', ' 1', '0x10', 1.5, null, true, {}]) {
      expect(toIntegerInRange(value), JSON.stringify(value)).toBeNull()
    }
    expect(toIntegerInRange('12345678901', SAFE_INTEGER_RANGE)).toBe(12_345_678_901)
  })

  it('takes back every whole number of the range from its text, and nothing beyond (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 40), max: 2 ** 40 }), (value) => {
        const inside = value >= PG_INTEGER_RANGE.min && value <= PG_INTEGER_RANGE.max
        expect(toIntegerInRange(String(value))).toBe(inside ? value : null)
        expect(toIntegerInRange(value)).toBe(inside ? value : null)
        expect(integerSchema().safeParse(value).success).toBe(inside)
      }),
    )
  })

  it('answers the range in German for every failure of integerSchema', () => {
    const schema = integerSchema({ min: 1 })
    const message = integerRangeMessage({ min: 1, max: PG_INTEGER_RANGE.max })
    expect(message).toBe('Bitte eine ganze Zahl von 1 bis 2.147.483.647 angeben.')
    for (const value of [0, 1.5, 2 ** 31, 1e300, '3', null]) {
      expect(schema.safeParse(value).error?.issues[0]?.message, String(value)).toBe(message)
    }
    expect(
      integerSchema({}, { typeMessage: 'fehlt' }).safeParse(undefined).error?.issues[0]?.message,
    ).toBe('fehlt')
    expect(schema.parse(2_147_483_647)).toBe(2_147_483_647)
  })
})

describe('isDecimalText', () => {
  it('checks the digits before and after the point', () => {
    const digits = { integerDigits: 13, fractionDigits: 2 }
    expect(isDecimalText('-1234567890123.45', digits)).toBe(true)
    expect(isDecimalText('12345678901234', digits)).toBe(false)
    expect(isDecimalText('1.234', digits)).toBe(false)
    for (const value of ['1e5', '1,5', '', '.5', '5.', 'NaN']) {
      expect(isDecimalText(value, digits), value).toBe(false)
    }
  })
})

describe('the decimal rule', () => {
  const AMOUNT = { integerDigits: 13, fractionDigits: 2 }
  const options = { formatMessage: 'Das Format ist ungültig.' }
  it('names too many decimals and too many digits before the comma, apart from the form', () => {
    expect(decimalViolation('12.345', AMOUNT, options)).toBe('Höchstens 2 Nachkommastellen.')
    expect(decimalViolation('-0.001', AMOUNT, options)).toBe('Höchstens 2 Nachkommastellen.')
    expect(decimalViolation('1.25', { integerDigits: 3, fractionDigits: 1 }, options)).toBe(
      'Höchstens 1 Nachkommastelle.',
    )
    expect(decimalViolation('12345678901234', AMOUNT, options)).toBe(
      'Höchstens 13 Stellen vor dem Komma.',
    )
    expect(decimalViolation('1234567890123.45', AMOUNT, options)).toBeNull()
    expect(decimalViolation('12,3', AMOUNT, options)).toBe('Das Format ist ungültig.')
    expect(decimalViolation('1e3', AMOUNT, options)).toBe('Das Format ist ungültig.')
  })

  it('refuses a negative value, and zero where the value must be positive', () => {
    const positive = { ...options, sign: 'positive' as const }
    const nonNegative = { ...options, sign: 'nonNegative' as const }
    expect(decimalViolation('-5', AMOUNT, positive)).toBe('Der Wert muss größer als 0 sein.')
    expect(decimalViolation('0.00', AMOUNT, positive)).toBe('Der Wert muss größer als 0 sein.')
    expect(decimalViolation('0.01', AMOUNT, positive)).toBeNull()
    expect(decimalViolation('-5', AMOUNT, nonNegative)).toBe('Der Wert darf nicht negativ sein.')
    expect(decimalViolation('0', AMOUNT, nonNegative)).toBeNull()
    expect(decimalViolation('-5', AMOUNT, options)).toBeNull()
  })
})
