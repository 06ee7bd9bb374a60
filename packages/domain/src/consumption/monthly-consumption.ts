import { formatDecimal } from '../format/amount'
import { daysInMonth } from '../format/date'
import type { ContractPeriod } from './consumption-users'

/**
 * Decision 033: the monthly consumption information of §6a HeizkostenV. From the month-end values of a
 * usage unit's remotely read devices: heating and hot water per month, in the device's unit and in
 * kWh where the conversion is known, compared with the previous month, the same month of the
 * previous year and the property's average usage unit per m². (docs/decisions/033)
 */

export type ConsumptionMedium = 'heating' | 'hotWater'

/** Hot water heated from 10 °C to 60 °C: 2.5 kWh/(m³·K) × 50 K (§9 Abs. 2 HeizkostenV). */
export const HOT_WATER_KWH_PER_CUBIC_METRE = 125

export interface ConsumptionDevice {
  medium: ConsumptionMedium
  /** The unit the device counts in. */
  unit: 'kWh' | 'm³' | 'Einheiten'
  /** kWh per counted unit; null where no conversion is known (the allocators' units). */
  kwhPerUnit: number | null
}

/**
 * The device type classes of §6a: heat meters count kWh, hot-water meters m³ (converted by §9),
 * heat cost allocators dimensionless units; their kWh per unit is the property's own
 * (`allocatorConversion`), so it is null here.
 */
export const CONSUMPTION_DEVICES = {
  HZ: { medium: 'heating', unit: 'kWh', kwhPerUnit: 1 },
  HV: { medium: 'heating', unit: 'Einheiten', kwhPerUnit: null },
  WA: { medium: 'hotWater', unit: 'kWh', kwhPerUnit: 1 },
  WW: { medium: 'hotWater', unit: 'm³', kwhPerUnit: HOT_WATER_KWH_PER_CUBIC_METRE },
} as const satisfies Record<string, ConsumptionDevice>
export type ConsumptionTypeClass = keyof typeof CONSUMPTION_DEVICES
export const CONSUMPTION_TYPE_CLASSES = Object.keys(CONSUMPTION_DEVICES) as ConsumptionTypeClass[]

export function isConsumptionTypeClass(typeClass: string): typeClass is ConsumptionTypeClass {
  return Object.hasOwn(CONSUMPTION_DEVICES, typeClass)
}

/** The German name of each series, as the portal, the CSV and the PDF show it. */
export const CONSUMPTION_SERIES_LABELS: Readonly<Record<ConsumptionTypeClass, string>> = {
  HZ: 'Heizung (Wärmezähler)',
  HV: 'Heizung (Heizkostenverteiler)',
  WA: 'Warmwasser (Wärmezähler)',
  WW: 'Warmwasser (Wasserzähler)',
}

/** Decimals shown per unit: water to the litre, energy and allocator units to a tenth. */
const UNIT_DECIMALS: Readonly<Record<ConsumptionDevice['unit'], number>> = {
  kWh: 1,
  'm³': 3,
  Einheiten: 1,
}

/** The decimals a consumption of the unit is shown with; per m² one more. */
export function consumptionDigits(unit: ConsumptionDevice['unit'], perSquareMetre = false): number {
  return UNIT_DECIMALS[unit] + (perSquareMetre ? 1 : 0)
}

/** A consumption in de-DE with its unit ('1.234,5 kWh'); per m² one decimal more. */
export function formatConsumption(
  value: string | null,
  unit: ConsumptionDevice['unit'],
  perSquareMetre = false,
): string {
  if (value === null) return ''
  const digits = consumptionDigits(unit, perSquareMetre)
  return `${formatDecimal(value, digits)}\u00a0${unit}${perSquareMetre ? '/m²' : ''}`
}

const MONTH_NAMES = [
  'Januar',
  'Februar',
  'März',
  'April',
  'Mai',
  'Juni',
  'Juli',
  'August',
  'September',
  'Oktober',
  'November',
  'Dezember',
]

/** 'YYYY-MM' as 'Oktober 2026'. */
export function formatMonth(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number]
  return `${MONTH_NAMES[number - 1]} ${year}`
}

/** A unit "far above" the average uses at least this much more per m² (decision 033). */
export const FAR_ABOVE_AVERAGE_PERCENT = 50

/** Months shown: the last twelve complete ones. */
export const CONSUMPTION_MONTHS = 12

