import { sql, type SQL } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'

/**
 * `column = any($1)` with the values as one array parameter: the same rows as `inArray`, but one
 * statement text for any number of values and one parameter for Drizzle to prepare instead of one
 * per value (decision 010: the lists of a search page are built with this). Values are text keys.
 */
export function anyOf(column: PgColumn, values: readonly string[]): SQL {
  return sql`${column} = any(${sql.param(values)})`
}
