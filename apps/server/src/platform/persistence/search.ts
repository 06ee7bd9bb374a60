/**
 * The generic search of ARCHITECTURE 3.1: filters, sort, limit and a `next` cursor over one table,
 * always narrowed by the entity's visibility condition.
 */
import {
  FILTER_TYPES,
  INVALID_DATE_MESSAGE,
  INVALID_TIMESTAMP_MESSAGE,
  PG_INTEGER_RANGE,
  SAFE_INTEGER_RANGE,
  calendarDateViolation,
  integerRangeMessage,
  isDecimalText,
  isTimestamp,
  toIntegerInRange,
  type FilterType,
  type SearchFilter,
  type SearchRequest,
  type SearchSort,
} from '@portal/domain'
import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  inArray,
  like,
  lt,
  lte,
  ne,
  or,
  isNull,
  isNotNull,
  sql,
  type SQL,
} from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { badRequest } from '../http-errors'
import { UUID } from '../uuid'
import type { Database, Executor } from './database'
import { queryStatement } from './statement'
import type { SessionUser } from './scope'

export interface SearchableEntity {
  /** German name of the entity, for messages. */
  label: string
  table: PgTable
  /** The searchable and sortable properties: wire name to column. */
  properties: Record<string, PgColumn>
  /** Columns that make the order total, so that pages never overlap. */
  uniqueOrder: PgColumn[]
  defaultSort: SearchSort[]
  /** Which rows the user may see; applied to every search. */
  visibleTo(user: SessionUser): SQL | undefined
}

export interface SearchPage<Row> {
  rows: Row[]
  next: string | null
}

type Scalar = string | number | boolean | null

/** Decimal filter values: the widest numeric column is numeric(15, 2), 6 fraction digits spare. */
const DECIMAL_DIGITS = { integerDigits: 15, fractionDigits: 6 }

/**
 * Checks a filter value against the column type, so that the database never sees a malformed one:
 * dates and timestamps must exist in the calendar, whole numbers must fit the column. `field` is
 * where the value is in the body (`filters.0.value`), for the 400.
 */
function checkValue(
  property: string,
  field: string,
  column: PgColumn,
  value: Scalar,
): Scalar | Date {
  if (value === null) return null
  const invalid = (detail = `Der Wert für '${property}' hat nicht das erwartete Format.`) =>
    badRequest(detail, 'INVALID_FILTER_VALUE', field)
  switch (column.columnType) {
    case 'PgInteger':
    case 'PgSerial': {
      const number = toIntegerInRange(value, PG_INTEGER_RANGE)
      if (number === null) throw invalid(integerRangeMessage(PG_INTEGER_RANGE))
      return number
    }
    case 'PgBigSerial53':
    case 'PgBigInt53': {
      const number = toIntegerInRange(value, SAFE_INTEGER_RANGE)
      if (number === null) throw invalid(integerRangeMessage(SAFE_INTEGER_RANGE))
      return number
    }
    case 'PgBoolean':
      if (typeof value === 'boolean') return value
      if (value === 'true' || value === 'false') return value === 'true'
      throw invalid()
    case 'PgDateString': {
      if (typeof value !== 'string') throw invalid(INVALID_DATE_MESSAGE)
      const violation = calendarDateViolation(value)
      if (violation) throw invalid(violation)
      return value
    }
    case 'PgNumeric': {
      const text = typeof value === 'number' ? String(value) : value
      if (typeof text === 'string' && isDecimalText(text, DECIMAL_DIGITS)) return text
      throw invalid()
    }
    case 'PgUUID':
      if (typeof value === 'string' && UUID.test(value)) return value
      throw invalid()
    case 'PgTimestampString':
      if (typeof value === 'string' && isTimestamp(value)) return value
      throw invalid(INVALID_TIMESTAMP_MESSAGE)
    case 'PgTimestamp':
      // a column in date mode: drizzle hands the driver `Date#toISOString()`
      if (typeof value === 'string' && isTimestamp(value)) {
        const instant = new Date(value)
        if (!Number.isNaN(instant.getTime())) return instant
      }
      throw invalid(INVALID_TIMESTAMP_MESSAGE)
    default:
      if (typeof value === 'string') return value
      if (typeof value === 'number' || typeof value === 'boolean') return String(value)
      throw invalid()
  }
}

