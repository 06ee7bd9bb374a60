/**
 * The hot reads of decision 026: answers the database writes as JSON text, keyset paging, and ETags
 * derived from the data's version and who asks.
 */
import {
  EXPENSE_LIST_FIELDS,
  SERVICE_FLAT_FEE,
  type Connection,
  type SearchRequest,
} from '@portal/domain'
import { and, asc, eq, ne, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  connectionEntity,
  toConnections,
} from '../../src/modules/master-data/repositories/connections'
import { expenseEntity, toExpense } from '../../src/modules/costs/repositories/operating-costs'
import { checkToken } from '../../src/platform/auth/session-user'
import { holdDataVersion, raiseDataVersion } from '../../src/platform/persistence/data-version'
import {
  connections,
  contractFeatures,
  contracts,
  deviceTimeSlices,
  devices,
  operatingCostsDistributions,
  operatingCostsExpenses,
  users,
} from '../../src/platform/persistence/schema'
import { openDistributionWithLine } from '../expense-lines'
import type { SessionUser } from '../../src/platform/persistence/scope'
import { search } from '../../src/platform/persistence/search'
import { useTestContext } from '../helper'

const { ctx, as } = useTestContext()
const sessionUsers: Record<string, SessionUser> = {}
beforeAll(async () => {
  for (const user of ['verwalter', 'eigentuemer']) {
    as[user] = await ctx.login(user)
    const [row] = await ctx.database.db.select().from(users).where(eq(users.userName, user))
    sessionUsers[user] = {
      userId: row!.id,
      userName: row!.userName,
      companyCode: row!.companyCode,
      businessPartner: row!.businessPartner,
    }
  }
})

const NO_FILTERS: SearchRequest = { filters: [], sort: [] }

function post(user: string, url: string, body: unknown = {}, headers: Record<string, string> = {}) {
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: { ...as[user], ...headers },
    payload: body as object,
  })
}

/** Every connection of a search, page by page, with `between` run before each further page. */
async function allPages(
  user: string,
  body: unknown,
  limit: number,
  between: (page: number) => Promise<void> = async () => {},
): Promise<string[]> {
  const seen: string[] = []
  let next: string | null = null
  let page = 0
  do {
    if (page > 0) await between(page)
    const query: string = `limit=${limit}${next ? `&next=${next}` : ''}`
    const response = await post(user, `/api/persistence/connections-search?${query}`, body)
    expect(response.statusCode, response.body).toBe(200)
    const answer = response.json<{ items: Connection[]; next: string | null }>()
    seen.push(...answer.items.map((c) => c.connection))
    next = answer.next
    page += 1
  } while (next)
  return seen
}

describe('answers the database writes', () => {
  it('are byte for byte what the serializer writes from the rows, for every page size', async () => {
    for (const user of ['verwalter', 'eigentuemer']) {
      for (const limit of [1, 5, 9999]) {
        const response = await post(user, `/api/persistence/connections-search?limit=${limit}`)
        const page = await search<typeof connections.$inferSelect>(
          ctx.database.db,
          connectionEntity,
          sessionUsers[user]!,
          NO_FILTERS,
          { limit },
        )
        const expected = JSON.stringify({
          items: await toConnections(ctx.database.db, page.rows),
          next: page.next,
        })
        expect(response.headers['content-type']).toBe('application/json; charset=utf-8')
        expect(response.body, `${user} limit ${limit}`).toBe(expected)
      }
    }
  })

  it('write the expense lists as the serializer does, amounts as exact decimal text', async () => {
    const distributions = await post(
      'verwalter',
      '/api/persistence/operating-costs-search?limit=50',
    )
    const { items } = distributions.json<{ items: { operatingCostsDistribution: string }[] }>()
    let compared = 0
    for (const { operatingCostsDistribution: id } of items) {
      for (const kind of ['heating', 'working'] as const) {
        const field = EXPENSE_LIST_FIELDS[kind]
        const response = await post(
          'verwalter',
          `/api/persistence/operating-costs/${id}/${kind}-expenses?limit=9999`,
        )
        const page = await search(
          ctx.database.db,
          expenseEntity(id, kind),
          sessionUsers.verwalter!,
          NO_FILTERS,
          { limit: 9999 },
        )
        const rows = page.rows as Parameters<typeof toExpense>[0][]
        expect(response.body).toBe(JSON.stringify({ [field]: rows.map(toExpense), next: null }))
        compared += rows.length
      }
    }
    expect(compared).toBeGreaterThan(0)
  })
})

