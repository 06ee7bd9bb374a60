/**
 * Decision 069: service orders. A manager (or an owner, for his properties) orders an interim
 * reading, a repeat reading, an exchange or a retrofit; a tenant change report places its interim
 * reading itself. The provider receives each new order through the changes feed and reports its
 * state back through its API. Each order is audited in the transaction that writes it.
 */
import {
  canChangeServiceOrderStatus,
  INITIAL_SERVICE_ORDER_STATUS,
  isCalendarDate,
  isServiceOrderKind,
  isServiceOrderStatus,
  serviceOrderKindLabel,
  serviceOrderStatusLabel,
  serviceOrderTransitionMessage,
  TENANT_CHANGE_ORDER_KIND,
  type ServiceOrder,
  type ServiceOrderKind,
  type ServiceOrderRequest,
  type ServiceOrderStatus,
  type ServiceOrderStatusReport,
} from '@portal/domain'
import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm'
import { conflict, notFound } from '../../platform/http-errors'
import { writeAudit } from '../../platform/persistence/audit'
import type { Executor } from '../../platform/persistence/database'
import {
  connections,
  devices,
  pointsOfDelivery,
  serviceOrders,
} from '../../platform/persistence/schema'
import { visibleThroughProperty, type SessionUser } from '../../platform/persistence/scope'
import {
  assertVisibleProperty,
  PROPERTY_NOT_FOUND_MESSAGE,
} from '../../platform/persistence/visible-property'
import { inTransaction } from '../../platform/persistence/transaction'
import { UUID } from '../../platform/uuid'

export const SERVICE_ORDER_ENTITY = 'serviceOrder'
export const SERVICE_ORDER_CREATED = 'SERVICE_ORDER_CREATED'
export const SERVICE_ORDER_STATUS_CHANGED = 'SERVICE_ORDER_STATUS_CHANGED'

export const SERVICE_ORDER_NOT_FOUND_MESSAGE = 'Der Auftrag wurde nicht gefunden.'
const UNIT_NOT_FOUND_MESSAGE = 'Die Nutzeinheit wurde nicht gefunden.'
const deviceNotFound = (device: string) =>
  `Das Gerät ${device} wurde in der Liegenschaft des Auftrags nicht gefunden.`

/** Where an order belongs: the property (with its company code) and, for a unit, the unit. */
interface OrderTarget {
  companyCode: string
  propertyConnection: string
  pointOfDelivery: string | null
}

/** What the order names, checked against what the user sees: one property, or 404. */
async function targetOf(
  db: Executor,
  user: SessionUser,
  request: ServiceOrderRequest,
): Promise<OrderTarget> {
  let target: OrderTarget | undefined
  if (request.pointOfDelivery !== undefined) {
    const [unit] = await db
      .select({
        companyCode: pointsOfDelivery.companyCode,
        propertyConnection: pointsOfDelivery.propertyConnection,
        pointOfDelivery: pointsOfDelivery.pointOfDelivery,
      })
      .from(pointsOfDelivery)
      .where(
        and(
          eq(pointsOfDelivery.pointOfDelivery, request.pointOfDelivery),
          visibleThroughProperty(user, pointsOfDelivery),
        ),
      )
    if (!unit) throw notFound(UNIT_NOT_FOUND_MESSAGE)
    target = unit
  }
  if (request.connection !== undefined) {
    const [property] = await db
      .select({
        companyCode: connections.companyCode,
        propertyConnection: connections.connection,
      })
      .from(connections)
      .where(
        and(
          eq(connections.connection, request.connection),
          isNull(connections.parentConnection),
          visibleThroughProperty(user, connections),
        ),
      )
    if (!property || (target && target.propertyConnection !== property.propertyConnection)) {
      throw notFound(PROPERTY_NOT_FOUND_MESSAGE)
    }
    target ??= { ...property, pointOfDelivery: null }
  }
  const named = request.devices ?? []
  if (named.length > 0) {
    const found = await db
      .select({
        key: devices.key,
        companyCode: devices.companyCode,
        propertyConnection: devices.propertyConnection,
      })
      .from(devices)
      .where(and(inArray(devices.key, named), visibleThroughProperty(user, devices)))
    const byKey = new Map(found.map((device) => [device.key, device]))
    for (const key of named) {
      const device = byKey.get(key)
      if (!device || (target && target.propertyConnection !== device.propertyConnection)) {
        throw notFound(deviceNotFound(key))
      }
      target ??= { ...device, pointOfDelivery: null }
    }
  }
  // the request's schema names at least one of them
  if (!target) throw notFound(PROPERTY_NOT_FOUND_MESSAGE)
  return target
}

