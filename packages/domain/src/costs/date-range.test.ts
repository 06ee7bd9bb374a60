import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isPairwiseOrdered, isPermutationOf, optionalIsoDate } from '../testing/arbitraries'
import { compareStartDatesDescending } from '../format/date'
import { selectFromYear } from './date-range'

describe('selectFromYear', () => {
  it('keeps records ending after 1 January of the year, newest start first', () => {
    const records = [
      { id: 'ends-new-year', from: '2023-01-01', until: '2024-01-01' },
      { id: 'ends-next-day', from: '2023-01-01', until: '2024-01-02' },
      { id: 'running', from: '2024-07-01', until: null },
      { id: 'no-start', from: null, until: '2025-01-01' },
      { id: 'old', from: '2020-01-01', until: '2021-12-31' },
    ]
    expect(selectFromYear(records, 2024).map((r) => r.id)).toEqual([
      'running',
      'ends-next-day',
      'no-start',
    ])
  })

  it('keeps exactly the records ending after the cut-off, sorted by start', () => {
    const record = fc.record({
      from: optionalIsoDate(2015, 2030),
      until: optionalIsoDate(2015, 2030),
    })
    fc.assert(
      fc.property(
        fc.array(record, { maxLength: 30 }),
        fc.integer({ min: 2015, max: 2030 }),
        (list, year) => {
          const result = selectFromYear(list, year)
          const expected = list.filter((r) => r.until == null || r.until > `${year}-01-01`)
          expect(isPermutationOf(result, expected)).toBe(true)
          expect(
            isPairwiseOrdered(result, (a, b) => compareStartDatesDescending(a.from, b.from)),
          ).toBe(true)
        },
      ),
    )
  })
})
