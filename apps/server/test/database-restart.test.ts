/**
 * Decisions 002 and 029: PostgreSQL going away under load. Requests that need the database while it is
 * away fail with 503 and a German detail; the process keeps running, the pool opens new connections
 * by itself and the next request succeeds. No write is answered as done that was not committed,
 * and every write repeated with its idempotency key exists exactly once.
 *
 * Two ways the database goes away: the server ends the portal's sessions (`pg_terminate_backend`,
 * the 57P01 of a restart, on the shared test server) and a real stop and start of a PostgreSQL
 * cluster of the test's own (`pg_ctl`, see `postgres-cluster.ts`).
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import pg from 'pg'
import { describe, expect, inject, it } from 'vitest'
import { buildApp } from '../src/app'
import { DATABASE_UNAVAILABLE } from '../src/platform/persistence/database-errors'
import { openDatabase } from '../src/platform/persistence/database'
import { DEMO_PASSWORD } from '../src/platform/auth/demo-password'
import { TEST_BACK_PRESSURE, testConfig } from './helper'
import { reportTenantChange, searchConnections, signIn } from './portal-requests'

import { createPostgresCluster } from './postgres-cluster'
import { startServerProcess, type ServerProcess } from './server-process'
import { databaseUrl, onServer, TEMPLATE_DATABASE } from './test-database'

const isPostgres = inject('testDatabaseKind') === 'postgres'

type Kind = 'write' | 'search' | 'ready'
/** Four clients in a loop: two report tenant changes, one searches, one asks for readiness. */
const CLIENTS: Kind[] = ['write', 'write', 'search', 'ready']

interface Outcome {
  kind: Kind
  /** the idempotency key of a write, also its `information` */
  key: string
  status: number | 'no answer'
  body: string
  startedAt: number
  answeredAt: number
  /** sent after the database was back */
  afterRestart: boolean
}

const succeeded = (o: Outcome) => typeof o.status === 'number' && o.status >= 200 && o.status < 300

/** The first usage unit of company 1000: the tenant changes report on it. */
async function firstUnit(url: string): Promise<string> {
  const db = new pg.Client({ connectionString: url })
  await db.connect()
  try {
    const rows = await db.query<{ id: string }>(
      'select point_of_delivery as id from points_of_delivery where company_code = $1 order by 1 limit 1',
      ['1000'],
    )
    return rows.rows[0]!.id
  } finally {
    await db.end()
  }
}

/** Stored tenant changes among those reported with `keys`, counted per key. */
async function storedReports(url: string, keys: string[]): Promise<Map<string, number>> {
  const db = new pg.Client({ connectionString: url })
  await db.connect()
  try {
    const rows = await db.query<{ key: string; n: number }>(
      `select payload->>'information' as key, count(*)::int as n from activities
       where payload->>'information' = any($1) group by 1`,
      [keys],
    )
    return new Map(rows.rows.map((row) => [row.key, row.n]))
  } finally {
    await db.end()
  }
}

/** A server process loaded by the four clients, with what it answered so far. */
interface Load {
  server: ServerProcess
  url: string
  unit: string
  authorization: string
  outcomes: Outcome[]
  /** set once the database is back: later requests count as "after the restart" */
  restarted: boolean
}

async function prepareLoad(server: ServerProcess, url: string): Promise<Load> {
  return {
    server,
    url,
    unit: await firstUnit(url),
    authorization: await signIn(server.base),
    outcomes: [],
    restarted: false,
  }
}

/**
 * Runs the four clients until each has had ten successes after the restart (at most 5000
 * requests each) and collects every answer in `load.outcomes`.
 */
async function runLoad(load: Load): Promise<void> {
  const { server, authorization, unit } = load
  const send = (kind: Kind, key: string) =>
    kind === 'write'
      ? reportTenantChange(server.base, authorization, unit, key)
      : kind === 'search'
        ? searchConnections(server.base, authorization)
        : fetch(`${server.base}/api/health/ready`)
  const client = async (kind: Kind) => {
    let successesAfterRestart = 0
    for (let sent = 0; successesAfterRestart < 10 && sent < 5000; sent++) {
      const key = randomUUID()
      const afterRestart = load.restarted
      const startedAt = performance.now()
      let status: Outcome['status']
      let body: string
      try {
        const response = await send(kind, key)
        status = response.status
        body = await response.text()
      } catch (error) {
        status = 'no answer'
        body = String((error as Error).cause ?? error)
      }
      const outcome = {
        kind,
        key,
        status,
        body,
        startedAt,
        answeredAt: performance.now(),
        afterRestart,
      }
      load.outcomes.push(outcome)
      if (afterRestart && succeeded(outcome)) successesAfterRestart++
    }
  }
  await Promise.all(CLIENTS.map((kind) => client(kind)))
}

/**
 * What every fault must leave: the process alive, every answer a success or the German 503, every
 * write answered as done stored, and after the recovery every write repeated with its key stored
 * exactly once. Answers the tally per kind and status and how many writes answered 503 had in
 * fact been committed (their answer was lost with the connection).
 */
