/**
 * §1 Notification screen: tenant changes of the user, released distributions, approvals due, each
 * with its property's address; read marks per user (decision 023).
 */
import {
  NOTIFICATIONS_READ_TARGET_MESSAGE,
  NotificationsReadSchema,
  NotificationsSchema,
  type Notification,
  type NotificationsRead,
} from '@portal/domain'
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  activities,
  connections,
  notificationReads,
  operatingCostsDistributions,
  pointsOfDelivery,
  users,
} from '../../src/platform/persistence/schema'
import { useTestContext, ownedPropertiesOf } from '../helper'
import { submitTenantChange } from '../tenant-change'

const { ctx, as } = useTestContext(['verwalter', 'eigentuemer', 'fremd'])

async function notifications(user: string): Promise<Notification[]> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/api/persistence/notifications',
    headers: as[user],
  })
  expect(response.statusCode, response.body).toBe(200)
  return NotificationsSchema.parse(response.json()).items
}

async function markRead(
  user: string,
  payload: object,
  key?: string,
): Promise<{ status: number; body: NotificationsRead & { detail?: string } }> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/persistence/notifications/read',
    headers: { ...as[user], ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  })
  const body = response.json<NotificationsRead & { detail?: string }>()
  if (response.statusCode === 200) NotificationsReadSchema.parse(body)
  return { status: response.statusCode, body }
}

/** The notification of `id` as `user` sees it, failing when the user has none of that id. */
async function notificationOf(user: string, id: string): Promise<Notification> {
  const found = (await notifications(user)).find((n) => n.id === id)
  expect(found, `${user} sees ${id}`).toBeDefined()
  return found!
}

/** Releases the first distribution of a property of company 1000 inside (or outside) `owned`. */
async function releaseOne(owned: boolean): Promise<{ id: string; property: string }> {
  const properties = await ownedPropertiesOf(ctx, 'eigentuemer')
  const [row] = await ctx.database.db
    .select({
      id: operatingCostsDistributions.operatingCostsDistribution,
      property: operatingCostsDistributions.propertyConnection,
    })
    .from(operatingCostsDistributions)
    .where(
      and(
        eq(operatingCostsDistributions.companyCode, '1000'),
        (owned ? inArray : notInArray)(operatingCostsDistributions.propertyConnection, properties),
        sql`${operatingCostsDistributions.operatingCostsDistributionStatus} <> 'F'`,
      ),
    )
    .orderBy(operatingCostsDistributions.operatingCostsDistribution)
    .limit(1)
  await releasedAgo(row!.id, '2 days')
  return row!
}

/** Sets the distribution to released (F), as of `interval` ago. */
async function releasedAgo(distribution: string, interval: string) {
  await ctx.database.db
    .update(operatingCostsDistributions)
    .set({
      operatingCostsDistributionStatus: 'F',
      statusChangedAt: sql`now() - ${interval}::interval`,
    })
    .where(eq(operatingCostsDistributions.operatingCostsDistribution, distribution))
}

async function userId(userName: string): Promise<string> {
  const [row] = await ctx.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.userName, userName))
  return row!.id
}

async function readMarksOf(userName: string): Promise<string[]> {
  const rows = await ctx.database.db
    .select({ notification: notificationReads.notification })
    .from(notificationReads)
    .where(eq(notificationReads.userId, await userId(userName)))
  return rows.map((row) => row.notification).sort()
}

describe('notifications', () => {
  it('lists the submitted tenant change and the released distributions, newest first', async () => {
    const [unit] = await ctx.database.db
      .select({ id: pointsOfDelivery.pointOfDelivery, reference: pointsOfDelivery.reference })
      .from(pointsOfDelivery)
      .where(eq(pointsOfDelivery.companyCode, '1000'))
      .limit(1)
    const created = await submitTenantChange(ctx, as.verwalter!, unit!.id, {
      customerType: 'private',
      salutation: 'HR',
      NAME1: 'Karl',
      NAME2: 'Meißner',
      AUSZUG: '2025-09-30',
      PLZ: '04109',
      ORT: 'Leipzig',
      STRASSE: 'Markt',
      HAUSNR: '1',
    })
    expect(created.statusCode, created.body).toBe(201)
    const id = created.json<{ id: string }>().id

    // one distribution released 11 months ago: its automatic approval is due within 60 days
    const [distribution] = await ctx.database.db
      .select()
      .from(operatingCostsDistributions)
      .where(eq(operatingCostsDistributions.companyCode, '1000'))
      .limit(1)
    await releasedAgo(distribution!.operatingCostsDistribution, '11 months')

    const items = await notifications('verwalter')
    const change = items.find((n) => n.id === `TENANT_CHANGE-${id}`)
    expect(change).toMatchObject({
      kind: 'TENANT_CHANGE',
      title: 'Mieterwechsel gemeldet: eingegangen',
    })
    expect(change!.text).toContain('Karl Meißner')
    expect(items[0]!.id).toBe(`TENANT_CHANGE-${id}`)
    // named by address and unit, not by ids
    const [property] = await ctx.database.db
      .select()
      .from(connections)
      .where(eq(connections.connection, change!.property!.connection))
    expect(change!.property).toEqual({
      connection: property!.connection,
      name: [property!.name1, property!.name2].filter(Boolean).join(' '),
      address: `${property!.street} ${property!.houseNumber}${property!.houseNumberSuffix ?? ''}, ${property!.postalCode} ${property!.city}`,
    })
    expect(change!.unit).toMatchObject({ pointOfDelivery: unit!.id, reference: unit!.reference })
    expect(change!.unit!.address).toMatch(/\S+ \d+/)
    expect(change!.read).toBe(false)

    const key = distribution!.operatingCostsDistribution
    const releasedNotice = items.find((n) => n.id === `RELEASED-${key}`)
    expect(releasedNotice).toMatchObject({
      kind: 'RELEASED',
      link: `/properties/${distribution!.propertyConnection}/costs?distribution=${key}`,
      property: { connection: distribution!.propertyConnection },
      unit: null,
    })
    expect(releasedNotice!.property!.address).toMatch(/^\S.* \d+\w*, \d{5} \S/)
    expect(releasedNotice!.text).not.toContain(key)
    const due = items.find((n) => n.id === `APPROVAL_DUE-${key}`)
    expect(due?.title).toMatch(/^Genehmigung fällig bis \d{2}\.\d{2}\.\d{4}$/)
    const released = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(operatingCostsDistributions)
      .where(
        sql`${operatingCostsDistributions.companyCode} = '1000' and ${operatingCostsDistributions.operatingCostsDistributionStatus} = 'F'`,
      )
    expect(items.filter((n) => n.kind === 'RELEASED')).toHaveLength(released[0]!.n)
  })

  it('shows nothing of another company or another user', async () => {
    const foreign = await notifications('fremd')
    for (const item of foreign) {
      expect(item.link ?? '').not.toMatch(/\/properties\/1000/)
    }
    const ownerItems = await notifications('eigentuemer')
    const verwalterChanges = (await notifications('verwalter')).filter(
      (n) => n.kind === 'TENANT_CHANGE',
    )
    for (const change of verwalterChanges) {
      expect(ownerItems.some((n) => n.id === change.id)).toBe(false)
    }
  })
})

