import {
  CONSUMPTION_DEVICES,
  addMonthsTo,
  deviceSpan,
  fromThousandths,
  monthOf,
  readingsByDevice,
  type ConsumptionMedium,
  type ConsumptionTypeClass,
  type DeviceReading,
} from '../consumption/monthly-consumption'
import { dayBefore } from '../format/date'
import { periodDays, vatPercentOn } from './co2-split'
import { ENERGY_CARRIERS, NATURAL_GAS_HS_PER_HI, type EnergyCarrierCode } from './energy-carriers'
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
 * The annual billing information of § 6a Abs. 3 HeizkostenV (decision 067): what the building
 * owner makes accessible to each user with the heating bill. Pure rules over what the portal holds:
 * the fuel lines of a heating distribution (Nr. 1 a, b), its metering and billing fees (Nr. 1 c),
 * the user's consumption in the period against the average user (Nr. 4) and against his previous
 * period, adjusted for the weather by degree days (Nr. 5). Figures stay exact fractions until
 * they are shown.
 */

const ZERO = fraction(0)
const HUNDRED = fraction(100)

// ---------------------------------------------------------------- Nr. 1 a: the energy carriers

/** The energy of a fuel quantity in kWh of the lower heating value (heat as delivered). */
export function kWhHiOf(carrier: EnergyCarrierCode, quantity: string): Fraction {
  const facts = ENERGY_CARRIERS[carrier]
  const amount = fraction(quantity)
  if (facts.kWhHiPerUnit !== null) return multiply(amount, fraction(facts.kWhHiPerUnit))
  return facts.heatingValueBasis === 'Hs' ? divide(amount, fraction(NATURAL_GAS_HS_PER_HI)) : amount
}

export interface EnergyCarrierShare {
  energyCarrier: EnergyCarrierCode
  name: string
  /** The quantities of the carrier's lines together, in its unit. */
  quantity: string
  quantityUnit: string
  /** kWh (Hi; heat as delivered for district heating), no decimals. */
  kWhHi: string
  /** Share of the energy in percent, one decimal; the shares add up to 100,0. */
  sharePercent: string
}

/**
 * § 6a Abs. 3 Nr. 1 a: the share of each energy carrier, by its energy (kWh Hi, § 9 Abs. 2
 * HeizkostenV). Shares are tenths of a percent by the largest remainder, so that they add up to
 * exactly 100,0 %.
 */
export function energyCarrierShares(
  fuels: readonly { energyCarrier: EnergyCarrierCode; quantity: string }[],
): EnergyCarrierShare[] {
  const byCarrier = new Map<EnergyCarrierCode, { quantity: Fraction; energy: Fraction }>()
  for (const fuel of fuels) {
    const entry = byCarrier.get(fuel.energyCarrier) ?? { quantity: ZERO, energy: ZERO }
    byCarrier.set(fuel.energyCarrier, {
      quantity: add(entry.quantity, fraction(fuel.quantity)),
      energy: add(entry.energy, kWhHiOf(fuel.energyCarrier, fuel.quantity)),
    })
  }
  const entries = [...byCarrier.entries()]
  const total = entries.reduce((sum, [, entry]) => add(sum, entry.energy), ZERO)
  const tenths = largestRemainder(
    entries.map(([, entry]) =>
      isZero(total) ? ZERO : divide(multiply(entry.energy, fraction(1000)), total),
    ),
    isZero(total) ? 0 : 1000,
  )
  return entries.map(([code, entry], index) => ({
    energyCarrier: code,
    name: ENERGY_CARRIERS[code].name,
    quantity: roundToDecimals(entry.quantity, 3),
    quantityUnit: ENERGY_CARRIERS[code].quantityUnit,
    kWhHi: roundToDecimals(entry.energy, 0),
    sharePercent: (tenths[index]! / 10).toFixed(1),
  }))
}

