/**
 * §1 "Notification" screen: what the user should know, newest first: the tenant changes the user
 * submitted with their status, distributions of visible properties released for approval (F), and
 * those whose automatic approval (one year after the release) falls within the next 60 days. Each
 * names its property by name and address and, for a tenant change, its usage unit; each says
 * whether this user has read it (decision 023).
 */
import {
  addYears,
  APPROVAL_DUE_WITHIN_DAYS,
  ALARM_KIND_TITLES,
  AUTO_APPROVAL_AFTER_YEARS,
  formatDate,
  formatStreetAddress,
  serviceOrderKindLabel,
  serviceOrderStatusLabel,
  startOfBerlinDay,
  TENANT_CHANGE_ACTIVITY,
  type AlarmKind,
  type Notification,
  type NotificationProperty,
  type NotificationUnit,
  type NotificationsRead,
  type NotificationsReadRequest,
} from '@portal/domain'
import { and, eq, isNotNull, sql } from 'drizzle-orm'
import type { Executor } from '../../platform/persistence/database'
import {
  activities,
  connections,
  deviceAlarms,
  notificationReads,
  operatingCostsDistributions,
  pointsOfDelivery,
  serviceOrders,
} from '../../platform/persistence/schema'
import { visibleThroughProperty, type SessionUser } from '../../platform/persistence/scope'

export const ACTIVITY_STATUS_TEXTS: Record<string, string> = {
  EINGEGANGEN: 'eingegangen',
  IN_BEARBEITUNG: 'in Bearbeitung',
  ERLEDIGT: 'erledigt',
  ABGELEHNT: 'abgelehnt',
}

const day = (timestamp: string) => new Date(timestamp).toISOString().slice(0, 10)

function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

const distributionLink = (property: string, distribution: string) =>
  `/properties/${encodeURIComponent(property)}/costs?distribution=${encodeURIComponent(distribution)}`

/** The columns of the property a notification names (joined, so null when it is gone). */
const propertyColumns = {
  propertyName1: connections.name1,
  propertyName2: connections.name2,
  propertyStreet: connections.street,
  propertyHouseNumber: connections.houseNumber,
  propertyHouseNumberSuffix: connections.houseNumberSuffix,
  propertyPostalCode: connections.postalCode,
  propertyCity: connections.city,
}

type PropertyRow = { [K in keyof typeof propertyColumns]: string | null }

function propertyOf(connection: string, row: PropertyRow): NotificationProperty | null {
  if (row.propertyName1 === null) return null
  const street = formatStreetAddress({
    street: row.propertyStreet,
    houseNumber: row.propertyHouseNumber,
    houseNumberSuffix: row.propertyHouseNumberSuffix,
  })
  const city = [row.propertyPostalCode, row.propertyCity].filter(Boolean).join(' ')
  return {
    connection,
    name: [row.propertyName1, row.propertyName2].filter(Boolean).join(' '),
    address: [street, city].filter(Boolean).join(', '),
  }
}

/** The columns of the usage unit a notification names (joined, so null when it is gone). */
const unitColumns = {
  reference: pointsOfDelivery.reference,
  unitStreet: pointsOfDelivery.street,
  unitHouseNumber: pointsOfDelivery.houseNumber,
  unitHouseNumberSuffix: pointsOfDelivery.houseNumberSuffix,
  position: pointsOfDelivery.position,
  locationAddendum: pointsOfDelivery.locationAddendum,
}

type UnitRow = { [K in keyof typeof unitColumns]: string | null }

/** The unit as a notification names it; its key stands in for a reference it lacks. */
function unitOf(pointOfDelivery: string, row: UnitRow): NotificationUnit {
  return {
    pointOfDelivery,
    reference: row.reference ?? pointOfDelivery,
    location: [row.position, row.locationAddendum].filter(Boolean).join(' · ') || null,
    address: formatStreetAddress({
      street: row.unitStreet,
      houseNumber: row.unitHouseNumber,
      houseNumberSuffix: row.unitHouseNumberSuffix,
    }),
  }
}

/**
 * A notification and the key its read mark is stored under: the id and the state of its news, so
 * that a tenant change whose status moves on, or a distribution released again, is unread again.
 */
