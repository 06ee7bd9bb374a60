/**
 * Decision 069: service orders. A manager orders, the provider receives the order through the
 * changes feed and reports its state through its API, the manager sees the state and is notified;
 * a tenant change report orders its interim reading itself. Visible within the customer and, for
 * owners, their own properties.
 */
import {
  NotificationsSchema,
  PLANNED_DATE_REQUIRED_MESSAGE,
  SERVICE_ORDER_DEVICE_REQUIRED_MESSAGE,
  ServiceOrderSchema,
  ServiceOrdersSchema,
  toIsoDate,
  type ServiceOrder,
} from '@portal/domain'
import { and, asc, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  auditLog,
  devices,
  pointsOfDelivery,
  serviceOrders,
} from '../../src/platform/persistence/schema'
import { providerKeyHeader } from '../fixtures/provider-command'
import { useOwnedAndNotOwned, useTestContext } from '../helper'
import { PRIVATE_TENANT, submitTenantChange } from '../tenant-change'

const { ctx, as } = useTestContext(['verwalter', 'eigentuemer', 'fremd'])
/** A unit eigentuemer owns, and one of company 1000 eigentuemer does not own. */
const units = useOwnedAndNotOwned(ctx, 'eigentuemer', pointsOfDelivery.pointOfDelivery)

const URL = '/api/persistence/service-orders'
const today = toIsoDate(new Date())
let provider: { authorization: string }
let feed: { authorization: string }

beforeAll(async () => {
  provider = await providerKeyHeader(ctx.database.db, 'messdienst', 'steps')
  feed = await providerKeyHeader(ctx.database.db, 'feed', 'export')
})

function order(user: string, payload: object, key?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: URL,
    headers: { ...as[user], ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  })
}

async function list(user: string, connection?: string): Promise<ServiceOrder[]> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: connection ? `${URL}?connection=${encodeURIComponent(connection)}` : URL,
    headers: as[user],
  })
  expect(response.statusCode, response.body).toBe(200)
  return ServiceOrdersSchema.parse(response.json()).items
}

