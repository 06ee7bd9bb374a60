/**
 * Decision 029: the probes (`/api/health/live`, `/api/health/ready`), `/metrics` behind METRICS_TOKEN
 * and the overload answer.
 */
import { randomBytes } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { openDatabase } from '../src/platform/persistence/database'
import { DATABASE_UNAVAILABLE } from '../src/platform/persistence/database-errors'
import { OVERLOADED } from '../src/platform/http/back-pressure'
import { operatingCostsDistributions } from '../src/platform/persistence/schema'
import { multipart, SAMPLE_FILES } from './fixtures/files'
import {
  createTestContext,
  ownedPropertiesOf,
  signInRequest,
  useTemporaryDirs,
  useTestContext,
  firstOf1000,
} from './helper'
import { databaseUrl, onServer } from './test-database'

const TOKEN = 'metrics-token-of-the-test'

/** The value of one series in the Prometheus text, 0 when it is not there. */
function seriesValue(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `))
  return line === undefined ? 0 : Number(line.slice(series.length + 1))
}

describe('with METRICS_TOKEN set', () => {
  const { ctx } = useTestContext([], { config: { metricsToken: TOKEN } })

  const scrape = async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/)
    return response.body
  }

  it('answers 401 without the token or with another one', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong' }, { authorization: TOKEN }]) {
      const response = await ctx.app.inject({ method: 'GET', url: '/metrics', headers })
      expect(response.statusCode).toBe(401)
      expect(response.body).not.toContain('portal_http_requests_total')
    }
  })

  it('counts requests by route pattern and status, failed sign-ins, uploads, pool and event loop', async () => {
    const before = await scrape()
    const verwalter = await ctx.login('verwalter')
    const eigentuemer = await ctx.login('eigentuemer')
    const failed = await signInRequest(ctx.app, {
      username: 'verwalter',
      password: 'falsch-falsch',
    })
    expect(failed.statusCode).toBe(401)
    const search = await ctx.app.inject({
      method: 'POST',
      url: '/api/persistence/connections-search?limit=5',
      headers: verwalter,
      payload: { filters: [] },
    })
    expect(search.statusCode).toBe(200)
    const unchanged = await ctx.app.inject({
      method: 'POST',
      url: '/api/persistence/connections-search?limit=5',
      headers: { ...verwalter, 'if-none-match': String(search.headers.etag) },
      payload: { filters: [] },
    })
    expect(unchanged.statusCode).toBe(304)

    const owned = await ownedPropertiesOf(ctx, 'eigentuemer')
    const distribution = await firstOf1000(
      ctx,
      operatingCostsDistributions.operatingCostsDistribution,
      sql`${operatingCostsDistributions.propertyConnection} in ${owned}`,
    )
    const body = multipart(
      { objectType: 'KOSTENBELEG', objectKey: distribution },
      { fileName: 'beleg.pdf', content: SAMPLE_FILES.pdf },
    )
    const upload = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/processes/system/file-upload',
        headers: { ...eigentuemer, ...body.headers, 'idempotency-key': 'metrics-upload-1' },
        payload: body.payload,
      })
    expect((await upload()).statusCode).toBe(200)
    // the repeat is replayed, not stored again: it is not an upload
    expect((await upload()).headers['idempotent-replayed']).toBe('true')

    const after = await scrape()
    const moved = (series: string) => seriesValue(after, series) - seriesValue(before, series)
    expect(moved('portal_sign_in_failures_total{reason="wrong_credentials"}')).toBe(1)
    expect(moved('portal_uploads_total')).toBe(1)
    // the search was computed (or kept from an earlier one), its repeat with the ETag a 304
    expect(
      moved('portal_answer_cache_total{outcome="computed"}') +
        moved('portal_answer_cache_total{outcome="kept"}'),
    ).toBe(1)
    expect(moved('portal_answer_cache_total{outcome="not_modified"}')).toBe(1)
    expect(moved('portal_upload_bytes_total')).toBe(SAMPLE_FILES.pdf.length)
    expect(
      moved(
        'portal_http_requests_total{method="POST",route="/api/persistence/connections-search",status="200"}',
      ),
    ).toBe(1)
    expect(moved('portal_http_requests_total{method="POST",route="/api/token",status="401"}')).toBe(
      1,
    )
    expect(after).toMatch(
      /^portal_http_request_duration_seconds_count\{method="POST",route="\/api\/token",status="200"\} \d+$/m,
    )
    expect(after).toMatch(/^portal_db_pool_connections\{state="total"\} \d+$/m)
    expect(after).toMatch(/^portal_db_pool_connections\{state="waiting"\} \d+$/m)
    expect(after).toMatch(/^nodejs_eventloop_lag_seconds \d/m)
    // the scrape itself is not counted, and no address with an id becomes a series of its own
    expect(after).not.toContain('route="/metrics"')
    expect(after).not.toMatch(/route="[^"]*\d{6,}/)
  })
})

describe('without METRICS_TOKEN', () => {
  const { ctx } = useTestContext()

  it('answers /metrics 404 as any unknown address, also with a token', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const response = await ctx.app.inject({ method: 'GET', url: '/metrics', headers })
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({
        code: 'NOT_FOUND',
        detail: 'Die Adresse wurde nicht gefunden.',
      })
    }
  })

  it('is live and ready; ready names a missing migration with 503', async () => {
    for (const url of ['/api/health/live', '/api/health/ready', '/api/health']) {
      const response = await ctx.app.inject({ method: 'GET', url })
      expect(response.statusCode, url).toBe(200)
      expect(response.json()).toEqual({ status: 'ok' })
    }
    await ctx.database.db.execute(
      sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)`,
    )
    const ready = await ctx.app.inject({ method: 'GET', url: '/api/health/ready' })
    expect(ready.statusCode).toBe(503)
    expect(ready.json()).toEqual({
      code: 'MIGRATIONS_PENDING',
      detail: 'Die Datenbank ist noch nicht auf dem Stand dieses Servers (Migrationen ausstehend).',
    })
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200)
  })
})

