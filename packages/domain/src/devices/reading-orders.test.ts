import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isoDate } from '../testing/arbitraries'
import { readingReasonOf, selectReadingOrders } from './reading-orders'

const order = (readingDate: string | null, ...reasons: string[]) => ({
  readingDate,
  readingOrderReadingReason: reasons.map((readingReason) => ({ readingReason })),
})

describe('readingReasonOf', () => {
  it('takes the first considered reason', () => {
    expect(readingReasonOf(order('2024-01-01', 'XX', 'NW', 'AB'))).toBe('NW')
    expect(readingReasonOf(order('2024-01-01', 'XX'))).toBeUndefined()
    expect(readingReasonOf({ readingDate: '2024-01-01' })).toBeUndefined()
    expect(readingReasonOf(order('2024-01-01', 'toString'))).toBeUndefined()
  })
})

describe('selectReadingOrders', () => {
  it('keeps orders read after 1 January three years ago with a considered reason', () => {
    const orders = [
      order('2022-01-01', 'AB'),
      order('2022-01-02', 'AB'),
      order('2025-05-01', 'EB'),
      order('2025-05-01', 'XX'),
      order(null, 'ZO'),
    ]
    const result = selectReadingOrders(orders, '2025-06-10')
    expect(result.map((o) => [o.readingDate, o.readingReason])).toEqual([
      ['2022-01-02', 'AB'],
      ['2025-05-01', 'EB'],
    ])
    expect(orders[1]).not.toHaveProperty('readingReason')
  })

  it('agrees with the cut-off and the reason list for any order', () => {
    const reason = fc.constantFrom('AB', 'EB', 'NW', 'ZM', 'ZO', 'XX', 'AUS')
    fc.assert(
      fc.property(
        isoDate(2015, 2035),
        fc.array(reason, { maxLength: 3 }),
        isoDate(2018, 2032),
        (date, reasons, today) => {
          const cutoff = `${Number(today.slice(0, 4)) - 3}-01-01`
          const considered = reasons.some((r) => ['AB', 'EB', 'NW', 'ZM', 'ZO'].includes(r))
          expect(selectReadingOrders([order(date, ...reasons)], today)).toHaveLength(
            date > cutoff && considered ? 1 : 0,
          )
        },
      ),
    )
  })
})
