/**
 * Issue 11: a PostgreSQL restart (here: `pg_terminate_backend` of the server's connections, which
 * sends the same 57P01 "terminating connection due to administrator command") while requests are
 * in flight fails only those requests, with 503 and a German detail; the process keeps running, the
 * pool opens new connections by itself and the next request succeeds. No write is answered as done
 * that was not committed.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { buildApp } from '../src/app'
import { DEFAULT_CUSTOMERS_DIR } from '../src/config'
import { loadCustomer } from '../src/customer/load-customer'
import { openDatabase } from '../src/persistence/database'
import { DEMO_PASSWORD } from '../src/seed/demo-users'
import { databaseUrl, onServer, TEMPLATE_DATABASE } from './test-database'

const ROOT = path.resolve(import.meta.dirname, '../../..')
const MAIN = path.join(ROOT, 'apps/server/src/main.ts')
const UNAVAILABLE_DETAIL =
  'Die Datenbank ist gerade nicht erreichbar. Bitte versuchen Sie es in einem Moment erneut.'

const isPostgres = inject('testDatabaseKind') === 'postgres'

let name: string
let dataDir: string
let server: ChildProcess
let output = ''
let base: string
let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined

/** Starts `main.ts` as the operator does and answers its address from the "listening" log line. */
function startServer(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    server = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: url,
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        JWT_SECRET: randomBytes(32).toString('hex'),
        PORTAL_DIST: path.join(dataDir, 'no-portal'),
        INIT_CWD: ROOT,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)
      if (match) resolve(match[1]!)
    }
    server.stdout!.on('data', onData)
    server.stderr!.on('data', onData)
    server.on('exit', (code, signal) => {
      exit = { code, signal }
      reject(new Error(`server ended (${code ?? signal}) before listening:\n${output}`))
    })
  })
}

async function terminateConnections(serverUrl: string, database: string): Promise<number> {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    const result = await client.query<{ pid: number }>(
      'select pg_terminate_backend(pid) as pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [database],
    )
    return result.rowCount ?? 0
  } finally {
    await client.end()
  }
}

