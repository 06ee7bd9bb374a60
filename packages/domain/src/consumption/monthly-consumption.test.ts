import { describe, expect, it } from 'vitest'
import {
  addMonthsTo,
  formatConsumption,
  formatMonth,
  lastCompleteMonth,
  monthEnd,
  monthlyConsumption,
  monthsUntil,
  propertyConsumptionOverview,
  unitConsumption,
  type ConsumptionUnitInput,
  type DeviceReading,
} from './monthly-consumption'

/**
 * Month-end readings of one device from the end of `first`'s previous month on, each month rising
 * by what `use(month)` says (in the device's unit, as a decimal string).
 */
function readingsOf(
  device: string,
  typeClass: string,
  first: string,
  last: string,
  use: (month: string) => string,
  start = '1000.000',
): DeviceReading[] {
  const base = { device, typeClass, installedOn: null, removedOn: null }
  const readings: DeviceReading[] = [
    { ...base, readingDate: monthEnd(addMonthsTo(first, -1)), reading: start },
  ]
  let value = Number(start) * 1000
  for (let month = first; month <= last; month = addMonthsTo(month, 1)) {
    value += Math.round(Number(use(month)) * 1000)
    readings.push({ ...base, readingDate: monthEnd(month), reading: (value / 1000).toFixed(3) })
  }
  return readings
}

const LAST = '2026-10'
const FIRST_NEEDED = '2024-10'

// Unit A (50 m²): 100 kWh a month, 120 in October 2025 and 150.5 in October 2026.
const unitA: ConsumptionUnitInput = {
  pointOfDelivery: 'A',
  area: '50.00',
  readings: readingsOf('A-HZ', 'HZ', FIRST_NEEDED, LAST, (m) =>
    m === '2026-10' ? '150.5' : m === '2025-10' ? '120' : '100',
  ),
}
// Unit B (100 m²): 300 kWh every month. Unit C (40 m²): 1,000 kWh every month.
const unitB: ConsumptionUnitInput = {
  pointOfDelivery: 'B',
  area: '100.00',
  readings: readingsOf('B-HZ', 'HZ', FIRST_NEEDED, LAST, () => '300'),
}
const unitC: ConsumptionUnitInput = {
  pointOfDelivery: 'C',
  area: '40.00',
  readings: readingsOf('C-HZ', 'HZ', FIRST_NEEDED, LAST, () => '1000'),
}
const property = [unitA, unitB, unitC]

describe('months', () => {
  it('counts months across years and knows their last days', () => {
    expect(addMonthsTo('2026-01', -1)).toBe('2025-12')
    expect(addMonthsTo('2025-12', 13)).toBe('2027-01')
    expect(monthEnd('2024-02')).toBe('2024-02-29')
    expect(monthEnd('2026-02')).toBe('2026-02-28')
    expect(lastCompleteMonth('2026-11-23')).toBe('2026-10')
    expect(lastCompleteMonth('2026-01-01')).toBe('2025-12')
    expect(monthsUntil('2026-02', 3)).toEqual(['2025-12', '2026-01', '2026-02'])
    expect(formatMonth('2026-03')).toBe('März 2026')
  })

  it('shows figures in German with their unit, water to the litre', () => {
    expect(formatConsumption('1234.500', 'kWh')).toBe('1.234,5\u00a0kWh')
    expect(formatConsumption('2.500', 'm³')).toBe('2,500\u00a0m³')
    expect(formatConsumption('7.634', 'kWh', true)).toBe('7,63\u00a0kWh/m²')
    expect(formatConsumption(null, 'kWh')).toBe('')
  })
})

