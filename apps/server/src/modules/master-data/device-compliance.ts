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
  HEIZKOSTENV_TYPE_CLASSES,
  lastCompleteMonth,
  monthEnd,
  addMonthsTo,
  RADIO_READING_TYPE,
  remoteReadingState,
  toIsoDate,
  type DeviceCompliance,
  type DeviceComplianceAnswer,
} from '@portal/domain'
import { and, asc, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm'
import { groupBy } from '../../platform/persistence/group-by'
import type { Executor } from '../../platform/persistence/database'
import { assertVisibleProperty } from '../../platform/persistence/visible-property'
import {
  billingObjects,
  connections,
  deviceAssignments,
  devices,
  measurements,
  pointsOfDelivery,
} from '../../platform/persistence/schema'
import { visibleThroughProperty, type SessionUser } from '../../platform/persistence/scope'

export async function deviceCompliance(
  db: Executor,
  user: SessionUser,
  connection: string | undefined,
  today = toIsoDate(new Date()),
): Promise<DeviceComplianceAnswer> {
  if (connection !== undefined) await assertVisibleProperty(db, user, connection)
  // a radio value within the thirteen months before the last complete one (isRemotelyRead); only
  // asked for the devices HeizkostenV covers, the others are `notCovered` whatever they send
  const since = monthEnd(addMonthsTo(lastCompleteMonth(today), -13))
  const remote = sql<boolean>`case when ${inArray(devices.typeClass, [...HEIZKOSTENV_TYPE_CLASSES])}
    then exists (select 1 from ${measurements} m where m.device = ${devices.key}
      and m.reading_type = ${RADIO_READING_TYPE} and m.reading_date > ${since}
      and m.reading_date <= ${today})
    else false end`
  const inUse = and(
    visibleThroughProperty(user, devices),
    connection === undefined ? undefined : eq(devices.propertyConnection, connection),
    or(isNull(devices.removalDate), gt(devices.removalDate, today)),
  )
  if (connection === undefined) return portfolio(db, user, inUse, remote, today)

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
      remote,
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
    .where(inUse)
    .orderBy(asc(connections.name1), asc(pointsOfDelivery.reference), asc(devices.key))

  const seen = new Set<string>()
  const items: DeviceCompliance[] = []
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
    })
  }
  const first = rows[0]
  return {
    today,
    counts: complianceCounts(items),
    properties: first
      ? [
          {
            connection,
            name: first.propertyName,
            address: `${formatStreetAddress(first)}, ${first.postalCode} ${first.city}`,
            counts: complianceCounts(items),
          },
        ]
      : [],
    devices: items,
  }
}

/**
 * The portfolio: every visible property that has devices in use, in the order of its name, with
 * its counts. It reads only what the counts need (no unit of a device, no order of the devices):
 * at scale 100 that is 141,000 devices of company code 1000.
 */
async function portfolio(
  db: Executor,
  user: SessionUser,
  inUse: SQL | undefined,
  remote: SQL<boolean>,
  today: string,
): Promise<DeviceComplianceAnswer> {
  const [rows, properties] = await Promise.all([
    db
      .select({
        typeClass: devices.typeClass,
        propertyConnection: devices.propertyConnection,
        installationDate: devices.installationDate,
        calibrationYear: devices.calibrationYear,
        remote,
      })
      .from(devices)
      .where(inUse),
    db
      .select({
        connection: connections.connection,
        name: connections.name1,
        street: connections.street,
        houseNumber: connections.houseNumber,
        houseNumberSuffix: connections.houseNumberSuffix,
        postalCode: connections.postalCode,
        city: connections.city,
      })
      .from(connections)
      .where(and(isNull(connections.parentConnection), visibleThroughProperty(user, connections)))
      .orderBy(asc(connections.name1), asc(connections.connection)),
  ])
  const states = rows.map((row) => ({
    propertyConnection: row.propertyConnection,
    remoteReading: remoteReadingState(row, row.remote, today),
    calibration: calibrationState(row.typeClass, row.calibrationYear, today),
  }))
  const byProperty = groupBy(states, (state) => state.propertyConnection)
  return {
    today,
    counts: complianceCounts(states),
    properties: properties.flatMap((property) => {
      const list = byProperty.get(property.connection)
      if (!list) return []
      return [
        {
          connection: property.connection,
          name: property.name,
          address: `${formatStreetAddress(property)}, ${property.postalCode} ${property.city}`,
          counts: complianceCounts(list),
        },
      ]
    }),
    devices: [],
  }
}
