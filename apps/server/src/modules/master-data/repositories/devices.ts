import { CATALOGUE, type BillingObject, type Device, type ReadingOrder } from '@portal/domain'
import { and, asc, eq } from 'drizzle-orm'
import type { Executor } from '../../../platform/persistence/database'
import {
  billingObjects,
  deviceAssignments,
  deviceTimeSlices,
  devices,
  readingOrders,
} from '../../../platform/persistence/schema'
import {
  visibleThroughParent,
  visibleThroughProperty,
  type SessionUser,
} from '../../../platform/persistence/scope'
import { propertySearch } from '../../../platform/persistence/catalogue-search'

type ReadingOrderRow = typeof readingOrders.$inferSelect

/** A device with its time slices (counter positions) and its assignments to billing objects. */
export async function findVisibleDevice(
  db: Executor,
  user: SessionUser,
  key: string,
): Promise<Device | undefined> {
  const [row] = await db
    .select()
    .from(devices)
    .where(and(eq(devices.key, key), visibleThroughProperty(user, devices)))
  if (!row) return undefined
  const [slices, assignments] = await Promise.all([
    db
      .select({
        from: deviceTimeSlices.from,
        until: deviceTimeSlices.until,
        counterPosition: deviceTimeSlices.counterPosition,
      })
      .from(deviceTimeSlices)
      .where(
        and(
          eq(deviceTimeSlices.device, row.key),
          visibleThroughParent(user, deviceTimeSlices.device, devices),
        ),
      )
      .orderBy(asc(deviceTimeSlices.from), asc(deviceTimeSlices.id)),
    db
      .select({
        billingObject: deviceAssignments.billingObject,
        mainMeter: deviceAssignments.mainMeter,
        from: deviceAssignments.from,
        until: deviceAssignments.until,
      })
      .from(deviceAssignments)
      .where(
        and(
          eq(deviceAssignments.device, row.key),
          visibleThroughParent(user, deviceAssignments.device, devices),
        ),
      )
      .orderBy(asc(deviceAssignments.from), asc(deviceAssignments.id)),
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
}

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
  const assignments = await db
    .select({
      device: deviceAssignments.device,
      mainMeter: deviceAssignments.mainMeter,
      from: deviceAssignments.from,
      until: deviceAssignments.until,
    })
    .from(deviceAssignments)
    .where(
      and(
        eq(deviceAssignments.billingObject, row.key),
        visibleThroughParent(user, deviceAssignments.billingObject, billingObjects),
      ),
    )
    .orderBy(asc(deviceAssignments.from), asc(deviceAssignments.id))
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