export interface DeviceReading {
  device: string
  typeClass: string
  /** ISO date. */
  readingDate: string
  /** Decimal string, three decimals at most. */
  reading: string
  /** The device's installation and removal days (ISO dates; null when not known or in use). */
  installedOn: string | null
  removedOn: string | null
  /** Whether the value is an estimate (reading type `ESTIMATED_READING_TYPE`), not a reading. */
  estimated?: boolean
}

/** The reading type of a value the provider estimated instead of reading it. */
export const ESTIMATED_READING_TYPE = 'Schätzung'

/** 'YYYY-MM' of an ISO date. */
export const monthOf = (isoDate: string): string => isoDate.slice(0, 7)

/** The ISO date of the last day of a 'YYYY-MM' month. */
export function monthEnd(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number]
  return `${month}-${String(daysInMonth(year, number)).padStart(2, '0')}`
}

/** The ISO day after an ISO day. */
function nextDay(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number]
  if (day < daysInMonth(year, month)) {
    return `${isoDate.slice(0, 8)}${String(day + 1).padStart(2, '0')}`
  }
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`
}

/**
 * Decision 033: whether a month ('YYYY-MM') is the user's: every day of it, the first to the last,
 * lies in one of his contracts (two contracts that follow each other without a gap count as one).
 *
 * The figures come from month-end values, so a month in which the tenant changed holds the
 * consumption of two users: it is shown to neither. Showing it whole to one would tell him the
 * other's consumption (§6b), and a part of a month is no comparable "Verbrauch im letzten Monat"
 * (§6a Abs. 2 Nr. 1). A move-in on the 1st and a move-out on the month's last day keep the month.
 */
export function isUserMonth(periods: readonly ContractPeriod[], month: string): boolean {
  const end = monthEnd(month)
  let day = `${month}-01`
  for (;;) {
    const covering = periods.find((p) => p.from <= day && (p.until === null || p.until >= day))
    if (!covering) return false
    if (covering.until === null || covering.until >= end) return true
    day = nextDay(covering.until)
  }
}

/** The month `count` months after (or before, when negative) a 'YYYY-MM' month. */
export function addMonthsTo(month: string, count: number): string {
  const [year, number] = month.split('-').map(Number) as [number, number]
  const index = year * 12 + (number - 1) + count
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`
}

/** The last complete month before the given day ('2026-11-23' → '2026-10'). */
export const lastCompleteMonth = (today: string): string => addMonthsTo(monthOf(today), -1)

/** The `count` months that end with `last`, oldest first. */
export function monthsUntil(last: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addMonthsTo(last, i - count + 1))
}

// Readings carry three decimals: counted in thousandths they add up exactly.
export function toThousandths(value: string): number {
  const negative = value.startsWith('-')
  const [whole = '0', fraction = ''] = value.replace(/^[-+]/, '').split('.')
  const thousandths = Number(whole) * 1000 + Number(fraction.padEnd(3, '0').slice(0, 3))
  return negative ? -thousandths : thousandths
}

export function fromThousandths(value: number): string {
  const sign = value < 0 ? '-' : ''
  const size = Math.abs(value)
  return `${sign}${Math.floor(size / 1000)}.${String(size % 1000).padStart(3, '0')}`
}

/** A quotient of decimals to three decimals, half away from zero. */
function divide(numerator: number, denominator: number): string {
  return fromThousandths(Math.round(numerator / denominator))
}

/**
 * A device's consumption from the value at `start` to the value at `end` (ISO days), in
 * thousandths: a device installed after `start` counts from its installation reading, one removed
 * before `end` up to its removal reading. `opening` names a second day the opening value may be
 * dated (a move-in reading on the first day instead of a value the day before). Undefined when the
 * device was not in use in the span; null when a value it needs is missing.
 */
export function deviceSpan(
  sorted: readonly DeviceReading[],
  start: string,
  end: string,
  opening?: string,
): number | null | undefined {
  const { installedOn, removedOn } = sorted[0]!
  if ((installedOn !== null && installedOn > end) || (removedOn !== null && removedOn <= start)) {
    return undefined
  }
  const installed = installedOn !== null && installedOn > start
  const from = installed ? installedOn : start
  const until = removedOn !== null && removedOn < end ? removedOn : end
  const first =
    sorted.find((r) => r.readingDate === from) ??
    (installed || opening === undefined ? undefined : sorted.find((r) => r.readingDate === opening))
  const last = sorted.findLast((r) => r.readingDate === until)
  if (!first || !last) return null
  return toThousandths(last.reading) - toThousandths(first.reading)
}

