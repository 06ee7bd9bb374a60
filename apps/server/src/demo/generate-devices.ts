/** The devices of a unit with their readings, reading orders and a radio system's month-end values. */
import { startOfYear } from '@portal/domain'
import {
  addDays,
  addMonths,
  dateIn,
  daysBetween,
  endOfMonth,
  endOfYear,
  maxDate,
  minDate,
  startOfMonth,
  yearOf,
} from './calendar'
import {
  DEVICE_TYPES,
  HEATED_ROOMS,
  OFFICE_ROOMS,
  OTHER_READING_REASONS,
  READING_TYPES,
  type TypeClass,
} from './catalogue'
import { at, decimal3 } from './format'
import type { DemoContext } from './generator-context'
import { type UnitModel, type PropertyModel } from './generator-models'

// -- devices, readings, reading orders ------------------------------------------------------

export function generateDevices(g: DemoContext, property: PropertyModel, unit: UnitModel): void {
  const k = unit.index
  const slots: {
    typeClass: TypeClass
    room: string
    mainMeter?: boolean
    exchangeOn?: string
  }[] = []
  const before = dateIn(g.year - 3, 2 + (k % 9), 15)
  const after = dateIn(g.year - 1, 2 + (k % 8), 15)
  slots.push({ typeClass: 'KW', room: 'Bad', exchangeOn: k % 6 === 1 ? before : undefined })
  slots.push({ typeClass: 'WW', room: 'Bad', exchangeOn: k % 6 === 4 ? after : undefined })
  if (k % 3 === 0)
    slots.push({ typeClass: 'KW', room: 'Küche' }, { typeClass: 'WW', room: 'Küche' })
  if (unit.usage === 'G') {
    slots.push({ typeClass: 'HZ', room: 'Technikraum' })
    for (const room of OFFICE_ROOMS.slice(0, 2)) slots.push({ typeClass: 'RM', room })
  } else {
    if (property.heatMetering === 'HZ') slots.push({ typeClass: 'HZ', room: 'Flur' })
    else
      for (const room of HEATED_ROOMS.slice(0, 3 + (k % 3))) slots.push({ typeClass: 'HV', room })
    slots.push({ typeClass: 'RWM', room: 'Schlafzimmer' })
    slots.push({
      typeClass: 'RWM',
      room: 'Flur',
      exchangeOn: k % 8 === 5 ? dateIn(g.year - 2, 3 + (k % 6), 10) : undefined,
    })
    if (k % 2 === 0) slots.push({ typeClass: 'RWM', room: 'Kinderzimmer' })
    if (k % 6 === 0) slots.push({ typeClass: 'GWA', room: 'Küche' })
  }
  // The building's main meters sit with its first unit's billing object.
  if (unit === unit.connection.units[0]) {
    slots.push({ typeClass: 'KW', room: 'Hausanschlussraum', mainMeter: true })
    slots.push({ typeClass: 'WA', room: 'Heizungsraum', mainMeter: true })
    if (unit.connection === property.connection) {
      slots.push({ typeClass: 'HZ', room: 'Heizungsraum', mainMeter: true })
    }
  }
  property.rwmCount += slots.filter((s) => s.typeClass === 'RWM').length

  const readingWindow = startOfYear(g.year - 4)
  const tenantChanges = unit.contracts.slice(1).map((c) => c.from)
  for (const slot of slots) {
    const type = DEVICE_TYPES[slot.typeClass]
    const lifetime = type.calibrationYears ? type.calibrationYears * 12 - 4 : 96
    const installedLast = slot.exchangeOn ?? startOfMonth(addMonths(g.today, -g.int(20, lifetime)))
    const lives: { from: string; until: string | null }[] = []
    if (slot.exchangeOn) {
      lives.push({
        from: addMonths(slot.exchangeOn, -g.int(lifetime - 12, lifetime)),
        until: slot.exchangeOn,
      })
    }
    lives.push({ from: installedLast, until: null })
    for (const life of lives) {
      const key = g.nextId('G', property.companyCode)
      g.rows.devices.push({
        key,
        companyCode: property.companyCode,
        propertyConnection: property.connection.id,
        serialNumber: `${type.serialPrefix}${g.faker.string.numeric(8)}`,
        segment: type.segment,
        typeClass: slot.typeClass,
        room: slot.room,
        installationDate: life.from,
        removalDate: life.until,
        calibrationYear: type.calibrationYears ? yearOf(life.from) - g.int(0, 1) : null,
        meterClass: g.pick(type.meterClasses),
      })
      for (let register = 1; register <= type.registers; register++) {
        g.rows.deviceTimeSlices.push({
          device: key,
          from: life.from,
          until: life.until,
          counterPosition: String(register),
        })
      }
      g.rows.deviceAssignments.push({
        device: key,
        billingObject: unit.billingObject,
        mainMeter: slot.mainMeter === true,
        from: life.from,
        until: life.until,
      })
      if (type.dailyUse) {
        const scale = slot.mainMeter ? unit.connection.units.length : 1
        generateReadings(
          g,
          property,
          unit,
          key,
          slot.typeClass,
          life,
          readingWindow,
          tenantChanges,
          scale,
        )
      }
    }
  }
  generateReadingOrders(g, property, unit, slots)
}

