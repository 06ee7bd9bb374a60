/**
 * Wire shape of the device compliance (decision 068): `GET /api/persistence/device-compliance`
 * answers the portfolio (per property the devices by state), `?connection=` one property's
 * devices with their states.
 */
import { z } from 'zod'

export const REMOTE_READING_STATES = [
  'remote',
  'retrofitDue',
  'retrofitOverdue',
  'mustBeRemote',
  'notCovered',
] as const
export const CALIBRATION_STATES = [
  'valid',
  'dueThisYear',
  'expired',
  'notRequired',
  'unknown',
] as const

export const ComplianceCountsSchema = z.object({
  devices: z.number().int(),
  remote: z.number().int(),
  retrofitDue: z.number().int(),
  retrofitOverdue: z.number().int(),
  mustBeRemote: z.number().int(),
  calibrationDue: z.number().int(),
  calibrationExpired: z.number().int(),
})
export type ComplianceCounts = z.infer<typeof ComplianceCountsSchema>

export const DeviceComplianceSchema = z.object({
  device: z.string(),
  serialNumber: z.string(),
  typeClass: z.string(),
  pointOfDelivery: z.string().nullable(),
  unitReference: z.string().nullable(),
  installationDate: z.string().nullable(),
  calibrationYear: z.number().int().nullable(),
  remoteReading: z.enum(REMOTE_READING_STATES),
  calibrationValidUntil: z.string().nullable(),
  calibration: z.enum(CALIBRATION_STATES),
})
export type DeviceCompliance = z.infer<typeof DeviceComplianceSchema>

export const DeviceComplianceAnswerSchema = z.object({
  /** The day the states hold for (Europe/Berlin). */
  today: z.string(),
  counts: ComplianceCountsSchema,
  /** Per property: its name and counts (the portfolio); one entry with `?connection=`. */
  properties: z.array(
    z.object({
      connection: z.string(),
      name: z.string(),
      /** Street, house number, postcode and town. */
      address: z.string(),
      counts: ComplianceCountsSchema,
    }),
  ),
  /** The devices of the property asked for; empty for the portfolio. */
  devices: z.array(DeviceComplianceSchema),
})
export type DeviceComplianceAnswer = z.infer<typeof DeviceComplianceAnswerSchema>
