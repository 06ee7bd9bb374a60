import { describe, expect, it } from 'vitest'
import {
  addMonthsTo,
  allocatorConversion,
  formatConsumption,
  formatMonth,
  isUserMonth,
  lastCompleteMonth,
  monthEnd,
  monthlyConsumption,
  monthsUntil,
  propertyConsumptionOverview,
  unitConsumption,
  type ConsumptionUnitInput,
  type DeviceReading,
} from './monthly-consumption'
import { consumptionUsers, defaultConsumptionUser } from './consumption-users'

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
/** One user through all months: the figures of the unit. */
const ALWAYS = [{ contract: 'VT1', from: '2000-01-01', until: null }]

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
  const report = unitConsumption(unitA, property, LAST, ALWAYS, null)
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

  it('converts hot water from m³ to kWh at 125 kWh/m³, allocators only with a conversion', () => {
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
    const { series } = unitConsumption(unit, [unit], LAST, ALWAYS, null)
    expect(series.map((s) => s.typeClass)).toEqual(['HV', 'WW'])
    expect(series[0]!).toMatchObject({ kwhPerUnit: null, kwhBasisYear: null })
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
    const own = unitConsumption(gap, [unitA, gap], LAST, ALWAYS, null).series[0]!.months.at(-1)!
    expect(own.consumption).toBeNull()
    const ofA = unitConsumption(unitA, [unitA, gap], LAST, ALWAYS, null).series[0]!.months.at(-1)!
    // only A counts in October: 150.5 kWh over 50 m²
    expect(ofA.propertyAveragePerSquareMetre).toBe('3.010')
  })

  it('has no average for the area of a unit without a recorded area', () => {
    const noArea = { ...unitA, area: null }
    const october = unitConsumption(
      noArea,
      [noArea, unitB],
      LAST,
      ALWAYS,
      null,
    ).series[0]!.months.at(-1)!
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

describe('the user’s months (§6a Abs. 2: "desselben Nutzers")', () => {
  // Unit A's tenant moved out at the end of March 2026, the unit stood empty in April and May,
  // the next tenant moved in on 1 June 2026.
  const first = [{ contract: 'VT1', from: '2019-04-01', until: '2026-03-31' }]
  const next = [{ contract: 'VT3', from: '2026-06-01', until: null }]

  it('shows the new tenant no month before his move-in and compares with none of them', () => {
    const report = unitConsumption(unitA, property, LAST, next, null)
    expect(report.months).toEqual(['2026-06', '2026-07', '2026-08', '2026-09', '2026-10'])
    const [june, july] = report.series[0]!.months
    // June's previous month was vacant, June 2025 the predecessor's: neither is his
    expect(june).toMatchObject({ month: '2026-06', previousMonth: null, sameMonthLastYear: null })
    expect(july).toMatchObject({ previousMonth: '100.000', sameMonthLastYear: null })
    // the property's average is no one's consumption and stays
    expect(report.series[0]!.months.at(-1)!.propertyAveragePerSquareMetre).toBe('7.634')
  })

  it('shows the tenant who moved out at a month end his months up to that month', () => {
    const report = unitConsumption(unitA, property, LAST, first, null)
    expect(report.months).toEqual(['2025-11', '2025-12', '2026-01', '2026-02', '2026-03'])
    expect(report.series[0]!.months[0]).toMatchObject({
      month: '2025-11',
      previousMonth: '120.000',
      sameMonthLastYear: '100.000',
    })
  })

  it('leaves out a month in which the tenant changed in the middle, for both tenants', () => {
    const before = [{ contract: 'VT1', from: '2019-04-01', until: '2026-06-14' }]
    const after = [{ contract: 'VT2', from: '2026-06-15', until: null }]
    expect(unitConsumption(unitA, property, LAST, before, null).months.at(-1)).toBe('2026-05')
    const report = unitConsumption(unitA, property, LAST, after, null)
    expect(report.months[0]).toBe('2026-07')
    // July's previous month, June, held both tenants' heat: no comparison
    expect(report.series[0]!.months[0]!.previousMonth).toBeNull()
  })

  it('keeps a month with a move-in on the 1st and a move-out on its last day', () => {
    expect(
      isUserMonth([{ contract: 'a', from: '2026-02-01', until: '2026-02-28' }], '2026-02'),
    ).toBe(true)
    expect(isUserMonth([{ contract: 'a', from: '2026-02-02', until: null }], '2026-02')).toBe(false)
    expect(
      isUserMonth([{ contract: 'a', from: '2024-02-01', until: '2024-02-28' }], '2024-02'),
    ).toBe(false)
    // two contracts of the same user, the first until 15 March, the second from `secondFrom`
    const followedFrom = (secondFrom: string) => [
      { contract: 'a', from: '2025-01-01', until: '2026-03-15' },
      { contract: 'b', from: secondFrom, until: null },
    ]
    // they follow each other within the month
    expect(isUserMonth(followedFrom('2026-03-16'), '2026-03')).toBe(true)
    // a vacant day between them is not his
    expect(isUserMonth(followedFrom('2026-03-17'), '2026-03')).toBe(false)
  })

  it('lists the unit’s users in the months by business partner, without vacancies', () => {
    const contract = (
      key: string,
      partner: string,
      from: string,
      until: string | null,
      type = 'VKW',
    ) => ({
      contract: key,
      businessPartner: partner,
      name: `Name ${partner}`,
      from,
      until,
      contractAccountType: type,
    })
    const users = consumptionUsers(
      [
        contract('VT4', 'P2', '2026-06-01', null),
        contract('VT0', 'P0', '2015-01-01', '2024-10-31'),
        contract('VT1', 'P1', '2019-04-01', '2025-12-31'),
        contract('VT2', 'OWNER', '2026-04-01', '2026-05-31', 'VKT'),
        contract('VT3', 'P1', '2026-01-01', '2026-03-31'),
      ],
      '2025-11',
      LAST,
    )
    expect(users.map((u) => [u.businessPartner, u.periods.map((p) => p.contract)])).toEqual([
      ['P1', ['VT1', 'VT3']],
      ['P2', ['VT4']],
    ])
    expect(defaultConsumptionUser(users, '2026-11-20')?.businessPartner).toBe('P2')
    // a unit vacant today shows its last tenant
    expect(defaultConsumptionUser(users.slice(0, 1), '2026-11-20')?.businessPartner).toBe('P1')
    expect(defaultConsumptionUser([], '2026-11-20')).toBeNull()
  })
})

describe('allocatorConversion', () => {
  // two units with allocators, 30 and 20 units a month; the main heat meter 1,000 kWh a month
  const allocators = (id: string, use: string): ConsumptionUnitInput => ({
    pointOfDelivery: id,
    area: '50.00',
    readings: readingsOf(`${id}-HV`, 'HV', FIRST_NEEDED, LAST, () => use),
  })
  const units = [allocators('H1', '30'), allocators('H2', '20'), unitB]
  const mainMeter = readingsOf('M-HZ', 'HZ', FIRST_NEEDED, LAST, () => '1000')

  it('divides the main heat meter’s year by the allocators’ units of the last complete year', () => {
    // 12,000 kWh ÷ 600 units = 20 kWh per unit, found in 2025 (October 2026 is the last month)
    expect(allocatorConversion(mainMeter, units, LAST)).toEqual({ kwhPerUnit: 20, year: 2025 })
    // December is the last month: its year is complete
    expect(allocatorConversion(mainMeter, units, '2025-12')).toEqual({ kwhPerUnit: 20, year: 2025 })
  })

  it('converts the units of every month of the user with the one factor', () => {
    const conversion = allocatorConversion(mainMeter, units, LAST)
    const [series] = unitConsumption(units[0]!, units, LAST, ALWAYS, conversion).series
    expect(series).toMatchObject({ typeClass: 'HV', kwhPerUnit: 20, kwhBasisYear: 2025 })
    expect(series!.months.at(-1)).toMatchObject({ consumption: '30.000', kwh: '600.000' })
  })

  it('rounds the factor to four decimals and gives none without the whole year', () => {
    const third = readingsOf('M-HZ', 'HZ', FIRST_NEEDED, LAST, () => '333.333')
    // 3,999.996 kWh ÷ 600 units = 6.66666 kWh per unit
    expect(allocatorConversion(third, units, LAST)?.kwhPerUnit).toBe(6.6667)
    const gap = mainMeter.filter((r) => r.readingDate !== '2025-07-31')
    expect(allocatorConversion(gap, units, LAST)).toBeNull()
    expect(allocatorConversion([], units, LAST)).toBeNull()
  })
})
