import fc from 'fast-check'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { isoDate } from '../testing/arbitraries'
import {
  addYears,
  compareEndDatesDescending,
  compareStartDatesDescending,
  endsAfter,
  formatDate,
  formatShortDate,
  startOfBerlinDay,
  startOfYear,
  toCalendarDate,
  toCalendarDateOrThrow,
  toIsoDate,
} from './date'

describe('formatDate', () => {
  it('shows an ISO calendar date as DD.MM.YYYY', () => {
    expect(formatDate('2024-02-01')).toBe('01.02.2024')
    expect(formatDate('2024-12-31')).toBe('31.12.2024')
  })

  it('keeps the day of a wall-clock time without offset', () => {
    expect(formatDate('2024-02-01T00:00:00')).toBe('01.02.2024')
    expect(formatDate('2024-02-01 23:59:59.999')).toBe('01.02.2024')
  })

  it('shows instants on their day in Europe/Berlin, winter and summer', () => {
    expect(formatDate('2024-01-31T23:30:00Z')).toBe('01.02.2024')
    expect(formatDate('2024-06-30T22:30:00Z')).toBe('01.07.2024')
    expect(formatDate('2024-06-30T21:30:00Z')).toBe('30.06.2024')
    expect(formatDate(new Date('2024-12-31T23:00:00Z'))).toBe('01.01.2025')
    expect(formatDate('2024-02-01T00:30:00+05:00')).toBe('31.01.2024')
  })

  it('gives an empty text for missing or invalid values', () => {
    for (const value of [null, undefined, '', 'abc', '2024-02-30', '2023-02-29', '2024-13-01']) {
      expect(formatDate(value)).toBe('')
    }
    expect(formatDate(new Date(Number.NaN))).toBe('')
  })

  it('never shifts a calendar date', () => {
    fc.assert(
      fc.property(isoDate(1000, 9999), (iso) => {
        const [year, month, day] = iso.split('-')
        expect(formatDate(iso)).toBe(`${day}.${month}.${year}`)
      }),
    )
  })
})

describe('formatShortDate', () => {
  it('has a numeric day, 2-digit month and 2-digit year', () => {
    expect(formatShortDate('2024-02-01')).toBe('1.02.24')
    expect(formatShortDate('2009-11-30')).toBe('30.11.09')
    expect(formatShortDate(null)).toBe('')
  })
})

describe('toIsoDate', () => {
  it('gives the calendar date in Europe/Berlin', () => {
    expect(toIsoDate(new Date('2024-03-30T23:30:00Z'))).toBe('2024-03-31')
    expect(toIsoDate(new Date('2024-10-26T22:30:00Z'))).toBe('2024-10-27')
    expect(toIsoDate(new Date('2024-10-27T22:59:59Z'))).toBe('2024-10-27')
    expect(toIsoDate(new Date('2024-10-27T23:00:00Z'))).toBe('2024-10-28')
  })

  it('rejects an invalid Date', () => {
    expect(() => toIsoDate(new Date(Number.NaN))).toThrow(RangeError)
  })

  it('gives the day of each instant when asked in turn within one hour and across midnight', () => {
    const berlin = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin' })
    const hour = 3_600_000
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1850-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        fc.array(fc.integer({ min: -2 * hour, max: 2 * hour }), { minLength: 1, maxLength: 8 }),
        (date, steps) => {
          for (const step of [0, ...steps]) {
            const instant = new Date(date.getTime() + step)
            expect(toIsoDate(instant)).toBe(berlin.format(instant))
          }
        },
      ),
    )
    // the last millisecond of a day and the first of the next, in winter, in summer, in 1890
    for (const [before, after] of [
      ['2026-12-03T22:59:59.999Z', '2026-12-03T23:00:00.000Z'],
      ['2026-07-01T21:59:59.999Z', '2026-07-01T22:00:00.000Z'],
      ['1890-06-01T23:06:31.999Z', '1890-06-01T23:06:32.000Z'],
    ] as const) {
      expect(toIsoDate(new Date(before))).toBe(berlin.format(new Date(before)))
      expect(toIsoDate(new Date(after))).toBe(berlin.format(new Date(after)))
      expect(toIsoDate(new Date(after))).not.toBe(toIsoDate(new Date(before)))
    }
  })

  it('agrees with formatDate for every instant', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1990-01-01'), max: new Date('2060-01-01'), noInvalidDate: true }),
        (date) => {
          const [year, month, day] = toIsoDate(date).split('-')
          expect(formatDate(date)).toBe(`${day}.${month}.${year}`)
        },
      ),
    )
  })
})

