/**
 * The readings behind the monthly consumption information (§6a HeizkostenV, decision 033): the
 * month-end values of the heating and hot-water devices of every unit of a property that the user
 * sees. The building's main meters are not a unit's consumption and are left out.
 */
import {
  CONSUMPTION_MONTHS,
  CONSUMPTION_TYPE_CLASSES,
  ESTIMATED_READING_TYPE,
  addMonthsTo,
  contractName,
  monthEnd,
  type ConsumptionUnitInput,
  type DeviceReading,
  type UnitContract,
} from '@portal/domain'
import { and, asc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../../platform/persistence/database'
import { groupBy } from '../../../platform/persistence/group-by'
import {
  contractAccounts,
  contracts,
  deviceAssignments,
  devices,
  measurements,
  objectAttributes,
  partners,
  pointsOfDelivery,
} from '../../../platform/persistence/schema'
import {
  visibleThroughProperty,
  visiblePartner,
  type SessionUser,
} from '../../../platform/persistence/scope'
import { POINT_OF_DELIVERY_OBJECT } from '../../master-data/index'

/** The first month-end value the information needs: before the previous year of the first month. */
const readingsFrom = (lastMonth: string) =>
  monthEnd(addMonthsTo(lastMonth, -(CONSUMPTION_MONTHS + 13)))

/** A reading of a device with the device's type class and the days it was installed and removed. */
const deviceReading = {
  device: measurements.device,
  typeClass: devices.typeClass,
  readingDate: measurements.readingDate,
  reading: measurements.reading,
  installedOn: devices.installationDate,
  removedOn: devices.removalDate,
  readingType: measurements.readingType,
}

export interface ConsumptionUnit extends ConsumptionUnitInput {
  reference: string
}

/**
 * Every visible unit of the property with its heated area (Heizfläche, else Wohnfläche) and the
 * readings from the end of the month before the reach on: the months shown, their previous months
 * and the same months a year before.
 */
export function propertyConsumptionUnits(
  db: Executor,
  user: SessionUser,
  propertyConnection: string,
  lastMonth: string,
): Promise<ConsumptionUnit[]> {
  return propertyUnitsBetween(
    db,
    user,
    propertyConnection,
    readingsFrom(lastMonth),
    monthEnd(lastMonth),
  )
}

/** Every visible unit of the property with its area and its readings from `from` to `until`. */
export async function propertyUnitsBetween(
  db: Executor,
  user: SessionUser,
  propertyConnection: string,
  from: string,
  until: string,
): Promise<ConsumptionUnit[]> {
  const units = await db
    .select({
      pointOfDelivery: pointsOfDelivery.pointOfDelivery,
      reference: pointsOfDelivery.reference,
    })
    .from(pointsOfDelivery)
    .where(
      and(
        eq(pointsOfDelivery.propertyConnection, propertyConnection),
        visibleThroughProperty(user, pointsOfDelivery),
      ),
    )
    .orderBy(asc(pointsOfDelivery.reference), asc(pointsOfDelivery.pointOfDelivery))
  if (units.length === 0) return []
  const keys = units.map((u) => u.pointOfDelivery)
  const areas = await db
    .select({
      pointOfDelivery: objectAttributes.objectKey,
      name: objectAttributes.name,
      value: objectAttributes.value,
    })
    .from(objectAttributes)
    .where(
      and(
        eq(objectAttributes.objectType, POINT_OF_DELIVERY_OBJECT),
        inArray(objectAttributes.objectKey, keys),
        inArray(objectAttributes.name, ['HF', 'WF']),
        visibleThroughProperty(user, objectAttributes),
      ),
    )
  const readings = await db
    .select({ pointOfDelivery: measurements.pointOfDelivery, ...deviceReading })
    .from(measurements)
    .innerJoin(devices, eq(devices.key, measurements.device))
    .where(
      and(
        inArray(measurements.pointOfDelivery, keys),
        gte(measurements.readingDate, from),
        lte(measurements.readingDate, until),
        inArray(devices.typeClass, CONSUMPTION_TYPE_CLASSES),
        visibleThroughProperty(user, measurements),
        visibleThroughProperty(user, devices),
        sql`not exists (select 1 from ${deviceAssignments} where ${deviceAssignments.device} = ${devices.key} and ${deviceAssignments.mainMeter})`,
      ),
    )
  const areasOf = groupBy(areas, (a) => a.pointOfDelivery)
  const readingsOf = groupBy(readings, (r) => r.pointOfDelivery)
  return units.map((unit) => {
    const attributes = areasOf.get(unit.pointOfDelivery) ?? []
    const area =
      attributes.find((a) => a.name === 'HF')?.value ??
      attributes.find((a) => a.name === 'WF')?.value ??
      null
    return {
      ...unit,
      area,
      readings: (readingsOf.get(unit.pointOfDelivery) ?? []).map((r) => ({
        device: r.device,
        typeClass: r.typeClass,
        readingDate: r.readingDate,
        reading: r.reading,
        installedOn: r.installedOn,
        removedOn: r.removedOn,
        estimated: r.readingType === ESTIMATED_READING_TYPE,
      })),
    }
  })
}

/**
 * The month-end values of the property's main heat meter (`HZ` with `mainMeter`): the heat the
 * heat cost allocators' units are a share of (decision 033, `allocatorConversion`).
 */
export function propertyMainHeatReadings(
  db: Executor,
  user: SessionUser,
  propertyConnection: string,
  lastMonth: string,
): Promise<DeviceReading[]> {
  return mainHeatReadingsBetween(
    db,
    user,
    propertyConnection,
    readingsFrom(lastMonth),
    monthEnd(lastMonth),
  )
}

/** The values of the property's main heat meter from `from` to `until`. */
export async function mainHeatReadingsBetween(
  db: Executor,
  user: SessionUser,
  propertyConnection: string,
  from: string,
  until: string,
): Promise<DeviceReading[]> {
  return db
    .selectDistinct(deviceReading)
    .from(measurements)
    .innerJoin(devices, eq(devices.key, measurements.device))
    .innerJoin(deviceAssignments, eq(deviceAssignments.device, devices.key))
    .where(
      and(
        eq(measurements.propertyConnection, propertyConnection),
        eq(devices.typeClass, 'HZ'),
        eq(deviceAssignments.mainMeter, true),
        gte(measurements.readingDate, from),
        lte(measurements.readingDate, until),
        visibleThroughProperty(user, measurements),
        visibleThroughProperty(user, devices),
      ),
    )
}

/** The unit's contracts with their partner's name and account type: who used it when. */
export function unitContracts(
  db: Executor,
  user: SessionUser,
  pointOfDelivery: string,
): Promise<UnitContract[]> {
  return contractsWhere(db, user, eq(contracts.pointOfDelivery, pointOfDelivery))
}

/** The contracts of every unit of the property, each with its unit (decision 066). */
export function propertyContracts(
  db: Executor,
  user: SessionUser,
  propertyConnection: string,
): Promise<(UnitContract & { pointOfDelivery: string })[]> {
  return contractsWhere(db, user, eq(contracts.propertyConnection, propertyConnection))
}

async function contractsWhere(db: Executor, user: SessionUser, condition: SQL) {
  const rows = await db
    .select({
      contract: contracts.key,
      pointOfDelivery: contracts.pointOfDelivery,
      businessPartner: contracts.businessPartner,
      from: contracts.from,
      until: contracts.until,
      contractAccountType: contractAccounts.contractAccountType,
      name1: partners.name1,
      name2: partners.name2,
    })
    .from(contracts)
    .innerJoin(contractAccounts, eq(contractAccounts.contractAccount, contracts.contractAccount))
    .leftJoin(
      partners,
      and(eq(partners.businessPartner, contracts.businessPartner), visiblePartner(user, partners)),
    )
    .where(and(condition, visibleThroughProperty(user, contracts)))
  return rows.map(({ name1, name2, ...row }) => ({
    ...row,
    name: contractName({ name1, name2 }) || row.businessPartner,
  }))
}