interface Entry {
  notification: Omit<Notification, 'read'>
  readKey: string
  sortKey: string
}

/**
 * Decision 069: each state the provider reports of a service order of a visible property, for
 * every user who sees it; a later report (a new planned day too) is unread again.
 */
async function serviceOrderEntries(db: Executor, user: SessionUser): Promise<Entry[]> {
  const rows = await db
    .select({
      id: serviceOrders.id,
      kind: serviceOrders.kind,
      status: serviceOrders.status,
      propertyConnection: serviceOrders.propertyConnection,
      pointOfDelivery: serviceOrders.pointOfDelivery,
      plannedDate: serviceOrders.plannedDate,
      cancelReason: serviceOrders.cancelReason,
      statusChangedAt: serviceOrders.statusChangedAt,
      ...unitColumns,
      ...propertyColumns,
    })
    .from(serviceOrders)
    .leftJoin(pointsOfDelivery, eq(pointsOfDelivery.pointOfDelivery, serviceOrders.pointOfDelivery))
    .leftJoin(connections, eq(connections.connection, serviceOrders.propertyConnection))
    .where(
      and(isNotNull(serviceOrders.statusChangedAt), visibleThroughProperty(user, serviceOrders)),
    )
  return rows.map((row) => {
    const kind = serviceOrderKindLabel(row.kind)
    const status = serviceOrderStatusLabel(row.status)
    const changedAt = new Date(row.statusChangedAt!).toISOString()
    const property = propertyOf(row.propertyConnection, row)
    const reference = row.reference ?? row.pointOfDelivery
    const id = `SERVICE_ORDER-${row.id}`
    const propertyLink = `/properties/${encodeURIComponent(row.propertyConnection)}`
    return {
      sortKey: changedAt,
      readKey: `${id}@${row.status}@${changedAt}`,
      notification: {
        id,
        kind: 'SERVICE_ORDER',
        title: `Auftrag ${status}: ${kind}`,
        text:
          `Der Auftrag „${kind}“` +
          (reference
            ? ` für die Nutzeinheit ${reference}`
            : property
              ? ` für ${property.name}`
              : '') +
          ` ist ${status}` +
          (row.status === 'GEPLANT' && row.plannedDate
            ? `, Termin am ${formatDate(row.plannedDate)}`
            : '') +
          (row.status === 'STORNIERT' && row.cancelReason ? ` (Grund: ${row.cancelReason})` : '') +
          '.',
        date: changedAt,
        link: row.pointOfDelivery
          ? `${propertyLink}/units/${encodeURIComponent(row.pointOfDelivery)}`
          : propertyLink,
        property,
        unit: row.pointOfDelivery ? unitOf(row.pointOfDelivery, row) : null,
      },
    }
  })
}

/**
 * Decision 070: the open alarms the job found on one day in one property, as one notification
 * (so that a day with many alarms is one entry per property, not one per unit), counted by kind
 * and leading to the property's alarms. Its read mark holds the property, the day and the count,
 * so that a further open alarm of that day is news again; an alarm seen or done is no longer
 * counted.
 */
