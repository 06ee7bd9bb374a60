/**
 * Decision 070: the alarms of every customer's properties, computed from the readings as of a day
 * with the rules of decision 068 (`compliance.ts`) and inserted once: an alarm found again the
 * next day has the same key and is left as it is, with the state the manager gave it. Nothing is
 * ever deleted.
 */
import {
  FAR_ABOVE_AVERAGE_PERCENT,
  RADIO_READING_TYPE,
  addMonthsTo,
  alarmKey,
  backwardReadings,
  expectedRadioValueDate,
  fromThousandths,
  isFarAboveAverage,
  isSilentDevice,
  isVacantWithConsumption,
  lastCompleteMonth,
  monthEnd,
  monthlyConsumption,
  propertyConsumptionOverview,
  readingsByDevice,
  vacancyInMonth,
  type AlarmDetails,
  type AlarmKind,
} from '@portal/domain'
import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm'
import { SYSTEM_USER } from '../../platform/persistence/actors'
import type { Executor } from '../../platform/persistence/database'
import { groupBy } from '../../platform/persistence/group-by'
import {
  connections,
  contracts,
  deviceAlarms,
  devices,
  measurements,
  pointsOfDelivery,
} from '../../platform/persistence/schema'
import { propertyUnitsBetween, type ConsumptionUnit } from '../consumption/index'

export interface FoundAlarm {
  companyCode: string
  propertyConnection: string
  kind: AlarmKind
  pointOfDelivery: string
  device: string | null
  /** The month (and type class) or the day of the reading it is about. */
  subject: string
  details: AlarmDetails
}

export interface AlarmRun {
  /** Alarms the rules found today, new or found before. */
  found: number
  /** Of them, the ones not found before: inserted now. */
  raised: number
}

/** The job sees every property of a company code, as a manager without business partner does. */
const systemScope = (companyCode: string) => ({
  userId: SYSTEM_USER,
  userName: SYSTEM_USER,
  companyCode,
  businessPartner: null,
})

/** Rows of one insert: far below PostgreSQL's 65,535 parameters. */
const ALARMS_PER_INSERT = 1000

/**
 * Computes the alarms as of `today` and inserts the new ones (`on conflict (alarm_key) do
 * nothing`); answers how many it found and how many were new.
 */
export async function raiseAlarms(
  db: Executor,
  options: { today: string; thresholdPercent?: number },
): Promise<AlarmRun> {
  const found = await findAlarms(db, options.today, options.thresholdPercent)
  let raised = 0
  for (let start = 0; start < found.length; start += ALARMS_PER_INSERT) {
    const inserted = await db
      .insert(deviceAlarms)
      .values(
        found.slice(start, start + ALARMS_PER_INSERT).map((alarm) => ({
          companyCode: alarm.companyCode,
          propertyConnection: alarm.propertyConnection,
          alarmKey: alarmKey(alarm),
          kind: alarm.kind,
          pointOfDelivery: alarm.pointOfDelivery,
          device: alarm.device,
          details: alarm.details,
          detectedOn: options.today,
        })),
      )
      .onConflictDoNothing({ target: deviceAlarms.alarmKey })
      .returning({ id: deviceAlarms.id })
    raised += inserted.length
  }
  return { found: found.length, raised }
}

/** Every alarm the rules find as of `today`, in the order of property, unit and kind. */
export async function findAlarms(
  db: Executor,
  today: string,
  thresholdPercent = FAR_ABOVE_AVERAGE_PERCENT,
): Promise<FoundAlarm[]> {
  const lastMonth = lastCompleteMonth(today)
  // the twelve months of the overview need the month end before them; a backward reading is
  // looked for over the thirteen months a device counts as remote for (`isRemotelyRead`)
  const since = monthEnd(addMonthsTo(lastMonth, -13))
  const properties = await db
    .select({ connection: connections.connection, companyCode: connections.companyCode })
    .from(connections)
    .where(isNull(connections.parentConnection))
    .orderBy(asc(connections.companyCode), asc(connections.connection))
  const alarms: FoundAlarm[] = []
  for (const property of properties) {
    const scope = systemScope(property.companyCode)
    const units = await propertyUnitsBetween(db, scope, property.connection, since, today)
    if (units.every((unit) => unit.readings.length === 0)) continue
    const unitContracts = groupBy(
      await db
        .select({
          pointOfDelivery: contracts.pointOfDelivery,
          contractStatus: contracts.contractStatus,
          from: contracts.from,
          until: contracts.until,
        })
        .from(contracts)
        .where(eq(contracts.propertyConnection, property.connection)),
      (c) => c.pointOfDelivery,
    )
    const at = { companyCode: property.companyCode, propertyConnection: property.connection }
    alarms.push(
      ...vacantWithConsumption(units, unitContracts, lastMonth).map((a) => ({ ...at, ...a })),
      ...farAboveAverage(units, lastMonth, thresholdPercent).map((a) => ({ ...at, ...a })),
      ...(await goingBackwards(db, units, since)).map((a) => ({ ...at, ...a })),
    )
  }
  alarms.push(...(await silentDevices(db, today)))
  return alarms
}

type PropertyAlarm = Omit<FoundAlarm, 'companyCode' | 'propertyConnection'>