describe('the database gone', () => {
  it('keeps live at 200 and answers ready 503', async () => {
    const ctx = await createTestContext()
    try {
      await ctx.database.close()
      const ready = await ctx.app.inject({ method: 'GET', url: '/api/health/ready' })
      expect(ready.statusCode).toBe(503)
      expect(ready.json()).toEqual(DATABASE_UNAVAILABLE)
      expect((await ctx.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(
        200,
      )
    } finally {
      await ctx.app.close()
    }
  })
})

describe.skipIf(inject('testDatabaseKind') !== 'postgres')('on a database not migrated', () => {
  it('answers ready 503 MIGRATIONS_PENDING: it is reachable, its tables are missing', async () => {
    const serverUrl = inject('serverUrl')
    const name = `portal_test_empty_${randomBytes(6).toString('hex')}`
    await onServer(serverUrl, [`CREATE DATABASE ${name}`])
    const ctx = await createTestContext({
      database: () => openDatabase({ databaseUrl: databaseUrl(serverUrl, name) }),
    })
    try {
      const ready = await ctx.app.inject({ method: 'GET', url: '/api/health/ready' })
      expect(ready.statusCode).toBe(503)
      expect(ready.json()).toEqual({
        detail:
          'Die Datenbank ist noch nicht auf dem Stand dieses Servers (Migrationen ausstehend).',
        code: 'MIGRATIONS_PENDING',
      })
    } finally {
      await ctx.close()
      await onServer(serverUrl, [`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`])
    }
  })
})

describe('under pressure', () => {
  const temporaryDir = useTemporaryDirs()
  let portalDist: string
  beforeAll(async () => {
    portalDist = await temporaryDir('portal-dist-')
    await mkdir(path.join(portalDist, 'assets'))
    await writeFile(
      path.join(portalDist, 'index.html'),
      '<!doctype html><head></head><body></body>',
    )
    await writeFile(path.join(portalDist, 'assets', 'unit-page-Bx3k9a_Q.js'), 'export {}\n')
  })
  // the health check reports the process overloaded: the same path as a slow event loop
  const { ctx } = useTestContext([], () => ({
    config: { metricsToken: TOKEN },
    backPressure: { healthCheck: async () => false },
    portalDist,
  }))
  /** The plugin asks the health check every 100 ms: waits for its first answer. */
  const untilOverloaded = () =>
    expect
      .poll(
        async () => (await ctx.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode,
        { timeout: 180_000 },
      )
      .toBe(503)

  it('answers 503 with Retry-After and the German detail at once, but stays live and measurable', async () => {
    await untilOverloaded()
    const response = await signInRequest(ctx.app, { username: 'verwalter', password: 'egal' })
    expect(response.statusCode).toBe(503)
    expect(response.headers['retry-after']).toBe('5')
    expect(response.json()).toEqual(OVERLOADED)
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200)
    const metrics = await ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    })
    expect(metrics.statusCode).toBe(200)
    expect(metrics.body).toContain('status="503"')
  })

  it('still serves the portal: its page and the code of a screen cost no database work', async () => {
    await untilOverloaded()
    for (const url of [
      '/properties/1000000002/units/V1000000013',
      '/assets/unit-page-Bx3k9a_Q.js',
    ]) {
      const response = await ctx.app.inject({ method: 'GET', url })
      expect(response.statusCode, url).toBe(200)
    }
    const signIn = await signInRequest(ctx.app, { username: 'verwalter', password: 'egal' })
    expect(signIn.statusCode).toBe(503)
    // an unknown address of the server passes through the portal's route to its 404
    expect((await ctx.app.inject({ method: 'GET', url: '/api/unknown' })).statusCode).toBe(404)
  })
})
