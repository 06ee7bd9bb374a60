import { describe, expect, it } from 'vitest'
import { periodsOverlap, sameCostTypeLines, secondLineQuestion } from './second-line'

const year = { from: '2025-01-01', until: '2025-12-31' }

describe('periodsOverlap', () => {
  it('counts both days: a period ending the day the other begins overlaps it', () => {
    expect(periodsOverlap(year, { from: '2025-12-31', until: '2026-03-31' })).toBe(true)
    expect(periodsOverlap({ from: '2025-01-01', until: '2025-06-30' }, year)).toBe(true)
  })

  it('halves of a year that meet without a common day do not overlap', () => {
    const first = { from: '2025-01-01', until: '2025-06-30' }
    const second = { from: '2025-07-01', until: '2025-12-31' }
    expect(periodsOverlap(first, second)).toBe(false)
    expect(periodsOverlap(second, first)).toBe(false)
  })

  it('leaves a side without a day open', () => {
    expect(periodsOverlap({ from: null, until: null }, year)).toBe(true)
    expect(periodsOverlap({ from: '2026-01-01', until: null }, year)).toBe(false)
    expect(periodsOverlap({ from: null, until: '2024-12-31' }, year)).toBe(false)
  })
})

describe('sameCostTypeLines', () => {
  const fuel = {
    guid: 'a',
    tariffComponent: 'HK_BRENNSTOFF',
    ...year,
    amountTransactionCurrency: '100.00',
  }
  const lines = [
    fuel,
    { guid: 'b', tariffComponent: 'HK_WARTUNG', ...year },
    { guid: 'c', tariffComponent: 'HK_BRENNSTOFF', from: '2024-01-01', until: '2024-12-31' },
  ]

  it('finds the line of the same cost type with an overlapping period, whatever its key', () => {
    expect(sameCostTypeLines(lines, { tariffComponent: 'HK_BRENNSTOFF', ...year })).toEqual([fuel])
    expect(
      sameCostTypeLines(lines, {
        tariffComponent: 'HK_BRENNSTOFF',
        from: '2025-07-01',
        until: '2025-07-31',
      }),
    ).toEqual([fuel])
  })

  it('finds none for another cost type, a period without a common day, or the edited line itself', () => {
    expect(sameCostTypeLines(lines, { tariffComponent: 'HK_STROM', ...year })).toEqual([])
    expect(
      sameCostTypeLines(lines, {
        tariffComponent: 'HK_BRENNSTOFF',
        from: '2026-01-01',
        until: '2026-12-31',
      }),
    ).toEqual([])
    expect(sameCostTypeLines(lines, { ...fuel })).toEqual([])
  })

  it('asks in German with what is recorded already', () => {
    expect(secondLineQuestion('HK_BRENNSTOFF', [fuel, fuel])).toBe(
      'Für die Kostenart HK_BRENNSTOFF ist in diesem Zeitraum bereits 200,00\u00a0€ erfasst. Eine zweite Zeile wird nur nach Bestätigung angelegt.',
    )
  })
})
