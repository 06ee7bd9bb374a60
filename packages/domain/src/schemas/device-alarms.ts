/**
 * Wire shape of the alarms (decision 070): `GET /api/persistence/device-alarms` answers the alarms
 * of the properties a user sees (one property with `?connection=`, one state with `?state=`);
 * `PATCH /api/persistence/device-alarms/:id` with `{ state }` answers the changed alarm.
 */
import { z } from 'zod'
import { ALARM_KINDS, ALARM_STATES } from '../devices/alarms'

export const DeviceAlarmSchema = z.object({
  id: z.string(),
  kind: z.enum(ALARM_KINDS),
  /** The kind's German title ('Verbrauch trotz Leerstand'). */
  title: z.string(),
  /** The German sentence built from the alarm's details. */
  explanation: z.string(),
  state: z.enum(ALARM_STATES),
  /** The state's German label ('offen', 'gesehen', 'erledigt'). */
  stateLabel: z.string(),
  propertyConnection: z.string(),
  propertyName: z.string(),
  pointOfDelivery: z.string(),
  /** The unit's reference ('NE-0003'); null when the unit is gone. */
  unitReference: z.string().nullable(),
  /** Position and location addendum ('2. OG · links'); null when the unit has neither. */
  unitLocation: z.string().nullable(),
  device: z.string().nullable(),
  serialNumber: z.string().nullable(),
  /** The day the job first found it (ISO). */
  detectedOn: z.string(),
  /** What the explanation is built from (per kind: month, readings, figures). */
  details: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  stateChangedBy: z.string().nullable(),
  stateChangedAt: z.string().nullable(),
  /** The portal's page of the unit: `/properties/<connection>/units/<pointOfDelivery>`. */
  link: z.string(),
})
export type DeviceAlarm = z.infer<typeof DeviceAlarmSchema>

export const DeviceAlarmsSchema = z.object({ items: z.array(DeviceAlarmSchema) })
export type DeviceAlarms = z.infer<typeof DeviceAlarmsSchema>

export const DeviceAlarmsQuerySchema = z.strictObject({
  connection: z.string().min(1).max(40).optional(),
  state: z.enum(ALARM_STATES).optional(),
})

export const DeviceAlarmChangeSchema = z.strictObject({ state: z.enum(ALARM_STATES) })
export type DeviceAlarmChange = z.infer<typeof DeviceAlarmChangeSchema>
