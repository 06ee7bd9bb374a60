/**
 * Runs a statement on the database's own client, below the ORM (decision 026): the hot reads take
 * their rows as the driver gives them. On PostgreSQL a statement can be prepared once per pooled
 * connection and then only bound: its name is derived from its text, so equal texts share one
 * plan and different texts never collide. PGlite, in this process, has no round trip to save.
 */
import { createHash } from 'node:crypto'
import type { PGlite } from '@electric-sql/pglite'
import type { SQL } from 'drizzle-orm'
import type { PgDialect } from 'drizzle-orm/pg-core'
import type pg from 'pg'
import type { Database } from './database'

interface DriverAccess {
  $client: pg.Pool | PGlite
  dialect: PgDialect
}

const isPglite = (client: pg.Pool | PGlite): client is PGlite => 'waitReady' in client

/** The prepared statement's name for a text: the same text always gets the same name. */
export const statementName = (text: string) =>
  `portal_${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`

export async function queryStatement<Row extends Record<string, unknown>>(
  db: Database,
  statement: SQL,
  options: { prepared?: boolean } = {},
): Promise<Row[]> {
  const { $client: client, dialect } = db as unknown as DriverAccess
  const { sql: text, params } = dialect.sqlToQuery(statement)
  if (isPglite(client)) return (await client.query<Row>(text, params)).rows
  const query = options.prepared
    ? { name: statementName(text), text, values: params }
    : { text, values: params }
  return (await client.query<Row>(query)).rows
}