/** Whole numbers for exact parts that add up to `total`: floors, the rest to the largest remainders. */
function largestRemainder(parts: readonly Fraction[], total: number): number[] {
  const floors = parts.map((part) => Number(part.numerator / part.denominator))
  let rest = total - floors.reduce((sum, value) => sum + value, 0)
  const order = parts
    .map((part, index) => ({ index, remainder: subtract(part, fraction(floors[index]!)) }))
    .sort((a, b) => compare(b.remainder, a.remainder) || a.index - b.index)
  for (const { index } of order) {
    if (rest <= 0) break
    floors[index]! += 1
    rest -= 1
  }
  return floors
}

// ---------------------------------------------------------- Nr. 1 b: taxes, levies and duties

/**
 * The energy tax on heating fuels (EnergieStG), in EUR per unit of the carrier's quantity, with
 * the sentence that sets it; null where the portal cannot compute it (liquefied gas is recorded in
 * kWh, the law taxes it per kg). Heat from a heat network and wood are no taxable energy products:
 * '0'.
 */
export const ENERGY_TAX: Readonly<
  Record<EnergyCarrierCode, { perUnit: string; rate: string } | null>
> = {
  ERDGAS_H: { perUnit: '0.0055', rate: '5,50 EUR je MWh (§ 2 Abs. 3 Satz 1 Nr. 4 EnergieStG)' },
  ERDGAS_L: { perUnit: '0.0055', rate: '5,50 EUR je MWh (§ 2 Abs. 3 Satz 1 Nr. 4 EnergieStG)' },
  HEIZOEL_EL: {
    perUnit: '0.06135',
    rate: '61,35 EUR je 1.000 l (§ 2 Abs. 3 Satz 1 Nr. 1 EnergieStG)',
  },
  FLUESSIGGAS: null,
  // 0,33 EUR per GJ (Hi): 8 kWh/kg × 0,0036 GJ/kWh × 0,33 EUR, 5,5 kWh/kg for briquettes
  STEINKOHLE: { perUnit: '0.009504', rate: '0,33 EUR je GJ (§ 2 Abs. 1 Nr. 9 EnergieStG)' },
  BRAUNKOHLE: { perUnit: '0.006534', rate: '0,33 EUR je GJ (§ 2 Abs. 1 Nr. 9 EnergieStG)' },
  KOKS: { perUnit: '0.009504', rate: '0,33 EUR je GJ (§ 2 Abs. 1 Nr. 9 EnergieStG)' },
  FERNWAERME: { perUnit: '0', rate: 'keine (Wärme ist kein Energieerzeugnis)' },
  HOLZ: { perUnit: '0', rate: 'keine (Holz ist kein Energieerzeugnis)' },
  PELLETS: { perUnit: '0', rate: 'keine (Holz ist kein Energieerzeugnis)' },
}

export interface FuelLineAmounts {
  energyCarrier: EnergyCarrierCode
  quantity: string | null
  /** Gross amount (BETRAG), EUR. */
  amount: string | null
  /** Net amount (NETTO) where recorded. */
  amountNet: string | null
  from: string
  until: string
}

/**
 * The VAT contained in a gross amount: the gross less the net where the line records its net;
 * else by the rate on the day of delivery (§ 12 Abs. 1, § 28 Abs. 5 and 6 UStG), a grid delivery
 * spread over its days.
 */
export function vatInLine(line: FuelLineAmounts): Fraction | null {
  if (line.amount === null) return null
  if (line.amountNet !== null) return subtract(fraction(line.amount), fraction(line.amountNet))
  const gross = fraction(line.amount)
  const continuous = ENERGY_CARRIERS[line.energyCarrier].continuousDelivery
  if (!continuous || line.from >= line.until) {
    return vatOfGross(gross, vatPercentOn(line.energyCarrier, line.until))
  }
  const total = periodDays(line.from, line.until)
  const changes = ['2022-09-30', '2024-03-31'].filter((day) => day >= line.from && day < line.until)
  let start = line.from
  let vat = ZERO
  for (const end of [...changes, line.until]) {
    const share = divide(fraction(periodDays(start, end)), fraction(total))
    vat = add(vat, vatOfGross(multiply(gross, share), vatPercentOn(line.energyCarrier, start)))
    start = nextDay(end)
  }
  return vat
}

