import { describe, expect, it } from 'vitest'
import {
  comparePreviousYear,
  formatChangePercent,
  isImplausible,
  yearOnYearChange,
  type PlausibilityLine,
} from './plausibility'

const line = (tariffComponent: string, amount: string | null): PlausibilityLine => ({
  tariffComponent,
  amountTransactionCurrency: amount,
})

describe('yearOnYearChange', () => {
  it.each([
    // [previous, current, expected]
    ['100.00', '150.00', { kind: 'change', percent: 50 }],
    ['100.00', '70.00', { kind: 'change', percent: -30 }],
    ['9190.48', '13785.72', { kind: 'change', percent: 50 }],
    ['3.00', '4.00', { kind: 'change', percent: 33.3 }],
    ['100.00', '100.00', { kind: 'change', percent: 0 }],
    // zero last year
    ['0.00', '0.00', { kind: 'change', percent: 0 }],
    ['0.00', '12.50', { kind: 'fromZero' }],
    ['0', '-12.50', { kind: 'fromZero' }],
    // missing on either side
    [null, '12.50', { kind: 'new' }],
    [undefined, '12.50', { kind: 'new' }],
    ['', null, { kind: 'new' }],
    ['12.50', null, { kind: 'missing' }],
    ['12.50', '', { kind: 'missing' }],
    // negative (credits): by the size of last year's amount
    ['-100.00', '-150.00', { kind: 'change', percent: -50 }],
    ['-100.00', '-50.00', { kind: 'change', percent: 50 }],
    ['-100.00', '100.00', { kind: 'change', percent: 200 }],
    ['-1232.97', '-1232.97', { kind: 'change', percent: 0 }],
  ] as const)('%s → %s', (previous, current, expected) => {
    expect(yearOnYearChange(previous, current)).toEqual(expected)
  })
})

describe('isImplausible', () => {
  it('flags a change beyond the threshold, not one at it', () => {
    expect(isImplausible({ kind: 'change', percent: 30 }, 30)).toBe(false)
    expect(isImplausible({ kind: 'change', percent: -30 }, 30)).toBe(false)
    expect(isImplausible({ kind: 'change', percent: 30.1 }, 30)).toBe(true)
    expect(isImplausible({ kind: 'change', percent: -30.1 }, 30)).toBe(true)
    expect(isImplausible({ kind: 'change', percent: 50 }, 60)).toBe(false)
  })
  it('flags a type gone missing and one from zero, never a new one', () => {
    expect(isImplausible({ kind: 'missing' }, 30)).toBe(true)
    expect(isImplausible({ kind: 'fromZero' }, 30)).toBe(true)
    expect(isImplausible({ kind: 'new' }, 30)).toBe(false)
  })
})

describe('comparePreviousYear', () => {
  const previous = {
    heating: [
      line('HK_BRENN', '5000.00'),
      line('HK_BRENN', '5000.00'),
      line('HK_WART', '400.00'),
      line('HK_CO2_VM', '-1000.00'),
      // advance payments are not costs
      line('HKVOR', '9999.00'),
    ],
    working: [line('NK_HAUSM', '1200.00'), line('NK_MUELL', '600.00')],
  }
  const current = {
    heating: [
      line('HK_BRENN', '7500.00'),
      line('HK_BRENN', '7500.00'),
      line('HK_WART', '440.00'),
      line('HK_CO2_VM', '-1100.00'),
      line('HK_DLP', '299.76'),
    ],
    working: [line('NK_HAUSM', '1200.00')],
  }

  it('sums each cost type, compares it and flags what is beyond ±30 % or missing', () => {
    const report = comparePreviousYear(current, previous)
    expect(report.thresholdPercent).toBe(30)
    expect(
      report.costTypes.map((c) => [c.list, c.tariffComponent, c.previous, c.current, c.change]),
    ).toEqual([
      ['heating', 'HK_BRENN', '10000.00', '15000.00', { kind: 'change', percent: 50 }],
      ['heating', 'HK_CO2_VM', '-1000.00', '-1100.00', { kind: 'change', percent: -10 }],
      ['heating', 'HK_DLP', null, '299.76', { kind: 'new' }],
      ['heating', 'HK_WART', '400.00', '440.00', { kind: 'change', percent: 10 }],
      ['working', 'NK_HAUSM', '1200.00', '1200.00', { kind: 'change', percent: 0 }],
      ['working', 'NK_MUELL', '600.00', null, { kind: 'missing' }],
    ])
    expect(report.warnings.map((w) => w.tariffComponent)).toEqual(['HK_BRENN', 'NK_MUELL'])
  })

  it('sums the heating and the operating costs', () => {
    const report = comparePreviousYear(current, previous)
    // heating: 10,000 + 400 − 1,000 = 9,400 → 15,000 + 440 − 1,100 + 299.76 = 14,639.76 (+55.7 %)
    // operating: 1,800 → 1,200 (−33.3 %)
    expect(report.lists).toEqual([
      {
        list: 'heating',
        previous: '9400.00',
        current: '14639.76',
        change: { kind: 'change', percent: 55.7 },
      },
      {
        list: 'working',
        previous: '1800.00',
        current: '1200.00',
        change: { kind: 'change', percent: -33.3 },
      },
    ])
  })

  it('takes the threshold of the customer configuration', () => {
    expect(
      comparePreviousYear(current, previous, 60).warnings.map((w) => w.tariffComponent),
    ).toEqual(['NK_MUELL'])
  })

  it('flags nothing without a previous year', () => {
    const report = comparePreviousYear(current, null)
    expect(report.warnings).toEqual([])
    expect(report.costTypes.every((c) => c.change.kind === 'new')).toBe(true)
    expect(report.lists.map((l) => l.change)).toEqual([{ kind: 'new' }, { kind: 'new' }])
  })
})

describe('formatChangePercent', () => {
  it('writes the sign, one decimal and the German percent sign', () => {
    expect(formatChangePercent(50)).toBe('+50,0\u00a0%')
    expect(formatChangePercent(-33.3)).toBe('-33,3\u00a0%')
    expect(formatChangePercent(0)).toBe('0,0\u00a0%')
    expect(formatChangePercent(1234.5)).toBe('+1.234,5\u00a0%')
  })
})