describe('keyset paging', () => {
  it('returns every row exactly once while rows are inserted before and after the page', async () => {
    const before = await allPages('verwalter', {}, 1000)
    let inserted = 0
    const insert = async (name1: string) => {
      inserted += 1
      const id = `9900${String(inserted).padStart(6, '0')}`
      await ctx.database.db.insert(connections).values({
        connection: id,
        companyCode: '1000',
        propertyConnection: id,
        name1,
        street: 'Teststraße',
        houseNumber: '1',
        postalCode: '60311',
        city: 'Frankfurt am Main',
      })
      return id
    }
    const added: string[] = []
    const seen = await allPages('verwalter', {}, 3, async () => {
      // one row sorts before everything already read, one after everything
      await insert('AAAA Vorne')
      added.push(await insert('zzzz Hinten'))
    })
    const counts = new Map<string, number>()
    for (const id of seen) counts.set(id, (counts.get(id) ?? 0) + 1)
    expect([...counts.values()].every((count) => count === 1)).toBe(true)
    for (const id of before) expect(counts.get(id), id).toBe(1)
    // rows added behind the reading position are read as well
    for (const id of added) expect(counts.get(id), id).toBe(1)
    await ctx.database.db.delete(connections).where(eq(connections.street, 'Teststraße'))
  })

  it('keeps the null order of PostgreSQL in both directions of a sort with empty values', async () => {
    for (const order of ['asc', 'desc'] as const) {
      const body = { filters: [], sort: [{ property: 'parentConnection', order }] }
      const whole = await allPages('verwalter', body, 9999)
      const paged = await allPages('verwalter', body, 4)
      expect(paged, order).toEqual(whole)
    }
  })

  it('refuses a cursor that was not issued, with the German message', async () => {
    const forged = Buffer.from('["x"]').toString('base64url')
    const withNul = Buffer.from(JSON.stringify(['a\u0000', 'b', '1'])).toString('base64url')
    for (const next of ['bm9wZQ', forged, 'NTA', withNul]) {
      const response = await post(
        'verwalter',
        `/api/persistence/connections-search?limit=5&next=${next}`,
      )
      expect(response.statusCode, next).toBe(400)
      expect(response.json()).toMatchObject({
        code: 'INVALID_CURSOR',
        detail: 'Der Wert für next ist ungültig.',
      })
    }
  })
})

describe('ETag and If-None-Match', () => {
  const url = '/api/persistence/connections-search?limit=50'

  it('answers 304 for the same request with its ETag, and the answer again after a change', async () => {
    const first = await post('verwalter', url)
    const etag = first.headers.etag as string
    expect(etag).toMatch(/^"\d+\.\d+-[\w-]+"$/)
    const again = await post('verwalter', url, {}, { 'if-none-match': etag })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')

    const [shown] = first.json<{ items: Connection[] }>().items
    await ctx.database.db
      .update(connections)
      .set({ name2: 'geändert' })
      .where(eq(connections.connection, shown!.connection))
    const changed = await post('verwalter', url, {}, { 'if-none-match': etag })
    expect(changed.statusCode).toBe(200)
    expect(changed.headers.etag).not.toBe(etag)
    const item = changed
      .json<{ items: Connection[] }>()
      .items.find((c) => c.connection === shown!.connection)
    expect(item?.name2).toBe('geändert')
  })

  it('differs between users who see different rows, and never answers 304 to the other', async () => {
    const manager = await post('verwalter', url)
    const owner = await post('eigentuemer', url)
    expect(owner.headers.etag).not.toBe(manager.headers.etag)
    const crossed = await post(
      'eigentuemer',
      url,
      {},
      {
        'if-none-match': manager.headers.etag as string,
      },
    )
    expect(crossed.statusCode).toBe(200)
    expect(crossed.body).toBe(owner.body)
  })

  it('differs between two requests of the same user', async () => {
    const small = await post('verwalter', '/api/persistence/connections-search?limit=5')
    const sorted = await post('verwalter', '/api/persistence/connections-search?limit=5', {
      filters: [],
      sort: [{ property: 'city', order: 'asc' }],
    })
    expect(small.headers.etag).not.toBe(sorted.headers.etag)
  })

  it('is given on reads, and a kept answer is sent compressed once asked for', async () => {
    const first = await post('verwalter', '/api/persistence/connections-search?limit=9999')
    const kept = await post(
      'verwalter',
      '/api/persistence/connections-search?limit=9999',
      {},
      {
        'accept-encoding': 'gzip',
      },
    )
    expect(kept.statusCode).toBe(200)
    expect(kept.headers['content-encoding']).toBe('gzip')
    expect(kept.headers.etag).toBe(first.headers.etag)
    const { gunzipSync } = await import('node:zlib')
    expect(gunzipSync(kept.rawPayload).toString('utf8')).toBe(first.body)
  })
})