function report(id: string, payload: object, key?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/provider/service-orders/${id}/status`,
    headers: { ...provider, ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  })
}

const unitOf = async (pointOfDelivery: string) =>
  (
    await ctx.database.db
      .select()
      .from(pointsOfDelivery)
      .where(eq(pointsOfDelivery.pointOfDelivery, pointOfDelivery))
  )[0]!

/** Two devices of the property of `pointOfDelivery`. */
const devicesOf = async (property: string) =>
  (
    await ctx.database.db
      .select({ key: devices.key })
      .from(devices)
      .where(eq(devices.propertyConnection, property))
      .orderBy(asc(devices.key))
      .limit(2)
  ).map((row) => row.key)

const ordersOfActivity = (activity: string) =>
  ctx.database.db.select().from(serviceOrders).where(eq(serviceOrders.activity, activity))

describe('ordering', () => {
  it('stores an interim reading of a unit (201), audited, and lists it first with its labels', async () => {
    const unit = await unitOf(units.owned)
    const response = await order('eigentuemer', {
      kind: 'ZO',
      pointOfDelivery: units.owned,
      wishedDate: today,
      note: ' Bitte vorher beim Hausmeister melden. ',
    })
    expect(response.statusCode, response.body).toBe(201)
    const created = ServiceOrderSchema.parse(response.json())
    expect(created).toMatchObject({
      kind: 'ZO',
      kindLabel: 'Zwischenablesung ohne Abrechnung',
      status: 'BESTELLT',
      statusLabel: 'bestellt',
      propertyConnection: unit.propertyConnection,
      pointOfDelivery: units.owned,
      unitReference: unit.reference,
      devices: [],
      wishedDate: today,
      plannedDate: null,
      note: 'Bitte vorher beim Hausmeister melden.',
      activity: null,
      createdBy: 'eigentuemer',
      statusChangedAt: null,
    })
    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'SERVICE_ORDER_CREATED'), eq(auditLog.entityKey, created.id)))
    expect(audit).toMatchObject({ userName: 'eigentuemer', companyCode: unit.companyCode })

    for (const user of ['eigentuemer', 'verwalter']) {
      expect((await list(user))[0], user).toEqual(created)
      expect(
        (await list(user, unit.propertyConnection)).map((item) => item.id),
        user,
      ).toContain(created.id)
    }
  })

  it('stores an exchange of devices with their serial numbers', async () => {
    const unit = await unitOf(units.notOwned)
    const keys = await devicesOf(unit.propertyConnection)
    const response = await order('verwalter', { kind: 'GT', devices: [...keys, keys[0]] })
    expect(response.statusCode, response.body).toBe(201)
    const created = ServiceOrderSchema.parse(response.json())
    expect(created).toMatchObject({
      kind: 'GT',
      propertyConnection: unit.propertyConnection,
      pointOfDelivery: null,
      unitReference: null,
    })
    expect(created.devices.map((device) => device.device)).toEqual(keys)
    expect(created.devices[0]!.serialNumber).toEqual(expect.any(String))
  })

  it('answers a repeat with the same key with the first order, and stores one', async () => {
    const payload = { kind: 'WH', pointOfDelivery: units.owned, note: 'Ablesung fehlgeschlagen' }
    const first = await order('eigentuemer', payload, 'wiederholung-1')
    const again = await order('eigentuemer', payload, 'wiederholung-1')
    expect(first.statusCode, first.body).toBe(201)
    expect(again.statusCode).toBe(201)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.json()).toEqual(first.json())
    const stored = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(serviceOrders)
      .where(eq(serviceOrders.note, 'Ablesung fehlgeschlagen'))
    expect(stored[0]!.n).toBe(1)
  })

  it('answers 400 with the German message at the field', async () => {
    const response = await order('verwalter', { kind: 'GT', pointOfDelivery: units.owned })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({
      detail: SERVICE_ORDER_DEVICE_REQUIRED_MESSAGE,
      field: 'devices',
    })
    const past = await order('verwalter', {
      kind: 'ZM',
      pointOfDelivery: units.owned,
      wishedDate: '2020-01-01',
    })
    expect(past.statusCode).toBe(400)
    expect(past.json()).toMatchObject({ field: 'wishedDate' })
  })

  it('answers 404 for a unit, device or property the user does not see, and stores nothing', async () => {
    const before = await ctx.database.db.$count(serviceOrders)
    const foreign = await unitOf(units.notOwned)
    const [device] = await devicesOf(foreign.propertyConnection)
    const owned = await unitOf(units.owned)
    const refused = [
      order('eigentuemer', { kind: 'ZM', pointOfDelivery: units.notOwned }),
      order('eigentuemer', { kind: 'GT', devices: [device] }),
      order('eigentuemer', { kind: 'NR', connection: foreign.propertyConnection }),
      // a device of another property than the unit's
      order('verwalter', { kind: 'NR', pointOfDelivery: units.owned, devices: [device] }),
      order('verwalter', {
        kind: 'NR',
        connection: owned.propertyConnection,
        pointOfDelivery: units.notOwned,
      }),
      order('fremd', { kind: 'ZM', pointOfDelivery: units.owned }),
      order('fremd', { kind: 'NR', connection: owned.propertyConnection }),
    ]
    for (const response of await Promise.all(refused)) {
      expect(response.statusCode, response.body).toBe(404)
      expect(response.json<{ detail: string }>().detail).toMatch(/nicht gefunden/)
    }
    expect(await ctx.database.db.$count(serviceOrders)).toBe(before)
  })

  it('shows another customer none, and an owner only his properties’ orders', async () => {
    const foreign = await unitOf(units.notOwned)
    const created = await order('verwalter', { kind: 'ZM', pointOfDelivery: units.notOwned })
    expect(created.statusCode, created.body).toBe(201)
    const id = created.json<{ id: string }>().id
    expect((await list('fremd')).map((item) => item.id)).not.toContain(id)
    expect((await list('eigentuemer')).map((item) => item.id)).not.toContain(id)
    expect((await list('verwalter')).map((item) => item.id)).toContain(id)
    for (const user of ['eigentuemer', 'fremd']) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `${URL}?connection=${encodeURIComponent(foreign.propertyConnection)}`,
        headers: as[user],
      })
      expect(response.statusCode, user).toBe(404)
    }
    const owned = await list('eigentuemer')
    expect(owned.length).toBeGreaterThan(0)
    const ownerUnit = await unitOf(units.owned)
    expect(owned.some((item) => item.propertyConnection === ownerUnit.propertyConnection)).toBe(
      true,
    )
    expect(owned.some((item) => item.propertyConnection === foreign.propertyConnection)).toBe(false)
  })
})

describe('the provider’s way', () => {
  it('receives a new order through the changes feed', async () => {
    const created = await order('verwalter', {
      kind: 'ZM',
      pointOfDelivery: units.owned,
      wishedDate: today,
      note: 'Auszug Familie Schneider',
    })
    const id = created.json<{ id: string }>().id
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/provider/changes?limit=10000',
      headers: feed,
    })
    expect(response.statusCode, response.body).toBe(200)
    const events = response.json<{ items: { action: string; key: string; data: object }[] }>()
    const event = events.items.find((item) => item.key === id)
    expect(event).toMatchObject({
      action: 'SERVICE_ORDER_CREATED',
      data: {
        serviceOrder: id,
        kind: 'ZM',
        pointOfDelivery: units.owned,
        devices: [],
        wishedDate: today,
        note: 'Auszug Familie Schneider',
        activity: null,
      },
    })
  })

  it('reports states through the API: audited, shown to the manager, a notification each time', async () => {
    const created = await order('eigentuemer', { kind: 'ZM', pointOfDelivery: units.owned })
    const id = created.json<{ id: string }>().id
    const notificationOf = async (user: string) => {
      const answer = await ctx.app.inject({
        method: 'GET',
        url: '/api/persistence/notifications',
        headers: as[user],
      })
      return NotificationsSchema.parse(answer.json()).items.find(
        (item) => item.id === `SERVICE_ORDER-${id}`,
      )
    }
    expect(await notificationOf('eigentuemer')).toBeUndefined()

    const received = await report(id, { status: 'EINGEGANGEN' }, 'eingang-1')
    expect(received.statusCode, received.body).toBe(200)
    expect(received.json()).toMatchObject({ id, status: 'EINGEGANGEN', statusLabel: 'eingegangen' })
    const repeated = await report(id, { status: 'EINGEGANGEN' }, 'eingang-1')
    expect(repeated.statusCode).toBe(200)
    expect(repeated.json()).toEqual(received.json())
    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'SERVICE_ORDER_STATUS_CHANGED'), eq(auditLog.entityKey, id)))
    expect(audit).toMatchObject({ userName: 'provider:messdienst' })

    const seen = await notificationOf('eigentuemer')
    expect(seen).toMatchObject({
      kind: 'SERVICE_ORDER',
      title: 'Auftrag eingegangen: Zwischenablesung mit Abrechnung',
      read: false,
      unit: { pointOfDelivery: units.owned },
    })
    expect((await notificationOf('verwalter'))?.read).toBe(false)
    expect(await notificationOf('fremd')).toBeUndefined()
    const marked = await ctx.app.inject({
      method: 'POST',
      url: '/api/persistence/notifications/read',
      headers: as.eigentuemer,
      payload: { ids: [seen!.id] },
    })
    expect(marked.statusCode, marked.body).toBe(200)
    expect((await notificationOf('eigentuemer'))?.read).toBe(true)

    const planned = await report(id, { status: 'GEPLANT', plannedDate: '2030-05-06' })
    expect(planned.statusCode, planned.body).toBe(200)
    const again = await notificationOf('eigentuemer')
    expect(again).toMatchObject({
      read: false,
      title: 'Auftrag geplant: Zwischenablesung mit Abrechnung',
    })
    expect(again!.text).toContain('Termin am 06.05.2030')
    expect((await list('eigentuemer')).find((item) => item.id === id)).toMatchObject({
      status: 'GEPLANT',
      statusLabel: 'geplant',
      plannedDate: '2030-05-06',
      statusChangedAt: expect.any(String),
    })

    // a new day: unread again
    await ctx.app.inject({
      method: 'POST',
      url: '/api/persistence/notifications/read',
      headers: as.eigentuemer,
      payload: { all: true },
    })
    expect((await report(id, { status: 'GEPLANT', plannedDate: '2030-05-13' })).statusCode).toBe(
      200,
    )
    expect(await notificationOf('eigentuemer')).toMatchObject({ read: false })

    const done = await report(id, { status: 'ERLEDIGT' })
    expect(done.json()).toMatchObject({ status: 'ERLEDIGT', plannedDate: '2030-05-13' })
  })

  it('refuses a forbidden move (409), a missing day or reason (400), an unknown order (404)', async () => {
    const created = await order('verwalter', { kind: 'WH', pointOfDelivery: units.notOwned })
    const id = created.json<{ id: string }>().id
    const noDay = await report(id, { status: 'GEPLANT' })
    expect(noDay.statusCode).toBe(400)
    expect(noDay.json()).toMatchObject({
      detail: PLANNED_DATE_REQUIRED_MESSAGE,
      field: 'plannedDate',
    })
    expect((await report(id, { status: 'STORNIERT' })).statusCode).toBe(400)

    const cancelled = await report(id, { status: 'STORNIERT', reason: 'Mieter nicht erreichbar' })
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    expect(cancelled.json()).toMatchObject({ cancelReason: 'Mieter nicht erreichbar' })
    const after = await report(id, { status: 'ERLEDIGT' })
    expect(after.statusCode).toBe(409)
    expect(after.json()).toMatchObject({
      code: 'INVALID_STATUS_TRANSITION',
      detail: 'Der Auftrag ist bereits storniert; sein Status kann nicht mehr geändert werden.',
    })
    const back = await order('verwalter', { kind: 'WH', pointOfDelivery: units.notOwned })
    const other = back.json<{ id: string }>().id
    expect((await report(other, { status: 'BESTELLT' })).statusCode).toBe(409)
    expect((await list('verwalter')).find((item) => item.id === other)?.status).toBe('BESTELLT')

    for (const unknown of ['00000000-0000-4000-8000-000000000000', 'kein-auftrag']) {
      const missing = await report(unknown, { status: 'ERLEDIGT' })
      expect(missing.statusCode, unknown).toBe(404)
      expect(missing.json()).toMatchObject({ detail: 'Der Auftrag wurde nicht gefunden.' })
    }
    // a user's token does not reach the provider's route
    const asUser = await ctx.app.inject({
      method: 'POST',
      url: `/api/provider/service-orders/${id}/status`,
      headers: as.verwalter,
      payload: { status: 'ERLEDIGT' },
    })
    expect(asUser.statusCode).toBe(401)
  })
})

describe('the tenant change report', () => {
  it('orders its interim reading itself, for the move-out day, once even when repeated', async () => {
    const tenant = { ...PRIVATE_TENANT, NAME1: 'Lena', AUSZUG: '2026-09-30' }
    const key = { 'idempotency-key': 'mieterwechsel-zm-1' }
    const first = await submitTenantChange(ctx, { ...as.eigentuemer!, ...key }, units.owned, tenant)
    expect(first.statusCode, first.body).toBe(201)
    const again = await submitTenantChange(ctx, { ...as.eigentuemer!, ...key }, units.owned, tenant)
    expect(again.statusCode).toBe(201)
    expect(again.json()).toEqual(first.json())
    const activity = first.json<{ id: string }>().id
    const orders = await ordersOfActivity(activity)
    expect(orders).toHaveLength(1)
    expect(orders[0]).toMatchObject({
      kind: 'ZM',
      status: 'BESTELLT',
      pointOfDelivery: units.owned,
      wishedDate: '2026-09-30',
      createdBy: 'eigentuemer',
      activity,
    })
    expect((await list('eigentuemer')).find((item) => item.activity === activity)).toMatchObject({
      kind: 'ZM',
      kindLabel: 'Zwischenablesung mit Abrechnung',
    })

    // the partial unique index keeps it to one order a report
    await expect(
      ctx.database.db.insert(serviceOrders).values({
        ...orders[0]!,
        id: undefined,
        createdAt: undefined,
      }),
    ).rejects.toThrow()
    expect(await ordersOfActivity(activity)).toHaveLength(1)
  })
})
