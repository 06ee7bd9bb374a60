/**
 * Decision 070: the alarms of the properties a user sees, and the manager's change of their state
 * (open, seen, done), checked against the domain's table and audited.
 */
import {
  ALARM_KIND_TITLES,
  ALARM_STATE_LABELS,
  alarmExplanation,
  alarmStateChangeRefused,
  canChangeAlarmState,
  type AlarmKind,
  type AlarmState,
  type DeviceAlarm,
} from '@portal/domain'
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm'
import { conflict, notFound } from '../../platform/http-errors'
import { writeAudit } from '../../platform/persistence/audit'
import type { Executor } from '../../platform/persistence/database'
import { assertVisibleProperty } from '../../platform/persistence/visible-property'
import {
  connections,
  deviceAlarms,
  devices,
  pointsOfDelivery,
} from '../../platform/persistence/schema'
import { visibleThroughProperty, type SessionUser } from '../../platform/persistence/scope'

export const ALARM_NOT_FOUND_MESSAGE = 'Der Alarm wurde nicht gefunden.'
export const ALARM_STATE_CHANGED = 'ALARM_STATE_CHANGED'
export const ALARM_ENTITY = 'device_alarms'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The portal's page of an alarm's unit. */
export const alarmLink = (propertyConnection: string, pointOfDelivery: string) =>
  `/properties/${encodeURIComponent(propertyConnection)}/units/${encodeURIComponent(pointOfDelivery)}`

const alarmColumns = {
  id: deviceAlarms.id,
  kind: deviceAlarms.kind,
  state: deviceAlarms.state,
  details: deviceAlarms.details,
  companyCode: deviceAlarms.companyCode,
  propertyConnection: deviceAlarms.propertyConnection,
  pointOfDelivery: deviceAlarms.pointOfDelivery,
  device: deviceAlarms.device,
  detectedOn: deviceAlarms.detectedOn,
  stateChangedBy: deviceAlarms.stateChangedBy,
  stateChangedAt: deviceAlarms.stateChangedAt,
  propertyName: connections.name1,
  unitReference: pointsOfDelivery.reference,
  position: pointsOfDelivery.position,
  locationAddendum: pointsOfDelivery.locationAddendum,
  serialNumber: devices.serialNumber,
}

/** The visible alarms with what names them: property, unit and device. */
function selectAlarms(db: Executor, user: SessionUser, where: SQL | undefined) {
  return db
    .select(alarmColumns)
    .from(deviceAlarms)
    .leftJoin(connections, eq(connections.connection, deviceAlarms.propertyConnection))
    .leftJoin(pointsOfDelivery, eq(pointsOfDelivery.pointOfDelivery, deviceAlarms.pointOfDelivery))
    .leftJoin(devices, eq(devices.key, deviceAlarms.device))
    .where(and(visibleThroughProperty(user, deviceAlarms), where))
}

type AlarmRow = Awaited<ReturnType<typeof selectAlarms>>[number]

export function toDeviceAlarm(row: AlarmRow): DeviceAlarm {
  const kind = row.kind as AlarmKind
  const state = row.state as AlarmState
  return {
    id: row.id,
    kind,
    title: ALARM_KIND_TITLES[kind],
    explanation: alarmExplanation(kind, row.details),
    state,
    stateLabel: ALARM_STATE_LABELS[state],
    propertyConnection: row.propertyConnection,
    propertyName: row.propertyName ?? row.propertyConnection,
    pointOfDelivery: row.pointOfDelivery,
    unitReference: row.unitReference,
    unitLocation: [row.position, row.locationAddendum].filter(Boolean).join(' · ') || null,
    device: row.device,
    serialNumber: row.serialNumber,
    detectedOn: row.detectedOn,
    details: row.details,
    stateChangedBy: row.stateChangedBy,
    stateChangedAt: row.stateChangedAt === null ? null : new Date(row.stateChangedAt).toISOString(),
    link: alarmLink(row.propertyConnection, row.pointOfDelivery),
  }
}

/**
 * The alarms of the properties the user sees (one property with `connection`: 404 when he may not
 * see it), newest first, then by property and unit.
 */
export async function listDeviceAlarms(
  db: Executor,
  user: SessionUser,
  query: { connection?: string | undefined; state?: AlarmState | undefined },
): Promise<DeviceAlarm[]> {
  if (query.connection !== undefined) await assertVisibleProperty(db, user, query.connection)
  const rows = await selectAlarms(
    db,
    user,
    and(
      query.connection === undefined
        ? undefined
        : eq(deviceAlarms.propertyConnection, query.connection),
      query.state === undefined ? undefined : eq(deviceAlarms.state, query.state),
    ),
  ).orderBy(
    desc(deviceAlarms.detectedOn),
    asc(connections.name1),
    asc(pointsOfDelivery.reference),
    asc(deviceAlarms.kind),
    asc(deviceAlarms.alarmKey),
  )
  return rows.map(toDeviceAlarm)
}

/** One visible alarm, or undefined (an id of no alarm's shape finds none). */
export async function findVisibleAlarm(db: Executor, user: SessionUser, id: string) {
  if (!UUID.test(id)) return undefined
  const [row] = await selectAlarms(db, user, eq(deviceAlarms.id, id))
  return row
}

/**
 * Sets an alarm's state: 404 for an alarm the user may not see, 409 for a change the domain does
 * not allow; the same state again changes nothing and writes no audit entry.
 */
export async function changeAlarmState(
  db: Executor,
  user: SessionUser,
  id: string,
  state: AlarmState,
): Promise<DeviceAlarm> {
  const row = await findVisibleAlarm(db, user, id)
  if (!row) throw notFound(ALARM_NOT_FOUND_MESSAGE)
  const from = row.state as AlarmState
  if (from === state) return toDeviceAlarm(row)
  if (!canChangeAlarmState(from, state)) {
    throw conflict(alarmStateChangeRefused(from, state), 'INVALID_STATUS_TRANSITION', 'state')
  }
  const [changed] = await db
    .update(deviceAlarms)
    .set({ state, stateChangedBy: user.userName, stateChangedAt: sql`now()` })
    .where(and(eq(deviceAlarms.id, id), eq(deviceAlarms.state, from)))
    .returning({ stateChangedAt: deviceAlarms.stateChangedAt })
  // another request changed it in between: the caller sees the state as it is now
  if (!changed) throw conflict(alarmStateChangeRefused(from, state), 'INVALID_STATUS_TRANSITION')
  await writeAudit(db, {
    userName: user.userName,
    companyCode: row.companyCode,
    action: ALARM_STATE_CHANGED,
    entity: ALARM_ENTITY,
    entityKey: id,
    before: { state: from },
    after: { state },
  })
  return toDeviceAlarm({
    ...row,
    state,
    stateChangedBy: user.userName,
    stateChangedAt: changed.stateChangedAt,
  })
}
