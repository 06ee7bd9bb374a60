import { describe, expect, it } from 'vitest'
import type { DeviceReading } from '../consumption/monthly-consumption'
import {
  changePercent,
  energyCarrierShares,
  kWhHiOf,
  meteringFees,
  monthsOfPeriod,
  periodAllocatorKwhPerUnit,
  periodConsumption,
  periodEnergy,
  taxesAndLevies,
  vatInLine,
  weatherFactor,
  type FuelLineAmounts,
} from './billing-information'
import { roundToDecimals } from './fraction'

const gas = (overrides: Partial<FuelLineAmounts> = {}): FuelLineAmounts => ({
  energyCarrier: 'ERDGAS_H',
  quantity: '10000',
  amount: '1000.00',
  amountNet: null,
  from: '2024-01-01',
  until: '2024-12-31',
  ...overrides,
})

describe('Nr. 1 a: the shares of the energy carriers', () => {
  it('takes gas on its lower heating value (Hs ÷ 1,11) and oil at 10 kWh/l', () => {
    expect(roundToDecimals(kWhHiOf('ERDGAS_H', '1110'), 0)).toBe('1000')
    expect(roundToDecimals(kWhHiOf('HEIZOEL_EL', '100'), 0)).toBe('1000')
    expect(roundToDecimals(kWhHiOf('FERNWAERME', '500'), 0)).toBe('500')
  })

  it('adds the lines of a carrier and gives shares of the energy that add up to 100,0', () => {
    const shares = energyCarrierShares([
      { energyCarrier: 'ERDGAS_H', quantity: '555' },
      { energyCarrier: 'ERDGAS_H', quantity: '555' },
      { energyCarrier: 'HEIZOEL_EL', quantity: '100' },
    ])
    expect(shares.map((s) => [s.energyCarrier, s.quantity, s.kWhHi, s.sharePercent])).toEqual([
      ['ERDGAS_H', '1110.000', '1000', '50.0'],
      ['HEIZOEL_EL', '100.000', '1000', '50.0'],
    ])
    const thirds = energyCarrierShares([
      { energyCarrier: 'FERNWAERME', quantity: '1000' },
      { energyCarrier: 'HEIZOEL_EL', quantity: '100' },
      { energyCarrier: 'HOLZ', quantity: '243.902' },
    ])
    expect(thirds.map((s) => s.sharePercent)).toEqual(['33.4', '33.3', '33.3'])
  })

  it('gives 0,0 % everywhere rather than dividing by nothing', () => {
    expect(
      energyCarrierShares([{ energyCarrier: 'ERDGAS_H', quantity: '0' }])[0]!.sharePercent,
    ).toBe('0.0')
  })
})