/** A line a user may change: not the service flat fee (§6). */
const editableLine = ne(operatingCostsExpenses.tariffComponent, SERVICE_FLAT_FEE)

describe('data versions per company code (decision 054)', () => {
  const url = '/api/persistence/connections-search?limit=50'
  beforeAll(async () => {
    as.fremd = await ctx.login('fremd')
  })

  /** The ETags of both customers' searches now. */
  async function etags(searchUrl = url) {
    const manager = await post('verwalter', searchUrl)
    const foreign = await post('fremd', searchUrl)
    expect([manager.statusCode, foreign.statusCode]).toEqual([200, 200])
    return { manager: manager.headers.etag as string, foreign: foreign.headers.etag as string }
  }

  /** Whether each customer's conditional read still answers 304 to `before`. */
  async function unchanged(before: { manager: string; foreign: string }, searchUrl = url) {
    const manager = await post('verwalter', searchUrl, {}, { 'if-none-match': before.manager })
    const foreign = await post('fremd', searchUrl, {}, { 'if-none-match': before.foreign })
    return { manager: manager.statusCode === 304, foreign: foreign.statusCode === 304 }
  }

  const db = () => ctx.database.db

  it("keeps one customer's answers when another customer's rows change, directly or through a parent", async () => {
    let before = await etags()
    await db()
      .update(connections)
      .set({ name2: 'anders' })
      .where(eq(connections.companyCode, '2000'))
    expect(await unchanged(before)).toEqual({ manager: true, foreign: false })

    before = await etags()
    await db()
      .update(connections)
      .set({ name2: 'anders' })
      .where(eq(connections.companyCode, '1000'))
    expect(await unchanged(before)).toEqual({ manager: false, foreign: true })

    // a table without a company code of its own: the contract's decides
    for (const [company, expected] of [
      ['2000', { manager: true, foreign: false }],
      ['1000', { manager: false, foreign: true }],
    ] as const) {
      before = await etags()
      const [contract] = await db()
        .select({ key: contracts.key })
        .from(contracts)
        .where(eq(contracts.companyCode, company))
        .limit(1)
      await db()
        .insert(contractFeatures)
        .values({ contract: contract!.key, contractAttribute: `VERSION-${company}`, value: 'x' })
      expect(await unchanged(before), company).toEqual(expected)
    }
  })

  it('raises nothing for a statement that changed no row', async () => {
    const before = await etags()
    await db()
      .update(connections)
      .set({ name2: 'nie' })
      .where(sql`false`)
    expect(await unchanged(before)).toEqual({ manager: true, foreign: true })
  })

  it("follows a cost line's change through the API to its own customer only", async () => {
    const { distribution, line } = await openDistributionWithLine(ctx, editableLine)
    const kind = line.kind === 'heating' ? 'heating-expenses' : 'working-expenses'
    // an answer that may read any cost line (the connection search reads none: decision 060)
    const summaries = '/api/persistence/operating-costs-search?limit=50'
    const before = await etags(summaries)
    const patched = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/persistence/operating-costs/${distribution.operatingCostsDistribution}/${kind}/${line.guid}`,
      headers: as.verwalter,
      payload: { note: 'Version', version: line.version },
    })
    expect(patched.statusCode, patched.body).toBe(200)
    expect(await unchanged(before, summaries)).toEqual({ manager: false, foreign: true })
  })

  it('invalidates everything for what it cannot attribute: a held transaction, a parent gone, TRUNCATE', async () => {
    let before = await etags()
    await db().transaction(async (tx) => {
      await holdDataVersion(tx)
      await tx
        .update(connections)
        .set({ name2: 'gehalten' })
        .where(eq(connections.companyCode, '2000'))
      await raiseDataVersion(tx)
    })
    expect(await unchanged(before)).toEqual({ manager: false, foreign: false })

    // the slices go with their device; when their trigger runs, the device is gone
    const [sliced] = await db()
      .selectDistinct({ key: devices.key })
      .from(devices)
      .innerJoin(deviceTimeSlices, eq(deviceTimeSlices.device, devices.key))
      .where(eq(devices.companyCode, '2000'))
      .limit(1)
    expect(sliced).toBeDefined()
    before = await etags()
    await db().delete(devices).where(eq(devices.key, sliced!.key))
    expect(await unchanged(before)).toEqual({ manager: false, foreign: false })

    before = await etags()
    await db().execute(sql`truncate table contract_features`)
    expect(await unchanged(before)).toEqual({ manager: false, foreign: false })
  })

  it('never answers older than the last committed change, in a loop of writes and reads of both customers', async () => {
    const { distribution, line } = await openDistributionWithLine(ctx, editableLine)
    const id = distribution.operatingCostsDistribution
    const kind = line.kind
    const listUrl = `/api/persistence/operating-costs/${id}/${kind}-expenses?limit=9999`
    const field = EXPENSE_LIST_FIELDS[kind]
    const [foreignConnection] = await db()
      .select({ connection: connections.connection })
      .from(connections)
      .where(eq(connections.companyCode, '2000'))
      .limit(1)
    const [ownConnection] = await db()
      .select({ connection: connections.connection })
      .from(connections)
      .where(eq(connections.companyCode, '1000'))
      .orderBy(connections.connection)
      .limit(1)
    const only = (connection: string) => ({
      filters: [{ property: 'connection', type: 'eq', value: connection }],
    })
    const etags: Record<string, string> = {}
    /** A read with and without the last ETag of the same read: both must show the change. */
    async function readBoth(
      user: string,
      url: string,
      body: object,
      shows: (body: string) => boolean,
    ) {
      const key = `${user} ${url} ${JSON.stringify(body)}`
      for (const conditional of [true, false]) {
        const headers: Record<string, string> =
          conditional && etags[key] ? { 'if-none-match': etags[key] } : {}
        const response = await post(user, url, body, headers)
        // every round changes what the read shows: a 304 would be an answer of before the change
        expect(response.statusCode, `${key}: ${response.body}`).toBe(200)
        etags[key] = response.headers.etag as string
        expect(shows(response.body), `${key}: ${response.body.slice(0, 200)}`).toBe(true)
      }
    }
    let version = line.version
    for (let round = 1; round <= 12; round++) {
      // through the API: the manager's cost line
      const note = `Runde ${round}`
      const patched = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/persistence/operating-costs/${id}/${kind}-expenses/${line.guid}`,
        headers: as.verwalter,
        payload: { note, version },
      })
      expect(patched.statusCode, patched.body).toBe(200)
      version = patched.json<{ version: number }>().version
      await readBoth('verwalter', listUrl, {}, (body) => {
        const lines = (JSON.parse(body) as Record<string, { guid: string; note: string }[]>)[field]!
        return lines.find((l) => l.guid === line.guid)?.note === note
      })
      // directly in SQL: a name of each customer's
      const own = `Eigen ${round}`
      const foreign = `Fremd ${round}`
      await db()
        .update(connections)
        .set({ name2: own })
        .where(eq(connections.connection, ownConnection!.connection))
      await db()
        .update(connections)
        .set({ name2: foreign })
        .where(eq(connections.connection, foreignConnection!.connection))
      await readBoth('verwalter', url, only(ownConnection!.connection), (body) =>
        body.includes(`"name2":"${own}"`),
      )
      await readBoth('fremd', url, only(foreignConnection!.connection), (body) =>
        body.includes(`"name2":"${foreign}"`),
      )
    }
  })
})

