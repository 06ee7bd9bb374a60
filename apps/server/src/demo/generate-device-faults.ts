/**
 * Two faults a radio system has in practice, so that the demo raises every alarm kind of decision
 * 070 and not only those its consumption gives: in one radio-read property of company code 1000
 * (not the demo resident's, not the demo owner's) a hot-water meter that stopped sending three
 * month ends ago (a silent device), and another hot-water meter whose last month-end value lies below
 * the one before (a reading that goes backwards). No faker draw is made, so every other row stays
 * as it was.
 */
import { expectedRadioValueDate } from '@portal/domain'
import { addMonths, endOfMonth, startOfMonth } from './calendar'
import { READING_TYPES, type TypeClass } from './catalogue'
import { decimal3 } from './format'
import type { DemoContext } from './generator-context'
import type { PropertyModel, UnitModel } from './generator-models'

/** The property with the two faults: company code 1000's eighth plan (radio-read, no demo owner). */
export const DEVICE_FAULT_PROPERTY = { companyCode: '1000', index: 7 } as const

/** How far the backward reading lies below the value before it, in thousandths of the unit. */
const BACKWARD_BY = 12_500

export function generateDeviceFaults(g: DemoContext, property: PropertyModel): void {
  if (
    property.companyCode !== DEVICE_FAULT_PROPERTY.companyCode ||
    property.index !== DEVICE_FAULT_PROPERTY.index ||
    !property.radio
  ) {
    return
  }
  const silent = currentDevice(g, property.units.at(-1), 'WW')
  const backward = currentDevice(g, property.units.at(-2), 'WW')
  if (!silent || !backward) throw new Error('demo: no meters for the device faults')

  // the silent meter's radio values end two month ends before the one it must have sent
  const lastSent = endOfMonth(addMonths(startOfMonth(expectedRadioValueDate(g.today)), -2))
  const measurements = g.rows.measurements
  for (let i = measurements.length - 1; i >= 0; i--) {
    const row = measurements[i]!
    if (
      row.device === silent &&
      row.readingType === READING_TYPES.radio &&
      row.readingDate > lastSent
    ) {
      measurements.splice(i, 1)
    }
  }

  // the other meter's last radio value drops below the one before (a reading after it, an
  // estimate at the year's end say, counts from the lower value)
  const readings = measurements
    .filter((row) => row.device === backward)
    .sort((a, b) => a.readingDate.localeCompare(b.readingDate))
  const at = readings.findLastIndex((row) => row.readingType === READING_TYPES.radio)
  const fault = readings[at]
  const before = readings[at - 1]
  if (!fault || !before)
    throw new Error('demo: the backward reading needs a radio value after another')
  const thousandths = (value: string) => Math.round(Number(value) * 1000)
  const previous = thousandths(before.reading)
  if (previous < BACKWARD_BY) throw new Error('demo: the backward reading would be negative')
  fault.reading = decimal3(previous - BACKWARD_BY)
  fault.difference = `-${decimal3(BACKWARD_BY)}`
  const after = readings[at + 1]
  if (after) after.difference = decimal3(thousandths(after.reading) - (previous - BACKWARD_BY))
}

/** The key of the unit's device of the type in use today (not a main meter). */
function currentDevice(
  g: DemoContext,
  unit: UnitModel | undefined,
  typeClass: TypeClass,
): string | undefined {
  if (!unit) return undefined
  const inUse = new Set(
    g.rows.deviceAssignments
      .filter((a) => a.billingObject === unit.billingObject && !a.mainMeter && a.until === null)
      .map((a) => a.device),
  )
  return g.rows.devices.find(
    (d) => inUse.has(d.key) && d.typeClass === typeClass && d.removalDate === null,
  )?.key
}
