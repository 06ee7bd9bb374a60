/**
 * The reference answers byte-equal to the product (decision 010), on PostgreSQL only: the reference
 * speaks to it through a pg pool. Runs when TEST_DATABASE_URL (or DATABASE_URL) names a PostgreSQL
 * server, as the server-postgres tests do, on a database of its own seeded at scale 1; skipped
 * otherwise.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import type { Server } from 'node:http'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp, type App } from '../../apps/server/src/app'
import { DEFAULT_CUSTOMERS_DIR } from '../../apps/server/src/platform/config'
import { loadCustomer } from '../../apps/server/src/platform/load-customer'
import {
  openDatabase,
  type DatabaseHandle,
} from '../../apps/server/src/platform/persistence/database'
import { seedDemoData } from '../../apps/server/src/demo/demo-data'
import { DEMO_OWNER_PARTNER, DEMO_USERS } from '../../apps/server/src/demo/demo-users'
import { DEMO_PASSWORD } from '../../apps/server/src/platform/auth/demo-password'
import { compareAnswers } from '../compare'
import type { RecordedCall } from '../portal'
import { createReferenceServer } from './server'

/** The PostgreSQL server of the server-postgres tests (vitest.config.ts): the same fallback. */
const serverUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL
const DATABASE = `portal_bench_reference_${randomBytes(4).toString('hex')}`
/** Text that JSON must escape: quotes, backslash, control characters, and beyond the BMP. */
const AWKWARD = 'Zeile "eins"\\zwei\n\tdrei\u0001\u001f ä ß € 😀 </script> \u2028'

function databaseUrl(database: string): string {
  const url = new URL(serverUrl!)
  url.pathname = `/${database}`
  return url.toString()
}

async function onServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

const listening = (server: { address(): AddressInfo | string | null }) =>
  `http://127.0.0.1:${(server.address() as AddressInfo).port}`

const json = (body: unknown) => ({ body: JSON.stringify(body), contentType: 'application/json' })
const search = (query: string): RecordedCall => ({
  method: 'POST',
  path: `/api/persistence/connections-search${query}`,
  ...json({ filters: [], sort: [] }),
})
const expenses = (distribution: string, kind: string, query = '?limit=9999'): RecordedCall => ({
  method: 'POST',
  path: `/api/persistence/operating-costs/${distribution}/${kind}-expenses${query}`,
  ...json({}),
})
const download = (id: string): RecordedCall => ({
  method: 'GET',
  path: `/api/processes/system/file-download/${id}`,
})