describe('independence of the machine time zone', () => {
  const original = process.env.TZ
  afterEach(() => {
    process.env.TZ = original
    vi.resetModules()
  })

  it.each(['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'UTC'])(
    'gives the same days in %s',
    async (zone) => {
      process.env.TZ = zone
      vi.resetModules()
      const fresh = await import('./date')
      expect(fresh.formatDate('2024-02-01')).toBe('01.02.2024')
      expect(fresh.formatDate(new Date('2024-01-31T23:30:00Z'))).toBe('01.02.2024')
      expect(fresh.toIsoDate(new Date('2024-06-30T22:30:00Z'))).toBe('2024-07-01')
      expect(fresh.formatShortDate('2024-02-01')).toBe('1.02.24')
    },
  )
})

describe('toCalendarDate', () => {
  it('normalizes dates, local times and instants to YYYY-MM-DD', () => {
    expect(toCalendarDate(' 2024-02-01 ')).toBe('2024-02-01')
    expect(toCalendarDate('2024-02-01T12:00')).toBe('2024-02-01')
    expect(toCalendarDate('2024-02-01T23:30:00.000Z')).toBe('2024-02-02')
    expect(toCalendarDate('2024-02-01T23:30:00+0100')).toBe('2024-02-01')
    expect(toCalendarDate('01.02.2024')).toBeNull()
    expect(toCalendarDate(undefined)).toBeNull()
  })

  it('is idempotent', () => {
    fc.assert(
      fc.property(isoDate(), (iso) => {
        expect(toCalendarDate(toCalendarDate(iso))).toBe(iso)
      }),
    )
  })

  it('throws for a required date that is missing', () => {
    expect(toCalendarDateOrThrow('2024-05-06')).toBe('2024-05-06')
    expect(() => toCalendarDateOrThrow('morgen')).toThrow(RangeError)
  })
})

describe('addYears and startOfYear', () => {
  it('moves by whole years and clamps 29 February', () => {
    expect(addYears('2023-05-10', -3)).toBe('2020-05-10')
    expect(addYears('2024-02-29', 1)).toBe('2025-02-28')
    expect(addYears('2024-02-29', -4)).toBe('2020-02-29')
    expect(() => addYears('2024-02-30', 1)).toThrow(RangeError)
  })

  it('is reversible on days up to the 28th', () => {
    fc.assert(
      fc.property(isoDate(), fc.integer({ min: -50, max: 50 }), (iso, years) => {
        expect(addYears(addYears(iso, years), -years)).toBe(iso)
        expect(Number(addYears(iso, years).slice(0, 4))).toBe(Number(iso.slice(0, 4)) + years)
      }),
    )
  })

  it('gives 1 January of a date or a year', () => {
    expect(startOfYear('2024-07-15')).toBe('2024-01-01')
    expect(startOfYear(2021)).toBe('2021-01-01')
    expect(() => startOfYear('x')).toThrow(RangeError)
    expect(() => startOfYear(2021.5)).toThrow(RangeError)
  })
})

describe('endsAfter', () => {
  it('treats a missing end as open-ended and an unreadable one as ended', () => {
    expect(endsAfter(null, '2024-01-01')).toBe(true)
    expect(endsAfter(undefined, '2024-01-01')).toBe(true)
    expect(endsAfter('', '2024-01-01')).toBe(true)
    expect(endsAfter('unbekannt', '2024-01-01')).toBe(false)
  })

  it('is strict: an end on the cut-off day does not count', () => {
    expect(endsAfter('2024-01-01', '2024-01-01')).toBe(false)
    expect(endsAfter('2024-01-02', '2024-01-01')).toBe(true)
    expect(endsAfter('2023-12-31T23:30:00Z', '2024-01-01')).toBe(false)
    expect(endsAfter('2024-01-01T23:30:00Z', '2024-01-01')).toBe(true)
  })
})

describe('date sort orders', () => {
  it('puts open ends first and missing starts last', () => {
    const ends = ['2021-01-01', null, '2023-01-01'].sort(compareEndDatesDescending)
    expect(ends).toEqual([null, '2023-01-01', '2021-01-01'])
    const starts = [null, '2021-01-01', '2023-01-01'].sort(compareStartDatesDescending)
    expect(starts).toEqual(['2023-01-01', '2021-01-01', null])
  })
})

describe('startOfBerlinDay', () => {
  it('is 23:00 UTC of the day before in winter and 22:00 in summer', () => {
    expect(startOfBerlinDay('2026-12-03')).toBe('2026-12-02T23:00:00.000Z')
    expect(startOfBerlinDay('2026-07-01')).toBe('2026-06-30T22:00:00.000Z')
  })

  it('follows the clock change on the days it happens and the days around them', () => {
    // summer time from 29 March 2026, 02:00; winter time from 25 October 2026, 03:00
    expect(startOfBerlinDay('2026-03-28')).toBe('2026-03-27T23:00:00.000Z')
    expect(startOfBerlinDay('2026-03-29')).toBe('2026-03-28T23:00:00.000Z')
    expect(startOfBerlinDay('2026-03-30')).toBe('2026-03-29T22:00:00.000Z')
    expect(startOfBerlinDay('2026-10-25')).toBe('2026-10-24T22:00:00.000Z')
    expect(startOfBerlinDay('2026-10-26')).toBe('2026-10-25T23:00:00.000Z')
  })

  it('is an instant of that very day in Berlin, and a millisecond earlier is the day before', () => {
    fc.assert(
      fc.property(isoDate(), (day) => {
        const start = new Date(startOfBerlinDay(day))
        expect(toIsoDate(start)).toBe(day)
        expect(toIsoDate(new Date(start.getTime() - 1))).not.toBe(day)
      }),
    )
  })

  it('refuses what is not a calendar date', () => {
    expect(() => startOfBerlinDay('2026-02-30')).toThrow(RangeError)
  })
})