export function generateReadings(
  g: DemoContext,
  property: PropertyModel,
  unit: UnitModel,
  device: string,
  typeClass: TypeClass,
  life: { from: string; until: string | null },
  window: string,
  tenantChanges: readonly string[],
  scale: number,
): void {
  const [low, high] = DEVICE_TYPES[typeClass].dailyUse ?? [0, 0]
  const daily = g.int(low, high) * scale
  const end = life.until ?? g.today
  const dates = new Map<string, string>()
  if (life.from >= window) dates.set(life.from, 'EB')
  for (let year = g.year - 4; year <= g.year; year++) {
    if (typeClass !== 'HV') dates.set(dateIn(year, 6, 30), 'ZO')
    dates.set(endOfYear(year), 'AB')
  }
  for (const change of tenantChanges) dates.set(change, 'NW')
  if (life.until) dates.set(life.until, 'ZM')
  const readingDays = [...dates.keys()]
    .filter((day) => day >= maxDate(window, life.from) && day <= end && day <= g.today)
    .sort()
  let reading = life.from >= window ? g.int(0, 5_000) : daily * daysBetween(life.from, window)
  let previousDay = maxDate(window, life.from)
  const readings: { day: string; reason: string; reading: number; readingType: string }[] = []
  for (const day of readingDays) {
    const reason = dates.get(day) ?? 'AB'
    if (readings.length > 0 || reason !== 'EB') {
      reading += Math.round(
        daily * daysBetween(previousDay, day) * (0.8 + g.faker.number.float({ min: 0, max: 0.4 })),
      )
    }
    const estimated = (reason === 'AB' || reason === 'ZO') && g.int(0, 14) === 0
    const readingType = estimated
      ? READING_TYPES.estimate
      : reason === 'EB' || reason === 'ZM'
        ? READING_TYPES.fitter
        : reason === 'NW'
          ? unit.index % 2 === 0
            ? READING_TYPES.fitter
            : READING_TYPES.customer
          : property.radio
            ? READING_TYPES.radio
            : reason === 'AB'
              ? READING_TYPES.fitter
              : READING_TYPES.customer
    readings.push({ day, reason, reading, readingType })
    previousDay = day
  }
  // No faker draws below: the rows above stay what they were before the monthly values existed.
  if (property.radio) {
    const seasonal = typeClass === 'HV' || typeClass === 'HZ'
    for (const monthly of monthlyRadioReadings(readings, g.today, end, daily, seasonal)) {
      readings.push({ ...monthly, reason: 'ZO', readingType: READING_TYPES.radio })
    }
    readings.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0))
  }
  let previousReading: number | null = null
  for (const { day, reason, reading: value, readingType } of readings) {
    g.rows.measurements.push({
      companyCode: property.companyCode,
      propertyConnection: property.connection.id,
      device,
      pointOfDelivery: unit.pod,
      readingDate: day,
      reading: decimal3(value),
      difference: previousReading === null ? null : decimal3(value - previousReading),
      readingType,
      readingReason: reason,
    })
    previousReading = value
  }
}

/**
 * Yearly reading orders over four years and the next planned one, reading orders at tenant
 * changes and device exchanges, and a few with reasons that section 5 drops. The order at the
 * end of the year four years ago lies before the cut-off (1 January three years ago).
 */
