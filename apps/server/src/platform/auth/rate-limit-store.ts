/**
 * A store for `@fastify/rate-limit` in PostgreSQL (decision 029): the fixed windows of
 * the rate-limited routes (the password reset) count the requests of every server process, not of
 * one. One statement per request opens, counts in or restarts the window of its key atomically.
 */
import { sql } from 'drizzle-orm'
import type { FastifyRateLimitStore } from '@fastify/rate-limit'
import type { Database, Executor } from '../persistence/database'
import { rateLimitWindows } from '../persistence/schema'

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void

/** What `@fastify/rate-limit` hands a store's `child` at run time: the merged options and the route. */
interface RouteParams {
  routeInfo?: { method?: string; url?: string }
}

/**
 * Counts one hit in the fixed window of `key` (opened, counted in or restarted atomically, in the
 * caller's transaction if it is one); answers the hits of the window so far, this one included, and
 * the milliseconds until it ends. The rate-limited routes and the account mails (decision 040)
 * count here, so that every server process counts the same hits.
 */
export async function hitWindow(
  db: Executor,
  key: string,
  windowMs: number,
): Promise<{ current: number; ttl: number }> {
  const table = rateLimitWindows
  const result = await db.execute(
    sql`insert into ${table} (key, hits, window_ends_at)
        values (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
        on conflict (key) do update set
          hits = case when ${table.windowEndsAt} <= now() then 1 else ${table.hits} + 1 end,
          window_ends_at = case when ${table.windowEndsAt} <= now()
            then excluded.window_ends_at else ${table.windowEndsAt} end
        returning hits, ceil(extract(epoch from window_ends_at - now()) * 1000)::int as ttl`,
  )
  const [row] = (result as { rows: { hits: number; ttl: number }[] }).rows
  return { current: row!.hits, ttl: Math.max(row!.ttl, 0) }
}

/** The store class `@fastify/rate-limit` instantiates (`store` option), bound to the database. */
export function postgresRateLimitStore(db: Database) {
  return class PostgresRateLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string

    constructor(_params?: unknown, prefix = 'rate-limit:') {
      this.prefix = prefix
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      hitWindow(db, this.prefix + key, timeWindow).then(
        (window) => callback(null, window),
        callback,
      )
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
