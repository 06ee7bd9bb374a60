import {
  ERROR,
  meterType,
  selectDevices,
  toIsoDate,
  BillingObjectSchema,
  DeviceSchema,
  type Device,
  type MeterType,
} from '@portal/domain'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { readRecord } from '../../../lib/api-query'
import { unitRelations } from '../../../lib/records'

export const deviceKeys = {
  all: ['unit-devices'] as const,
  unit: (pointOfDelivery: string) => [...deviceKeys.all, pointOfDelivery] as const,
}

export type DeviceRow = Device & { meterType: MeterType; counterPosition: string }

/** The counter position of the device's current (or latest) time slice. */
function currentCounterPosition(device: Device): string {
  const slices = [...device.deviceTimeSlice].sort((a, b) => b.from.localeCompare(a.from))
  return (slices.find((s) => s.until === null) ?? slices[0])?.counterPosition ?? ''
}

/**
 * §3, §7: devices reach the unit through its billing objects; a device is shown if it is not
 * removed or removed after 1 January of the previous year (§5); main or sub meter from the
 * billing object's assignment.
 */
export const unitDevicesQuery = (pointOfDelivery: string) =>
  queryOptions({
    queryKey: deviceKeys.unit(pointOfDelivery),
    queryFn: async ({ client }): Promise<DeviceRow[]> => {
      const relations = await unitRelations(client, pointOfDelivery)
      const billingObjects = await Promise.all(
        relations
          .filter((r) => r.targetType === 'ABRECHNUNGSOBJEKT')
          .map((r) =>
            readRecord(
              client,
              `billing-objects/${encodeURIComponent(r.targetKey)}`,
              BillingObjectSchema,
              ERROR.billingObjects,
            ),
          ),
      )
      const assignments = billingObjects.flatMap((b) => b.deviceAssignment)
      const keys = [...new Set(assignments.map((a) => a.device))]
      const devices = await Promise.all(
        keys.map((key) =>
          readRecord(client, `devices/${encodeURIComponent(key)}`, DeviceSchema, ERROR.devices),
        ),
      )
      return selectDevices(devices, toIsoDate(new Date())).map((device) => ({
        ...device,
        meterType: meterType(assignments.find((a) => a.device === device.key)),
        counterPosition: currentCounterPosition(device),
      }))
    },
  })

export const useUnitDevices = (pointOfDelivery: string) =>
  useQuery(unitDevicesQuery(pointOfDelivery))