describe('unitConsumption', () => {
  const report = unitConsumption(unitA, property, LAST)
  const [heating] = report.series
  const october = heating!.months.at(-1)!

  it('shows the last twelve complete months, oldest first', () => {
    expect(report.months).toEqual(monthsUntil(LAST, 12))
    expect(report.months[0]).toBe('2025-11')
    expect(report.series.map((s) => [s.typeClass, s.unit, s.medium])).toEqual([
      ['HZ', 'kWh', 'heating'],
    ])
  })

  it('compares October 2026 with September and with October 2025 (hand-computed)', () => {
    expect(october).toEqual({
      month: '2026-10',
      consumption: '150.500',
      kwh: '150.500',
      previousMonth: '100.000',
      sameMonthLastYear: '120.000',
      // (150.5 + 300 + 1,000) kWh over (50 + 100 + 40) m² = 7.634210… kWh/m²
      propertyAveragePerSquareMetre: '7.634',
      // 7.634210… kWh/m² × 50 m² = 381.710526… kWh
      averageForArea: '381.711',
    })
    // November 2025: the previous month is October 2025, the year before November 2024
    expect(heating!.months[0]).toMatchObject({
      month: '2025-11',
      consumption: '100.000',
      previousMonth: '120.000',
      sameMonthLastYear: '100.000',
    })
  })

  it('converts hot water from m³ to kWh at 125 kWh/m³ and leaves allocator units unconverted', () => {
    const unit: ConsumptionUnitInput = {
      pointOfDelivery: 'W',
      area: '60.00',
      readings: [
        ...readingsOf('W-WW', 'WW', FIRST_NEEDED, LAST, () => '2.5'),
        ...readingsOf('W-HV', 'HV', FIRST_NEEDED, LAST, () => '12'),
        // cold water is not part of §6a
        ...readingsOf('W-KW', 'KW', FIRST_NEEDED, LAST, () => '4'),
      ],
    }
    const { series } = unitConsumption(unit, [unit], LAST)
    expect(series.map((s) => s.typeClass)).toEqual(['HV', 'WW'])
    expect(series[0]!.months.at(-1)).toMatchObject({ consumption: '12.000', kwh: null })
    expect(series[1]!.months.at(-1)).toMatchObject({
      consumption: '2.500',
      kwh: '312.500',
      propertyAveragePerSquareMetre: '0.042',
      averageForArea: '2.500',
    })
  })

  it('counts an exchanged device up to its removal and the new one from its installation', () => {
    const old = { device: 'old', typeClass: 'HZ', installedOn: null, removedOn: '2026-03-15' }
    const fresh = { device: 'new', typeClass: 'HZ', installedOn: '2026-03-15', removedOn: null }
    const readings: DeviceReading[] = [
      { ...old, readingDate: '2026-01-31', reading: '450.000' },
      { ...old, readingDate: '2026-02-28', reading: '480.000' },
      { ...old, readingDate: '2026-03-15', reading: '500.000' },
      { ...fresh, readingDate: '2026-03-15', reading: '0.000' },
      { ...fresh, readingDate: '2026-03-31', reading: '10.000' },
      { ...fresh, readingDate: '2026-04-30', reading: '25.250' },
    ]
    const perMonth = monthlyConsumption(readings, ['2026-02', '2026-03', '2026-04']).get('HZ')!
    expect(Object.fromEntries(perMonth)).toEqual({
      '2026-02': 30_000,
      '2026-03': 30_000, // 20 on the old device, 10 on the new one
      '2026-04': 15_250,
    })
  })

  it('leaves a month open when a month-end value is missing, and the average without it', () => {
    const gap = {
      ...unitB,
      readings: unitB.readings.filter((r) => r.readingDate !== monthEnd('2026-10')),
    }
    const own = unitConsumption(gap, [unitA, gap], LAST).series[0]!.months.at(-1)!
    expect(own.consumption).toBeNull()
    const ofA = unitConsumption(unitA, [unitA, gap], LAST).series[0]!.months.at(-1)!
    // only A counts in October: 150.5 kWh over 50 m²
    expect(ofA.propertyAveragePerSquareMetre).toBe('3.010')
  })

  it('has no average for the area of a unit without a recorded area', () => {
    const noArea = { ...unitA, area: null }
    const october = unitConsumption(noArea, [noArea, unitB], LAST).series[0]!.months.at(-1)!
    expect(october.propertyAveragePerSquareMetre).toBe('3.000')
    expect(october.averageForArea).toBeNull()
  })
})

describe('propertyConsumptionOverview', () => {
  it('flags the unit 50 % or more above the property average per m² (hand-computed)', () => {
    const overview = propertyConsumptionOverview(property, LAST)
    // A: 11 × 100 + 150.5 = 1,250.5 kWh on 50 m² = 25.01 kWh/m²; B 36; C 300
    // average: (1,250.5 + 3,600 + 12,000) kWh over 190 m² = 88.686842… kWh/m²
    expect(overview).toEqual([
      {
        pointOfDelivery: 'A',
        typeClass: 'HZ',
        unit: 'kWh',
        consumption: '1250.500',
        perSquareMetre: '25.010',
        propertyPerSquareMetre: '88.687',
        percentAboveAverage: -71.8,
        farAboveAverage: false,
      },
      {
        pointOfDelivery: 'B',
        typeClass: 'HZ',
        unit: 'kWh',
        consumption: '3600.000',
        perSquareMetre: '36.000',
        propertyPerSquareMetre: '88.687',
        percentAboveAverage: -59.4,
        farAboveAverage: false,
      },
      {
        pointOfDelivery: 'C',
        typeClass: 'HZ',
        unit: 'kWh',
        consumption: '12000.000',
        perSquareMetre: '300.000',
        propertyPerSquareMetre: '88.687',
        percentAboveAverage: 238.3,
        farAboveAverage: true,
      },
    ])
  })

  it('flags exactly at 50 % above and not below it', () => {
    // three units of 10 m²: D at 175, E and F at 100 a month → average 12.5 per m², D +40 %
    const unit = (id: string, use: string) => ({
      pointOfDelivery: id,
      area: '10.00',
      readings: readingsOf(`${id}-HZ`, 'HZ', '2025-11', LAST, () => use),
    })
    const below = propertyConsumptionOverview(
      [unit('D', '175'), unit('E', '100'), unit('F', '100')],
      LAST,
    )
    expect(below[0]).toMatchObject({ percentAboveAverage: 40, farAboveAverage: false })
    // D 200, E and F 100: average 133.33…, D +50 %
    const at = propertyConsumptionOverview(
      [unit('D', '200'), unit('E', '100'), unit('F', '100')],
      LAST,
    )
    expect(at[0]).toMatchObject({ percentAboveAverage: 50, farAboveAverage: true })
  })
})
