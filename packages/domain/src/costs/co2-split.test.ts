import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  checkLandlordLine,
  CO2_STAGES,
  co2Split,
  co2StageOf,
  periodDays,
  vatPercentOn,
  yearFactor,
  type Co2SplitInput,
} from './co2-split'
import type { EnergyCarrierCode } from './energy-carriers'
import { fraction } from './fraction'

/** A year of natural gas H on 1,250 m² living area, 2025, residential, no restriction. */
const base: Co2SplitInput = {
  fuels: [
    { energyCarrier: 'ERDGAS_H', quantity: '153600', from: '2025-01-01', until: '2025-12-31' },
  ],
  emissionsKgInvoice: null,
  co2CostInvoice: null,
  areaKind: 'WF',
  areaSquareMetres: '1250',
  from: '2025-01-01',
  until: '2025-12-31',
  residential: true,
  restriction: 'none',
}

/** kg per m² of `emissions` on 100 m² in a calendar year: the emission divided by 100, exactly. */
const on100 = (emissionsKg: string): Co2SplitInput => ({
  ...base,
  emissionsKgInvoice: emissionsKg,
  areaSquareMetres: '100',
  co2CostInvoice: '1000.00',
})

/** The base year with stored fuels delivered on one `day`, each as `[carrier, quantity]`. */
const deliveredOn = (day: string, ...fuels: [EnergyCarrierCode, string][]): Co2SplitInput => ({
  ...base,
  fuels: fuels.map(([energyCarrier, quantity]) => ({
    energyCarrier,
    quantity,
    from: day,
    until: day,
  })),
})

describe('co2StageOf (the ten stages of the Anlage CO2KostAufG)', () => {
  it('has ten stages of 5 kg from 12 kg, in 10 % steps up to 80 %, then 95 %', () => {
    expect(CO2_STAGES.map((s) => [s.from, s.below, s.landlordPercent])).toEqual([
      [0, 12, 0],
      [12, 17, 10],
      [17, 22, 20],
      [22, 27, 30],
      [27, 32, 40],
      [32, 37, 50],
      [37, 42, 60],
      [42, 47, 70],
      [47, 52, 80],
      [52, null, 95],
    ])
  })
})

describe('§ 5 Abs. 1 S. 3: the kg per m² are rounded to one decimal before the stage is chosen', () => {
  // at every limit L: L − 0.051 rounds to L − 0.1 (the stage below), L − 0.05 rounds to L (the stage of L)
  const limits = [12, 17, 22, 27, 32, 37, 42, 47, 52]
  it.each(limits.map((limit, index) => [limit, index + 1]))(
    'at %s kg/m²: 0.051 below stays in stage %s, 0.05 below is the next',
    (limit, stageBelow) => {
      const below = co2Split(on100(`${limit * 100 - 6}.9`))
      expect(below.kgPerSquareMetreYear).toBe((limit - 0.1).toFixed(1))
      expect(below.stage?.stage).toBe(stageBelow)
      const at = co2Split(on100(String(limit * 100 - 5)))
      expect(at.kgPerSquareMetreYear).toBe(limit.toFixed(1))
      expect(at.stage?.stage).toBe(stageBelow + 1)
      expect(at.landlordPercent).toBe(CO2_STAGES[stageBelow]!.landlordPercent)
    },
  )

  it('is exact where a binary number would not be (11.95 is 11.9499… as a float)', () => {
    const split = co2Split(on100('1195'))
    expect(split.kgPerSquareMetreYear).toBe('12.0')
    expect(split.stage?.stage).toBe(2)
  })

  it('chooses the stage of the rounded figure for any emission (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 8_000_000 }), (kilograms) => {
        // kilograms on 100 m²: kilograms / 100 kg/m², half up to tenths in integers
        const tenths = Math.floor((kilograms + 5) / 10)
        const rounded = `${Math.floor(tenths / 10)}.${tenths % 10}`
        const split = co2Split(on100(String(kilograms)))
        expect(split.kgPerSquareMetreYear).toBe(rounded)
        expect(split.stage).toEqual(co2StageOf(rounded))
      }),
    )
  })
})

