import type { Connection } from '@portal/domain'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { connections, users } from '../../src/platform/persistence/schema'
import { useTestContext, propertyOf1000 } from '../helper'

const { ctx, as } = useTestContext(['verwalter', 'eigentuemer', 'fremd'])

const searchConnections = (user: string, body: unknown = {}, query = 'limit=9999') =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/persistence/connections-search?${query}`,
    headers: as[user],
    payload: body as object,
  })

const items = async (user: string, body: unknown = {}, query?: string) => {
  const response = await searchConnections(user, body, query)
  expect(response.statusCode, response.body).toBe(200)
  return response.json<{ items: Connection[]; next: string | null }>()
}

describe('connections-search', () => {
  it('shows eigentuemer a strict subset of what verwalter sees: the properties he owns and their buildings', async () => {
    const all = (await items('verwalter')).items
    const own = (await items('eigentuemer')).items
    const allIds = new Set(all.map((c) => c.connection))
    expect(own.length).toBeGreaterThan(0)
    expect(own.length).toBeLessThan(all.length)
    expect(own.every((c) => allIds.has(c.connection))).toBe(true)

    const [user] = await ctx.database.db
      .select({ businessPartner: users.businessPartner })
      .from(users)
      .where(eq(users.userName, 'eigentuemer'))
    const ownedProperties = own.filter((c) => c.parentConnection === null)
    expect(ownedProperties.length).toBeGreaterThanOrEqual(2)
    for (const property of ownedProperties) {
      expect(property.connectionFeature).toContainEqual(
        expect.objectContaining({ connectionAttributes: 'HE', value: user!.businessPartner }),
      )
    }
  })

  it('shows verwalter every connection of company code 1000 and nothing else', async () => {
    const all = (await items('verwalter')).items
    const stored = await ctx.database.db
      .select({ connection: connections.connection })
      .from(connections)
      .where(eq(connections.companyCode, '1000'))
    expect(all.map((c) => c.connection).sort()).toEqual(stored.map((c) => c.connection).sort())
  })

  it('shows fremd none of company code 1000, even when asked for it', async () => {
    const unfiltered = (await items('fremd')).items
    expect(unfiltered.length).toBeGreaterThan(0)
    expect(unfiltered.every((c) => c.companyCode === '2000')).toBe(true)
    const asked = await items('fremd', {
      filters: [{ property: 'companyCode', type: 'eq', value: '1000' }],
    })
    expect(asked.items).toEqual([])
  })

  it('answers features, attributes and the product name of each connection', async () => {
    const property = (await items('verwalter')).items.find((c) => c.parentConnection === null)!
    expect(property.connectionFeature.some((f) => f.connectionAttributes === 'HW')).toBe(true)
    expect(property.attributesCollection.some((a) => a.name === 'PR')).toBe(true)
    expect(property.productName).toEqual(expect.any(String))
  })

  it('filters by parentConnection and with every filter type', async () => {
    const [parent] = await ctx.database.db
      .select({ connection: connections.parentConnection })
      .from(connections)
      .where(and(eq(connections.companyCode, '1000')))
      .then((rows) => rows.filter((r) => r.connection !== null))
    const children = await items('verwalter', {
      filters: [{ property: 'parentConnection', type: 'eq', value: parent!.connection }],
    })
    expect(children.items.length).toBeGreaterThan(0)
    expect(children.items.every((c) => c.parentConnection === parent!.connection)).toBe(true)

    const topLevel = await items('verwalter', {
      filters: [{ property: 'parentConnection', type: 'eq', value: null }],
    })
    expect(topLevel.items.every((c) => c.parentConnection === null)).toBe(true)

    const all = (await items('verwalter')).items
    const sample = all[0]!
    const cases: [string, unknown, (c: Connection) => boolean][] = [
      ['eq', sample.name1, (c) => c.name1 === sample.name1],
      ['ne', sample.name1, (c) => c.name1 !== sample.name1],
      ['in', [sample.name1, all[1]!.name1], (c) => [sample.name1, all[1]!.name1].includes(c.name1)],
      ['startsWith', sample.name1.slice(0, 3), (c) => c.name1.startsWith(sample.name1.slice(0, 3))],
      [
        'contains',
        sample.name1.slice(2, 5).toUpperCase(),
        (c) => c.name1.toLowerCase().includes(sample.name1.slice(2, 5).toLowerCase()),
      ],
      ['lt', 'M', (c) => c.name1 < 'M'],
      ['ge', 'M', (c) => c.name1 >= 'M'],
    ]
    for (const [type, value, expected] of cases) {
      const result = await items('verwalter', { filters: [{ property: 'name1', type, value }] })
      const wanted = all
        .filter(expected)
        .map((c) => c.connection)
        .sort()
      expect(result.items.map((c) => c.connection).sort(), type).toEqual(wanted)
    }
  })

  it('sorts as asked and pages with limit and next without overlap', async () => {
    const all = (await items('verwalter', { sort: [{ property: 'city', order: 'desc' }] })).items
    const cities = all.map((c) => c.city)
    expect(cities).toEqual([...cities].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)))

    const seen: string[] = []
    let next: string | null = null
    do {
      const page: { items: Connection[]; next: string | null } = await items(
        'verwalter',
        {},
        `limit=5${next ? `&next=${next}` : ''}`,
      )
      expect(page.items.length).toBeLessThanOrEqual(5)
      seen.push(...page.items.map((c) => c.connection))
      next = page.next
    } while (next)
    expect(seen.length).toBe(all.length)
    expect(new Set(seen).size).toBe(all.length)
  })

  it('defaults the limit to 100 and refuses more than 9999', async () => {
    expect((await searchConnections('verwalter', {}, 'limit=10000')).statusCode).toBe(400)
    expect((await searchConnections('verwalter', {}, 'limit=0')).statusCode).toBe(400)
    expect((await searchConnections('verwalter', {}, '')).statusCode).toBe(200)
  })

  it('answers 400 naming an unknown property, filter type or sort property', async () => {
    const unknownProperty = await searchConnections('verwalter', {
      filters: [{ property: 'passwordHash', type: 'eq', value: 'x' }],
    })
    expect(unknownProperty.statusCode).toBe(400)
    expect(unknownProperty.json<{ detail: string }>().detail).toContain("'passwordHash'")

    const unknownType = await searchConnections('verwalter', {
      filters: [{ property: 'name1', type: 'like', value: 'x' }],
    })
    expect(unknownType.statusCode).toBe(400)
    expect(unknownType.json<{ detail: string }>().detail).toContain("'like'")

    const unknownSort = await searchConnections('verwalter', {
      sort: [{ property: 'geheim', order: 'asc' }],
    })
    expect(unknownSort.statusCode).toBe(400)
    expect(unknownSort.json<{ detail: string }>().detail).toContain("'geheim'")

    const badCursor = await searchConnections('verwalter', {}, 'next=%27%3B%20drop')
    expect(badCursor.statusCode).toBe(400)
  })

  it('treats SQL-ish values as data', async () => {
    for (const value of ["' or 1=1 --", "1000' OR '1'='1", '%', '_', '\\']) {
      for (const type of ['eq', 'startsWith', 'contains']) {
        const result = await items('fremd', { filters: [{ property: 'name1', type, value }] })
        expect(result.items, `${type} ${value}`).toEqual([])
      }
    }
    const inList = await items('fremd', {
      filters: [{ property: 'companyCode', type: 'in', value: ["1000') or ('1'='1", '1000'] }],
    })
    expect(inList.items).toEqual([])
    const count = await ctx.database.db.select().from(connections)
    expect(count.length).toBeGreaterThan(0)
  })
})

describe('GET connections/{connection}', () => {
  it('answers a visible connection and 404 for one of another company code or partner', async () => {
    const [property] = await ctx.database.db
      .select({ connection: connections.connection })
      .from(connections)
      .where(propertyOf1000())
    const get = (user: string, id: string) =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/persistence/connections/${encodeURIComponent(id)}`,
        headers: as[user],
      })
    const visible = await get('verwalter', property!.connection)
    expect(visible.statusCode).toBe(200)
    expect(visible.json<Connection>().connection).toBe(property!.connection)

    const foreign = await get('fremd', property!.connection)
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json()).toEqual({
      detail: expect.stringMatching(/nicht gefunden/),
      code: 'NOT_FOUND',
    })

    const owned = new Set((await items('eigentuemer')).items.map((c) => c.connection))
    const [notOwned] = (await items('verwalter')).items.filter((c) => !owned.has(c.connection))
    expect((await get('eigentuemer', notOwned!.connection)).statusCode).toBe(404)
    expect((await get('verwalter', "' or 1=1 --")).statusCode).toBe(404)
  })
})
