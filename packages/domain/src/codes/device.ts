/** §3: device segments. */
export const DEVICE_SEGMENTS = {
  '21': 'Gerätedienstleistung',
  '03': 'Wasserzähler',
  '04': 'Wärmezähler',
} as const
export type DeviceSegment = keyof typeof DEVICE_SEGMENTS

/** §3: device type classes (TYPKL_TXT). */
export const DEVICE_TYPE_CLASSES = {
  WW: 'Warmwasserzähler',
  KW: 'Kaltwasserzähler',
  HZ: 'Wärmezähler Heizung',
  WA: 'Wärmezähler Warmwasser',
  HV: 'Heizkostenverteiler',
  RWM: 'Rauchwarnmelder',
  RM: 'Rauchmelder',
  GWA: 'Gaswarnanlage',
} as const
export type DeviceTypeClass = keyof typeof DEVICE_TYPE_CLASSES

/**
 * §3: the segment each type class belongs to. Heat cost allocators record heat use and sit with the
 * heat meters; smoke and gas alarms are serviced devices, not meters, and fall under the device service.
 */
export const DEVICE_TYPE_CLASS_SEGMENT: Readonly<Record<DeviceTypeClass, DeviceSegment>> = {
  WW: '03',
  KW: '03',
  HZ: '04',
  WA: '04',
  HV: '04',
  RWM: '21',
  RM: '21',
  GWA: '21',
}

/** §3, §5: reading reasons considered for reading orders. */
export const READING_REASONS = {
  AB: 'Turnusablesung',
  EB: 'Einbau',
  NW: 'Nutzerwechsel',
  ZM: 'Zwischenablesung mit Abrechnung',
  ZO: 'Zwischenablesung ohne Abrechnung',
} as const
export type ReadingReason = keyof typeof READING_REASONS

/** §3: the text of a counter position (ZHLPOS_TXT), e.g. 'Zählwerk 1'. */
export function counterPositionText(counterPosition: string): string {
  return `Zählwerk ${counterPosition}`
}
