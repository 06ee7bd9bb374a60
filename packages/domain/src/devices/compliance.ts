import type { DeviceTypeClass } from '../codes/device'
import { addMonthsTo, lastCompleteMonth, monthEnd } from '../consumption/monthly-consumption'

/**
 * The rules of a manager's care between two bills (issue "Between two bills"): which devices must
 * become remotely readable by when (§ 5 Abs. 2, 3 HeizkostenV), when a meter's calibration runs
 * out (§ 34 Abs. 1 MessEV with Anlage 7), and what the daily alarms look for. Pure functions over
 * ISO days; the server gathers the devices and readings.
 */

/** § 5 Abs. 2 HeizkostenV: devices installed from this day on must be remotely readable. */
export const REMOTE_READING_REQUIRED_FROM = '2021-12-01'
/** § 5 Abs. 3 HeizkostenV: devices installed before it must be made remotely readable by then. */
export const REMOTE_READING_DEADLINE = '2026-12-31'

/** The type classes of heat and hot water that the HeizkostenV covers (cold water it does not). */
export const HEIZKOSTENV_TYPE_CLASSES: readonly DeviceTypeClass[] = ['HZ', 'HV', 'WA', 'WW']

/** The reading type of a value a device sent by radio. */
export const RADIO_READING_TYPE = 'Funkablesung'

/** How far back a radio value makes a device count as remotely read: a year and a month. */
const REMOTE_LOOKBACK_MONTHS = 13

export type RemoteReadingState =
  /** sends its values by radio */
  | 'remote'
  /** installed before 1 December 2021, not remote: to be retrofitted by 31 December 2026 */
  | 'retrofitDue'
  /** the same after 31 December 2026 */
  | 'retrofitOverdue'
  /** installed on or after 1 December 2021 and not remote: against § 5 Abs. 2 since its installation */
  | 'mustBeRemote'
  /** not a device of the HeizkostenV (cold water, smoke alarms) */
  | 'notCovered'

/** Whether a device counts as remotely read: a radio value within the last thirteen months. */
export function isRemotelyRead(
  readings: readonly { readingDate: string; readingType: string }[],
  today: string,
): boolean {
  const since = monthEnd(addMonthsTo(lastCompleteMonth(today), -REMOTE_LOOKBACK_MONTHS))
  return readings.some(
    (reading) =>
      reading.readingType === RADIO_READING_TYPE &&
      reading.readingDate > since &&
      reading.readingDate <= today,
  )
}

/**
 * § 5 Abs. 2 and 3 HeizkostenV: where a device stands on remote reading. A device without a known
 * installation day is taken as installed before 1 December 2021 (the older rule, the later date).
 */
export function remoteReadingState(
  device: { typeClass: string; installationDate: string | null },
  remote: boolean,
  today: string,
): RemoteReadingState {
  if (!(HEIZKOSTENV_TYPE_CLASSES as readonly string[]).includes(device.typeClass)) {
    return 'notCovered'
  }
  if (remote) return 'remote'
  if (device.installationDate !== null && device.installationDate >= REMOTE_READING_REQUIRED_FROM) {
    return 'mustBeRemote'
  }
  return today <= REMOTE_READING_DEADLINE ? 'retrofitDue' : 'retrofitOverdue'
}

/**
 * § 34 Abs. 1 Nr. 1 MessEV with Anlage 7 (since 3 November 2021 for meters already installed too):
 * water meters for cold and hot water and heat meters are calibrated for six years; heat cost
 * allocators need no calibration.
 */
export const CALIBRATION_YEARS: Readonly<Partial<Record<DeviceTypeClass, number>>> = {
  KW: 6,
  WW: 6,
  HZ: 6,
  WA: 6,
}

/**
 * The last day a meter's calibration is valid: the period counts from the year after its
 * calibration year and ends with the end of a year (a cold water meter of 2021 until 31.12.2027).
 */
export function calibrationValidUntil(typeClass: string, calibrationYear: number | null) {
  const years = CALIBRATION_YEARS[typeClass as DeviceTypeClass]
  if (years === undefined || calibrationYear === null) return null
  return `${calibrationYear + years}-12-31`
}

export type CalibrationState = 'valid' | 'dueThisYear' | 'expired' | 'notRequired' | 'unknown'

