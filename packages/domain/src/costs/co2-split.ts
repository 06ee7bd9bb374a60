import { formatAmount, formatDecimal, signOfAmount, sumAmounts } from '../format/amount'
import type { Co2AreaKind, Co2Restriction } from './co2-codes'
import {
  ENERGY_CARRIERS,
  NATURAL_GAS_HS_PER_HI,
  type EnergyCarrierCode,
  type HeatingValueBasis,
} from './energy-carriers'
import {
  add,
  compare,
  divide,
  fraction,
  isZero,
  multiply,
  roundToDecimals,
  subtract,
  type Fraction,
} from './fraction'

/**
 * The split of the CO2 costs of heating between landlord and tenants under the
 * Kohlendioxidkostenaufteilungsgesetz (CO2KostAufG, docs/decisions/032). Residential buildings
 * split by the ten-stage model of the annex (§ 5, Anlage), by kg CO2 per m² living area and year,
 * rounded to one decimal before the stage is chosen; non-residential buildings half and half
 * (§ 8); public-law restrictions halve the landlord's share or cancel the split (§ 9); among the
 * owners of a WEG nothing is split. Figures are exact fractions until the law rounds them.
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

/**
 * The stage of a residential building (Anlage CO2KostAufG) for its kg CO2 per m² and year as a
 * decimal string already rounded to one decimal (§ 5 Abs. 1 S. 3).
 */
export function co2StageOf(kgPerSquareMetreYear: string): Co2Stage {
  const value = fraction(kgPerSquareMetreYear)
  return CO2_STAGES.find(
    (stage) => stage.below === null || compare(value, fraction(stage.below)) < 0,
  )!
}

/**
 * The CO2 price of the national emissions trading (§ 10 Abs. 2 BEHG) in EUR per tonne by the
 * year of delivery. 2026 is the lower end of the corridor 55 to 65 EUR; the invoice states the
 * price the supplier paid.
 */
export const CO2_PRICE_PER_TONNE: Readonly<Record<number, number>> = {
  2021: 25,
  2022: 30,
  2023: 30,
  2024: 45,
  2025: 55,
  2026: 55,
}

/**
 * The VAT rate in percent on a delivery of the carrier on `day`: 7 % for gas through the grid
 * and heat through a heat network delivered from 1 October 2022 to 31 March 2024 (§ 28 Abs. 5
 * and 6 UStG), else 19 % (§ 12 Abs. 1 UStG).
 */
export function vatPercentOn(carrier: EnergyCarrierCode, day: string): number {
  const grid = ENERGY_CARRIERS[carrier].continuousDelivery
  return grid && day >= '2022-10-01' && day <= '2024-03-31' ? 7 : 19
}

export interface Co2FuelInput {
  energyCarrier: EnergyCarrierCode
  /** The quantity in the carrier's unit, as a decimal string. */
  quantity: string
  /** The delivery: a stored fuel at `until`, a grid delivery spread from `from` to `until`. */
  from: string
  until: string
}

export interface Co2SplitInput {
  fuels: readonly Co2FuelInput[]
  /** "kg CO2 laut Rechnung": replaces quantity × factor. */
  emissionsKgInvoice: string | null
  /** The CO2 costs of the invoice including VAT; else emissions × price at delivery + VAT. */
  co2CostInvoice: string | null
  areaKind: Co2AreaKind
  /** The area of that kind, m², as a decimal string; null when the master data has none. */
  areaSquareMetres: string | null
  /** The billing period, both days included. */
  from: string
  until: string
  residential: boolean
  restriction: Co2Restriction
}

export interface Co2FuelFigure {
  energyCarrier: EnergyCarrierCode
  quantity: string
  quantityUnit: string
  heatingValueBasis: HeatingValueBasis | null
  /** kg CO2 per unit of the quantity; null for district heating (the invoice states it). */
  emissionFactor: string | null
  /** kg CO2, one decimal; null without a factor. */
  emissionsKg: string | null
}