export function generateReadingOrders(
  g: DemoContext,
  property: PropertyModel,
  unit: UnitModel,
  slots: readonly { exchangeOn?: string }[],
): void {
  const k = unit.index
  const orders: { readingDate: string; readingReason: string }[] = []
  for (let year = g.year - 4; year <= g.year; year++) {
    orders.push({ readingDate: endOfYear(year), readingReason: 'AB' })
  }
  const window = startOfYear(g.year - 4)
  for (const contract of unit.contracts.slice(1)) {
    if (contract.from >= window && contract.from <= g.today) {
      orders.push({ readingDate: contract.from, readingReason: 'NW' })
    }
  }
  for (const slot of slots) {
    if (slot.exchangeOn && slot.exchangeOn >= window)
      orders.push({ readingDate: slot.exchangeOn, readingReason: 'EB' })
  }
  if (k % 5 === 0) orders.push({ readingDate: dateIn(g.year - 2, 6, 30), readingReason: 'ZM' })
  if (k % 5 === 1) orders.push({ readingDate: dateIn(g.year - 1, 6, 30), readingReason: 'ZO' })
  if (k % 4 === 0)
    orders.push({
      readingDate: dateIn(g.year - 1, 9, 15),
      readingReason: OTHER_READING_REASONS.control,
    })
  if (k % 6 === 2)
    orders.push({
      readingDate: dateIn(g.year - 3, 3, 10),
      readingReason: OTHER_READING_REASONS.special,
    })
  orders.sort((a, b) =>
    a.readingDate < b.readingDate ? -1 : a.readingDate > b.readingDate ? 1 : 0,
  )
  for (const order of orders) {
    g.rows.readingOrders.push({
      companyCode: property.companyCode,
      propertyConnection: property.connection.id,
      pointOfDelivery: unit.pod,
      device: null,
      ...order,
    })
  }
}

/**
 * Months of month-end values a radio system delivers: the monthly consumption information owed to
 * users of remotely readable devices since 2022 (§6a HKVO) covers the last twelve months, each
 * compared with its previous month and with the same month a year before: 25 month ends.
 */
const RADIO_MONTHS = 25
/** Share of a year's heat used per calendar month (January first): heating follows the season. */
const HEATING_SEASON = [16, 14, 12, 8, 4, 2, 1, 1, 3, 8, 13, 18]

/**
 * The month-end values a radio device sends for the last `RADIO_MONTHS` months (reason ZO): every
 * month end of its life that has no reading yet. Between two readings the value follows the
 * consumption actually read, spread over the days (water) or over the heating season (heat meters
 * and allocators); after the last reading it goes on at the device's daily use.
 * Values only ever rise, and no faker draw is made, so the other rows stay as they were.
 */
function monthlyRadioReadings(
  readings: readonly { day: string; reading: number }[],
  today: string,
  end: string,
  daily: number,
  seasonal: boolean,
): { day: string; reading: number }[] {
  const first = readings[0]
  if (!first) return []
  const taken = new Set(readings.map((r) => r.day))
  const weight = (day: string) =>
    seasonal ? at(HEATING_SEASON, Number(day.slice(5, 7)) - 1) / (100 / 12) : 1
  /** Weighted days from `from` to `until`, counted per month end: enough for a monthly profile. */
  const weightedDays = (from: string, until: string) => {
    let total = 0
    let day = from
    while (day < until) {
      const next = minDate(endOfMonth(addDays(day, 1)), until)
      total += daysBetween(day, next) * weight(next)
      day = next
    }
    return total
  }
  const result: { day: string; reading: number }[] = []
  const last = minDate(end, today)
  let month = endOfMonth(addMonths(startOfMonth(today), -RADIO_MONTHS))
  for (; month <= last; month = endOfMonth(addMonths(startOfMonth(month), 1))) {
    if (month <= first.day || taken.has(month)) continue
    const nextIndex = readings.findIndex((r) => r.day > month)
    const before = at(readings, (nextIndex === -1 ? readings.length : nextIndex) - 1)
    const after = nextIndex === -1 ? undefined : readings[nextIndex]
    const value = after
      ? before.reading +
        Math.floor(
          ((after.reading - before.reading) * weightedDays(before.day, month)) /
            Math.max(weightedDays(before.day, after.day), 1),
        )
      : before.reading + Math.round(daily * weightedDays(before.day, month))
    result.push({ day: month, reading: value })
  }
  return result
}