async function alarmEntries(db: Executor, user: SessionUser): Promise<Entry[]> {
  const rows = await db
    .select({
      propertyConnection: deviceAlarms.propertyConnection,
      detectedOn: deviceAlarms.detectedOn,
      kind: deviceAlarms.kind,
      alarms: sql<number>`count(*)::int`,
      ...propertyColumns,
    })
    .from(deviceAlarms)
    .leftJoin(connections, eq(connections.connection, deviceAlarms.propertyConnection))
    .where(and(eq(deviceAlarms.state, 'OFFEN'), visibleThroughProperty(user, deviceAlarms)))
    .groupBy(
      deviceAlarms.propertyConnection,
      deviceAlarms.detectedOn,
      deviceAlarms.kind,
      ...Object.values(propertyColumns),
    )
    .orderBy(deviceAlarms.propertyConnection, deviceAlarms.detectedOn, deviceAlarms.kind)
  const days = new Map<string, typeof rows>()
  for (const row of rows) {
    const key = `${row.propertyConnection}@${row.detectedOn}`
    const list = days.get(key)
    if (list) list.push(row)
    else days.set(key, [row])
  }
  return [...days.entries()].map(([key, kinds]) => {
    const first = kinds[0]!
    const total = kinds.reduce((sum, row) => sum + row.alarms, 0)
    const id = `ALARMS-${key}`
    return {
      // found by the day's job: at the start of that day in Berlin, before what happened later
      sortKey: startOfBerlinDay(first.detectedOn),
      readKey: `${id}@${total}`,
      notification: {
        id,
        kind: 'ALARM',
        title: total === 1 ? 'Neuer Alarm' : `${total} neue Alarme`,
        text:
          `Am ${formatDate(first.detectedOn)} gefunden: ` +
          kinds
            .map((row) => `${row.alarms} × ${ALARM_KIND_TITLES[row.kind as AlarmKind]}`)
            .join(', ') +
          '.',
        date: first.detectedOn,
        link: `/alarms?property=${encodeURIComponent(first.propertyConnection)}`,
        property: propertyOf(first.propertyConnection, first),
        unit: null,
      },
    }
  })
}

async function entriesFor(db: Executor, user: SessionUser, today: string): Promise<Entry[]> {
  const entries: Entry[] = []

  const changes = await db
    .select({
      id: activities.id,
      status: activities.status,
      objectKey: activities.objectKey,
      propertyConnection: activities.propertyConnection,
      payload: activities.payload,
      createdAt: activities.createdAt,
      ...unitColumns,
      ...propertyColumns,
    })
    .from(activities)
    .leftJoin(pointsOfDelivery, eq(pointsOfDelivery.pointOfDelivery, activities.objectKey))
    .leftJoin(connections, eq(connections.connection, activities.propertyConnection))
    .where(
      and(
        eq(activities.createdBy, user.userName),
        eq(activities.activityType, TENANT_CHANGE_ACTIVITY),
        visibleThroughProperty(user, activities),
      ),
    )
  for (const change of changes) {
    const payload = (change.payload ?? {}) as Record<string, unknown>
    const name = [payload.NAME1, payload.NAME2].filter((v) => typeof v === 'string').join(' ')
    const moveOut = typeof payload.AUSZUG === 'string' ? formatDate(payload.AUSZUG) : ''
    const status = ACTIVITY_STATUS_TEXTS[change.status] ?? change.status
    const reference = change.reference ?? change.objectKey
    const property = propertyOf(change.propertyConnection, change)
    const id = `TENANT_CHANGE-${change.id}`
    entries.push({
      sortKey: new Date(change.createdAt).toISOString(),
      readKey: `${id}@${change.status}`,
      notification: {
        id,
        kind: 'TENANT_CHANGE',
        title: `Mieterwechsel gemeldet: ${status}`,
        text:
          `Ihr gemeldeter Mieterwechsel für die Nutzeinheit ${reference}` +
          (name ? ` (${name})` : '') +
          (moveOut ? `, Auszug am ${moveOut},` : '') +
          ` ist ${status}.`,
        date: new Date(change.createdAt).toISOString(),
        link: `/properties/${encodeURIComponent(change.propertyConnection)}/units/${encodeURIComponent(change.objectKey)}`,
        property,
        unit: unitOf(change.objectKey, change),
      },
    })
  }

  const released = await db
    .select({
      operatingCostsDistribution: operatingCostsDistributions.operatingCostsDistribution,
      propertyConnection: operatingCostsDistributions.propertyConnection,
      from: operatingCostsDistributions.from,
      until: operatingCostsDistributions.until,
      statusChangedAt: operatingCostsDistributions.statusChangedAt,
      ...propertyColumns,
    })
    .from(operatingCostsDistributions)
    .leftJoin(
      connections,
      eq(connections.connection, operatingCostsDistributions.propertyConnection),
    )
    .where(
      and(
        eq(operatingCostsDistributions.operatingCostsDistributionStatus, 'F'),
        visibleThroughProperty(user, operatingCostsDistributions),
      ),
    )
  const dueLimit = addDays(today, APPROVAL_DUE_WITHIN_DAYS)
  for (const row of released) {
    const releasedAt = new Date(row.statusChangedAt).toISOString()
    const releasedOn = day(row.statusChangedAt)
    const period = `${formatDate(row.from)} – ${formatDate(row.until)}`
    const link = distributionLink(row.propertyConnection, row.operatingCostsDistribution)
    const property = propertyOf(row.propertyConnection, row)
    const id = `RELEASED-${row.operatingCostsDistribution}`
    entries.push({
      sortKey: releasedAt,
      readKey: `${id}@${releasedAt}`,
      notification: {
        id,
        kind: 'RELEASED',
        title: 'Kostenverteilung zur Genehmigung freigegeben',
        text: `Die Kostenverteilung ${period} wurde am ${formatDate(releasedOn)} zur Genehmigung freigegeben.`,
        date: releasedAt,
        link,
        property,
        unit: null,
      },
    })
    const autoApproval = addYears(releasedOn, AUTO_APPROVAL_AFTER_YEARS)
    if (autoApproval >= today && autoApproval <= dueLimit) {
      const dueId = `APPROVAL_DUE-${row.operatingCostsDistribution}`
      entries.push({
        // the nearer the automatic approval, the newer the notice
        sortKey: startOfBerlinDay(addDays(autoApproval, -APPROVAL_DUE_WITHIN_DAYS)),
        readKey: `${dueId}@${autoApproval}`,
        notification: {
          id: dueId,
          kind: 'APPROVAL_DUE',
          title: `Genehmigung fällig bis ${formatDate(autoApproval)}`,
          text: `Bitte genehmigen Sie die Kostenverteilung ${period} oder lehnen Sie sie ab. Ohne Ihre Entscheidung gilt sie am ${formatDate(autoApproval)} automatisch als genehmigt.`,
          date: autoApproval,
          link,
          property,
          unit: null,
        },
      })
    }
  }
  entries.push(...(await serviceOrderEntries(db, user)))
  entries.push(...(await alarmEntries(db, user)))
  return entries.sort((a, b) => (a.sortKey < b.sortKey ? 1 : a.sortKey > b.sortKey ? -1 : 0))
}

