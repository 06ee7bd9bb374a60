/**
 * Decision 016, "A former owner keeps access": an owner sees a property only while the owner feature
 * (HE) that holds his business partner is valid, from its `from` day to its `until` day inclusive,
 * in the provider's calendar (Europe/Berlin). The day after the feature's end the property, its
 * units and its distributions answer 404 and leave the searches.
 */
import { toIsoDate } from '@portal/domain'
import { and, eq } from 'drizzle-orm'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { RouteEntry } from '../src/app'
import {
  connectionFeatures,
  operatingCostsDistributions,
  pointsOfDelivery,
} from '../src/platform/persistence/schema'
import { DEMO_OWNER_PARTNER } from '../src/demo/demo-users'
import { useTestContext } from './helper'

const { ctx, as } = useTestContext(['verwalter', 'eigentuemer'])
let searches: RouteEntry[]
/** A property of eigentuemer with a unit and a distribution, and the id of its HE feature. */
let property: string
let unit: string
let distribution: string
let ownerFeature: number

beforeAll(async () => {
  searches = ctx.app.routeTable.filter((r) => r.method === 'POST' && r.url.endsWith('-search'))
  const features = await ctx.database.db
    .select({ id: connectionFeatures.id, connection: connectionFeatures.connection })
    .from(connectionFeatures)
    .where(
      and(
        eq(connectionFeatures.connectionAttributes, 'HE'),
        eq(connectionFeatures.value, DEMO_OWNER_PARTNER),
      ),
    )
    .orderBy(connectionFeatures.connection)
  for (const feature of features) {
    const [pod] = await ctx.database.db
      .select({ id: pointsOfDelivery.pointOfDelivery })
      .from(pointsOfDelivery)
      .where(eq(pointsOfDelivery.propertyConnection, feature.connection))
      .limit(1)
    const [costs] = await ctx.database.db
      .select({ id: operatingCostsDistributions.operatingCostsDistribution })
      .from(operatingCostsDistributions)
      .where(eq(operatingCostsDistributions.propertyConnection, feature.connection))
      .limit(1)
    if (!pod || !costs) continue
    property = feature.connection
    unit = pod.id
    distribution = costs.id
    ownerFeature = feature.id
    break
  }
  expect(property).toEqual(expect.any(String))
})
afterEach(() => {
  vi.useRealTimers()
})

/** Calendar arithmetic on YYYY-MM-DD. */
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

async function setValidity(from: string | null, until: string | null) {
  await ctx.database.db
    .update(connectionFeatures)
    .set({ from, until })
    .where(eq(connectionFeatures.id, ownerFeature))
}

const get = async (user: string, url: string) =>
  (await ctx.app.inject({ method: 'GET', url, headers: as[user] })).statusCode

/** What `user` gets of the property: the status of its three reads and whether a search names it. */
async function seenBy(user: string) {
  const statuses = [
    await get(user, `/api/persistence/connections/${encodeURIComponent(property)}`),
    await get(user, `/api/persistence/points-of-delivery/${encodeURIComponent(unit)}`),
    await get(user, `/api/persistence/operating-costs/${encodeURIComponent(distribution)}`),
  ]
  const found: string[] = []
  for (const route of searches) {
    const response = await ctx.app.inject({
      method: 'POST',
      url: `${route.url}?limit=9999`,
      headers: as[user],
      payload: {},
    })
    expect(response.statusCode, route.url).toBe(200)
    for (const id of [property, unit, distribution]) {
      if (response.body.includes(`"${id}"`)) found.push(`${route.url} ${id}`)
    }
  }
  return { statuses, inSearches: found.length > 0 }
}

const VISIBLE = { statuses: [200, 200, 200], inSearches: true }
const HIDDEN = { statuses: [404, 404, 404], inSearches: false }

describe("the owner's access follows the validity of the owner feature (HE)", () => {
  it('lasts through the last day of the feature and ends the day after', async () => {
    const today = toIsoDate(new Date())
    await setValidity('2000-01-01', today)
    expect(await seenBy('eigentuemer')).toEqual(VISIBLE)
    await setValidity('2000-01-01', addDays(today, -1))
    expect(await seenBy('eigentuemer')).toEqual(HIDDEN)
    // the manager of the company code sees the property whatever its owner
    expect(await seenBy('verwalter')).toEqual(VISIBLE)
  })

  it('starts on the first day of the feature, not before', async () => {
    const today = toIsoDate(new Date())
    await setValidity(addDays(today, 1), null)
    expect(await seenBy('eigentuemer')).toEqual(HIDDEN)
    await setValidity(today, null)
    expect(await seenBy('eigentuemer')).toEqual(VISIBLE)
    await setValidity(null, null)
    expect(await seenBy('eigentuemer')).toEqual(VISIBLE)
  })

  it('turns at midnight in Europe/Berlin, not at midnight UTC', async () => {
    await setValidity('2000-01-01', '2026-07-15')
    vi.useFakeTimers({ toFake: ['Date'] })
    // 23:59:59 summer time in Berlin on the last day: still the owner's
    vi.setSystemTime(new Date('2026-07-15T21:59:59Z'))
    expect((await seenBy('eigentuemer')).statuses).toEqual(VISIBLE.statuses)
    // 00:00 in Berlin on the next day (still 15 July in UTC): no longer
    vi.setSystemTime(new Date('2026-07-15T22:00:00Z'))
    expect((await seenBy('eigentuemer')).statuses).toEqual(HIDDEN.statuses)
  })
})