/** Writes an order and its audit entry (the changes feed's SERVICE_ORDER_CREATED); its id. */
async function insertOrder(
  db: Executor,
  user: SessionUser,
  target: OrderTarget,
  order: {
    kind: ServiceOrderKind
    devices: string[]
    wishedDate: string | null
    note: string
    activity: string | null
  },
): Promise<string> {
  const [row] = await db
    .insert(serviceOrders)
    .values({
      companyCode: target.companyCode,
      propertyConnection: target.propertyConnection,
      pointOfDelivery: target.pointOfDelivery,
      ...order,
      status: INITIAL_SERVICE_ORDER_STATUS,
      createdBy: user.userName,
    })
    .returning({ id: serviceOrders.id })
  await writeAudit(db, {
    userName: user.userName,
    companyCode: target.companyCode,
    action: SERVICE_ORDER_CREATED,
    entity: SERVICE_ORDER_ENTITY,
    entityKey: row!.id,
    after: {
      kind: order.kind,
      propertyConnection: target.propertyConnection,
      pointOfDelivery: target.pointOfDelivery,
      devices: order.devices,
      wishedDate: order.wishedDate,
      note: order.note,
      activity: order.activity,
    },
  })
  return row!.id
}

/** `POST service-orders`: the order, as the list shows it. */
export async function createServiceOrder(
  db: Executor,
  user: SessionUser,
  request: ServiceOrderRequest,
): Promise<ServiceOrder> {
  return inTransaction(db, async (tx) => {
    const target = await targetOf(tx, user, request)
    const id = await insertOrder(tx, user, target, {
      kind: request.kind,
      devices: request.devices ?? [],
      wishedDate: request.wishedDate ?? null,
      note: request.note,
      activity: null,
    })
    const [created] = await ordersWhere(tx, user, eq(serviceOrders.id, id))
    return created!
  })
}

/**
 * The interim reading a tenant change report places by itself, in the report's transaction: for
 * its unit, wished for the move-out day when the report names one. The partial unique index on
 * `activity` keeps it to one order a report.
 */
export async function createTenantChangeOrder(
  db: Executor,
  user: SessionUser,
  unit: { companyCode: string; propertyConnection: string; pointOfDelivery: string },
  activity: string,
  moveDate: string | null | undefined,
): Promise<string> {
  return insertOrder(db, user, unit, {
    kind: TENANT_CHANGE_ORDER_KIND,
    devices: [],
    wishedDate: moveDate && isCalendarDate(moveDate) ? moveDate : null,
    note: '',
    activity,
  })
}

const iso = (timestamp: string) => new Date(timestamp).toISOString()

/** The orders of `condition` the user sees, newest first, with their unit, property and devices. */
async function ordersWhere(
  db: Executor,
  user: SessionUser,
  condition?: SQL,
): Promise<ServiceOrder[]> {
  const rows = await db
    .select({
      order: serviceOrders,
      propertyName1: connections.name1,
      propertyName2: connections.name2,
      unitReference: pointsOfDelivery.reference,
      position: pointsOfDelivery.position,
      locationAddendum: pointsOfDelivery.locationAddendum,
    })
    .from(serviceOrders)
    .leftJoin(connections, eq(connections.connection, serviceOrders.propertyConnection))
    .leftJoin(pointsOfDelivery, eq(pointsOfDelivery.pointOfDelivery, serviceOrders.pointOfDelivery))
    .where(and(visibleThroughProperty(user, serviceOrders), condition))
    .orderBy(desc(serviceOrders.createdAt), desc(serviceOrders.id))
  const keys = [...new Set(rows.flatMap((row) => row.order.devices))]
  const named =
    keys.length === 0
      ? []
      : await db
          .select({
            key: devices.key,
            serialNumber: devices.serialNumber,
            typeClass: devices.typeClass,
          })
          .from(devices)
          .where(and(inArray(devices.key, keys), visibleThroughProperty(user, devices)))
  const byKey = new Map(named.map((device) => [device.key, device]))
  return rows.flatMap(({ order, ...row }) =>
    // a code this version does not know (written by a later one) is left out
    isServiceOrderKind(order.kind) && isServiceOrderStatus(order.status)
      ? [
          {
            id: order.id,
            kind: order.kind,
            kindLabel: serviceOrderKindLabel(order.kind),
            status: order.status,
            statusLabel: serviceOrderStatusLabel(order.status),
            propertyConnection: order.propertyConnection,
            propertyName: [row.propertyName1, row.propertyName2].filter(Boolean).join(' '),
            pointOfDelivery: order.pointOfDelivery,
            unitReference: order.pointOfDelivery === null ? null : (row.unitReference ?? null),
            unitLocation: [row.position, row.locationAddendum].filter(Boolean).join(' · ') || null,
            devices: order.devices.map((device) => ({
              device,
              serialNumber: byKey.get(device)?.serialNumber ?? null,
              typeClass: byKey.get(device)?.typeClass ?? null,
            })),
            wishedDate: order.wishedDate,
            plannedDate: order.plannedDate,
            cancelReason: order.cancelReason,
            note: order.note,
            activity: order.activity,
            createdBy: order.createdBy,
            createdAt: iso(order.createdAt),
            statusChangedAt: order.statusChangedAt === null ? null : iso(order.statusChangedAt),
          },
        ]
      : [],
  )
}

