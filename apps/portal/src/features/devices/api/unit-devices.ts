import {
  ERROR,
  meterType,
  selectDevices,
  toIsoDate,
  type BillingObject,
  type Device,
  type MeterType,
} from '@portal/domain'
import { useQuery } from '@tanstack/react-query'
import { getRecord } from '../../../lib/queries'
import { unitRelations } from '../../../lib/unit-relations'

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
export function useUnitDevices(pointOfDelivery: string) {
  return useQuery({
    queryKey: ['unit-devices', pointOfDelivery],
    queryFn: async (): Promise<DeviceRow[]> => {
      const relations = await unitRelations(pointOfDelivery)
      const billingObjects = await Promise.all(
        relations
          .filter((r) => r.targetType === 'ABRECHNUNGSOBJEKT')
          .map((r) =>
            getRecord<BillingObject>(
              `billing-objects/${encodeURIComponent(r.targetKey)}`,
              ERROR.billingObjects,
            ),
          ),
      )
      const assignments = billingObjects.flatMap((b) => b.deviceAssignment)
      const keys = [...new Set(assignments.map((a) => a.device))]
      const devices = await Promise.all(
        keys.map((key) => getRecord<Device>(`devices/${encodeURIComponent(key)}`, ERROR.devices)),
      )
      return selectDevices(devices, toIsoDate(new Date())).map((device) => ({
        ...device,
        meterType: meterType(assignments.find((a) => a.device === device.key)),
        counterPosition: currentCounterPosition(device),
      }))
    },
  })
}