/** A device's consumption in a month: from the previous month's end value to this month's. */
const deviceMonth = (sorted: readonly DeviceReading[], month: string) =>
  deviceSpan(sorted, monthEnd(addMonthsTo(month, -1)), monthEnd(month))

/** The readings of each device, sorted by day (readings of other type classes left out). */
export function readingsByDevice(readings: readonly DeviceReading[]): DeviceReading[][] {
  const byDevice = new Map<string, DeviceReading[]>()
  for (const reading of readings) {
    if (!isConsumptionTypeClass(reading.typeClass)) continue
    const list = byDevice.get(reading.device)
    if (list) list.push(reading)
    else byDevice.set(reading.device, [reading])
  }
  return [...byDevice.values()].map((list) =>
    [...list].sort((a, b) => a.readingDate.localeCompare(b.readingDate)),
  )
}

/**
 * Consumption per type class and month (thousandths of the device's unit), over all devices of the
 * class: a month is null when any device in use lacks a value it needs.
 */
export function monthlyConsumption(
  readings: readonly DeviceReading[],
  months: readonly string[],
): Map<ConsumptionTypeClass, Map<string, number | null>> {
  const result = new Map<ConsumptionTypeClass, Map<string, number | null>>()
  for (const sorted of readingsByDevice(readings)) {
    const typeClass = sorted[0]!.typeClass as ConsumptionTypeClass
    let perMonth = result.get(typeClass)
    if (!perMonth) result.set(typeClass, (perMonth = new Map<string, number | null>()))
    for (const month of months) {
      const value = deviceMonth(sorted, month)
      if (value === undefined) continue
      const sum = perMonth.get(month)
      perMonth.set(month, value === null || sum === null ? null : (sum ?? 0) + value)
    }
  }
  return result
}

/**
 * Per type class the months whose consumption rests on an estimate: a value of a device of the
 * class dated from the end of the month before to the end of the month is estimated.
 */
export function estimatedMonths(
  readings: readonly DeviceReading[],
  months: readonly string[],
): Map<ConsumptionTypeClass, Set<string>> {
  const result = new Map<ConsumptionTypeClass, Set<string>>()
  for (const reading of readings) {
    if (!reading.estimated || !isConsumptionTypeClass(reading.typeClass)) continue
    for (const month of months) {
      const from = monthEnd(addMonthsTo(month, -1))
      if (reading.readingDate < from || reading.readingDate > monthEnd(month)) continue
      let set = result.get(reading.typeClass)
      if (!set) result.set(reading.typeClass, (set = new Set<string>()))
      set.add(month)
    }
  }
  return result
}

export interface ConsumptionUnitInput {
  pointOfDelivery: string
  /** Heated area in m² (decimal string); null when not recorded. */
  area: string | null
  readings: readonly DeviceReading[]
}

export interface ConsumptionMonth {
  /** 'YYYY-MM'. */
  month: string
  /** Decimal strings with three decimals, in the device's unit; null when not known. */
  consumption: string | null
  kwh: string | null
  previousMonth: string | null
  sameMonthLastYear: string | null
  /** The property's units of this class together: their consumption per m² of their area. */
  propertyAveragePerSquareMetre: string | null
  /** That average applied to this unit's area: what an average unit of its size used. */
  averageForArea: string | null
}

export interface ConsumptionSeries extends ConsumptionDevice {
  typeClass: ConsumptionTypeClass
  /** The calendar year the allocators' kWh per unit was found in; null for the other classes. */
  kwhBasisYear: number | null
  months: ConsumptionMonth[]
}

export interface UnitConsumption {
  pointOfDelivery: string
  area: string | null
  /** The months shown: those of the twelve that are the user's, oldest first. */
  months: string[]
  series: ConsumptionSeries[]
}

/** kWh per allocator unit of a property, and the calendar year it was found in. */
export interface AllocatorConversion {
  kwhPerUnit: number
  year: number
}

/** Decimals of the kWh per allocator unit: enough that a year's units round to the kWh. */
const CONVERSION_DECIMALS = 4

