import { formatAmount, formatDecimal, signOfAmount, sumAmounts } from '../format/amount'

/**
 * Issue 16: the split of the CO2 costs of heating between landlord and tenants under the
 * Kohlendioxidkostenaufteilungsgesetz (CO2KostAufG, docs/decisions/032). Residential buildings
 * split by the ten-stage model of the annex (§ 5, Anlage), by kg CO2 per m² and year;
 * non-residential buildings half and half (§ 8).
 */

export interface Co2Stage {
  /** 1 … 10 */
  stage: number
  /** kg CO2 per m² and year, from (inclusive) … below (exclusive); `below` null for the last. */
  from: number
  below: number | null
  landlordPercent: number
  tenantPercent: number
}

const STAGE_LIMITS = [12, 17, 22, 27, 32, 37, 42, 47, 52] as const
const LANDLORD_PERCENT = [0, 10, 20, 30, 40, 50, 60, 70, 80, 95] as const

/** The ten stages of the annex of the CO2KostAufG. */
export const CO2_STAGES: readonly Co2Stage[] = LANDLORD_PERCENT.map((landlordPercent, index) => ({
  stage: index + 1,
  from: index === 0 ? 0 : STAGE_LIMITS[index - 1]!,
  below: STAGE_LIMITS[index] ?? null,
  landlordPercent,
  tenantPercent: 100 - landlordPercent,
}))

/** The stage of a residential building with this CO2 emission (kg per m² and year). */
export function co2StageOf(kgPerSquareMetreYear: number): Co2Stage {
  return CO2_STAGES.find((stage) => stage.below === null || kgPerSquareMetreYear < stage.below)!
}

/**
 * Default emission factors where the invoice names none, in kg CO2 per unit of the fuel as
 * invoiced: the factors of the Brennstoffemissionshandelsgesetz (BEHG, Anlage 2 of the EBeV 2030)
 * for the lower heating value; heating oil per litre at 10 kWh/l. District heating has no default:
 * its supplier states the factor on the invoice (§ 3 CO2KostAufG).
 */
export const FUELS = {
  gas: { name: 'Erdgas', unit: 'kWh', kgPerUnit: 0.201 },
  oil: { name: 'Heizöl EL', unit: 'l', kgPerUnit: 2.66 },
  lpg: { name: 'Flüssiggas', unit: 'kWh', kgPerUnit: 0.239 },
  district: { name: 'Fernwärme', unit: 'kWh', kgPerUnit: null },
} as const satisfies Record<string, { name: string; unit: string; kgPerUnit: number | null }>
export type Fuel = keyof typeof FUELS

/** The CO2 price of the national emissions trading (BEHG § 10) in EUR per tonne, by year. */
export const CO2_PRICE_PER_TONNE: Readonly<Record<number, number>> = {
  2021: 25,
  2022: 30,
  2023: 30,
  2024: 45,
  2025: 55,
  2026: 55,
}

export interface Co2SplitInput {
  /** The fuel quantity of the period, in the fuel's unit (kWh or l). */
  fuelQuantity: number
  fuelUnit: string
  /** kg CO2 per unit of the fuel: from the invoice, else the default of the fuel. */
  kgPerUnit: number
  /** The area the emission is related to: the living area of a residential building, in m². */
  areaSquareMetres: number
  /** The days of the billing period: a period other than a year is scaled to one. */
  periodDays: number
  residential: boolean
  /** The CO2 costs of the period in EUR (the invoice's CO2 price share), as a decimal string. */
  co2Costs: string
}

export interface Co2Split {
  emissionsKg: number
  kgPerSquareMetreYear: number
  /** The stage for a residential building; null for a non-residential one (half and half). */
  stage: Co2Stage | null
  landlordPercent: number
  tenantPercent: number
  /** The landlord's share of the CO2 costs, to the cent, as a positive decimal string. */
  landlordShare: string
  /** The calculation, step by step, in German. */
  steps: string[]
}

const kg = (value: number) => `${formatDecimal(value, 1)} kg`

/** `percent` % of a decimal string of EUR, rounded half away from zero to the cent. */
function shareOf(amount: string, percent: number): string {
  const cents = Math.round(Math.abs(Number(amount)) * 100)
  const share = Math.round((cents * percent) / 100)
  return `${Math.trunc(share / 100)}.${String(share % 100).padStart(2, '0')}`
}

export function co2Split(input: Co2SplitInput): Co2Split {
  const emissionsKg = input.fuelQuantity * input.kgPerUnit
  const perYear = input.periodDays > 0 ? 365 / input.periodDays : 1
  const kgPerSquareMetreYear = (emissionsKg / input.areaSquareMetres) * perYear
  const stage = input.residential ? co2StageOf(kgPerSquareMetreYear) : null
  const landlordPercent = stage ? stage.landlordPercent : 50
  const landlordShare = shareOf(input.co2Costs, landlordPercent)
  const yearly =
    Math.abs(perYear - 1) < 0.01
      ? ''
      : `, auf ein Jahr gerechnet (× 365 / ${input.periodDays} Tage)`
  const steps = [
    `CO2-Ausstoß: ${formatDecimal(input.fuelQuantity, 0)} ${input.fuelUnit} × ${formatDecimal(input.kgPerUnit, 3)} kg/${input.fuelUnit} = ${kg(emissionsKg)}`,
    `Je Quadratmeter und Jahr: ${kg(emissionsKg)} ÷ ${formatDecimal(input.areaSquareMetres, 2)} m²${yearly} = ${formatDecimal(kgPerSquareMetreYear, 1)} kg/m²`,
    stage
      ? `Wohngebäude, Stufe ${stage.stage} von 10 (${stage.below === null ? `ab ${stage.from}` : `${stage.from} bis unter ${stage.below}`} kg/m²): Vermieter ${stage.landlordPercent} %, Mieter ${stage.tenantPercent} %`
      : 'Nichtwohngebäude: Vermieter und Mieter tragen je 50 % (§ 8 CO2KostAufG)',
    `Vermieteranteil: ${landlordPercent} % von ${formatAmount(input.co2Costs)} CO2-Kosten = ${formatAmount(landlordShare)}, als Gutschrift zu erfassen: ${formatAmount(`-${landlordShare}`)}`,
  ]
  return {
    emissionsKg,
    kgPerSquareMetreYear,
    stage,
    landlordPercent,
    tenantPercent: 100 - landlordPercent,
    landlordShare,
    steps,
  }
}

/**
 * The entered landlord line against the computed share: it is entered as a credit, so it should
 * be the negative share. Answers the difference (entered − expected) in EUR as a decimal string.
 */
export function checkLandlordLine(
  entered: string,
  landlordShare: string,
): { matches: boolean; expected: string; difference: string } {
  const expected = signOfAmount(landlordShare) === 0 ? '0.00' : `-${landlordShare}`
  // entered − expected, exactly: the expected line is the negative share
  const difference = sumAmounts([entered, landlordShare])
  return { matches: signOfAmount(difference) === 0, expected, difference }
}

/** The cost types of the fuel whose quantity the CO2 emission is computed from. */
export const FUEL_COST_TYPES: readonly string[] = ['HK_BRENNSTOFF']

/** The days of a period from `from` to `until`, both included ('2025-01-01'–'2025-12-31': 365). */
export function periodDays(from: string, until: string): number {
  const day = (iso: string) => Date.UTC(+iso.slice(0, 4), +iso.slice(5, 7) - 1, +iso.slice(8, 10))
  return Math.round((day(until) - day(from)) / 86_400_000) + 1
}
