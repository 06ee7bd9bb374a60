/**
 * Decision 029: `/metrics` in the Prometheus text format, per process (Prometheus scrapes every
 * replica and adds them up, decision 029). Requests by route pattern and status, their duration,
 * the database pool, the event loop (prom-client's default metrics), failed sign-ins and uploads.
 *
 * Answered only when `METRICS_TOKEN` is set, and then only with `Authorization: Bearer <token>`:
 * unset it is 404 as any unknown address, a missing or wrong token is 401.
 */
import { timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyReply } from 'fastify'
import fp from 'fastify-plugin'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import type { DatabaseHandle } from '../persistence/database'
import { IDEMPOTENT_REPLAY_HEADER } from './idempotency'

export interface PortalMetrics {
  /** A sign-in refused: a wrong name or password, or throttled (429). */
  signInFailed(reason: 'wrong_credentials' | 'wrong_code' | 'throttled'): void
  /** An upload route answered: counted when a file was stored, not when a repeat was replayed. */
  uploadAnswered(reply: FastifyReply, file: { size: number } | null): void
  /** How the answer cache served a cacheable read (answer-cache.ts). */
  answerServed(outcome: AnswerOutcome): void
}

/**
 * A cacheable read: 304 to its `If-None-Match`, a kept answer, an answer another request of the
 * same key was computing (single flight), or computed by this request.
 */
export type AnswerOutcome = 'not_modified' | 'kept' | 'shared' | 'computed'

declare module 'fastify' {
  interface FastifyInstance {
    metrics: PortalMetrics
  }
  interface FastifyContextConfig {
    /** Not counted in the request metrics (the scrape itself). */
    unmetered?: boolean
  }
}

const UNAUTHORIZED = { code: 'UNAUTHORIZED', detail: 'Bitte melden Sie sich an.' }
const NOT_FOUND = { code: 'NOT_FOUND', detail: 'Die Adresse wurde nicht gefunden.' }

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * `_total` is the suffix of counters: prom-client's default metrics name three gauges so
 * (`nodejs_active_handles_total`, `nodejs_active_requests_total`, `nodejs_active_resources_total`),
 * and `promtool check metrics` refuses them. Each such gauge is replaced by one named `…_all`
 * (`_count` and `_sum` belong to histograms) with the same help and values.
 */
function renameTotalGauges(registry: Registry): void {
  for (const { name, help } of registry.getMetricsAsArray()) {
    const metric = registry.getSingleMetric(name)
    if (!(metric instanceof Gauge) || !name.endsWith('_total')) continue
    registry.removeSingleMetric(name)
    new Gauge({
      name: `${name.slice(0, -'_total'.length)}_all`,
      help,
      registers: [registry],
      async collect() {
        const { values } = await metric.get()
        this.reset()
        for (const { labels, value } of values) this.set(labels, value)
      },
    })
  }
}

export default fp(async function metricsPlugin(
  app: FastifyInstance,
  { database, token }: { database: DatabaseHandle; token: string | undefined },
) {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  renameTotalGauges(registry)
  const requests = new Counter({
    name: 'portal_http_requests_total',
    help: 'Answered requests by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  })
  const durations = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Time from the request to its answer, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  })
  new Gauge({
    name: 'portal_db_pool_connections',
    help: 'Database connections of this process: total, idle, and requests waiting for one.',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = database.poolStats()
      this.set({ state: 'total' }, stats.total)
      this.set({ state: 'idle' }, stats.idle)
      this.set({ state: 'waiting' }, stats.waiting)
    },
  })
  const signInFailures = new Counter({
    name: 'portal_sign_in_failures_total',
    help: 'Sign-ins refused, by reason: wrong_credentials, wrong_code (second factor) or throttled.',
    labelNames: ['reason'] as const,
    registers: [registry],
  })
  const uploads = new Counter({
    name: 'portal_uploads_total',
    help: 'Files stored.',
    registers: [registry],
  })
  const uploadBytes = new Counter({
    name: 'portal_upload_bytes_total',
    help: 'Bytes of the files stored.',
    registers: [registry],
  })

  const answers = new Counter({
    name: 'portal_answer_cache_total',
    help: 'Cacheable reads by how they were served: not_modified, kept, shared or computed.',
    labelNames: ['outcome'] as const,
    registers: [registry],
  })

  app.decorate('metrics', {
    answerServed: (outcome) => answers.inc({ outcome }),
    signInFailed: (reason) => signInFailures.inc({ reason }),
    uploadAnswered: (reply, file) => {
      if (file === null || reply.statusCode >= 300 || reply.hasHeader(IDEMPOTENT_REPLAY_HEADER))
        return
      uploads.inc()
      uploadBytes.inc(file.size)
    },
  } satisfies PortalMetrics)

  app.addHook('onResponse', (request, reply, done) => {
    if (!request.routeOptions.config.unmetered) {
      // the pattern ('/api/connections/:id'), never the address: ids would make a series each
      const labels = {
        method: request.method,
        route: request.routeOptions.url ?? 'unknown',
        status: String(reply.statusCode),
      }
      requests.inc(labels)
      durations.observe(labels, reply.elapsedTime / 1000)
    }
    done()
  })

  app.get(
    '/metrics',
    { config: { public: true, unmetered: true, unpressured: true }, schema: { hide: true } },
    async (request, reply) => {
      if (token === undefined) return reply.status(404).send(NOT_FOUND)
      const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1]
      if (given === undefined || !sameToken(given, token)) {
        return reply.status(401).header('www-authenticate', 'Bearer').send(UNAUTHORIZED)
      }
      return reply
        .header('content-type', registry.contentType)
        .header('cache-control', 'no-store')
        .send(await registry.metrics())
    },
  )
})