export interface Co2Split {
  fuels: Co2FuelFigure[]
  /** kg CO2 of the period, one decimal: the invoice's, else the fuels'. */
  emissionsKg: string | null
  emissionsSource: 'invoice' | 'fuel'
  areaKind: Co2AreaKind
  areaSquareMetres: string | null
  days: number
  /** kg CO2 per m² and year, rounded to one decimal (§ 5 Abs. 1 S. 3). */
  kgPerSquareMetreYear: string | null
  /** The stage; null for a non-residential building and where nothing is split (§ 9). */
  stage: Co2Stage | null
  landlordPercent: number | null
  /** EUR incl. VAT, two decimals. */
  co2Cost: string | null
  co2CostSource: 'invoice' | 'price'
  landlordAmount: string | null
  tenantAmount: string | null
  /** What is missing for a result, in German; empty when the split is complete. */
  missing: string[]
  /** The calculation, step by step, in German. */
  steps: string[]
}

const ONE = fraction(1)
const HUNDRED = fraction(100)
const THOUSAND = fraction(1000)
const HS_PER_HI = fraction(NATURAL_GAS_HS_PER_HI)

const decimal = (value: Fraction | string, digits: number) =>
  formatDecimal(typeof value === 'string' ? value : roundToDecimals(value, digits), digits)
const kg = (value: Fraction | string) => `${decimal(value, 1)} kg`
/** A percentage as a German reads it: '20', '47,5'. */
const percent = (value: Fraction) => decimal(value, value.denominator === 1n ? 0 : 1)
const euros = (value: Fraction) => formatAmount(roundToDecimals(value, 2))

/** The days of a period from `from` to `until`, both included ('2025-01-01'–'2025-12-31': 365). */
export function periodDays(from: string, until: string): number {
  const day = (iso: string) => Date.UTC(+iso.slice(0, 4), +iso.slice(5, 7) - 1, +iso.slice(8, 10))
  return Math.round((day(until) - day(from)) / 86_400_000) + 1
}

