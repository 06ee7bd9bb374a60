/**
 * The records of the legacy transaction endpoint (spec §7), in its upper-case field names.
 * Callers check first that the object is visible; every query is narrowed by visibility again.
 */
import {
  DEVICE_TYPE_CLASSES,
  counterPositionText,
  label,
  type AttributeRecord,
  type MeasurementRecord,
} from '@portal/domain'
import { and, asc, desc, eq, inArray } from 'drizzle-orm'
import type { Executor } from '../../../platform/persistence/database'
import { groupBy } from '../../../platform/persistence/group-by'
import {
  deviceTimeSlices,
  devices,
  measurements,
  objectAttributes,
} from '../../../platform/persistence/schema'
import {
  visibleThroughParent,
  visibleThroughProperty,
  type SessionUser,
} from '../../../platform/persistence/scope'

/** ATTRIBUTES: the coded master data (HF, WF, GNA …) of a connection or point of delivery. */
export async function attributeRecords(
  db: Executor,
  user: SessionUser,
  objectType: string,
  objectKey: string,
): Promise<AttributeRecord[]> {
  return db
    .select({ ATTRIBUT: objectAttributes.name, WERT: objectAttributes.value })
    .from(objectAttributes)
    .where(
      and(
        eq(objectAttributes.objectType, objectType),
        eq(objectAttributes.objectKey, objectKey),
        visibleThroughProperty(user, objectAttributes),
      ),
    )
    .orderBy(asc(objectAttributes.id))
}

interface Slice {
  from: string
  until: string | null
  counterPosition: string
}

/** The counter position that was active on the reading date; the device's first one otherwise. */
function counterPositionOn(slices: readonly Slice[], day: string): string {
  const active = slices.find((s) => s.from <= day && (s.until === null || s.until >= day))
  return (active ?? slices[0])?.counterPosition ?? '1'
}

/** MEASUREMENTS: the readings of a point of delivery with their device, newest first. */
export async function measurementRecords(
  db: Executor,
  user: SessionUser,
  pointOfDelivery: string,
): Promise<MeasurementRecord[]> {
  const rows = await db
    .select({
      device: measurements.device,
      serialNumber: devices.serialNumber,
      typeClass: devices.typeClass,
      readingDate: measurements.readingDate,
      reading: measurements.reading,
      difference: measurements.difference,
      readingType: measurements.readingType,
      readingReason: measurements.readingReason,
    })
    .from(measurements)
    .innerJoin(devices, eq(devices.key, measurements.device))
    .where(
      and(
        eq(measurements.pointOfDelivery, pointOfDelivery),
        visibleThroughProperty(user, measurements),
        visibleThroughProperty(user, devices),
      ),
    )
    .orderBy(desc(measurements.readingDate), asc(devices.serialNumber), asc(measurements.id))
  const deviceKeys = [...new Set(rows.map((r) => r.device))]
  const slices =
    deviceKeys.length === 0
      ? []
      : await db
          .select({
            device: deviceTimeSlices.device,
            from: deviceTimeSlices.from,
            until: deviceTimeSlices.until,
            counterPosition: deviceTimeSlices.counterPosition,
          })
          .from(deviceTimeSlices)
          .where(
            and(
              inArray(deviceTimeSlices.device, deviceKeys),
              visibleThroughParent(user, deviceTimeSlices.device, devices),
            ),
          )
          .orderBy(asc(deviceTimeSlices.counterPosition), asc(deviceTimeSlices.id))
  const slicesOf = groupBy(slices, (s) => s.device)
  return rows.map((row) => ({
    SERIALNR: row.serialNumber,
    TYPKL_TXT: label(DEVICE_TYPE_CLASSES, row.typeClass),
    ZHLPOS_TXT: counterPositionText(
      counterPositionOn(slicesOf.get(row.device) ?? [], row.readingDate),
    ),
    ASTAND: row.reading,
    ADAT: row.readingDate,
    DIFFREAD: row.difference,
    MASSREAD_TXT: row.readingType,
    ABLESEGRUND: row.readingReason,
  }))
}
