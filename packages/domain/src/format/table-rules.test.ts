import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { germanText, isoDate } from '../testing/arbitraries'
import {
  ALL_ROWS,
  clampPage,
  compareTableValues,
  hasOwnTableOrder,
  isEmptyTableValue,
  matchesTableSearch,
  pageCount,
} from './table-rules'

describe('pageCount', () => {
  it('counts whole pages, at least one', () => {
    expect(pageCount(0, 10)).toBe(1)
    expect(pageCount(10, 10)).toBe(1)
    expect(pageCount(11, 10)).toBe(2)
    expect(pageCount(12, 5)).toBe(3)
  })

  it('has one page when every row is shown', () => {
    expect(pageCount(250, ALL_ROWS)).toBe(1)
  })
})

describe('clampPage', () => {
  it('keeps a page between 1 and the page count', () => {
    expect(clampPage(0, 25, 10)).toBe(1)
    expect(clampPage(-3, 25, 10)).toBe(1)
    expect(clampPage(2, 25, 10)).toBe(2)
    expect(clampPage(9, 25, 10)).toBe(3)
    expect(clampPage(4, 0, 10)).toBe(1)
    expect(clampPage(3, 25, ALL_ROWS)).toBe(1)
  })

  it('reads a broken page as the first and a fraction as its whole page', () => {
    expect(clampPage(Number.NaN, 25, 10)).toBe(1)
    expect(clampPage(2.7, 25, 10)).toBe(2)
  })

  it('always lies in [1, pageCount]', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -5, max: 50 }),
        fc.integer({ min: 0, max: 300 }),
        fc.constantFrom(1, 3, 10, 25, 100, ALL_ROWS),
        (page, total, size) => {
          const clamped = clampPage(page, total, size)
          expect(clamped).toBeGreaterThanOrEqual(1)
          expect(clamped).toBeLessThanOrEqual(pageCount(total, size))
          expect(Number.isInteger(clamped)).toBe(true)
        },
      ),
    )
  })
})

describe('compareTableValues', () => {
  it('puts empty values last', () => {
    expect(compareTableValues(null, 'a')).toBeGreaterThan(0)
    expect(compareTableValues('', 1)).toBeGreaterThan(0)
    expect(compareTableValues('a', '  ')).toBeLessThan(0)
    expect(compareTableValues(undefined, null)).toBe(0)
    expect(compareTableValues(new Date(Number.NaN), new Date(0))).toBeGreaterThan(0)
  })

  it('compares numbers numerically and ISO dates chronologically', () => {
    expect(compareTableValues(9, 10)).toBeLessThan(0)
    expect(compareTableValues('2023-12-31', '2024-01-01')).toBeLessThan(0)
    expect(compareTableValues('2024-01-01T00:30:00+01:00', '2023-12-31T23:45:00Z')).toBeLessThan(0)
    expect(compareTableValues(new Date('2024-01-02'), new Date('2024-01-01'))).toBeGreaterThan(0)
  })

  it('sorts text by German collation, reading runs of digits as numbers', () => {
    expect(['Zeller', 'Ärztehaus', 'Bahnhof', 'apfel'].sort(compareTableValues)).toEqual([
      'apfel',
      'Ärztehaus',
      'Bahnhof',
      'Zeller',
    ])
    expect(['NE-10', 'NE-2', 'NE-1'].sort(compareTableValues)).toEqual(['NE-1', 'NE-2', 'NE-10'])
  })

  it('orders any mix of values totally: antisymmetric and transitive', () => {
    const value = fc.oneof(germanText, fc.integer({ min: -50, max: 50 }), isoDate(2020, 2026))
    fc.assert(
      fc.property(value, value, (a, b) => {
        expect(compareTableValues(a, b)).toBe(-compareTableValues(b, a) || 0)
      }),
    )
    fc.assert(
      fc.property(fc.array(value, { maxLength: 12 }), (values) => {
        const sorted = [...values].sort(compareTableValues)
        for (let i = 1; i < sorted.length; i++) {
          for (let j = 0; j < i; j++) {
            expect(compareTableValues(sorted[j], sorted[i])).toBeLessThanOrEqual(0)
          }
        }
      }),
    )
  })
})

describe('isEmptyTableValue and hasOwnTableOrder', () => {
  it('knows what a row has nothing for', () => {
    for (const empty of [null, undefined, '', '  ', Number.NaN, new Date(Number.NaN)]) {
      expect(isEmptyTableValue(empty)).toBe(true)
    }
    for (const value of [0, 'a', '2024-01-01', false]) expect(isEmptyTableValue(value)).toBe(false)
  })

  it('keeps numbers and dates in their own order, not text or a yes/no', () => {
    for (const value of [0, 12.5, 3n, new Date(0), '2024-01-01', ' 2024-01-01T10:00:00Z']) {
      expect(hasOwnTableOrder(value)).toBe(true)
    }
    for (const value of ['12', 'NE-1', true, null, '']) expect(hasOwnTableOrder(value)).toBe(false)
  })
})

describe('matchesTableSearch', () => {
  it('finds a substring regardless of case, umlauts included', () => {
    expect(matchesTableSearch('Öztürk, Ayşe', 'ÖZT')).toBe(true)
    expect(matchesTableSearch('Straße 5', 'STRASSE')).toBe(false)
    expect(matchesTableSearch('Müller', 'üll')).toBe(true)
    expect(matchesTableSearch('Müller', 'Meier')).toBe(false)
  })

  it('ignores blanks around the search and keeps every row for an empty one', () => {
    expect(matchesTableSearch('Mainz', '  main ')).toBe(true)
    expect(matchesTableSearch('', '')).toBe(true)
    expect(matchesTableSearch('Mainz', '   ')).toBe(true)
  })
})