/**
 * The heat cost allocators' units in kWh (§6a Abs. 2 Nr. 1: "in Kilowattstunden"). Allocators
 * (EN 834, VDI 2077) register each radiator's share of the heat given off in the property, not an
 * amount of heat; the property's heat meter (the main meter `HZ` at the heating) measures that
 * heat. Balanced over the last complete calendar year (the heating bill's period):
 *
 *   kWh per unit = heat of the main heat meter in the year ÷ units of all allocators of the
 *   property in the year
 *
 * and every month's units are multiplied by it. One factor for the year keeps the ratios of the
 * comparisons (previous month, same month a year before) those of the units read. Null when the
 * property has no main heat meter or a month-end value of the year is missing: the information
 * then shows units only.
 */
export function allocatorConversion(
  mainHeatReadings: readonly DeviceReading[],
  units: readonly ConsumptionUnitInput[],
  lastMonth: string,
): AllocatorConversion | null {
  const lastYear = Number(lastMonth.slice(0, 4)) - (lastMonth.endsWith('-12') ? 0 : 1)
  const months = monthsUntil(`${lastYear}-12`, 12)
  const sum = (perMonth: Map<string, number | null> | undefined): number | null => {
    if (!perMonth) return null
    let total = 0
    for (const month of months) {
      const value = perMonth.get(month)
      if (value === null) return null
      total += value ?? 0
    }
    return total
  }
  const heat = sum(monthlyConsumption(mainHeatReadings, months).get('HZ'))
  let allocated = 0
  for (const unit of units) {
    const perMonth = monthlyConsumption(unit.readings, months).get('HV')
    if (!perMonth) continue
    const value = sum(perMonth)
    if (value === null) return null
    allocated += value
  }
  if (heat === null || heat <= 0 || allocated <= 0) return null
  const scale = 10 ** CONVERSION_DECIMALS
  return { kwhPerUnit: Math.round((heat / allocated) * scale) / scale, year: lastYear }
}

const areaThousandths = (area: string | null): number | null => {
  if (area === null) return null
  const value = toThousandths(area)
  return value > 0 ? value : null
}

/** Per class and month: the property's units with a value and an area, summed. */
function propertyTotals(units: readonly ConsumptionUnitInput[], months: readonly string[]) {
  const totals = new Map<ConsumptionTypeClass, Map<string, { consumption: number; area: number }>>()
  for (const unit of units) {
    const area = areaThousandths(unit.area)
    if (area === null) continue
    for (const [typeClass, perMonth] of monthlyConsumption(unit.readings, months)) {
      let classTotals = totals.get(typeClass)
      if (!classTotals) {
        classTotals = new Map<string, { consumption: number; area: number }>()
        totals.set(typeClass, classTotals)
      }
      for (const [month, value] of perMonth) {
        if (value === null) continue
        const total = classTotals.get(month) ?? { consumption: 0, area: 0 }
        classTotals.set(month, { consumption: total.consumption + value, area: total.area + area })
      }
    }
  }
  return totals
}

/**
 * The §6a report for one user of a unit over the twelve months ending with `lastMonth`: per type
 * class his consumption, the kWh where known, his previous month, his same month a year before and
 * the property's average per m² (all units of the property with a value that month and an area).
 * Only the user's months (`isUserMonth` of his contracts `periods`) are shown and compared with:
 * a month of another user is neither shown nor a comparison, the comparison is then "not
 * available" (§6a Abs. 2 Nr. 2: "soweit diese Daten erhoben worden sind"). The average stays the
 * property's: it is no one's consumption.
 */
export function unitConsumption(
  unit: ConsumptionUnitInput,
  propertyUnits: readonly ConsumptionUnitInput[],
  lastMonth: string,
  periods: readonly ContractPeriod[],
  allocators: AllocatorConversion | null,
): UnitConsumption {
  const months = monthsUntil(lastMonth, CONSUMPTION_MONTHS).filter((m) => isUserMonth(periods, m))
  // a year and a month before the first month shown: its previous month and the year before
  const reach = monthsUntil(lastMonth, CONSUMPTION_MONTHS + 13).filter((m) =>
    isUserMonth(periods, m),
  )
  const own = monthlyConsumption(unit.readings, reach)
  const totals = propertyTotals(propertyUnits, months)
  const area = areaThousandths(unit.area)
  const series: ConsumptionSeries[] = []
  for (const typeClass of CONSUMPTION_TYPE_CLASSES) {
    const perMonth = own.get(typeClass)
    if (!perMonth) continue
    const device =
      typeClass === 'HV'
        ? { ...CONSUMPTION_DEVICES.HV, kwhPerUnit: allocators?.kwhPerUnit ?? null }
        : CONSUMPTION_DEVICES[typeClass]
    // months outside the user's were never computed: `get` answers undefined for them
    const valueOf = (month: string) => {
      const value = perMonth.get(month)
      return value === undefined || value === null ? null : fromThousandths(value)
    }
    series.push({
      typeClass,
      ...device,
      kwhBasisYear: typeClass === 'HV' ? (allocators?.year ?? null) : null,
      months: months.map((month) => {
        const value = perMonth.get(month)
        const total = totals.get(typeClass)?.get(month)
        return {
          month,
          consumption: valueOf(month),
          kwh:
            value === undefined || value === null || device.kwhPerUnit === null
              ? null
              : fromThousandths(Math.round(value * device.kwhPerUnit)),
          previousMonth: valueOf(addMonthsTo(month, -1)),
          sameMonthLastYear: valueOf(addMonthsTo(month, -12)),
          propertyAveragePerSquareMetre: total
            ? divide(total.consumption * 1000, total.area)
            : null,
          averageForArea:
            total && area !== null ? divide(total.consumption * area, total.area) : null,
        }
      }),
    })
  }
  return { pointOfDelivery: unit.pointOfDelivery, area: unit.area, months, series }
}