/** `GET service-orders`: the orders the user sees, of one property with `connection` (404 if unseen). */
export async function listServiceOrders(
  db: Executor,
  user: SessionUser,
  connection: string | undefined,
): Promise<ServiceOrder[]> {
  if (connection !== undefined) await assertVisibleProperty(db, user, connection)
  return ordersWhere(
    db,
    user,
    connection === undefined ? undefined : eq(serviceOrders.propertyConnection, connection),
  )
}

export interface ServiceOrderStatusAnswer {
  id: string
  status: ServiceOrderStatus
  statusLabel: string
  plannedDate: string | null
  cancelReason: string | null
  statusChangedAt: string
  successMessage: string
}

/**
 * The provider's report of an order's state (any company code): 404 for an unknown order, 409
 * for a state the order's may not move to (`SERVICE_ORDER_TRANSITIONS`). GEPLANT sets the
 * planned day, STORNIERT the reason; a later state keeps the planned day it was planned for.
 */
export async function reportServiceOrderStatus(
  db: Executor,
  id: string,
  report: ServiceOrderStatusReport,
  actor: string,
): Promise<ServiceOrderStatusAnswer> {
  if (!UUID.test(id)) throw notFound(SERVICE_ORDER_NOT_FOUND_MESSAGE)
  return inTransaction(db, async (tx) => {
    const [order] = await tx
      .select()
      .from(serviceOrders)
      .where(eq(serviceOrders.id, id))
      .for('update')
    if (!order) throw notFound(SERVICE_ORDER_NOT_FOUND_MESSAGE)
    if (!canChangeServiceOrderStatus(order.status, report.status)) {
      throw conflict(
        serviceOrderTransitionMessage(order.status, report.status),
        'INVALID_STATUS_TRANSITION',
        'status',
      )
    }
    const [changed] = await tx
      .update(serviceOrders)
      .set({
        status: report.status,
        plannedDate: report.plannedDate ?? order.plannedDate,
        cancelReason: report.status === 'STORNIERT' ? report.reason! : null,
        statusChangedBy: actor,
        statusChangedAt: sql`now()`,
      })
      .where(eq(serviceOrders.id, id))
      .returning()
    await writeAudit(tx, {
      userName: actor,
      companyCode: order.companyCode,
      action: SERVICE_ORDER_STATUS_CHANGED,
      entity: SERVICE_ORDER_ENTITY,
      entityKey: id,
      before: { status: order.status, plannedDate: order.plannedDate },
      after: {
        status: changed!.status,
        plannedDate: changed!.plannedDate,
        cancelReason: changed!.cancelReason,
      },
    })
    const statusLabel = serviceOrderStatusLabel(report.status)
    return {
      id,
      status: report.status,
      statusLabel,
      plannedDate: changed!.plannedDate,
      cancelReason: changed!.cancelReason,
      statusChangedAt: iso(changed!.statusChangedAt!),
      successMessage: `Der Auftrag ${id} ist jetzt ${statusLabel}.`,
    }
  })
}
