import { addYears, endsAfter, startOfYear, toCalendarDateOrThrow } from '../format/date'

export interface DeviceLike {
  removalDate?: string | null
}

export interface DeviceAssignmentLike {
  mainMeter?: boolean | null
}

export type MeterType = 'main' | 'sub'

/**
 * §5, §9: a device is shown if it is not removed, or removed after 1 January of the previous year,
 * so last year's billing can still be checked against it.
 */
export function isDeviceShown(device: DeviceLike, today: string): boolean {
  const cutoff = startOfYear(addYears(toCalendarDateOrThrow(today), -1))
  return endsAfter(device.removalDate, cutoff)
}

/** §5: the devices shown, in their original order, as a new array. */
export function selectDevices<T extends DeviceLike>(devices: readonly T[], today: string): T[] {
  return devices.filter((device) => isDeviceShown(device, today))
}

/** §3: the derived meterType: a main meter (Hauptzähler) or a sub-meter (Zwischenzähler). */
export function meterType(assignment: DeviceAssignmentLike | null | undefined): MeterType {
  return assignment?.mainMeter === true ? 'main' : 'sub'
}