/** Where a device's calibration stands today: to be exchanged this year, or already too late. */
export function calibrationState(
  typeClass: string,
  calibrationYear: number | null,
  today: string,
): CalibrationState {
  if (CALIBRATION_YEARS[typeClass as DeviceTypeClass] === undefined) return 'notRequired'
  const until = calibrationValidUntil(typeClass, calibrationYear)
  if (until === null) return 'unknown'
  if (until < today) return 'expired'
  return until.slice(0, 4) === today.slice(0, 4) ? 'dueThisYear' : 'valid'
}

// ------------------------------------------------------------------------------------ alarms

/** Days after a month's end within which a remote device's value of it is expected. */
export const SILENT_DEVICE_GRACE_DAYS = 10

const dayNumber = (iso: string) =>
  Date.UTC(+iso.slice(0, 4), +iso.slice(5, 7) - 1, +iso.slice(8, 10)) / 86_400_000

/**
 * A remote device has fallen silent when the value of the last month's end is missing more than
 * ten days after it (the month before when those ten days have not passed yet).
 */
export function isSilentDevice(lastReadingDate: string | null, today: string): boolean {
  return lastReadingDate === null || lastReadingDate < expectedRadioValueDate(today)
}

/** The month end whose value a remote device must have sent by today (see `isSilentDevice`). */
export function expectedRadioValueDate(today: string): string {
  const lastMonthEnd = monthEnd(lastCompleteMonth(today))
  return dayNumber(today) - dayNumber(lastMonthEnd) > SILENT_DEVICE_GRACE_DAYS
    ? lastMonthEnd
    : monthEnd(addMonthsTo(lastCompleteMonth(today), -1))
}

/** A device's readings in order with the day its value fell below the one before. */
export function backwardReadings(
  readings: readonly { readingDate: string; reading: string }[],
): { readingDate: string; reading: string; previous: string }[] {
  const sorted = [...readings].sort((a, b) => a.readingDate.localeCompare(b.readingDate))
  const found: { readingDate: string; reading: string; previous: string }[] = []
  for (let i = 1; i < sorted.length; i++) {
    const before = sorted[i - 1]!
    const now = sorted[i]!
    if (Number(now.reading) < Number(before.reading)) {
      found.push({ readingDate: now.readingDate, reading: now.reading, previous: before.reading })
    }
  }
  return found
}

/** The contract status of a vacancy (§ 2 of the specification: L, leer). */
export const VACANT_CONTRACT_STATUS = 'L'

/** A vacant unit (a contract in status L, or none) whose devices counted consumption. */
export function isVacantWithConsumption(
  currentContractStatus: string | null,
  consumption: number,
): boolean {
  return (
    (currentContractStatus === null || currentContractStatus === VACANT_CONTRACT_STATUS) &&
    consumption > 0
  )
}

/** Percent by which a unit's consumption per m² lies above the property's; null without one. */
export function percentAboveAverage(unitPerSquareMetre: number, propertyPerSquareMetre: number) {
  if (!(propertyPerSquareMetre > 0)) return null
  return ((unitPerSquareMetre - propertyPerSquareMetre) / propertyPerSquareMetre) * 100
}

/** Far above the average: at least `thresholdPercent` above the property per m². */
export function isFarAboveAverage(
  unitPerSquareMetre: number,
  propertyPerSquareMetre: number,
  thresholdPercent: number,
): boolean {
  const percent = percentAboveAverage(unitPerSquareMetre, propertyPerSquareMetre)
  return percent !== null && percent >= thresholdPercent
}

/** The counts of a list of devices' states, for the property, the portfolio and the tile. */
export function complianceCounts(
  devices: readonly { remoteReading: RemoteReadingState; calibration: CalibrationState }[],
) {
  const count = (test: (d: (typeof devices)[number]) => boolean) => devices.filter(test).length
  return {
    devices: devices.length,
    remote: count((d) => d.remoteReading === 'remote'),
    retrofitDue: count((d) => d.remoteReading === 'retrofitDue'),
    retrofitOverdue: count((d) => d.remoteReading === 'retrofitOverdue'),
    mustBeRemote: count((d) => d.remoteReading === 'mustBeRemote'),
    calibrationDue: count((d) => d.calibration === 'dueThisYear'),
    calibrationExpired: count((d) => d.calibration === 'expired'),
  }
}
