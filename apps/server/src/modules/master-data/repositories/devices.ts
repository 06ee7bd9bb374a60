import { CATALOGUE, type BillingObject, type Device, type ReadingOrder } from '@portal/domain'
import { and, eq } from 'drizzle-orm'
import type { Executor } from '../../../platform/persistence/database'
import { visibleChildrenOf, visibleRowWithChildren } from '../../../platform/persistence/rows'
import {
  billingObjects,
  deviceAssignments,
  deviceTimeSlices,
  devices,
  readingOrders,
} from '../../../platform/persistence/schema'
import { visibleThroughProperty, type SessionUser } from '../../../platform/persistence/scope'
import { propertySearch } from '../../../platform/persistence/catalogue-search'

type ReadingOrderRow = typeof readingOrders.$inferSelect

/** A device with its time slices (counter positions) and its assignments to billing objects. */
export const findVisibleDevice = visibleRowWithChildren(
  devices,
  async (row, childrenOf): Promise<Device> => {
    const [slices, assignments] = await Promise.all([
      childrenOf(deviceTimeSlices, 'device', [deviceTimeSlices.from, deviceTimeSlices.id]),
      childrenOf(deviceAssignments, 'device', [deviceAssignments.from, deviceAssignments.id]),
    ])
    return {
      key: row.key,
      serialNumber: row.serialNumber,
      segment: row.segment,
      typeClass: row.typeClass,
      room: row.room,
      installationDate: row.installationDate,
      removalDate: row.removalDate,
      calibrationYear: row.calibrationYear,
      meterClass: row.meterClass,
      deviceTimeSlice: slices,
      deviceAssignment: assignments,
    }
  },
)

/** A billing object with the devices assigned to it. */
export async function findVisibleBillingObject(
  db: Executor,
  user: SessionUser,
  key: string,
): Promise<BillingObject | undefined> {
  const [row] = await db
    .select({ key: billingObjects.key, pointOfDelivery: billingObjects.pointOfDelivery })
    .from(billingObjects)
    .where(and(eq(billingObjects.key, key), visibleThroughProperty(user, billingObjects)))
  if (!row) return undefined
  const childrenOf = visibleChildrenOf(db, user, billingObjects, row.key)
  const byPeriod = [deviceAssignments.from, deviceAssignments.id]
  const assignments = await childrenOf(deviceAssignments, 'billingObject', byPeriod)
  return { key: row.key, pointOfDelivery: row.pointOfDelivery, deviceAssignment: assignments }
}

export const readingOrderEntity = propertySearch(CATALOGUE.readingOrders, readingOrders, {
  label: 'Ableseaufträge',
  uniqueOrder: [readingOrders.id],
  defaultSort: [{ property: 'readingDate', order: 'desc' }],
})

export function toReadingOrders(_db: Executor, rows: ReadingOrderRow[]): ReadingOrder[] {
  return rows.map((row) => ({
    id: row.id,
    pointOfDelivery: row.pointOfDelivery,
    device: row.device,
    readingDate: row.readingDate,
    readingOrderReadingReason: [{ readingReason: row.readingReason }],
  }))
}