describe('Hs and Hi: natural gas is invoiced on the upper heating value (§ 9 Abs. 2 HeizkostenV)', () => {
  it('divides kWh Hs by 1.11 before the factor per kWh Hi', () => {
    // 153,600 kWh Hs ÷ 1.11 = 138,378.378… kWh Hi × 0.201 = 27,814.05… kg; ÷ 1,250 = 22.251 → 22.3: stage 4
    const split = co2Split(base)
    expect(split.fuels).toEqual([
      {
        energyCarrier: 'ERDGAS_H',
        quantity: '153600',
        quantityUnit: 'kWh',
        heatingValueBasis: 'Hs',
        emissionFactor: '0.181081',
        emissionsKg: '27814.1',
      },
    ])
    expect(split.emissionsKg).toBe('27814.1')
    expect(split.kgPerSquareMetreYear).toBe('22.3')
    expect(split.stage?.stage).toBe(4)
    expect(split.steps[0]).toBe(
      'Erdgas H: 153.600 kWh (Brennwert Hs) ÷ 1,11 = 138.378 kWh (Heizwert Hi, § 9 Abs. 2 HeizkostenV) × 0,2010 kg/kWh = 27.814,1 kg CO2',
    )
  })

  it('takes litres of heating oil at 10 kWh/l and kWh of LPG as Hi', () => {
    const oil = co2Split(deliveredOn('2025-03-01', ['HEIZOEL_EL', '10000']))
    expect(oil.emissionsKg).toBe('26640.0')
    const lpg = co2Split(deliveredOn('2025-03-01', ['FLUESSIGGAS', '10000']))
    expect(lpg.emissionsKg).toBe('2358.0')
  })

  it('counts biogenic fuels with no emission and sums several fuels', () => {
    const split = co2Split(deliveredOn('2025-02-01', ['PELLETS', '20000'], ['HEIZOEL_EL', '1000']))
    expect(split.fuels.map((fuel) => fuel.emissionsKg)).toEqual(['0.0', '2664.0'])
    expect(split.emissionsKg).toBe('2664.0')
  })

  it('asks for the invoice’s kg for district heating and takes them over quantity × factor', () => {
    const district = {
      ...base,
      fuels: [{ ...base.fuels[0]!, energyCarrier: 'FERNWAERME' as const }],
    }
    const without = co2Split(district)
    expect(without.emissionsKg).toBeNull()
    expect(without.landlordAmount).toBeNull()
    expect(without.missing[0]).toMatch(/Fernwärme .* „kg CO2 laut Rechnung“/)
    const withInvoice = co2Split({ ...district, emissionsKgInvoice: '30000' })
    expect(withInvoice.emissionsKg).toBe('30000.0')
    expect(withInvoice.emissionsSource).toBe('invoice')
    expect(withInvoice.missing).toEqual([])
  })
})

describe('§ 3 Abs. 3: without the invoice’s CO2 costs, the price at delivery plus VAT', () => {
  it('prices 2025 gas at 55 EUR/t plus 19 %', () => {
    // 27,814.054… kg × 55 EUR/t × 1.19 = 1,820.43 EUR; stage 4: landlord 30 % = 546.13
    const split = co2Split(base)
    expect(split.co2Cost).toBe('1820.43')
    expect(split.landlordAmount).toBe('546.13')
    expect(split.tenantAmount).toBe('1274.30')
  })

  it.each([
    ['ERDGAS_H', '2022-09-30', 19],
    ['ERDGAS_H', '2022-10-01', 7],
    ['ERDGAS_H', '2024-03-31', 7],
    ['ERDGAS_H', '2024-04-01', 19],
    ['FERNWAERME', '2023-06-30', 7],
    ['HEIZOEL_EL', '2023-06-30', 19],
    ['FLUESSIGGAS', '2023-06-30', 19],
  ] as const)('%s delivered on %s: %s %% VAT', (carrier, day, percent) => {
    expect(vatPercentOn(carrier, day)).toBe(percent)
  })

  it('spreads a grid delivery over the years and VAT rates of its period', () => {
    // 2023-07-01 … 2024-06-30 (366 days): 184 days 2023 at 30 EUR and 7 %, 91 days 2024 at 45 and 7 %,
    // 91 days 2024 at 45 and 19 %; 36,600 kg invoice emissions spread by days (100 kg a day)
    const split = co2Split({
      ...base,
      fuels: [
        { energyCarrier: 'ERDGAS_H', quantity: '1', from: '2023-07-01', until: '2024-06-30' },
      ],
      emissionsKgInvoice: '36600',
      from: '2023-07-01',
      until: '2024-06-30',
    })
    // 18.4 t × 30 × 1.07 = 590.64; 9.1 t × 45 × 1.07 = 438.165; 9.1 t × 45 × 1.19 = 487.305
    expect(split.co2Cost).toBe('1516.11')
    expect(split.steps.filter((step) => step.startsWith('CO2-Kosten Erdgas'))).toHaveLength(3)
  })

  it('prices a stored fuel at its delivery day', () => {
    const split = co2Split(deliveredOn('2024-12-30', ['HEIZOEL_EL', '1000']))
    // 2,664 kg × 45 EUR/t × 1.19 = 142.66
    expect(split.co2Cost).toBe('142.66')
  })

  it('takes the invoice’s CO2 costs as they are', () => {
    const split = co2Split({ ...base, co2CostInvoice: '1698.05' })
    expect(split.co2Cost).toBe('1698.05')
    expect(split.co2CostSource).toBe('invoice')
    // stage 4: 30 % of 1,698.05 = 509.415 → 509.42 (half away from zero)
    expect(split.landlordAmount).toBe('509.42')
    expect(split.tenantAmount).toBe('1188.63')
  })

  it('asks for the invoice’s costs where no price is known', () => {
    const split = co2Split({
      ...base,
      fuels: [{ ...base.fuels[0]!, from: '2027-01-01', until: '2027-12-31' }],
      from: '2027-01-01',
      until: '2027-12-31',
    })
    expect(split.co2Cost).toBeNull()
    expect(split.missing).toEqual([
      'Für 2027 ist kein CO2-Preis hinterlegt: bitte die CO2-Kosten laut Rechnung angeben.',
    ])
  })
})

