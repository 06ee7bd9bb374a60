import { describe, expect, it } from 'vitest'
import {
  estimatedMonths,
  type ConsumptionMonth,
  type ConsumptionSeries,
  type DeviceReading,
} from '../consumption/monthly-consumption'
import { bvedResidentialUnitFigures } from './consumption-data'

const month = (values: Partial<ConsumptionMonth>): ConsumptionMonth => ({
  month: '2026-10',
  consumption: null,
  kwh: null,
  previousMonth: null,
  sameMonthLastYear: null,
  propertyAveragePerSquareMetre: null,
  averageForArea: null,
  ...values,
})

const allocators = (kwhPerUnit: number | null, values: Partial<ConsumptionMonth>) =>
  ({
    typeClass: 'HV',
    medium: 'heating',
    unit: 'Einheiten',
    kwhPerUnit,
    kwhBasisYear: kwhPerUnit === null ? null : 2025,
    months: [month(values)],
  }) satisfies ConsumptionSeries

const hotWater = (values: Partial<ConsumptionMonth>) =>
  ({
    typeClass: 'WW',
    medium: 'hotWater',
    unit: 'm³',
    kwhPerUnit: 125,
    kwhBasisYear: null,
    months: [month(values)],
  }) satisfies ConsumptionSeries

const heatMeter = (values: Partial<ConsumptionMonth>) =>
  ({
    typeClass: 'HZ',
    medium: 'heating',
    unit: 'kWh',
    kwhPerUnit: 1,
    kwhBasisYear: null,
    months: [month(values)],
  }) satisfies ConsumptionSeries

describe('bved consumption data of a residential unit', () => {
  it('gives allocator units as HCU and, with the property factor, as converted kWh, each with its benchmark', () => {
    const figures = bvedResidentialUnitFigures(
      [
        allocators(0.8123, {
          consumption: '120.500',
          kwh: '97.882',
          averageForArea: '100.000',
        }),
      ],
      '2026-10',
      new Map(),
    )
    expect(figures.consumptions).toEqual([
      {
        service: 'HEATING',
        unitofmeasure: 'HCU',
        amount: 120.5,
        converted: false,
        estimated: false,
        errors: false,
      },
      {
        service: 'HEATING',
        unitofmeasure: 'KWH',
        amount: 97.882,
        converted: true,
        estimated: false,
        errors: false,
      },
    ])
    expect(figures.benchmarks).toEqual([
      { service: 'HEATING', unitofmeasure: 'HCU', amount: 100 },
      { service: 'HEATING', unitofmeasure: 'KWH', amount: 81.23 },
    ])
  })

  it('gives allocator units without a factor as HCU only', () => {
    const figures = bvedResidentialUnitFigures(
      [allocators(null, { consumption: '120.500', averageForArea: '100.000' })],
      '2026-10',
      new Map(),
    )
    expect(figures.consumptions.map((c) => c.unitofmeasure)).toEqual(['HCU'])
    expect(figures.benchmarks.map((c) => c.unitofmeasure)).toEqual(['HCU'])
  })

  it('gives hot water in m³ and as kWh at 125 kWh per m³; heat meters in kWh, not converted', () => {
    const figures = bvedResidentialUnitFigures(
      [
        hotWater({ consumption: '1.250', kwh: '156.250', averageForArea: '1.000' }),
        heatMeter({ consumption: '300.000', kwh: '300.000' }),
      ],
      '2026-10',
      new Map(),
    )
    expect(
      figures.consumptions.map((c) => [c.service, c.unitofmeasure, c.amount, c.converted]),
    ).toEqual([
      ['HEATING', 'KWH', 300, false],
      ['HOT_WATER', 'M3', 1.25, false],
      ['HOT_WATER', 'KWH', 156.25, true],
    ])
    expect(figures.benchmarks).toEqual([
      { service: 'HOT_WATER', unitofmeasure: 'M3', amount: 1 },
      { service: 'HOT_WATER', unitofmeasure: 'KWH', amount: 125 },
    ])
  })

  it('marks a month without a value as errors, without an amount, and an estimated month as estimated', () => {
    const missing = bvedResidentialUnitFigures(
      [heatMeter({ consumption: null })],
      '2026-10',
      new Map(),
    )
    expect(missing.consumptions).toEqual([
      {
        service: 'HEATING',
        unitofmeasure: 'KWH',
        converted: false,
        estimated: false,
        errors: true,
      },
    ])
    const estimated = bvedResidentialUnitFigures(
      [hotWater({ consumption: '1.000', kwh: '125.000' })],
      '2026-10',
      new Map([['WW', new Set(['2026-10'])]]),
    )
    expect(estimated.consumptions.map((c) => c.estimated)).toEqual([true, true])
  })

  it('leaves out a series without the month', () => {
    expect(bvedResidentialUnitFigures([heatMeter({})], '2026-09', new Map())).toEqual({
      consumptions: [],
      benchmarks: [],
    })
  })
})

describe('estimated months', () => {
  const reading = (readingDate: string, estimated: boolean): DeviceReading => ({
    device: 'G1',
    typeClass: 'WW',
    readingDate,
    reading: '1.000',
    installedOn: null,
    removedOn: null,
    estimated,
  })

  it('counts an estimate from the end of the month before to the end of the month', () => {
    const months = ['2026-09', '2026-10', '2026-11']
    expect(estimatedMonths([reading('2026-09-30', true)], months).get('WW')).toEqual(
      new Set(['2026-09', '2026-10']),
    )
    expect(estimatedMonths([reading('2026-10-15', true)], months).get('WW')).toEqual(
      new Set(['2026-10']),
    )
    expect(estimatedMonths([reading('2026-10-31', false)], months).size).toBe(0)
    expect(estimatedMonths([reading('2026-08-30', true)], months).size).toBe(0)
  })
})