describe('Nr. 1 b: taxes, levies and duties', () => {
  it('takes the VAT as gross less net where the line records its net', () => {
    expect(roundToDecimals(vatInLine(gas({ amount: '119.00', amountNet: '100.00' }))!, 2)).toBe(
      '19.00',
    )
  })

  it('spreads a grid delivery over the days at 7 % up to 31.03.2024 and 19 % from 01.04.2024', () => {
    // 91 days at 7 %, 275 days at 19 % of 1.000,00 EUR gross (2024 has 366 days)
    expect(roundToDecimals(vatInLine(gas())!, 2)).toBe('136.23')
    expect(roundToDecimals(vatInLine(gas({ from: '2024-03-31', until: '2024-03-31' }))!, 2)).toBe(
      '65.42',
    )
    expect(roundToDecimals(vatInLine(gas({ from: '2024-04-01', until: '2024-04-01' }))!, 2)).toBe(
      '159.66',
    )
    expect(roundToDecimals(vatInLine(gas({ from: '2022-09-30', until: '2022-09-30' }))!, 2)).toBe(
      '159.66',
    )
    expect(roundToDecimals(vatInLine(gas({ from: '2022-10-01', until: '2022-10-01' }))!, 2)).toBe(
      '65.42',
    )
  })

  it('takes a stored fuel at the rate of its delivery day: 19 % also on 31.03.2024', () => {
    const oil = gas({
      energyCarrier: 'HEIZOEL_EL',
      quantity: '1000',
      from: '2024-03-31',
      until: '2024-03-31',
    })
    expect(roundToDecimals(vatInLine(oil)!, 2)).toBe('159.66')
  })

  it('computes the energy tax at the rates of the EnergieStG and says where it cannot', () => {
    const taxes = taxesAndLevies(
      [
        gas({ quantity: '10000' }),
        gas({
          energyCarrier: 'HEIZOEL_EL',
          quantity: '1000',
          amount: '1190.00',
          amountNet: '1000.00',
        }),
        gas({ energyCarrier: 'FLUESSIGGAS', quantity: '500', amount: null }),
      ],
      '212.40',
    )
    expect(taxes.vat).toBe('326.23')
    expect(taxes.co2Cost).toBe('212.40')
    expect(taxes.energyTax.map((t) => [t.energyCarrier, t.amount])).toEqual([
      ['ERDGAS_H', '55.00'],
      ['HEIZOEL_EL', '61.35'],
      ['FLUESSIGGAS', null],
    ])
    expect(taxes.energyTax[2]!.rate).toContain('Rechnung des Lieferanten')
  })

  it('has no VAT to show without fuel amounts', () => {
    expect(taxesAndLevies([gas({ amount: null })], null).vat).toBeNull()
  })
})

describe('Nr. 1 c: metering and billing fees', () => {
  it('takes the lines of the bved cost types of device rent, calibration, reading and billing', () => {
    const fees = meteringFees([
      { bvedCode: '300', name: 'Miete der Erfassungsgeräte', amount: '340.00' },
      { bvedCode: '227', name: 'Dienstleistungspauschale', amount: '173.00' },
      { bvedCode: '054', name: 'Eichgebühr', amount: '12.50' },
      { bvedCode: '221', name: 'Wartung Heizungsanlage', amount: '480.00' },
      { bvedCode: null, name: 'ohne Schlüssel', amount: '99.00' },
    ])
    expect(fees.kinds.map((k) => [k.kind, k.amount])).toEqual([
      ['rent', '340.00'],
      ['calibration', '12.50'],
      ['readingAndBilling', '173.00'],
    ])
    expect(fees.total).toBe('525.50')
  })
})

describe('Nr. 5: weather adjustment by degree days', () => {
  const year = monthsOfPeriod('2025-01-01', '2025-12-31')
  const degreeDays = year.map((month) => ({
    month,
    degreeDays: '300',
    longTermDegreeDays: '330',
  }))

  it('lists the months a period touches', () => {
    expect(monthsOfPeriod('2024-11-15', '2025-02-01')).toEqual([
      '2024-11',
      '2024-12',
      '2025-01',
      '2025-02',
    ])
  })

  it('scales by the long-term degree days over those counted', () => {
    const factor = weatherFactor(year, degreeDays)
    expect(factor.factor && roundToDecimals(factor.factor, 4)).toBe('1.1000')
    expect(factor).toMatchObject({ degreeDays: '3600.0', longTermDegreeDays: '3960.0' })
  })

  it('names the months without degree days and adjusts nothing then', () => {
    expect(weatherFactor(year, degreeDays.slice(0, 11))).toEqual({
      factor: null,
      missingMonths: ['2025-12'],
    })
  })
})