describe('data versions per distribution (decision 057)', () => {
  const db = () => ctx.database.db
  const listUrl = (distribution: string) =>
    `/api/persistence/operating-costs/${distribution}/working-expenses?limit=9999`
  const searchUrl = '/api/persistence/connections-search?limit=50'
  const summariesUrl = '/api/persistence/operating-costs-search?limit=50'

  /** Two open distributions of company code 1000, each with a working line verwalter may change. */
  async function twoDistributions() {
    const rows = await db()
      .selectDistinct({ id: operatingCostsDistributions.operatingCostsDistribution })
      .from(operatingCostsDistributions)
      .innerJoin(
        operatingCostsExpenses,
        eq(
          operatingCostsExpenses.operatingCostsDistribution,
          operatingCostsDistributions.operatingCostsDistribution,
        ),
      )
      .where(
        and(
          eq(operatingCostsDistributions.companyCode, '1000'),
          eq(operatingCostsDistributions.operatingCostsDistributionStatus, 'O'),
          eq(operatingCostsExpenses.kind, 'working'),
          editableLine,
        ),
      )
      .orderBy(asc(operatingCostsDistributions.operatingCostsDistribution))
      .limit(2)
    expect(rows).toHaveLength(2)
    return rows.map((row) => row.id) as [string, string]
  }

  /** A line of the distribution that verwalter may change, as stored. */
  async function lineOf(distribution: string) {
    const [line] = await db()
      .select()
      .from(operatingCostsExpenses)
      .where(
        and(
          eq(operatingCostsExpenses.operatingCostsDistribution, distribution),
          eq(operatingCostsExpenses.kind, 'working'),
          editableLine,
        ),
      )
      .orderBy(asc(operatingCostsExpenses.guid))
      .limit(1)
    return line!
  }

  async function patchLine(distribution: string, note: string) {
    const line = await lineOf(distribution)
    const patched = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/persistence/operating-costs/${distribution}/working-expenses/${line.guid}`,
      headers: as.verwalter,
      payload: { note, version: line.version },
    })
    expect(patched.statusCode, patched.body).toBe(200)
  }

  async function etagOf(url: string) {
    const response = await post('verwalter', url)
    expect(response.statusCode, response.body).toBe(200)
    return response.headers.etag as string
  }

  /** Whether verwalter's conditional read of `url` still answers 304 to `etag`. */
  async function kept(url: string, etag: string) {
    const response = await post('verwalter', url, {}, { 'if-none-match': etag })
    expect([200, 304]).toContain(response.statusCode)
    return response.statusCode === 304
  }

  it("keeps a distribution's expense list when another distribution's lines change, through the API and in SQL", async () => {
    const [first, second] = await twoDistributions()
    let listEtag = await etagOf(listUrl(first))
    let otherEtag = await etagOf(listUrl(second))
    let searchEtag = await etagOf(searchUrl)

    const summariesEtag = await etagOf(summariesUrl)

    await patchLine(second, 'Nachbarverteilung')
    expect(await kept(listUrl(first), listEtag)).toBe(true)
    expect(await kept(listUrl(second), otherEtag)).toBe(false)
    // an answer that does not declare which cost lines it reads sees every change of them
    expect(await kept(summariesUrl, summariesEtag)).toBe(false)
    // one that reads none keeps its answer (decision 060)
    expect(await kept(searchUrl, searchEtag)).toBe(true)

    otherEtag = await etagOf(listUrl(second))
    await patchLine(first, 'eigene Verteilung')
    expect(await kept(listUrl(first), listEtag)).toBe(false)
    expect(await kept(listUrl(second), otherEtag)).toBe(true)

    listEtag = await etagOf(listUrl(first))
    await db()
      .update(operatingCostsExpenses)
      .set({ note: 'direkt' })
      .where(eq(operatingCostsExpenses.guid, (await lineOf(second)).guid))
    expect(await kept(listUrl(first), listEtag)).toBe(true)
    await db()
      .update(operatingCostsExpenses)
      .set({ note: 'direkt' })
      .where(eq(operatingCostsExpenses.guid, (await lineOf(first)).guid))
    expect(await kept(listUrl(first), listEtag)).toBe(false)

    // what else of the company code changes (the shared version) ends it; another customer's does not
    listEtag = await etagOf(listUrl(first))
    await db()
      .update(connections)
      .set({ name2: 'anders' })
      .where(eq(connections.companyCode, '2000'))
    expect(await kept(listUrl(first), listEtag)).toBe(true)
    await db()
      .update(connections)
      .set({ name2: 'anders' })
      .where(eq(connections.companyCode, '1000'))
    expect(await kept(listUrl(first), listEtag)).toBe(false)

    // and what cannot be attributed
    listEtag = await etagOf(listUrl(first))
    await db().execute(sql`truncate table contract_features`)
    expect(await kept(listUrl(first), listEtag)).toBe(false)

    searchEtag = await etagOf(searchUrl)
    expect(await kept(searchUrl, searchEtag)).toBe(true)
  })

  it("gives a distribution's version only to a user of its company code who sees the whole company code", async () => {
    const [first] = await twoDistributions()
    await patchLine(first, 'gezählt')
    const versionFor = async (user: string) => {
      as[user] ??= await ctx.login(user)
      const token = as[user].authorization.replace('Bearer ', '')
      const checked = await checkToken(db(), ctx.config.jwtSecret, token, {
        costLines: 'own-distribution',
        distribution: first,
      })
      if (!checked.user) throw new Error(checked.refusal)
      expect(checked.user.userName).toBe(user)
      return checked.dataVersion
    }
    const [{ version }] = (await db()
      .select({ version: sql<number>`version::int` })
      .from(sql`data_versions_by_distribution`)
      .where(sql`operating_costs_distribution = ${first}`)) as [{ version: number }]
    expect(version).toBeGreaterThan(0)
    expect(await versionFor('verwalter')).toMatch(new RegExp(`^\\d+\\.\\d+:${version}$`))
    // another customer's user: never the count of this customer's changes
    expect(await versionFor('fremd')).toMatch(/^\d+\.\d+:0$/)
    // an owner sees only his properties: the version of his whole company code, as for every answer
    expect(await versionFor('eigentuemer')).toMatch(/^\d+\.\d+$/)
  })
})

describe('answers that read no cost line (decision 060)', () => {
  const db = () => ctx.database.db
  const searches = [
    '/api/persistence/connections-search?limit=50',
    '/api/persistence/points-of-delivery-search?limit=50',
    '/api/persistence/reading-orders-search?limit=50',
  ]

  async function etagsOf(user: string) {
    const etags: string[] = []
    for (const url of searches) {
      const response = await post(user, url)
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200)
      etags.push(response.headers.etag as string)
    }
    return etags
  }

  /** For each search, whether the user's conditional read still answers 304 to its ETag. */
  async function keptAll(user: string, etags: string[]) {
    const answers: boolean[] = []
    for (const [index, url] of searches.entries()) {
      const response = await post(user, url, {}, { 'if-none-match': etags[index]! })
      expect([200, 304]).toContain(response.statusCode)
      answers.push(response.statusCode === 304)
    }
    return answers
  }

  it('keeps the searches of master data when cost lines change, and ends them when master data does', async () => {
    const { distribution, line } = await openDistributionWithLine(ctx, editableLine)
    let etags = await etagsOf('verwalter')
    const patched = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/persistence/operating-costs/${distribution.operatingCostsDistribution}/${line.kind}-expenses/${line.guid}`,
      headers: as.verwalter,
      payload: { note: 'ohne Folgen für die Suche', version: line.version },
    })
    expect(patched.statusCode, patched.body).toBe(200)
    expect(await keptAll('verwalter', etags)).toEqual([true, true, true])

    // a direct SQL change of the cost lines, every line of the company code
    await db()
      .update(operatingCostsExpenses)
      .set({ note: 'direkt' })
      .where(eq(operatingCostsExpenses.companyCode, '1000'))
    expect(await keptAll('verwalter', etags)).toEqual([true, true, true])

    // an owner's answers too
    as.eigentuemer ??= await ctx.login('eigentuemer')
    const ownerEtags = await etagsOf('eigentuemer')
    await db()
      .update(operatingCostsExpenses)
      .set({ note: 'direkt, noch einmal' })
      .where(eq(operatingCostsExpenses.companyCode, '1000'))
    expect(await keptAll('eigentuemer', ownerEtags)).toEqual([true, true, true])

    // a change of the master data of the company code ends them all
    await db()
      .update(connections)
      .set({ name2: 'geändert' })
      .where(eq(connections.companyCode, '1000'))
    expect(await keptAll('verwalter', etags)).toEqual([false, false, false])

    // as does a cost line's change that cannot be attributed (TRUNCATE raises everything)
    etags = await etagsOf('verwalter')
    await db().execute(sql`truncate table operating_costs_expenses cascade`)
    expect(await keptAll('verwalter', etags)).toEqual([false, false, false])
  })
})