describe('read marks', () => {
  let shared: { id: string; property: string }
  let foreign: { id: string; property: string }

  beforeAll(async () => {
    shared = await releaseOne(true)
    foreign = await releaseOne(false)
  })

  it('marks a notification read for the user alone: another user’s stays unread', async () => {
    const id = `RELEASED-${shared.id}`
    expect((await notificationOf('verwalter', id)).read).toBe(false)
    expect((await notificationOf('eigentuemer', id)).read).toBe(false)
    const before = (await notifications('verwalter')).filter((n) => !n.read).length

    const marked = await markRead('verwalter', { ids: [id] })
    expect(marked.status).toBe(200)
    expect(marked.body).toEqual({ read: [id], unread: before - 1 })

    expect((await notificationOf('verwalter', id)).read).toBe(true)
    expect((await notificationOf('eigentuemer', id)).read).toBe(false)
    expect(await readMarksOf('eigentuemer')).toEqual([])
  })

  it('marks no notification the user does not have: another user’s, another owner’s, none at all', async () => {
    const verwalterChange = (await notifications('verwalter')).find(
      (n) => n.kind === 'TENANT_CHANGE',
    )!
    const notOwned = `RELEASED-${foreign.id}`
    expect((await notificationOf('verwalter', notOwned)).read).toBe(false)
    const verwalterMarks = await readMarksOf('verwalter')

    for (const user of ['eigentuemer', 'fremd']) {
      const answer = await markRead(user, {
        ids: [verwalterChange.id, notOwned, 'RELEASED-0000000000-1999'],
      })
      expect(answer.status, user).toBe(200)
      expect(answer.body.read, user).toEqual([])
      expect(await readMarksOf(user), user).toEqual([])
    }
    // nothing of verwalter's changed either
    expect(await readMarksOf('verwalter')).toEqual(verwalterMarks)
    expect((await notificationOf('verwalter', notOwned)).read).toBe(false)
    expect((await notificationOf('verwalter', verwalterChange.id)).read).toBe(verwalterChange.read)
  })

  it('marks every notification of the user with all, and only the user’s', async () => {
    const answer = await markRead('eigentuemer', { all: true })
    expect(answer.status).toBe(200)
    expect(answer.body.unread).toBe(0)
    const items = await notifications('eigentuemer')
    expect(items.length).toBeGreaterThan(0)
    expect(items.every((n) => n.read)).toBe(true)
    expect(answer.body.read.sort()).toEqual(items.map((n) => n.id).sort())
    expect((await notificationOf('verwalter', `RELEASED-${foreign.id}`)).read).toBe(false)
  })

  it('shows a tenant change unread again when its status moves on', async () => {
    const change = (await notifications('verwalter')).find((n) => n.kind === 'TENANT_CHANGE')!
    await markRead('verwalter', { ids: [change.id] })
    expect((await notificationOf('verwalter', change.id)).read).toBe(true)
    await ctx.database.db
      .update(activities)
      .set({ status: 'ERLEDIGT' })
      .where(eq(activities.id, change.id.replace('TENANT_CHANGE-', '')))
    const moved = await notificationOf('verwalter', change.id)
    expect(moved.title).toBe('Mieterwechsel gemeldet: erledigt')
    expect(moved.read).toBe(false)
  })

  it('answers a repeat with the same key as the first time', async () => {
    const id = `RELEASED-${foreign.id}`
    const first = await markRead('verwalter', { ids: [id] }, 'mark-read-1')
    const again = await markRead('verwalter', { ids: [id] }, 'mark-read-1')
    expect(first.status).toBe(200)
    expect(again).toEqual(first)
    expect((await markRead('verwalter', { all: true }, 'mark-read-1')).status).toBe(422)
  })

  it('refuses a request that names neither ids nor all, or both, in German', async () => {
    for (const payload of [{}, { ids: ['x'], all: true }, { ids: [] }, { all: false }]) {
      const answer = await markRead('verwalter', payload)
      expect(answer.status, JSON.stringify(payload)).toBe(400)
      expect(answer.body.detail, JSON.stringify(payload)).toEqual(expect.any(String))
    }
    expect((await markRead('verwalter', {})).body.detail).toBe(NOTIFICATIONS_READ_TARGET_MESSAGE)
  })
})
