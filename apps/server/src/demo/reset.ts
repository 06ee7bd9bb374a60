import { getTableName, is, sql } from 'drizzle-orm'
import { PgTable } from 'drizzle-orm/pg-core'
import type { Executor } from '../platform/persistence/database'
import * as schema from '../platform/persistence/schema'

/** Empties every table of the schema and restarts the id sequences; CASCADE settles the order. */
export async function resetDatabase(db: Executor): Promise<void> {
  const tables = Object.values(schema).flatMap((value) =>
    is(value, PgTable) ? [sql.identifier(getTableName(value))] : [],
  )
  await db.execute(sql`truncate table ${sql.join(tables, sql`, `)} restart identity cascade`)
}
