/** The reads of one row and of a row's children that the repositories share. */
import { and, asc, eq, getTableColumns, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types'
import type { Executor } from './database'
import { visibleThroughParent, visibleThroughProperty, type SessionUser } from './scope'

/**
 * The first row of `table` that meets every condition, or undefined; `forUpdate` locks it for the
 * transaction.
 */
export async function firstRow<T extends PgTable>(
  db: Executor,
  table: T,
  conditions: (SQL | undefined)[],
  options: { forUpdate?: boolean } = {},
): Promise<T['$inferSelect'] | undefined> {
  const query = db
    .select()
    .from<PgTable>(table)
    .where(and(...conditions))
  const rows: T['$inferSelect'][] = options.forUpdate ? await query.for('update') : await query
  return rows[0]
}

/** A table whose rows belong to a property and are found by their `key`. */
type KeyedPropertyTable = Parameters<typeof visibleThroughParent>[2]

/**
 * The reader of the rows of child tables (tariffs, features, time slices, assignments) that belong
 * to the parent row `key`, visible when the parent is (`visibleThroughParent`): every column but
 * the child's `id` and `parentKey`, its reference to the parent, in the order of `orderBy`.
 */
export function visibleChildrenOf(
  db: Executor,
  user: SessionUser,
  parent: KeyedPropertyTable,
  key: string,
) {
  return async <T extends PgTable, K extends keyof T['_']['columns'] & string>(
    child: T,
    parentKey: K,
    orderBy: PgColumn[],
  ): Promise<SelectResultFields<Omit<T['_']['columns'], 'id' | K>>[]> => {
    const columns: Record<string, PgColumn> = getTableColumns(child)
    const childKey = columns[parentKey]!
    const fields = Object.fromEntries(
      Object.entries(columns).filter(([name]) => name !== 'id' && name !== parentKey),
    )
    const rows = await db
      .select(fields)
      .from<PgTable>(child)
      .where(and(eq(childKey, key), visibleThroughParent(user, childKey, parent)))
      .orderBy(...orderBy.map((column) => asc(column)))
    return rows as SelectResultFields<Omit<T['_']['columns'], 'id' | K>>[]
  }
}

/**
 * The reader of one row of `table` by its `key`, if the user sees it through its property, as
 * `compose` makes it into an answer with the reader of its children (`visibleChildrenOf`).
 */
export function visibleRowWithChildren<T extends PgTable & KeyedPropertyTable, Answer>(
  table: T,
  compose: (
    row: T['$inferSelect'],
    childrenOf: ReturnType<typeof visibleChildrenOf>,
  ) => Promise<Answer>,
) {
  return async (db: Executor, user: SessionUser, key: string): Promise<Answer | undefined> => {
    const visible = visibleThroughProperty(user, table)
    const row = await firstRow(db, table, [eq(table.key, key), visible])
    return row && compose(row, visibleChildrenOf(db, user, table, key))
  }
}