/** Units vacant through the last complete month whose devices counted consumption in it. */
function vacantWithConsumption(
  units: readonly ConsumptionUnit[],
  unitContracts: Map<string, { contractStatus: string; from: string; until: string | null }[]>,
  month: string,
): PropertyAlarm[] {
  const found: PropertyAlarm[] = []
  for (const unit of units) {
    const vacancy = vacancyInMonth(unitContracts.get(unit.pointOfDelivery) ?? [], month)
    if (!vacancy) continue
    const used: Record<string, string> = {}
    let total = 0
    for (const [typeClass, perMonth] of monthlyConsumption(unit.readings, [month])) {
      const value = perMonth.get(month)
      if (value == null || value <= 0) continue
      used[typeClass] = fromThousandths(value)
      total += value
    }
    if (!isVacantWithConsumption(vacancy.contractStatus, total)) continue
    found.push({
      kind: 'VACANT_CONSUMPTION',
      pointOfDelivery: unit.pointOfDelivery,
      device: null,
      subject: month,
      details: {
        unitReference: unit.reference,
        month,
        vacantSince: vacancy.since,
        contractStatus: vacancy.contractStatus,
        ...used,
      },
    })
  }
  return found
}

/** Units whose twelve months per m² lie at or above the threshold over the property's. */
function farAboveAverage(
  units: readonly ConsumptionUnit[],
  lastMonth: string,
  thresholdPercent: number,
): PropertyAlarm[] {
  const references = new Map(units.map((u) => [u.pointOfDelivery, u.reference]))
  return propertyConsumptionOverview(units, lastMonth)
    .filter(
      (summary) =>
        summary.perSquareMetre !== null &&
        summary.propertyPerSquareMetre !== null &&
        isFarAboveAverage(
          Number(summary.perSquareMetre),
          Number(summary.propertyPerSquareMetre),
          thresholdPercent,
        ),
    )
    .map((summary) => ({
      kind: 'FAR_ABOVE_AVERAGE' as const,
      pointOfDelivery: summary.pointOfDelivery,
      device: null,
      subject: `${lastMonth}:${summary.typeClass}`,
      details: {
        unitReference: references.get(summary.pointOfDelivery) ?? summary.pointOfDelivery,
        month: lastMonth,
        typeClass: summary.typeClass,
        perSquareMetre: summary.perSquareMetre,
        propertyPerSquareMetre: summary.propertyPerSquareMetre,
        percentAboveAverage: summary.percentAboveAverage,
        thresholdPercent,
      },
    }))
}

/** Readings after `since` below the device's reading before. */
async function goingBackwards(
  db: Executor,
  units: readonly ConsumptionUnit[],
  since: string,
): Promise<PropertyAlarm[]> {
  const found: (PropertyAlarm & { device: string })[] = []
  for (const unit of units) {
    for (const readings of readingsByDevice(unit.readings)) {
      for (const backward of backwardReadings(readings)) {
        if (backward.readingDate <= since) continue
        found.push({
          kind: 'BACKWARD_READING',
          pointOfDelivery: unit.pointOfDelivery,
          device: readings[0]!.device,
          subject: backward.readingDate,
          details: {
            unitReference: unit.reference,
            typeClass: readings[0]!.typeClass,
            readingDate: backward.readingDate,
            reading: backward.reading,
            previous: backward.previous,
          },
        })
      }
    }
  }
  if (found.length === 0) return found
  const serials = new Map(
    (
      await db
        .select({ key: devices.key, serialNumber: devices.serialNumber })
        .from(devices)
        .where(
          inArray(
            devices.key,
            found.map((alarm) => alarm.device),
          ),
        )
    ).map((row) => [row.key, row.serialNumber]),
  )
  return found.map((alarm) => ({
    ...alarm,
    details: { ...alarm.details, serialNumber: serials.get(alarm.device) ?? alarm.device },
  }))
}

/**
 * Remote devices in use (a radio value within the thirteen months, not removed by today) whose
 * last value is older than the month end expected by today: one statement over all properties.
 */
async function silentDevices(db: Executor, today: string): Promise<FoundAlarm[]> {
  const since = monthEnd(addMonthsTo(lastCompleteMonth(today), -13))
  const rows = await db
    .select({
      device: devices.key,
      companyCode: devices.companyCode,
      propertyConnection: devices.propertyConnection,
      serialNumber: devices.serialNumber,
      typeClass: devices.typeClass,
      lastReadingDate: sql<string>`max(${measurements.readingDate})::text`,
      pointOfDelivery: sql<string>`(array_agg(${measurements.pointOfDelivery} order by ${measurements.readingDate} desc))[1]`,
    })
    .from(devices)
    .innerJoin(
      measurements,
      and(eq(measurements.device, devices.key), lte(measurements.readingDate, today)),
    )
    .where(or(isNull(devices.removalDate), gt(devices.removalDate, today)))
    .groupBy(devices.key)
    .having(
      sql`bool_or(${measurements.readingType} = ${RADIO_READING_TYPE} and ${measurements.readingDate} > ${since})`,
    )
    .orderBy(asc(devices.key))
  const silent = rows.filter((row) => isSilentDevice(row.lastReadingDate, today))
  if (silent.length === 0) return []
  const references = new Map(
    (
      await db
        .select({ key: pointsOfDelivery.pointOfDelivery, reference: pointsOfDelivery.reference })
        .from(pointsOfDelivery)
        .where(
          inArray(
            pointsOfDelivery.pointOfDelivery,
            silent.map((row) => row.pointOfDelivery),
          ),
        )
    ).map((row) => [row.key, row.reference]),
  )
  const expectedDate = expectedRadioValueDate(today)
  return silent.map((row) => ({
    companyCode: row.companyCode,
    propertyConnection: row.propertyConnection,
    kind: 'SILENT_DEVICE' as const,
    pointOfDelivery: row.pointOfDelivery,
    device: row.device,
    // silent since its last value: the same alarm every day until it sends again
    subject: row.lastReadingDate,
    details: {
      unitReference: references.get(row.pointOfDelivery) ?? row.pointOfDelivery,
      serialNumber: row.serialNumber,
      typeClass: row.typeClass,
      lastReadingDate: row.lastReadingDate,
      expectedDate,
    },
  }))
}