/** Rows of one insert: far below PostgreSQL's 65,535 parameters for a user who marks all. */
const MARKS_PER_INSERT = 1000

/** The read marks of the user: their keys. */
async function readKeysOf(db: Executor, user: SessionUser): Promise<Set<string>> {
  const rows = await db
    .select({ notification: notificationReads.notification })
    .from(notificationReads)
    .where(eq(notificationReads.userId, user.userId))
  return new Set(rows.map((row) => row.notification))
}

export async function notificationsFor(
  db: Executor,
  user: SessionUser,
  today = new Date().toISOString().slice(0, 10),
): Promise<Notification[]> {
  const [entries, readKeys] = await Promise.all([entriesFor(db, user, today), readKeysOf(db, user)])
  return entries.map((entry) => ({ ...entry.notification, read: readKeys.has(entry.readKey) }))
}

/**
 * Decision 023: marks the named notifications (or all) of the user as read, each as it is now.
 * Only the user's own current notifications can be marked: any other id, another user's or one
 * that does not exist, marks nothing and is not in the answer.
 */
export async function markNotificationsRead(
  db: Executor,
  user: SessionUser,
  request: NotificationsReadRequest,
  today = new Date().toISOString().slice(0, 10),
): Promise<NotificationsRead> {
  const entries = await entriesFor(db, user, today)
  const named = request.ids ? new Set(request.ids) : null
  const marked = entries.filter((entry) => named === null || named.has(entry.notification.id))
  for (let start = 0; start < marked.length; start += MARKS_PER_INSERT) {
    await db
      .insert(notificationReads)
      .values(
        marked
          .slice(start, start + MARKS_PER_INSERT)
          .map((entry) => ({ userId: user.userId, notification: entry.readKey })),
      )
      .onConflictDoNothing()
  }
  const readKeys = await readKeysOf(db, user)
  return {
    read: marked.map((entry) => entry.notification.id),
    unread: entries.filter((entry) => !readKeys.has(entry.readKey)).length,
  }
}
