import { PGlite } from '@electric-sql/pglite'
import type { ExtractTablesWithRelations } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { fileURLToPath } from 'node:url'
import * as schema from './schema'

export type Schema = typeof schema
export type Database = PgDatabase<PgQueryResultHKT, Schema>
export type Transaction = PgTransaction<
  PgQueryResultHKT,
  Schema,
  ExtractTablesWithRelations<Schema>
>
/** Either the database or a transaction on it: repositories accept both. */
export type Executor = Database | Transaction

export interface DatabaseHandle {
  db: Database
  kind: 'pglite' | 'postgres'
  migrate(): Promise<void>
  close(): Promise<void>
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

/** PostgreSQL through `pg` when a URL is given, otherwise the embedded PGlite (in `dataDir`, or in memory). */
export async function openDatabase(options: {
  databaseUrl?: string | undefined
  dataDir?: string | undefined
  pglite?: PGlite
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 })
    // An idle connection the server ends (restart, administrator, a dropped database) is taken
    // out of the pool by pg, which opens a new one when needed; unhandled, the error would end
    // the process.
    pool.on('error', (error) => {
      console.warn(`PostgreSQL hat eine ruhende Verbindung beendet: ${error.message}`)
    })
    const db = drizzlePg({ client: pool, schema, casing: 'snake_case' })
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      migrate: () => migratePg(db, { migrationsFolder }),
      close: () => pool.end(),
    }
  }
  const client = options.pglite ?? (await PGlite.create(options.dataDir))
  const db = drizzlePglite({ client, schema, casing: 'snake_case' })
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  }
}
