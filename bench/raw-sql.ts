/** The searches' own SQL, run through the driver in loops, without the server. */
import type { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { eq } from 'drizzle-orm'
import type { PgDialect } from 'drizzle-orm/pg-core'
import { openDatabase, type Database as Db } from '../apps/server/src/platform/persistence/database'
import {
  connectionEntity,
  storedConnectionJson,
} from '../apps/server/src/modules/master-data/repositories/connections'
import { users } from '../apps/server/src/platform/persistence/schema'
import { searchAnswerStatement } from '../apps/server/src/platform/persistence/search'
import { percentile, type Database, type RunFigures } from './targets'
import { USER, CONNECTIONS, duration, log } from './config'

// -- raw SQL ------------------------------------------------------------------------------------

/** The SQL and parameters the server runs for a connections search of `limit` rows. */
export async function searchSql(db: Db, limit: number) {
  const [user] = await db
    .select({
      userId: users.id,
      companyCode: users.companyCode,
      businessPartner: users.businessPartner,
    })
    .from(users)
    .where(eq(users.userName, USER))
  if (!user) throw new Error(`Benutzer ${USER} fehlt`)
  // the product's own statement for the answer (decision 010), as the route runs it
  const statement = searchAnswerStatement(
    connectionEntity,
    { userName: USER, ...user },
    { filters: [], sort: [] },
    { limit },
    { field: 'items', item: storedConnectionJson },
  )
  return (db as unknown as { dialect: PgDialect }).dialect.sqlToQuery(statement)
}

/** `CONNECTIONS` loops running `query` for `seconds`; latencies in ms. */
export async function loops(seconds: number, query: () => Promise<unknown>): Promise<RunFigures> {
  const latencies: number[] = []
  let errors = 0
  const until = performance.now() + seconds * 1000
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) {
        const started = performance.now()
        try {
          await query()
          latencies.push(performance.now() - started)
        } catch {
          errors++
        }
      }
    }),
  )
  latencies.sort((a, b) => a - b)
  return {
    requestsPerSecond: latencies.length / seconds,
    latencyMs: {
      p50: percentile(latencies, 50),
      p90: percentile(latencies, 90),
      p99: percentile(latencies, 99),
      max: latencies.at(-1) ?? Number.NaN,
    },
    throughputBytesPerSecond: 0,
    requests: latencies.length,
    non2xx: 0,
    errors,
    timeouts: 0,
  }
}

export async function rawSql(kind: Database, dataDir: string, url?: string) {
  const results: { scenario: string; database: Database; run: RunFigures }[] = []
  const handle = await openDatabase(url ? { databaseUrl: url } : { dataDir })
  const pool = url ? new pg.Pool({ connectionString: url, max: CONNECTIONS }) : undefined
  try {
    for (const [scenario, limit] of [
      ['search-50', 50],
      ['search-2000', 9999],
    ] as const) {
      const { sql, params } = await searchSql(handle.db, limit)
      log(`${kind}: SQL der Suche ${scenario} direkt, ${duration} s …`)
      const client = pool
      const run = client
        ? await loops(duration, () => client.query(sql, params))
        : await pgliteLoops(handle, sql, params)
      log(`  ${run.requestsPerSecond.toFixed(0)}/s, p50 ${run.latencyMs.p50.toFixed(2)} ms`)
      results.push({ scenario, database: kind, run })
    }
  } finally {
    await pool?.end()
    await handle.close()
  }
  return results
}

/** PGlite: the same connection the server would use (one, in-process), 10 loops on it. */
export async function pgliteLoops(
  handle: Awaited<ReturnType<typeof openDatabase>>,
  sql: string,
  params: unknown[],
): Promise<RunFigures> {
  const client = (handle.db as unknown as { $client: PGlite }).$client
  return loops(duration, () => client.query(sql, params))
}
