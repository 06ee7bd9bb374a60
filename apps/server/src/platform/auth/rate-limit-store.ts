/**
 * A store for `@fastify/rate-limit` in PostgreSQL (decision 029): the fixed windows of
 * the rate-limited routes (the password reset) count the requests of every server process, not of
 * one. One statement per request opens, counts in or restarts the window of its key atomically.
 */
import { sql } from 'drizzle-orm'
import type { FastifyRateLimitStore } from '@fastify/rate-limit'
import type { Database } from '../persistence/database'
import { rateLimitWindows } from '../persistence/schema'

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void

/** What `@fastify/rate-limit` hands a store's `child` at run time: the merged options and the route. */
interface RouteParams {
  routeInfo?: { method?: string; url?: string }
}

/** The store class `@fastify/rate-limit` instantiates (`store` option), bound to the database. */
export function postgresRateLimitStore(db: Database) {
  return class PostgresRateLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string

    constructor(_params?: unknown, prefix = 'rate-limit:') {
      this.prefix = prefix
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      const id = this.prefix + key
      const table = rateLimitWindows
      db.execute(
        sql`insert into ${table} (key, hits, window_ends_at)
            values (${id}, 1, now() + make_interval(secs => ${timeWindow / 1000}))
            on conflict (key) do update set
              hits = case when ${table.windowEndsAt} <= now() then 1 else ${table.hits} + 1 end,
              window_ends_at = case when ${table.windowEndsAt} <= now()
                then excluded.window_ends_at else ${table.windowEndsAt} end
            returning hits, ceil(extract(epoch from window_ends_at - now()) * 1000)::int as ttl`,
      ).then((result) => {
        const [row] = (result as { rows: { hits: number; ttl: number }[] }).rows
        callback(null, { current: row!.hits, ttl: Math.max(row!.ttl, 0) })
      }, callback)
    }

    /** A store per route: its windows are its own (the same address on another route counts apart). */
    child(params: object) {
      const { routeInfo } = params as RouteParams
      const route = `${routeInfo?.method ?? ''}${routeInfo?.url ?? ''}`
      return new PostgresRateLimitStore(undefined, `${this.prefix}${route}:`)
    }
  }
}

/** Removes windows that ended more than an hour ago (housekeeping); answers how many. */
export async function pruneRateLimitWindows(db: Database): Promise<number> {
  const removed = await db
    .delete(rateLimitWindows)
    .where(sql`${rateLimitWindows.windowEndsAt} < now() - interval '1 hour'`)
    .returning({ key: rateLimitWindows.key })
  return removed.length
}
