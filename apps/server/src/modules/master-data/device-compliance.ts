/**
 * Decision 068: the devices of the properties a user sees, with where each stands on remote
 * reading (§ 5 HeizkostenV) and calibration (§ 34 MessEV), for one property or the portfolio.
 * Devices removed before today are left out.
 */
import {
  calibrationState,
  calibrationValidUntil,
  complianceCounts,
  formatStreetAddress,
  lastCompleteMonth,
  monthEnd,
  addMonthsTo,
  RADIO_READING_TYPE,
  remoteReadingState,
  toIsoDate,
  type DeviceCompliance,
  type DeviceComplianceAnswer,
} from '@portal/domain'
import { and, asc, eq, gt, isNull, or, sql } from 'drizzle-orm'
import { notFound } from '../../platform/http-errors'
import type { Executor } from '../../platform/persistence/database'
import {
  billingObjects,
  connections,
  deviceAssignments,
  devices,
  measurements,
  pointsOfDelivery,
} from '../../platform/persistence/schema'
import { visibleThroughProperty, type SessionUser } from '../../platform/persistence/scope'

const PROPERTY_NOT_FOUND_MESSAGE = 'Die Liegenschaft wurde nicht gefunden.'

export async function deviceCompliance(
  db: Executor,
  user: SessionUser,
  connection: string | undefined,
  today = toIsoDate(new Date()),
): Promise<DeviceComplianceAnswer> {
  if (connection !== undefined) {
    const [property] = await db
      .select({ connection: connections.connection })
      .from(connections)
      .where(
        and(
          eq(connections.connection, connection),
          isNull(connections.parentConnection),
          visibleThroughProperty(user, connections),
        ),
      )
    if (!property) throw notFound(PROPERTY_NOT_FOUND_MESSAGE)
  }
  // a radio value within the thirteen months before the last complete one (isRemotelyRead)
  const since = monthEnd(addMonthsTo(lastCompleteMonth(today), -13))
  const rows = await db
    .select({
      device: devices.key,
      serialNumber: devices.serialNumber,
      typeClass: devices.typeClass,
      propertyConnection: devices.propertyConnection,
      propertyName: connections.name1,
      street: connections.street,
      houseNumber: connections.houseNumber,
      houseNumberSuffix: connections.houseNumberSuffix,
      postalCode: connections.postalCode,
      city: connections.city,
      installationDate: devices.installationDate,
      calibrationYear: devices.calibrationYear,
      pointOfDelivery: billingObjects.pointOfDelivery,
      unitReference: pointsOfDelivery.reference,
      remote: sql<boolean>`exists (select 1 from ${measurements} m where m.device = ${devices.key}
        and m.reading_type = ${RADIO_READING_TYPE} and m.reading_date > ${since}
        and m.reading_date <= ${today})`,
    })
    .from(devices)
    .innerJoin(connections, eq(connections.connection, devices.propertyConnection))
    .leftJoin(
      deviceAssignments,
      and(eq(deviceAssignments.device, devices.key), isNull(deviceAssignments.until)),
    )
    .leftJoin(billingObjects, eq(billingObjects.key, deviceAssignments.billingObject))
    .leftJoin(
      pointsOfDelivery,
      eq(pointsOfDelivery.pointOfDelivery, billingObjects.pointOfDelivery),
    )
    .where(
      and(
        visibleThroughProperty(user, devices),
        connection === undefined ? undefined : eq(devices.propertyConnection, connection),
        or(isNull(devices.removalDate), gt(devices.removalDate, today)),
      ),
    )
    .orderBy(asc(connections.name1), asc(pointsOfDelivery.reference), asc(devices.key))

  const seen = new Set<string>()
  const items: (DeviceCompliance & {
    propertyConnection: string
    propertyName: string
    propertyAddress: string
  })[] = []
  for (const row of rows) {
    // a device with two current assignments is listed once
    if (seen.has(row.device)) continue
    seen.add(row.device)
    items.push({
      device: row.device,
      serialNumber: row.serialNumber,
      typeClass: row.typeClass,
      pointOfDelivery: row.pointOfDelivery,
      unitReference: row.unitReference,
      installationDate: row.installationDate,
      calibrationYear: row.calibrationYear,
      remoteReading: remoteReadingState(row, row.remote, today),
      calibrationValidUntil: calibrationValidUntil(row.typeClass, row.calibrationYear),
      calibration: calibrationState(row.typeClass, row.calibrationYear, today),
      propertyConnection: row.propertyConnection,
      propertyName: row.propertyName,
      propertyAddress: `${formatStreetAddress(row)}, ${row.postalCode} ${row.city}`,
    })
  }
  const byProperty = new Map<string, typeof items>()
  for (const item of items) {
    const list = byProperty.get(item.propertyConnection)
    if (list) list.push(item)
    else byProperty.set(item.propertyConnection, [item])
  }
  return {
    today,
    counts: complianceCounts(items),
    properties: [...byProperty.entries()].map(([key, list]) => ({
      connection: key,
      name: list[0]!.propertyName,
      address: list[0]!.propertyAddress,
      counts: complianceCounts(list),
    })),
    devices:
      connection === undefined
        ? []
        : items.map(
            ({ propertyConnection: _p, propertyName: _n, propertyAddress: _a, ...device }) =>
              device,
          ),
  }
}