describe('Nr. 4 and 5: the energy of a period', () => {
  const reading = (
    device: string,
    typeClass: string,
    readingDate: string,
    value: string,
    life: Partial<DeviceReading> = {},
  ): DeviceReading => ({
    device,
    typeClass,
    readingDate,
    reading: value,
    installedOn: null,
    removedOn: null,
    ...life,
  })

  it('takes the value at the last day less the value the day before the first', () => {
    const readings = [
      reading('H1', 'HZ', '2024-12-31', '1000'),
      reading('H1', 'HZ', '2025-06-30', '1500'),
      reading('H1', 'HZ', '2025-12-31', '2200.5'),
    ]
    expect(periodConsumption(readings, '2025-01-01', '2025-12-31').get('HZ')).toBe(1_200_500)
    expect(periodConsumption(readings, '2025-07-01', '2025-12-31').get('HZ')).toBe(700_500)
  })

  it('takes a move-in reading on the first day where the day before has none', () => {
    const readings = [
      reading('W1', 'WW', '2025-08-01', '10.000'),
      reading('W1', 'WW', '2025-12-31', '12.000'),
    ]
    expect(periodConsumption(readings, '2025-08-01', '2025-12-31').get('WW')).toBe(2_000)
    expect(periodConsumption(readings, '2025-09-01', '2025-12-31').get('WW')).toBeNull()
  })

  it('counts an exchanged device up to its removal and the new one from its installation', () => {
    const readings = [
      reading('A', 'HZ', '2024-12-31', '100', { removedOn: '2025-05-15' }),
      reading('A', 'HZ', '2025-05-15', '400', { removedOn: '2025-05-15' }),
      reading('B', 'HZ', '2025-05-15', '0', { installedOn: '2025-05-15' }),
      reading('B', 'HZ', '2025-12-31', '600', { installedOn: '2025-05-15' }),
    ]
    expect(periodConsumption(readings, '2025-01-01', '2025-12-31').get('HZ')).toBe(900_000)
  })

  it('knows nothing of a span its devices did not measure whole: a device first fitted within it', () => {
    const fitted = [
      reading('N', 'WW', '2025-05-15', '0.000', { installedOn: '2025-05-15' }),
      reading('N', 'WW', '2025-12-31', '20.000', { installedOn: '2025-05-15' }),
    ]
    expect(periodConsumption(fitted, '2025-01-01', '2025-12-31').get('WW')).toBeNull()
    // from its installation on, it measured everything
    expect(periodConsumption(fitted, '2025-06-01', '2025-12-31').get('WW')).toBeNull()
    expect(periodConsumption(fitted, '2025-05-15', '2025-12-31').get('WW')).toBe(20_000)
    // a device removed before the span's end without a successor measured only a part
    const removed = [
      reading('R', 'WW', '2024-12-31', '1.000', { removedOn: '2025-10-01' }),
      reading('R', 'WW', '2025-10-01', '5.000', { removedOn: '2025-10-01' }),
    ]
    expect(periodConsumption(removed, '2025-01-01', '2025-12-31').get('WW')).toBeNull()
  })

  it('converts hot water at 125 kWh/m³ and allocator units by the property balance', () => {
    const main = [reading('M', 'HZ', '2024-12-31', '0'), reading('M', 'HZ', '2025-12-31', '10000')]
    const units = [
      [reading('V1', 'HV', '2024-12-31', '0'), reading('V1', 'HV', '2025-12-31', '600')],
      [reading('V2', 'HV', '2024-12-31', '0'), reading('V2', 'HV', '2025-12-31', '400')],
    ]
    const perUnit = periodAllocatorKwhPerUnit(main, units, '2025-01-01', '2025-12-31')
    expect(perUnit && roundToDecimals(perUnit, 2)).toBe('10.00')
    const consumption = periodConsumption(
      [
        ...units[0]!,
        reading('W', 'WW', '2024-12-31', '1.000'),
        reading('W', 'WW', '2025-12-31', '3.000'),
      ],
      '2025-01-01',
      '2025-12-31',
    )
    expect(periodEnergy(consumption, perUnit)).toEqual({ heating: 6_000_000, hotWater: 250_000 })
    expect(periodEnergy(consumption, null)).toEqual({ heating: null, hotWater: 250_000 })
  })

  it('has no allocator factor without a main heat meter', () => {
    expect(periodAllocatorKwhPerUnit([], [], '2025-01-01', '2025-12-31')).toBeNull()
  })

  it('gives the change in percent, none against zero', () => {
    expect(changePercent(110_000, 100_000)).toBe('10.0')
    expect(changePercent(90_000, 100_000)).toBe('-10.0')
    expect(changePercent(1, 0)).toBeNull()
  })
})