/** The filter types that compare a column with one value, and their operators. */
const COMPARISONS = { eq, ne, lt, le: lte, gt, ge: gte }

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`)
const asText = (value: string | number | boolean | Date) =>
  value instanceof Date ? value.toISOString() : String(value)

function isFilterType(type: string): type is FilterType {
  return (FILTER_TYPES as readonly string[]).includes(type)
}

function column(entity: SearchableEntity, property: string, field: string): PgColumn {
  const found = Object.hasOwn(entity.properties, property) ? entity.properties[property] : undefined
  if (!found) {
    throw badRequest(
      `Die Eigenschaft '${property}' ist für ${entity.label} nicht durchsuchbar.`,
      'UNKNOWN_PROPERTY',
      field,
    )
  }
  return found
}

function condition(entity: SearchableEntity, filter: SearchFilter, index: number): SQL {
  const at = `filters.${index}`
  const col = column(entity, filter.property, `${at}.property`)
  if (!isFilterType(filter.type)) {
    throw badRequest(
      `Der Filtertyp '${filter.type}' ist unbekannt. Erlaubt sind: ${FILTER_TYPES.join(', ')}.`,
      'UNKNOWN_FILTER_TYPE',
      `${at}.type`,
    )
  }
  if (filter.type === 'in') {
    if (!Array.isArray(filter.value)) {
      throw badRequest(
        `Der Filtertyp 'in' erwartet eine Liste von Werten.`,
        'INVALID_FILTER_VALUE',
        `${at}.value`,
      )
    }
    const values = filter.value.map((v, i) =>
      checkValue(filter.property, `${at}.value.${i}`, col, v),
    )
    return values.length === 0 ? sql`false` : inArray(col, values)
  }
  if (Array.isArray(filter.value)) {
    throw badRequest(
      `Der Filtertyp '${filter.type}' erwartet einen einzelnen Wert.`,
      'INVALID_FILTER_VALUE',
      `${at}.value`,
    )
  }
  const value = checkValue(filter.property, `${at}.value`, col, filter.value)
  if (value === null) {
    if (filter.type === 'eq') return isNull(col)
    if (filter.type === 'ne') return isNotNull(col)
    throw badRequest(
      `Der Filtertyp '${filter.type}' erwartet einen Wert.`,
      'INVALID_FILTER_VALUE',
      `${at}.value`,
    )
  }
  switch (filter.type) {
    case 'startsWith':
      return like(sql`${col}::text`, `${escapeLike(asText(value))}%`)
    case 'contains':
      return sql`${col}::text ilike ${`%${escapeLike(asText(value))}%`}`
    default:
      return COMPARISONS[filter.type](col, value)
  }
}

/**
 * Keyset paging (decision 026): the cursor holds the sort values of the last row of the page, and the
 * next page starts after that row in the search's total order. A row inserted or deleted meanwhile
 * never makes another row appear twice or not at all, unlike an offset. PostgreSQL's default null
 * order is kept: nulls last when ascending, first when descending.
 */
interface OrderColumn {
  property: string
  column: PgColumn
  descending: boolean
}

/** The search's total order: the requested (or default) sort, then the entity's unique columns. */
function orderColumns(entity: SearchableEntity, request: Pick<SearchRequest, 'sort'>) {
  const sort = request.sort.length > 0 ? request.sort : entity.defaultSort
  return [
    ...sort.map((s, index) => ({
      property: s.property,
      column: column(entity, s.property, `sort.${index}.property`),
      descending: s.order === 'desc',
    })),
    ...entity.uniqueOrder.map((c) => ({ property: c.name, column: c, descending: false })),
  ] satisfies OrderColumn[]
}

const orderBy = (columns: OrderColumn[]) =>
  columns.map((c) => (c.descending ? desc : asc)(c.column))

/**
 * The sort values of a row as JSON text, the cursor's content: exact decimals as text, instants
 * with their microseconds (PostgreSQL's JSON form of a timestamp).
 */
const keyOf = (columns: OrderColumn[]) =>
  sql`json_build_array(${sql.join(
    columns.map((c) => (c.column.columnType === 'PgNumeric' ? sql`${c.column}::text` : c.column)),
    sql`, `,
  )})::text`

const invalidCursor = () => badRequest('Der Wert für next ist ungültig.', 'INVALID_CURSOR', 'next')

export const encodeCursor = (key: string) => Buffer.from(key, 'utf8').toString('base64url')

/** The last row's sort values from a cursor, each checked against its column's type. */
function decodeCursor(next: string, columns: OrderColumn[]): Scalar[] {
  let values: unknown
  try {
    values = JSON.parse(Buffer.from(next, 'base64url').toString('utf8'))
  } catch {
    throw invalidCursor()
  }
  if (!Array.isArray(values) || values.length !== columns.length) throw invalidCursor()
  return values.map((value: unknown, index) => {
    if (value === null) return null
    if (!['string', 'number', 'boolean'].includes(typeof value)) throw invalidCursor()
    // text the database cannot hold: a 400, not the database's error
    if (typeof value === 'string' && value.includes('\u0000')) throw invalidCursor()
    const scalar = value as string | number | boolean
    try {
      checkValue(columns[index]!.property, 'next', columns[index]!.column, scalar)
    } catch {
      throw invalidCursor()
    }
    // the checked text itself: an instant keeps its microseconds, a decimal its digits
    return scalar
  })
}

/** Rows after the row with the sort values `last`, in the order of `columns`. */
function after(columns: OrderColumn[], last: Scalar[]): SQL {
  const same = (c: OrderColumn, value: Scalar) =>
    value === null ? sql`${c.column} is null` : sql`${c.column} = ${value}`
  const beyond = (c: OrderColumn, value: Scalar): SQL => {
    if (c.descending) {
      return value === null ? sql`${c.column} is not null` : sql`${c.column} < ${value}`
    }
    return value === null ? sql`false` : sql`(${c.column} > ${value} or ${c.column} is null)`
  }
  const alternatives = columns.map((c, index) =>
    and(...columns.slice(0, index).map((p, i) => same(p, last[i]!)), beyond(c, last[index]!)),
  )
  return sql`(${or(...alternatives)})`
}

/** The WHERE condition of a search: visibility, the request's filters and the route's fixed ones. */
export function searchCondition(
  entity: SearchableEntity,
  user: SessionUser,
  request: Pick<SearchRequest, 'filters'>,
  fixed: SQL[] = [],
): SQL | undefined {
  return and(
    entity.visibleTo(user),
    ...fixed,
    ...request.filters.map((filter, index) => condition(entity, filter, index)),
  )
}

/** The page's condition and order: the search's condition, after the cursor's row when given. */
function pageParts(
  entity: SearchableEntity,
  user: SessionUser,
  request: SearchRequest,
  page: { next?: string | undefined },
  fixed: SQL[],
) {
  const columns = orderColumns(entity, request)
  const where = searchCondition(entity, user, request, fixed)
  const start = page.next ? after(columns, decodeCursor(page.next, columns)) : undefined
  return { columns, where: and(where, start) }
}

/** The SELECT of one search page, built but not run (`search` runs it; the benchmark takes its SQL). */
export function searchQuery(
  db: Executor,
  entity: SearchableEntity,
  user: SessionUser,
  request: SearchRequest,
  page: { limit: number; next?: string | undefined },
  fixed: SQL[] = [],
) {
  const { columns, where } = pageParts(entity, user, request, page, fixed)
  return db
    .select({ row: entity.table, key: sql<string>`${keyOf(columns)}` })
    .from(entity.table)
    .where(where)
    .orderBy(...orderBy(columns))
    .limit(page.limit + 1)
}

/** One page of rows, for answers that are still composed in JavaScript. */
export async function search<Row extends Record<string, unknown>>(
  db: Executor,
  entity: SearchableEntity,
  user: SessionUser,
  request: SearchRequest,
  page: { limit: number; next?: string | undefined },
  fixed: SQL[] = [],
): Promise<SearchPage<Row>> {
  const found = await searchQuery(db, entity, user, request, page, fixed)
  const hasMore = found.length > page.limit
  const rows = hasMore ? found.slice(0, page.limit) : found
  return {
    rows: rows.map((r) => r.row as unknown as Row),
    next: hasMore ? encodeCursor(rows.at(-1)!.key) : null,
  }
}

/** An answer's item: the JSON text of a row of the entity's table, under the answer's field. */
export interface AnswerShape {
  field: string
  item: SQL
}

/**
 * The statement of one page as JSON text, built but not run (`searchAnswer` runs it; the
 * benchmark measures it): one row with the items joined by commas, the number of rows found (one
 * more than the page when there is a next page) and the sort values of the page's last row.
 */
export function searchAnswerStatement(
  entity: SearchableEntity,
  user: SessionUser,
  request: SearchRequest,
  page: { limit: number; next?: string | undefined },
  answer: AnswerShape,
  fixed: SQL[] = [],
): SQL {
  const { columns, where } = pageParts(entity, user, request, page, fixed)
  const order = sql.join(orderBy(columns), sql`, `)
  return sql`with page as (
      select ${answer.item} as item, ${keyOf(columns)} as key,
        row_number() over (order by ${order}) as ord
      from ${entity.table} where ${where ?? sql`true`} order by ${order} limit ${page.limit + 1}
    )
    select coalesce(string_agg(item, ',' order by ord) filter (where ord <= ${page.limit}), '') as items,
      count(*)::int as count,
      (select key from page where ord = ${page.limit}) as last_key
    from page`
}

/**
 * One page as the answer's JSON text, written by the database in one statement (decision 026):
 * `{"<field>":[item,…],"next":…}`. Requests without filters use a prepared statement.
 */
export async function searchAnswer(
  db: Database,
  entity: SearchableEntity,
  user: SessionUser,
  request: SearchRequest,
  page: { limit: number; next?: string | undefined },
  answer: AnswerShape,
  fixed: SQL[] = [],
): Promise<string> {
  const statement = searchAnswerStatement(entity, user, request, page, answer, fixed)
  const [result] = await queryStatement<{ items: string; count: number; last_key: string | null }>(
    db,
    statement,
    { prepared: request.filters.length === 0 },
  )
  const next = result!.count > page.limit ? JSON.stringify(encodeCursor(result!.last_key!)) : 'null'
  return `{"${answer.field}":[${result!.items}],"next":${next}}`
}
