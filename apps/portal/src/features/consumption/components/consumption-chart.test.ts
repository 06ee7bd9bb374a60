import { scaleLinear } from '@visx/scale'
import { describe, expect, it } from 'vitest'
import { valueTicks } from './consumption-chart'

/** The labels of the value axis for values up to `highest`, as the chart scales them. */
const labels = (highest: number) =>
  valueTicks(scaleLinear({ domain: [0, highest], range: [200, 0], nice: 5 }).ticks(5)).map(
    (t) => t.label,
  )

describe('valueTicks', () => {
  it('gives cubic metres of hot water decimals instead of repeated rounded ticks', () => {
    // 2.3 m³ at most: not '0, 1, 1, 2, 2'
    expect(labels(2.3)).toEqual(['0,0', '0,5', '1,0', '1,5', '2,0', '2,5'])
    expect(labels(0.34)).toEqual(['0,00', '0,05', '0,10', '0,15', '0,20', '0,25', '0,30', '0,35'])
  })

  it('gives kWh in whole numbers with thousands separators', () => {
    expect(labels(2340)).toEqual(['0', '500', '1.000', '1.500', '2.000', '2.500'])
  })

  it('never repeats a label', () => {
    for (const highest of [0.07, 0.9, 1.2, 3, 12.5, 47, 730, 9_999]) {
      const shown = labels(highest)
      expect(new Set(shown).size, String(highest)).toBe(shown.length)
    }
  })
})