async function signIn(userName: string): Promise<string> {
  const response = await fetch(`${base}/api/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: userName, password: DEMO_PASSWORD }),
  })
  expect(response.status).toBe(200)
  return `Bearer ${((await response.json()) as { token: string }).token}`
}

describe.skipIf(!isPostgres)('a PostgreSQL restart during requests', () => {
  const serverUrl = inject('serverUrl')

  beforeAll(async () => {
    name = `portal_test_${randomBytes(6).toString('hex')}`
    await onServer(serverUrl, [`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`])
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-restart-'))
    base = await startServer(databaseUrl(serverUrl, name))
  })

  afterAll(async () => {
    if (server && exit === undefined) {
      const ended = new Promise((resolve) => server.once('exit', resolve))
      server.kill('SIGTERM')
      await ended
    }
    await onServer(serverUrl, [`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`])
    await rm(dataDir, { recursive: true, force: true })
  })

  it('fails the requests in flight with 503, keeps the process and serves the next request', async () => {
    const authorization = await signIn('verwalter')
    const db = new pg.Client({ connectionString: databaseUrl(serverUrl, name) })
    await db.connect()
    let unit: string
    try {
      const rows = await db.query<{ id: string }>(
        'select point_of_delivery as id from points_of_delivery where company_code = $1 order by 1 limit 1',
        ['1000'],
      )
      unit = rows.rows[0]!.id
    } finally {
      await db.end()
    }
    const tenantChange = (key: string) => {
      const boundary = `----portal-${key}`
      const activity = {
        activityType: 'MIETERWECHSEL',
        objectType: 'VSTELLE',
        objectKey: unit,
        payload: {
          customerType: 'private',
          salutation: 'FR',
          title: '',
          NAME1: 'Erika',
          NAME2: 'Mustermann',
          AUSZUG: '2025-06-30',
          PLZ: '10115',
          ORT: 'Berlin',
          STRASSE: 'Invalidenstraße',
          HAUSNR: '12',
          ZUSATZ: '',
          POSTFACH: '',
          EMAIL: 'erika@example.com',
          TEL: '',
          information: '',
        },
      }
      return fetch(`${base}/api/persistence/activities`, {
        method: 'POST',
        headers: {
          authorization,
          'idempotency-key': key,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        body: `--${boundary}\r\nContent-Disposition: form-data; name="activity"\r\n\r\n${JSON.stringify(activity)}\r\n--${boundary}--\r\n`,
      })
    }
    const search = () =>
      fetch(`${base}/api/persistence/connections-search?limit=50`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify({ filters: [], sort: [{ property: 'name1', order: 'asc' }] }),
      })
    const health = () => fetch(`${base}/api/health`)

    type Outcome = { kind: string; status: number | string; body: string; id?: string }
    const outcomes: Outcome[] = []
    let running = true
    const worker = async (kind: 'write' | 'search' | 'health') => {
      while (running) {
        try {
          const response =
            kind === 'write'
              ? await tenantChange(randomUUID())
              : kind === 'search'
                ? await search()
                : await health()
          const body = await response.text()
          const outcome: Outcome = { kind, status: response.status, body }
          if (kind === 'write' && response.status === 201) {
            outcome.id = (JSON.parse(body) as { id: string }).id
          }
          outcomes.push(outcome)
        } catch (error) {
          outcomes.push({ kind, status: 'socket', body: String((error as Error).cause ?? error) })
          if (exit !== undefined) return
        }
      }
    }
    const kinds = [
      'write',
      'write',
      'write',
      'write',
      'write',
      'write',
      'search',
      'search',
      'health',
      'health',
    ] as const
    const workers = kinds.map((kind) => worker(kind))
    let terminated = 0
    for (let round = 0; round < 5; round++) {
      await new Promise((resolve) => setTimeout(resolve, 250))
      terminated += await terminateConnections(serverUrl, name)
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
    running = false
    await Promise.all(workers)

    const tally: Record<string, number> = {}
    for (const o of outcomes)
      tally[`${o.kind} ${o.status}`] = (tally[`${o.kind} ${o.status}`] ?? 0) + 1
    console.log(`terminated ${terminated} connections; answers: ${JSON.stringify(tally)}`)

    // the process is alive and every request in flight got an answer: done, or 503
    expect(exit, output.slice(-4000)).toBeUndefined()
    expect(terminated).toBeGreaterThan(0)
    const unexpected = outcomes.filter(
      (o) =>
        !(
          typeof o.status === 'number' &&
          ((o.status >= 200 && o.status < 300) || o.status === 503)
        ),
    )
    expect(unexpected.slice(0, 5), output.slice(-4000)).toEqual([])
    for (const o of outcomes.filter((o) => o.status === 503)) {
      expect(JSON.parse(o.body)).toEqual({
        detail: UNAVAILABLE_DETAIL,
        code: 'DATABASE_UNAVAILABLE',
      })
    }
    expect(outcomes.some((o) => o.status === 503)).toBe(true)

    // the pool reconnected: the next requests succeed
    expect((await health()).status).toBe(200)
    expect((await search()).status).toBe(200)
    const after = await tenantChange(randomUUID())
    expect(after.status).toBe(201)

    // every write answered as done is stored
    const written = outcomes.filter((o) => o.id !== undefined).map((o) => o.id!)
    const check = new pg.Client({ connectionString: databaseUrl(serverUrl, name) })
    await check.connect()
    try {
      const stored = await check.query<{ n: number }>(
        'select count(*)::int as n from activities where id = any($1::uuid[])',
        [written],
      )
      expect(stored.rows[0]!.n).toBe(written.length)
    } finally {
      await check.end()
    }
  }, 300_000)
})

describe('a PostgreSQL server that refuses connections (down for a restart)', () => {
  it('answers 503 with the German detail, not 500', async () => {
    // port 1: nothing listens, the connection is refused at once (on every address of localhost)
    const database = await openDatabase({ databaseUrl: 'postgres://portal@localhost:1/portal' })
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-refused-'))
    const app = await buildApp({
      config: {
        port: 0,
        host: '127.0.0.1',
        databaseUrl: undefined,
        dataDir,
        jwtSecret: crypto.getRandomValues(new Uint8Array(32)),
        smtpUrl: undefined,
        publicUrl: 'http://portal.test',
        logLevel: 'silent',
        customer: loadCustomer(DEFAULT_CUSTOMERS_DIR, undefined),
        portalDist: undefined,
      },
      database,
    })
    try {
      for (const request of [
        { method: 'GET' as const, url: '/api/health' },
        {
          method: 'POST' as const,
          url: '/api/token',
          payload: { username: 'verwalter', password: DEMO_PASSWORD },
        },
      ]) {
        const response = await app.inject(request)
        expect(response.statusCode, response.body).toBe(503)
        expect(response.json()).toEqual({
          detail: UNAVAILABLE_DETAIL,
          code: 'DATABASE_UNAVAILABLE',
        })
      }
    } finally {
      await app.close()
      await database.close()
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})