const addDays = (iso: string, days: number) => {
  const date = new Date(`${iso}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}
const addYear = (iso: string) => {
  const date = new Date(`${iso}T00:00:00Z`)
  date.setUTCFullYear(date.getUTCFullYear() + 1)
  return date.toISOString().slice(0, 10)
}

/**
 * § 5 Abs. 1 S. 4 CO2KostAufG: a period other than twelve months is converted to a year. A
 * period of exactly twelve months counts 1 (also across a 29 February); any other counts the
 * days of the year that begins on its first day over its own days.
 */
export function yearFactor(from: string, until: string): Fraction {
  const yearEnd = addDays(addYear(from), -1)
  if (until === yearEnd) return ONE
  return divide(fraction(periodDays(from, yearEnd)), fraction(periodDays(from, until)))
}

/** kg CO2 per unit of the carrier's quantity (Hs to Hi for gas, § 9 Abs. 2 HeizkostenV). */
function emissionFactorOf(code: EnergyCarrierCode): Fraction | null {
  const carrier = ENERGY_CARRIERS[code]
  if (carrier.kgPerKWhHi === null) return null
  const perKWhHi = fraction(carrier.kgPerKWhHi)
  if (carrier.kWhHiPerUnit !== null) return multiply(perKWhHi, fraction(carrier.kWhHiPerUnit))
  return carrier.heatingValueBasis === 'Hs' ? divide(perKWhHi, HS_PER_HI) : perKWhHi
}

/** The German step for one fuel: quantity, the heating-value conversion, factor, kg. */
function fuelStep(fuel: Co2FuelInput, emissions: Fraction): string {
  const carrier = ENERGY_CARRIERS[fuel.energyCarrier]
  const quantity = `${decimal(fuel.quantity, 0)} ${carrier.quantityUnit}`
  const factor = `${decimal(carrier.kgPerKWhHi ?? '0', 4)} kg/kWh`
  if (carrier.kWhHiPerUnit !== null) {
    return `${carrier.name}: ${quantity} × ${decimal(carrier.kWhHiPerUnit, 1)} kWh/${carrier.quantityUnit} (Heizwert Hi, § 9 Abs. 2 HeizkostenV) × ${factor} = ${kg(emissions)} CO2`
  }
  if (carrier.heatingValueBasis === 'Hs') {
    const hi = divide(fraction(fuel.quantity), HS_PER_HI)
    return `${carrier.name}: ${quantity} (Brennwert Hs) ÷ 1,11 = ${decimal(hi, 0)} kWh (Heizwert Hi, § 9 Abs. 2 HeizkostenV) × ${factor} = ${kg(emissions)} CO2`
  }
  return `${carrier.name}: ${quantity} (Heizwert Hi) × ${factor} = ${kg(emissions)} CO2`
}

interface PricedPart {
  carrier: EnergyCarrierCode
  year: number
  vatPercent: number
  emissions: Fraction
}

/**
 * The emissions of one delivery by year of delivery and VAT rate: a stored fuel all at its date,
 * a grid delivery spread over its days (§ 3 Abs. 3 CO2KostAufG: the price at delivery).
 */
function pricedParts(fuel: Co2FuelInput, emissions: Fraction): PricedPart[] {
  const carrier = ENERGY_CARRIERS[fuel.energyCarrier]
  const single = (day: string): PricedPart => ({
    carrier: fuel.energyCarrier,
    year: Number(day.slice(0, 4)),
    vatPercent: vatPercentOn(fuel.energyCarrier, day),
    emissions,
  })
  if (!carrier.continuousDelivery || fuel.from >= fuel.until) return [single(fuel.until)]
  const total = fraction(periodDays(fuel.from, fuel.until))
  const parts: PricedPart[] = []
  let start = fuel.from
  while (start <= fuel.until) {
    // a part ends at the year's end or where the VAT rate changes, whichever comes first
    const yearEnd = `${start.slice(0, 4)}-12-31`
    const vatEnds = ['2022-09-30', '2024-03-31'].filter((day) => day >= start)
    const end = [fuel.until, yearEnd, ...vatEnds].sort()[0]!
    const part = single(start)
    parts.push({
      ...part,
      emissions: multiply(emissions, divide(fraction(periodDays(start, end)), total)),
    })
    start = addDays(end, 1)
  }
  return parts
}

/** The CO2 split of a heating distribution; see the module's comment and decision 032. */
export function co2Split(input: Co2SplitInput): Co2Split {
  const missing: string[] = []
  const steps: string[] = []
  const days = periodDays(input.from, input.until)

  const fuels = input.fuels.map((fuel) => {
    const factor = emissionFactorOf(fuel.energyCarrier)
    const emissions = factor === null ? null : multiply(fraction(fuel.quantity), factor)
    return { fuel, factor, emissions }
  })
  const fuelFigures: Co2FuelFigure[] = fuels.map(({ fuel, factor, emissions }) => ({
    energyCarrier: fuel.energyCarrier,
    quantity: fuel.quantity,
    quantityUnit: ENERGY_CARRIERS[fuel.energyCarrier].quantityUnit,
    heatingValueBasis: ENERGY_CARRIERS[fuel.energyCarrier].heatingValueBasis,
    emissionFactor: factor === null ? null : roundToDecimals(factor, 6),
    emissionsKg: emissions === null ? null : roundToDecimals(emissions, 1),
  }))

  let emissions: Fraction | null = null
  const emissionsSource = input.emissionsKgInvoice === null ? 'fuel' : 'invoice'
  if (input.emissionsKgInvoice !== null) {
    emissions = fraction(input.emissionsKgInvoice)
    steps.push(`CO2-Ausstoß laut Rechnung: ${kg(emissions)}`)
  } else if (fuels.length === 0) {
    missing.push(
      'Es ist keine Brennstoffmenge erfasst: bitte Menge oder „kg CO2 laut Rechnung“ angeben.',
    )
  } else {
    const withoutFactor = fuels.filter((entry) => entry.emissions === null)
    for (const entry of withoutFactor) {
      missing.push(
        `Für ${ENERGY_CARRIERS[entry.fuel.energyCarrier].name} nennt der Lieferant den CO2-Ausstoß auf der Rechnung: bitte „kg CO2 laut Rechnung“ angeben.`,
      )
    }
    if (withoutFactor.length === 0) {
      emissions = fuels.reduce((sum, entry) => add(sum, entry.emissions!), fraction(0))
      for (const entry of fuels) steps.push(fuelStep(entry.fuel, entry.emissions!))
      if (fuels.length > 1) steps.push(`CO2-Ausstoß zusammen: ${kg(emissions)}`)
    }
  }

  const areaName = input.areaKind === 'WF' ? 'Wohnfläche' : 'beheizte Fläche'
  const area = input.areaSquareMetres === null ? null : fraction(input.areaSquareMetres)
  if (area === null || compare(area, fraction(0)) <= 0) {
    missing.push(
      `Die ${areaName} (${input.areaKind}) der Liegenschaft fehlt: bitte in den Stammdaten ergänzen lassen oder die andere Fläche wählen.`,
    )
  }

  let kgPerSquareMetreYear: string | null = null
  if (emissions !== null && area !== null && compare(area, fraction(0)) > 0) {
    const factor = yearFactor(input.from, input.until)
    const exact = multiply(divide(emissions, area), factor)
    kgPerSquareMetreYear = roundToDecimals(exact, 1)
    const scaled =
      compare(factor, ONE) === 0
        ? ''
        : `, auf ein Jahr gerechnet (× ${periodDays(input.from, addDays(addYear(input.from), -1))} / ${days} Tage, § 5 Abs. 1 S. 4 CO2KostAufG)`
    steps.push(
      `Je m² ${areaName} und Jahr: ${kg(emissions)} ÷ ${decimal(area, 2)} m²${scaled} = ${decimal(exact, 3)} kg/m², auf eine Nachkommastelle gerundet (§ 5 Abs. 1 S. 3 CO2KostAufG): ${decimal(kgPerSquareMetreYear, 1)} kg/m²`,
    )
  }

  // the stage and the landlord's percentage
  let stage: Co2Stage | null = null
  let landlordPercent: Fraction | null = null
  if (!input.residential) {
    landlordPercent = fraction(50)
    steps.push('Nichtwohngebäude: Vermieter und Mieter tragen je 50 % (§ 8 CO2KostAufG)')
  } else if (kgPerSquareMetreYear !== null) {
    stage = co2StageOf(kgPerSquareMetreYear)
    landlordPercent = fraction(stage.landlordPercent)
    const range =
      stage.below === null ? `ab ${stage.from}` : `${stage.from} bis unter ${stage.below}`
    steps.push(
      `Wohngebäude, Stufe ${stage.stage} von 10 (${range} kg/m², Anlage CO2KostAufG): Vermieter ${stage.landlordPercent} %, Mieter ${stage.tenantPercent} %`,
    )
  }
  if (landlordPercent !== null) {
    if (input.restriction === 'half') {
      landlordPercent = divide(landlordPercent, fraction(2))
      steps.push(
        `Öffentlich-rechtliche Beschränkung (Denkmalschutz, Erhaltungssatzung oder Anschluss- und Benutzungszwang): der Anteil des Vermieters wird halbiert (§ 9 Abs. 1 S. 1 CO2KostAufG) auf ${percent(landlordPercent)} %`,
      )
    } else if (input.restriction === 'noSplit') {
      landlordPercent = fraction(0)
      stage = null
      steps.push(
        'Beschränkungen beider Art (Gebäude und Wärmeversorgung): keine Aufteilung, der Vermieter trägt keine CO2-Kosten (§ 9 Abs. 1 S. 2 CO2KostAufG)',
      )
    } else if (input.restriction === 'weg') {
      landlordPercent = fraction(0)
      steps.push(
        'Wohnungseigentümergemeinschaft: unter den Eigentümern werden die CO2-Kosten nicht aufgeteilt; die Stufe gilt für vermietende Eigentümer gegenüber ihren Mietern',
      )
    }
  }

  // the CO2 costs: the invoice's, else emissions × the price at delivery, plus VAT
  let co2Cost: Fraction | null = null
  const co2CostSource = input.co2CostInvoice === null ? 'price' : 'invoice'
  if (input.co2CostInvoice !== null) {
    co2Cost = fraction(input.co2CostInvoice)
    steps.push(`CO2-Kosten laut Rechnung (einschließlich Umsatzsteuer): ${euros(co2Cost)}`)
  } else if (emissions !== null) {
    const computed = fuels.filter((entry) => entry.emissions !== null)
    const fuelTotal = computed.reduce((sum, entry) => add(sum, entry.emissions!), fraction(0))
    // the invoice's kg are spread over the deliveries as the fuels' own kg are
    const deliveries =
      computed.length > 0 && !isZero(fuelTotal)
        ? computed.map((entry) => ({
            fuel: entry.fuel,
            emissions: multiply(emissions, divide(entry.emissions!, fuelTotal)),
          }))
        : input.fuels.length > 0
          ? [{ fuel: input.fuels[0]!, emissions }]
          : []
    const parts = deliveries.flatMap((delivery) => pricedParts(delivery.fuel, delivery.emissions))
    const unpriced = [
      ...new Set(parts.filter((p) => !(p.year in CO2_PRICE_PER_TONNE)).map((p) => p.year)),
    ]
    if (parts.length === 0 || unpriced.length > 0) {
      missing.push(
        `Für ${unpriced.join(', ') || 'diesen Zeitraum'} ist kein CO2-Preis hinterlegt: bitte die CO2-Kosten laut Rechnung angeben.`,
      )
    } else {
      co2Cost = fraction(0)
      for (const part of parts) {
        const price = fraction(CO2_PRICE_PER_TONNE[part.year]!)
        const net = multiply(divide(part.emissions, THOUSAND), price)
        const gross = multiply(net, divide(add(HUNDRED, fraction(part.vatPercent)), HUNDRED))
        co2Cost = add(co2Cost, gross)
        steps.push(
          `CO2-Kosten ${ENERGY_CARRIERS[part.carrier].name}, Lieferung ${part.year}: ${decimal(divide(part.emissions, THOUSAND), 3)} t × ${price.numerator} €/t (§ 10 Abs. 2 BEHG) zuzüglich ${part.vatPercent} % Umsatzsteuer (§ 3 Abs. 3 CO2KostAufG) = ${euros(gross)}`,
        )
      }
      if (parts.length > 1) steps.push(`CO2-Kosten zusammen: ${euros(co2Cost)}`)
    }
  }

  let landlordAmount: string | null = null
  let tenantAmount: string | null = null
  if (co2Cost !== null && landlordPercent !== null) {
    const cost = roundToDecimals(co2Cost, 2)
    landlordAmount = roundToDecimals(multiply(fraction(cost), divide(landlordPercent, HUNDRED)), 2)
    tenantAmount = roundToDecimals(subtract(fraction(cost), fraction(landlordAmount)), 2)
    steps.push(
      `Vermieteranteil: ${percent(landlordPercent)} % von ${formatAmount(cost)} = ${formatAmount(landlordAmount)}, als Gutschrift zu erfassen: ${formatAmount(signOfAmount(landlordAmount) === 0 ? '0.00' : `-${landlordAmount}`)}; Mieteranteil ${formatAmount(tenantAmount)}`,
    )
  }

  return {
    fuels: fuelFigures,
    emissionsKg: emissions === null ? null : roundToDecimals(emissions, 1),
    emissionsSource,
    areaKind: input.areaKind,
    areaSquareMetres: input.areaSquareMetres,
    days,
    kgPerSquareMetreYear,
    stage,
    landlordPercent: landlordPercent === null ? null : Number(roundToDecimals(landlordPercent, 1)),
    co2Cost: co2Cost === null ? null : roundToDecimals(co2Cost, 2),
    co2CostSource,
    landlordAmount,
    tenantAmount,
    missing,
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

export { FUEL_COST_TYPES } from './expenses'