async function checkOutcomes({ server, url, unit, authorization, outcomes }: Load) {
  const tally: Record<string, number> = {}
  for (const o of outcomes)
    tally[`${o.kind} ${o.status}`] = (tally[`${o.kind} ${o.status}`] ?? 0) + 1
  expect(server.child.exitCode, server.output().slice(-4000)).toBeNull()
  const unexpected = outcomes.filter((o) => !succeeded(o) && o.status !== 503)
  expect(unexpected.slice(0, 5), server.output().slice(-4000)).toEqual([])
  for (const o of outcomes.filter((o) => o.status === 503)) {
    expect(JSON.parse(o.body)).toEqual(DATABASE_UNAVAILABLE)
  }
  expect(outcomes.some((o) => o.status === 503)).toBe(true)
  for (const kind of new Set(CLIENTS)) {
    expect(
      outcomes.filter((o) => o.kind === kind && o.afterRestart && succeeded(o)).length,
    ).toBeGreaterThanOrEqual(10)
  }

  const writes = outcomes.filter((o) => o.kind === 'write')
  const keys = writes.map((o) => o.key)
  const confirmed = writes.filter(succeeded)
  const failed = writes.filter((o) => !succeeded(o))
  const stored = await storedReports(url, keys)
  expect(confirmed.filter((o) => stored.get(o.key) !== 1).map((o) => o.key)).toEqual([])
  const committedDespite503 = failed.filter((o) => stored.has(o.key)).length
  for (const o of failed) {
    const again = await reportTenantChange(server.base, authorization, unit, o.key)
    expect(again.status, await again.text()).toBeLessThan(300)
  }
  const afterRepeat = await storedReports(url, keys)
  expect(writes.filter((o) => afterRepeat.get(o.key) !== 1).map((o) => o.key)).toEqual([])
  return {
    answers: tally,
    confirmedWrites: confirmed.length,
    failedWrites: failed.length,
    committedDespite503,
  }
}

describe.skipIf(!isPostgres)('PostgreSQL going away under load', () => {
  const serverUrl = inject('serverUrl')
  const startOn = (url: string, dataDir: string) =>
    startServerProcess({
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      PORTAL_DIST: path.join(dataDir, 'no-portal'),
    })
  const answersReach = (load: Load, count: number) =>
    expect
      .poll(() => load.outcomes.length, { timeout: 300_000, interval: 5 })
      .toBeGreaterThanOrEqual(count)

  it('the database ends the sessions: requests in flight fail with 503, the next ones succeed', async () => {
    const name = `portal_test_${randomBytes(6).toString('hex')}`
    await onServer(serverUrl, [`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`])
    const url = databaseUrl(serverUrl, name)
    const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-restart-'))
    const server = await startOn(url, dataDir)
    try {
      const load = await prepareLoad(server, url)
      const running = runLoad(load)
      // end the portal's sessions five times, each after ten more answers
      let terminated = 0
      for (let round = 1; round <= 5; round++) {
        await answersReach(load, round * 10)
        terminated += await terminateConnections(serverUrl, name)
      }
      load.restarted = true
      await running
      const result = await checkOutcomes(load)
      expect(terminated).toBeGreaterThan(0)
      console.log(`sessions ended: ${terminated}; ${JSON.stringify(result)}`)
    } finally {
      await server.stop()
      await onServer(serverUrl, [`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`])
      await rm(dataDir, { recursive: true, force: true })
    }
  }, 600_000)

  it('PostgreSQL stops and starts: 503 while it is away, recovery by itself, every committed write there', async () => {
    const cluster = await createPostgresCluster()
    const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-restart-'))
    let server: ServerProcess | undefined
    try {
      // the demo start migrates and seeds the empty database
      server = await startOn(cluster.url, dataDir)
      const load = await prepareLoad(server, cluster.url)
      const running = runLoad(load)
      await answersReach(load, 40)
      const stopAt = performance.now()
      await cluster.stop()
      // while the database is away: a request that needs it gets the German 503 at once
      const whileAway = await fetch(`${server.base}/api/health/ready`)
      expect(whileAway.status).toBe(503)
      expect(await whileAway.json()).toEqual(DATABASE_UNAVAILABLE)
      await cluster.start()
      const backAt = performance.now()
      load.restarted = true
      await running
      const result = await checkOutcomes(load)
      const firstSuccess = Math.min(
        ...load.outcomes
          .filter((o) => o.startedAt >= backAt && succeeded(o))
          .map((o) => o.answeredAt),
      )
      const failedDuringRestart = load.outcomes.filter((o) => !succeeded(o))
      console.log(
        `PostgreSQL restart: away ${Math.round(backAt - stopAt)} ms; first success ${Math.round(firstSuccess - backAt)} ms after it was back; ` +
          `${load.outcomes.length} requests, ${failedDuringRestart.length} failed (all 503 with the German detail); ${JSON.stringify(result)}`,
      )
    } finally {
      await server?.stop()
      await cluster.remove()
      await rm(dataDir, { recursive: true, force: true })
    }
  }, 600_000)
})

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

describe('a PostgreSQL server that refuses connections (down for a restart)', () => {
  it('answers 503 with the German detail, not 500', async () => {
    // port 1: nothing listens, the connection is refused at once (on every address of localhost)
    const database = await openDatabase({ databaseUrl: 'postgres://portal@localhost:1/portal' })
    const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-refused-'))
    const app = await buildApp({
      config: testConfig(dataDir),
      database,
      backPressure: TEST_BACK_PRESSURE,
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
        expect(response.json()).toEqual(DATABASE_UNAVAILABLE)
      }
    } finally {
      await app.close()
      await database.close()
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})
