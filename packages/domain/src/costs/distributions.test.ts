import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  isoDate,
  isPairwiseOrdered,
  isPermutationOf,
  optionalIsoDate,
} from '../testing/arbitraries'
import { compareEndDatesDescending } from '../format/date'
import {
  canChangeDistributionStatus,
  previousDistributionOf,
  isDueForAutoApproval,
  isOpenForEntry,
  selectDistributions,
} from './distributions'

describe('selectDistributions', () => {
  it('keeps distributions ending later than three years ago, latest end first', () => {
    const list = [
      { id: 'on-cutoff', until: '2022-03-15' },
      { id: 'day-after', until: '2022-03-16' },
      { id: 'running', until: null },
      { id: 'last-year', until: '2024-12-31' },
      { id: 'old', until: '2019-12-31' },
    ]
    expect(selectDistributions(list, '2025-03-15').map((d) => d.id)).toEqual([
      'running',
      'last-year',
      'day-after',
    ])
    expect(list).toHaveLength(5)
  })

  it('keeps exactly those with an end after the same day three years before, sorted', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ until: optionalIsoDate(2015, 2035) }), { maxLength: 30 }),
        isoDate(2020, 2030),
        (list, today) => {
          const cutoff = `${Number(today.slice(0, 4)) - 3}${today.slice(4)}`
          const result = selectDistributions(list, today)
          const expected = list.filter((d) => d.until == null || d.until > cutoff)
          expect(isPermutationOf(result, expected)).toBe(true)
          expect(
            isPairwiseOrdered(result, (a, b) => compareEndDatesDescending(a.until, b.until)),
          ).toBe(true)
        },
      ),
    )
  })
})

describe('distribution status', () => {
  it('allows cost entry only while open', () => {
    expect(isOpenForEntry('O')).toBe(true)
    for (const status of ['E', 'V', 'F', 'G', 'S', null]) expect(isOpenForEntry(status)).toBe(false)
  })

  it('follows the workflow and never leaves an approved or cancelled distribution', () => {
    expect(canChangeDistributionStatus('O', 'E')).toBe(true)
    expect(canChangeDistributionStatus('F', 'G')).toBe(true)
    expect(canChangeDistributionStatus('E', 'O')).toBe(false)
    expect(canChangeDistributionStatus('O', 'G')).toBe(false)
    expect(canChangeDistributionStatus('G', 'S')).toBe(false)
    expect(canChangeDistributionStatus('S', 'O')).toBe(false)
  })

  it('approves automatically one year after release', () => {
    expect(isDueForAutoApproval('2024-03-15', '2025-03-15')).toBe(true)
    expect(isDueForAutoApproval('2024-03-16', '2025-03-15')).toBe(false)
  })
})

describe('previousDistributionOf', () => {
  const d = (id: string, from: string, until: string) => ({ id, from, until })
  const list = [
    d('2025', '2025-01-01', '2025-12-31'),
    d('2023', '2023-01-01', '2023-12-31'),
    d('2024', '2024-01-01', '2024-12-31'),
    // a heating period across the turn of the year
    d('2024/25', '2024-07-01', '2025-06-30'),
  ]
  it('is the one that ended last before this one began', () => {
    expect(previousDistributionOf(list, list[0]!)?.id).toBe('2024')
    expect(previousDistributionOf(list, list[2]!)?.id).toBe('2023')
    expect(previousDistributionOf(list, d('2025/26', '2025-07-01', '2026-06-30'))?.id).toBe(
      '2024/25',
    )
  })
  it('is none for the first', () => {
    expect(previousDistributionOf(list, list[1]!)).toBeUndefined()
    expect(previousDistributionOf([], list[0]!)).toBeUndefined()
  })
})