const vatOfGross = (gross: Fraction, percent: number) =>
  divide(multiply(gross, fraction(percent)), fraction(100 + percent))

function nextDay(iso: string): string {
  const date = new Date(`${iso}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + 1)
  return date.toISOString().slice(0, 10)
}

export interface EnergyTaxFigure {
  energyCarrier: EnergyCarrierCode
  name: string
  /** EUR, two decimals; null where the portal cannot compute it. */
  amount: string | null
  rate: string
}

export interface TaxesAndLevies {
  /** The VAT in the fuel lines, EUR; null without fuel amounts. */
  vat: string | null
  /** The CO2 price (§ 10 BEHG) in the fuel costs incl. VAT, from the CO2 split; null when unknown. */
  co2Cost: string | null
  energyTax: EnergyTaxFigure[]
}

/** § 6a Abs. 3 Nr. 1 b: VAT, the CO2 price of the BEHG and the energy tax in the fuel costs. */
export function taxesAndLevies(
  lines: readonly FuelLineAmounts[],
  co2Cost: string | null,
): TaxesAndLevies {
  const vats = lines.map(vatInLine).filter((vat): vat is Fraction => vat !== null)
  const byCarrier = new Map<EnergyCarrierCode, Fraction>()
  for (const line of lines) {
    if (line.quantity === null) continue
    const tax = ENERGY_TAX[line.energyCarrier]
    const previous = byCarrier.get(line.energyCarrier) ?? ZERO
    byCarrier.set(
      line.energyCarrier,
      tax === null
        ? previous
        : add(previous, multiply(fraction(line.quantity), fraction(tax.perUnit))),
    )
  }
  return {
    vat: vats.length === 0 ? null : roundToDecimals(vats.reduce(add, ZERO), 2),
    co2Cost,
    energyTax: [...byCarrier.entries()].map(([code, amount]) => {
      const tax = ENERGY_TAX[code]
      return {
        energyCarrier: code,
        name: ENERGY_CARRIERS[code].name,
        amount: tax === null ? null : roundToDecimals(amount, 2),
        rate: tax?.rate ?? 'nicht berechenbar: siehe Rechnung des Lieferanten',
      }
    }),
  }
}

// ------------------------------------------------------- Nr. 1 c: metering and billing fees

/**
 * The kinds of § 6a Abs. 3 Nr. 1 c and the cost types of table K of the bved exchange (3.05)
 * that belong to each; a line of another cost type is no metering or billing fee.
 */
export const METERING_FEE_KINDS = [
  {
    kind: 'rent',
    label: 'Gebrauchsüberlassung der Ausstattung zur Verbrauchserfassung',
    bvedCodes: ['057', '065', '068', '300', '301', '302'],
  },
  {
    kind: 'maintenance',
    label: 'Verwendung (Wartung) der Ausstattung zur Verbrauchserfassung',
    bvedCodes: ['069', '305', '306'],
  },
  { kind: 'calibration', label: 'Eichung', bvedCodes: ['054', '062'] },
  {
    kind: 'readingAndBilling',
    label: 'Ablesung und Abrechnung',
    bvedCodes: ['058', '066', '067', '227', '250', '251', '252', '255', '256', '304'],
  },
] as const
export type MeteringFeeKind = (typeof METERING_FEE_KINDS)[number]['kind']

export interface MeteringFeeLine {
  bvedCode: string | null
  name: string
  amount: string | null
}

export interface MeteringFees {
  kinds: {
    kind: MeteringFeeKind
    label: string
    amount: string
    lines: { name: string; amount: string }[]
  }[]
  total: string
}

/** § 6a Abs. 3 Nr. 1 c: the heating lines that are metering and billing fees, by kind. */
export function meteringFees(lines: readonly MeteringFeeLine[]): MeteringFees {
  let total = ZERO
  const kinds = METERING_FEE_KINDS.map(({ kind, label, bvedCodes }) => {
    const own = lines.filter(
      (line) =>
        line.amount !== null &&
        line.bvedCode !== null &&
        (bvedCodes as readonly string[]).includes(line.bvedCode),
    )
    const sum = own.reduce((s, line) => add(s, fraction(line.amount!)), ZERO)
    total = add(total, sum)
    return {
      kind,
      label,
      amount: roundToDecimals(sum, 2),
      lines: own.map((line) => ({
        name: line.name,
        amount: roundToDecimals(fraction(line.amount!), 2),
      })),
    }
  }).filter((entry) => entry.lines.length > 0)
  return { kinds, total: roundToDecimals(total, 2) }
}

// ------------------------------------- Nr. 4 and 5: the user's energy, the average, the weather

/** The degree days of a property's month (Gt20/15, VDI 3807), as the provider delivers them. */
export interface DegreeDayMonth {
  /** 'YYYY-MM'. */
  month: string
  /** Kelvin days of the month. */
  degreeDays: string
  /** The long-term mean of the same calendar month at the same place. */
  longTermDegreeDays: string
}

/** The months ('YYYY-MM') a period from `from` to `until` touches. */
export function monthsOfPeriod(from: string, until: string): string[] {
  const months: string[] = []
  for (let month = monthOf(from); month <= monthOf(until); month = addMonthsTo(month, 1)) {
    months.push(month)
  }
  return months
}

export type WeatherFactor =
  | { factor: Fraction; factorText: string; degreeDays: string; longTermDegreeDays: string }
  | { factor: null; missingMonths: string[] }

/**
 * Weather adjustment by degree days (VDI 3807-1): the heating energy of a period times the
 * long-term degree days of its months over the degree days actually counted, so that a cold and
 * a mild year compare as two normal ones. Null with the months that lack degree days.
 */
export function weatherFactor(
  months: readonly string[],
  degreeDays: readonly DegreeDayMonth[],
): WeatherFactor {
  const byMonth = new Map(degreeDays.map((entry) => [entry.month, entry]))
  const missingMonths = months.filter((month) => !byMonth.has(month))
  if (missingMonths.length > 0) return { factor: null, missingMonths }
  let actual = ZERO
  let longTerm = ZERO
  for (const month of months) {
    actual = add(actual, fraction(byMonth.get(month)!.degreeDays))
    longTerm = add(longTerm, fraction(byMonth.get(month)!.longTermDegreeDays))
  }
  if (compare(actual, ZERO) <= 0) return { factor: null, missingMonths: [] }
  return {
    factor: divide(longTerm, actual),
    factorText: roundToDecimals(divide(longTerm, actual), 4),
    degreeDays: roundToDecimals(actual, 1),
    longTermDegreeDays: roundToDecimals(longTerm, 1),
  }
}

/**
 * A unit's consumption per type class from its first day `first` to `last`, in thousandths of the
 * device's unit: the value at `last` less the value the day before `first` (or a move-in reading on
 * `first`). Null for a class when a device lacks a value it needs, or when its devices did not
 * measure the whole span (a device first fitted within it: what went before was not measured).
 */
export function periodConsumption(
  readings: readonly DeviceReading[],
  first: string,
  last: string,
): Map<ConsumptionTypeClass, number | null> {
  const start = dayBefore(first)
  const result = new Map<ConsumptionTypeClass, number | null>()
  const lives = new Map<ConsumptionTypeClass, { from: string; until: string }[]>()
  for (const sorted of readingsByDevice(readings)) {
    const typeClass = sorted[0]!.typeClass as ConsumptionTypeClass
    const value = deviceSpan(sorted, start, last, first)
    if (value === undefined) continue
    const sum = result.get(typeClass)
    result.set(typeClass, value === null || sum === null ? null : (sum ?? 0) + value)
    const { installedOn, removedOn } = sorted[0]!
    lives.set(typeClass, [
      ...(lives.get(typeClass) ?? []),
      { from: installedOn ?? '0000-01-01', until: removedOn ?? '9999-12-31' },
    ])
  }
  for (const [typeClass, spans] of lives) {
    if (!coversSpan(spans, first, last)) result.set(typeClass, null)
  }
  return result
}

/** Whether device lives, one following another (an exchange on one day), cover `first`–`last`. */
function coversSpan(lives: { from: string; until: string }[], first: string, last: string) {
  const sorted = [...lives].sort((a, b) => a.from.localeCompare(b.from))
  // a device fitted on the first day counts from its installation reading: the day is measured
  let reached = dayBefore(first)
  for (const life of sorted) {
    if (life.from > reached && life.from > first) return false
    if (life.until > reached) reached = life.until
    if (reached >= last) return true
  }
  return reached >= last
}

/**
 * kWh per heat-cost-allocator unit of a property over a period: the heat of its main heat meter
 * over the units of all its allocators (decision 033, balanced over the billing period instead of
 * a calendar year). Null without a main heat meter or a value it needs.
 */
export function periodAllocatorKwhPerUnit(
  mainHeatReadings: readonly DeviceReading[],
  unitReadings: readonly (readonly DeviceReading[])[],
  first: string,
  last: string,
): Fraction | null {
  const heat = periodConsumption(mainHeatReadings, first, last).get('HZ')
  let units = 0
  for (const readings of unitReadings) {
    const value = periodConsumption(readings, first, last).get('HV')
    if (value === undefined) continue
    if (value === null) return null
    units += value
  }
  if (heat === undefined || heat === null || heat <= 0 || units <= 0) return null
  return divide(fraction(heat), fraction(units))
}

/** A unit's energy in a period, per medium in thousandths of a kWh; null where not known. */
export type PeriodEnergy = Record<ConsumptionMedium, number | null>

/**
 * The energy per medium in kWh (thousandths): heat meters as counted, hot water m³ × 125 kWh
 * (§ 9 Abs. 2 HeizkostenV), allocator units × the property's kWh per unit. A medium without
 * devices is null; so is one with a value missing.
 */
export function periodEnergy(
  consumption: Map<ConsumptionTypeClass, number | null>,
  allocatorKwhPerUnit: Fraction | null,
): PeriodEnergy {
  const energy: PeriodEnergy = { heating: null, hotWater: null }
  const seen: Record<ConsumptionMedium, boolean> = { heating: false, hotWater: false }
  const failed: Record<ConsumptionMedium, boolean> = { heating: false, hotWater: false }
  for (const [typeClass, value] of consumption) {
    const device = CONSUMPTION_DEVICES[typeClass]
    seen[device.medium] = true
    const factor = typeClass === 'HV' ? allocatorKwhPerUnit : fraction(device.kwhPerUnit ?? 0)
    if (value === null || factor === null) {
      failed[device.medium] = true
      continue
    }
    const kwh = Math.round(Number(roundToDecimals(multiply(fraction(value), factor), 0)))
    energy[device.medium] = (energy[device.medium] ?? 0) + kwh
  }
  for (const medium of ['heating', 'hotWater'] as const) {
    if (!seen[medium] || failed[medium]) energy[medium] = null
  }
  return energy
}

/** Thousandths of a kWh as a kWh decimal string with one decimal. */
export const kwhText = (thousandths: number): string =>
  roundToDecimals(fraction(fromThousandths(thousandths)), 1)

/** Thousandths of a kWh times an exact factor, as thousandths. */
export function scaleThousandths(thousandths: number, factor: Fraction): number {
  return Number(roundToDecimals(multiply(fraction(thousandths), factor), 0))
}

/** Percent change from `previous` to `current`, one decimal; null when previous is zero. */
export function changePercent(current: number, previous: number): string | null {
  if (previous === 0) return null
  return roundToDecimals(
    multiply(divide(subtract(fraction(current), fraction(previous)), fraction(previous)), HUNDRED),
    1,
  )
}
