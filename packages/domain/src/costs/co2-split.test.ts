import { describe, expect, it } from 'vitest'
import { checkLandlordLine, CO2_STAGES, co2Split, co2StageOf, periodDays } from './co2-split'

describe('co2StageOf (the ten stages of the CO2KostAufG)', () => {
  it.each([
    [0, 1, 0],
    [11.99, 1, 0],
    [12, 2, 10],
    [16.99, 2, 10],
    [17, 3, 20],
    [24.7, 4, 30],
    [47, 9, 80],
    [51.99, 9, 80],
    [52, 10, 95],
    [130, 10, 95],
  ])('%s kg/m² → stage %s, landlord %s percent', (kgPerSquareMetre, stage, landlord) => {
    const found = co2StageOf(kgPerSquareMetre)
    expect(found.stage).toBe(stage)
    expect(found.landlordPercent).toBe(landlord)
    expect(found.tenantPercent).toBe(100 - landlord)
  })

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

describe('co2Split', () => {
  // 153,600 kWh natural gas for 1,250 m² living area in 2025 (55 EUR/t):
  // 153,600 × 0.201 = 30,873.6 kg; ÷ 1,250 = 24.70 kg/m² → stage 4 (22 to below 27): 30 % / 70 %;
  // CO2 costs 30.8736 t × 55 EUR = 1,698.05 EUR; landlord 30 % = 509.415 → 509.42 EUR
  const residential = {
    fuelQuantity: 153_600,
    fuelUnit: 'kWh',
    kgPerUnit: 0.201,
    areaSquareMetres: 1250,
    periodDays: 365,
    residential: true,
    co2Costs: '1698.05',
  }

  it('computes the emission per m², the stage and the landlord’s share of a residential building', () => {
    const split = co2Split(residential)
    expect(split.emissionsKg).toBeCloseTo(30_873.6, 6)
    expect(split.kgPerSquareMetreYear).toBeCloseTo(24.69888, 5)
    expect(split.stage?.stage).toBe(4)
    expect(split.landlordPercent).toBe(30)
    expect(split.tenantPercent).toBe(70)
    expect(split.landlordShare).toBe('509.42')
    expect(split.steps).toEqual([
      'CO2-Ausstoß: 153.600 kWh × 0,201 kg/kWh = 30.873,6 kg',
      'Je Quadratmeter und Jahr: 30.873,6 kg ÷ 1.250,00 m² = 24,7 kg/m²',
      'Wohngebäude, Stufe 4 von 10 (22 bis unter 27 kg/m²): Vermieter 30 %, Mieter 70 %',
      'Vermieteranteil: 30 % von 1.698,05\u00a0€ CO2-Kosten = 509,42\u00a0€, als Gutschrift zu erfassen: -509,42\u00a0€',
    ])
  })

  it('splits a non-residential building half and half', () => {
    const split = co2Split({ ...residential, residential: false })
    expect(split.stage).toBeNull()
    expect(split.landlordPercent).toBe(50)
    // 849.025 → 849.03
    expect(split.landlordShare).toBe('849.03')
    expect(split.steps[2]).toBe(
      'Nichtwohngebäude: Vermieter und Mieter tragen je 50 % (§ 8 CO2KostAufG)',
    )
  })

  it('scales a period other than a year to one', () => {
    // half the fuel in 182 days: 15,436.8 kg ÷ 1,250 m² × 365/182 = 24.77 kg/m² (24,8 shown)
    const split = co2Split({ ...residential, fuelQuantity: 76_800, periodDays: 182 })
    expect(split.kgPerSquareMetreYear).toBeCloseTo(24.7667, 4)
    expect(split.steps[1]).toBe(
      'Je Quadratmeter und Jahr: 15.436,8 kg ÷ 1.250,00 m², auf ein Jahr gerechnet (× 365 / 182 Tage) = 24,8 kg/m²',
    )
  })

  it('takes 95 % from 52 kg on', () => {
    // 1,000 l heating oil × 2.66 kg/l = 2,660 kg on 50 m² = 53.2 kg/m²
    const split = co2Split({
      ...residential,
      fuelQuantity: 1000,
      fuelUnit: 'l',
      kgPerUnit: 2.66,
      areaSquareMetres: 50,
      co2Costs: '146.30',
    })
    expect(split.stage?.stage).toBe(10)
    expect(split.landlordShare).toBe('138.99')
  })
})

describe('checkLandlordLine', () => {
  it('expects the share as a credit and names the difference', () => {
    expect(checkLandlordLine('-509.42', '509.42')).toEqual({
      matches: true,
      expected: '-509.42',
      difference: '0.00',
    })
    expect(checkLandlordLine('-1232.97', '509.42')).toEqual({
      matches: false,
      expected: '-509.42',
      difference: '-723.55',
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
    expect(periodDays('2024-07-01', '2025-06-30')).toBe(365)
    expect(periodDays('2025-03-30', '2025-03-30')).toBe(1)
  })
})