describe('§ 5 Abs. 1 S. 4: a period other than twelve months is converted to a year', () => {
  it.each([
    ['2025-01-01', '2025-12-31', '1'],
    ['2024-01-01', '2024-12-31', '1'],
    ['2023-07-01', '2024-06-30', '1'],
    ['2025-01-01', '2025-06-30', '365/181'],
    ['2024-01-01', '2024-06-30', '366/182'],
    ['2025-01-01', '2026-01-31', '365/396'],
  ])('%s … %s: × %s', (from, until, factor) => {
    const [numerator, denominator = '1'] = factor.split('/')
    const expected = fraction(numerator!)
    const found = yearFactor(from, until)
    expect(found.numerator * BigInt(denominator)).toBe(expected.numerator * found.denominator)
  })

  it('scales half a year of emissions to a whole one', () => {
    // 600 kg in 181 days on 100 m²: 6 × 365 / 181 = 12.099… → 12.1: stage 2 (not 1 as 6.0 would be)
    const split = co2Split({ ...on100('600'), from: '2025-01-01', until: '2025-06-30' })
    expect(split.kgPerSquareMetreYear).toBe('12.1')
    expect(split.stage?.stage).toBe(2)
    expect(split.days).toBe(181)
  })
})

describe('§ 8 non-residential, § 9 restrictions, WEG', () => {
  const at60 = on100('6000') // 60 kg/m²: stage 10, 95 %
  it.each([
    [true, 'none', 10, 95, '950.00', '50.00'],
    [true, 'half', 10, 47.5, '475.00', '525.00'],
    [true, 'noSplit', null, 0, '0.00', '1000.00'],
    [true, 'weg', 10, 0, '0.00', '1000.00'],
    [false, 'none', null, 50, '500.00', '500.00'],
    [false, 'half', null, 25, '250.00', '750.00'],
    [false, 'noSplit', null, 0, '0.00', '1000.00'],
  ] as const)(
    'residential %s, restriction %s: stage %s, landlord %s %% (%s EUR, tenants %s EUR)',
    (residential, restriction, stage, percent, landlord, tenant) => {
      const split = co2Split({ ...at60, residential, restriction })
      expect(split.stage?.stage ?? null).toBe(stage)
      expect(split.landlordPercent).toBe(percent)
      expect(split.landlordAmount).toBe(landlord)
      expect(split.tenantAmount).toBe(tenant)
    },
  )

  it('rounds the halved share to the cent', () => {
    // stage 2 halved: 5 % of 1,000.10 = 50.005 → 50.01
    const split = co2Split({ ...on100('1250'), co2CostInvoice: '1000.10', restriction: 'half' })
    expect(split.landlordPercent).toBe(5)
    expect(split.landlordAmount).toBe('50.01')
  })
})

describe('area', () => {
  it('names the area used and asks for a missing one', () => {
    const heated = co2Split({ ...base, areaKind: 'HF', areaSquareMetres: '1000' })
    expect(heated.steps[1]).toMatch(/^Je m² beheizte Fläche und Jahr: 27\.814,1 kg ÷ 1\.000,00 m²/)
    const none = co2Split({ ...base, areaSquareMetres: null })
    expect(none.kgPerSquareMetreYear).toBeNull()
    expect(none.missing).toEqual([
      'Die Wohnfläche (WF) der Liegenschaft fehlt: bitte in den Stammdaten ergänzen lassen oder die andere Fläche wählen.',
    ])
  })
})

describe('checkLandlordLine', () => {
  it('expects the share as a credit and names the difference', () => {
    expect(checkLandlordLine('-509.42', '509.42')).toEqual({
      matches: true,
      expected: '-509.42',
      difference: '0.00',
    })
    expect(checkLandlordLine('-500.00', '509.42')).toEqual({
      matches: false,
      expected: '-509.42',
      difference: '9.42',
    })
  })
})

describe('periodDays', () => {
  it('counts both ends', () => {
    expect(periodDays('2025-01-01', '2025-12-31')).toBe(365)
    expect(periodDays('2024-01-01', '2024-12-31')).toBe(366)
    expect(periodDays('2025-03-30', '2025-03-30')).toBe(1)
  })
})