describe.skipIf(!serverUrl)('reference server against the product (PostgreSQL)', () => {
  let database: DatabaseHandle
  let dataDir: string
  let app: App
  let pool: pg.Pool
  let reference: Server
  let productUrl: string
  let referenceUrl: string
  const users: { userName: string; token: string }[] = []
  /** Distributions and attachments the owner sees and does not see. */
  const ids = { ownDistribution: '', otherDistribution: '', ownFile: '', otherFile: '' }

  async function signIn(userName: string): Promise<string> {
    const response = await app.inject({
      method: 'POST',
      url: '/api/token',
      payload: { username: userName, password: DEMO_PASSWORD },
    })
    return response.json<{ token: string }>().token
  }

  async function one(sql: string, values: unknown[] = []): Promise<string> {
    const { rows } = await pool.query<{ id: string }>(sql, values)
    if (!rows[0]) throw new Error(`nichts gefunden: ${sql}`)
    return rows[0].id
  }

  beforeAll(async () => {
    await onServer(`CREATE DATABASE ${DATABASE}`)
    database = await openDatabase({ databaseUrl: databaseUrl(DATABASE) })
    await database.migrate()
    await seedDemoData(database.db, { scale: 1 })
    pool = new pg.Pool({ connectionString: databaseUrl(DATABASE), max: 4 })

    const owned = `property_connection in (select connection from connection_features
      where connection_attributes = 'HE' and value = $1)`
    ids.ownDistribution = await one(
      `select operating_costs_distribution as id from operating_costs_distributions
       where company_code = '1000' and ${owned} order by 1 limit 1`,
      [DEMO_OWNER_PARTNER],
    )
    ids.otherDistribution = await one(
      `select operating_costs_distribution as id from operating_costs_distributions
       where company_code = '1000' and not ${owned} order by 1 limit 1`,
      [DEMO_OWNER_PARTNER],
    )
    ids.ownFile = await one(
      `select attachment::text as id from attachments where company_code = '1000' and ${owned}
       order by 1 limit 1`,
      [DEMO_OWNER_PARTNER],
    )
    ids.otherFile = await one(
      `select attachment::text as id from attachments where company_code = '1000' and not ${owned}
       order by 1 limit 1`,
      [DEMO_OWNER_PARTNER],
    )
    // what JSON must escape, in a connection's name and an expense line's note; a product
    // attribute with an empty value and one naming no product
    await pool.query(
      `update connections set name2 = $1 where connection = (select min(connection) from connections)`,
      [AWKWARD],
    )
    await pool.query(
      `update operating_costs_expenses set note = $1
       where guid = (select guid from operating_costs_expenses
         where operating_costs_distribution = $2 order by created_at, guid limit 1)`,
      [AWKWARD, ids.ownDistribution],
    )
    await pool.query(`update object_attributes set value = '' where id = (
      select min(id) from object_attributes where object_type = 'ANSCHLUSS' and name = 'PR')`)
    await pool.query(`update object_attributes set value = 'KEIN_PRODUKT' where id = (
      select max(id) from object_attributes where object_type = 'ANSCHLUSS' and name = 'PR')`)

    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-bench-reference-'))
    const secret = crypto.getRandomValues(new Uint8Array(32))
    app = await buildApp({
      config: {
        port: 0,
        host: '127.0.0.1',
        databaseUrl: undefined,
        dataDir,
        jwtSecret: secret,
        secondFactorKey: crypto.getRandomValues(new Uint8Array(32)),
        smtpUrl: undefined,
        publicUrl: 'http://portal.test',
        logLevel: 'silent',
        customer: loadCustomer(DEFAULT_CUSTOMERS_DIR),
        portalDist: undefined,
      },
      database,
    })
    productUrl = await app.listen({ port: 0, host: '127.0.0.1' })
    reference = createReferenceServer({ pool, secret })
    await new Promise<void>((resolve) => reference.listen(0, '127.0.0.1', resolve))
    referenceUrl = listening(reference)
    // the reference knows the specification's two kinds of login; a resident (decision 065) is none
    for (const { userName } of DEMO_USERS.filter((user) => !user.resident)) {
      users.push({ userName, token: await signIn(userName) })
    }
  }, 120_000)

  afterAll(async () => {
    reference?.closeAllConnections()
    await new Promise((resolve) => reference?.close(resolve) ?? resolve(undefined))
    await app?.close()
    await pool?.end()
    await database?.close()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
    await onServer(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`)
  }, 60_000)

  it('answers the benchmark scenarios byte-equal for the three demo logins of the specification, headers included', async () => {
    const requests = [
      search('?limit=50'),
      search('?limit=9999'),
      search('?limit=3'),
      search(''),
      expenses(ids.ownDistribution, 'working'),
      expenses(ids.ownDistribution, 'heating', '?limit=2'),
      expenses(ids.otherDistribution, 'working'),
      expenses('1000000000-0000', 'working'),
      download(ids.ownFile),
      download(ids.otherFile),
      download('00000000-0000-4000-8000-000000000000'),
      download('kein-schluessel'),
    ]
    const check = await compareAnswers(productUrl, referenceUrl, requests, users)
    expect(check.mismatch).toBeUndefined()
    expect(check.headerDifferences).toEqual([])
    expect(check).toMatchObject({ equal: true, answers: requests.length * 3 })
  })

  it('compares something: the owner sees less than the manager, the other company nothing', async () => {
    const sizes = await Promise.all(
      users.map(async ({ token }) => {
        const response = await fetch(`${referenceUrl}/api/persistence/connections-search`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: '{}',
        })
        const body = await response.text()
        return { items: (JSON.parse(body) as { items: unknown[] }).items.length, body }
      }),
    )
    const [manager, owner, stranger] = sizes
    expect(manager!.items).toBeGreaterThan(owner!.items)
    expect(owner!.items).toBeGreaterThan(0)
    expect(manager!.body).toContain(JSON.stringify(AWKWARD))
    expect(stranger!.body).not.toContain('"companyCode":"1000"')
  })

  it('refuses tokens as the product does: none, forged, logged out, signed out everywhere', async () => {
    const loggedOut = await signIn('verwalter')
    await app.inject({
      method: 'POST',
      url: '/api/token/revoke',
      headers: { authorization: `Bearer ${loggedOut}` },
    })
    const everywhere = await signIn('fremd')
    await app.inject({
      method: 'POST',
      url: '/api/token/revoke-all',
      headers: { authorization: `Bearer ${everywhere}` },
    })
    const [header, payload] = users[0]!.token.split('.')
    const refused = [
      { userName: 'ohne Token', token: '' },
      { userName: 'gefälscht', token: `${header}.${payload}.c2lnbmF0dXI` },
      { userName: 'abgemeldet', token: loggedOut },
      { userName: 'überall abgemeldet', token: everywhere },
    ]
    const check = await compareAnswers(
      productUrl,
      referenceUrl,
      [search('?limit=50'), download(ids.ownFile)],
      refused,
    )
    expect(check.mismatch).toBeUndefined()
    expect(check.equal).toBe(true)
    const answer = await fetch(
      `${referenceUrl}/api/processes/system/file-download/${ids.ownFile}`,
      {
        headers: { authorization: `Bearer ${loggedOut}` },
      },
    )
    expect(answer.status).toBe(401)
    expect(await answer.json()).toMatchObject({ detail: expect.stringContaining('abgemeldet') })
  })
})