export interface UnitConsumptionSummary {
  pointOfDelivery: string
  typeClass: ConsumptionTypeClass
  unit: ConsumptionDevice['unit']
  /** The twelve months together; null when a month is missing. */
  consumption: string | null
  perSquareMetre: string | null
  /** The property's units of this class together, per m² over the same months. */
  propertyPerSquareMetre: string | null
  /** How far above (positive) or below the property's average, in percent to one decimal. */
  percentAboveAverage: number | null
  farAboveAverage: boolean
}

/**
 * The property overview: per unit and type class the twelve months' consumption per m² against
 * the property's average per m², flagged when it is `FAR_ABOVE_AVERAGE_PERCENT` or more above.
 * Only units with all twelve months and an area take part in the average.
 */
export function propertyConsumptionOverview(
  units: readonly ConsumptionUnitInput[],
  lastMonth: string,
): UnitConsumptionSummary[] {
  const months = monthsUntil(lastMonth, CONSUMPTION_MONTHS)
  const yearly = units.map((unit) => {
    const perClass = monthlyConsumption(unit.readings, months)
    const sums = new Map<ConsumptionTypeClass, number | null>()
    for (const [typeClass, perMonth] of perClass) {
      const values = months.map((m) => perMonth.get(m) ?? null)
      sums.set(
        typeClass,
        values.some((v) => v === null) ? null : values.reduce<number>((s, v) => s + v!, 0),
      )
    }
    return { unit, area: areaThousandths(unit.area), sums }
  })
  const average = new Map<ConsumptionTypeClass, { consumption: number; area: number }>()
  for (const { area, sums } of yearly) {
    if (area === null) continue
    for (const [typeClass, sum] of sums) {
      if (sum === null) continue
      const total = average.get(typeClass) ?? { consumption: 0, area: 0 }
      average.set(typeClass, { consumption: total.consumption + sum, area: total.area + area })
    }
  }
  const summaries: UnitConsumptionSummary[] = []
  for (const { unit, area, sums } of yearly) {
    for (const typeClass of CONSUMPTION_TYPE_CLASSES) {
      if (!sums.has(typeClass)) continue
      const sum = sums.get(typeClass)!
      const total = average.get(typeClass)
      const perSquareMetre = sum === null || area === null ? null : (sum * 1000) / area
      const propertyPerSquareMetre = total ? (total.consumption * 1000) / total.area : null
      const percentAboveAverage =
        perSquareMetre === null || !propertyPerSquareMetre
          ? null
          : Math.round((perSquareMetre / propertyPerSquareMetre - 1) * 1000) / 10 || 0
      summaries.push({
        pointOfDelivery: unit.pointOfDelivery,
        typeClass,
        unit: CONSUMPTION_DEVICES[typeClass].unit,
        consumption: sum === null ? null : fromThousandths(sum),
        perSquareMetre:
          perSquareMetre === null ? null : fromThousandths(Math.round(perSquareMetre)),
        propertyPerSquareMetre:
          propertyPerSquareMetre === null
            ? null
            : fromThousandths(Math.round(propertyPerSquareMetre)),
        percentAboveAverage,
        farAboveAverage:
          percentAboveAverage !== null && percentAboveAverage >= FAR_ABOVE_AVERAGE_PERCENT,
      })
    }
  }
  return summaries
}
