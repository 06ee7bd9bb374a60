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
  isNull,
  isNotNull,
  sql,
  type SQL,
} from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { badRequest } from '../http-errors'
import type { Executor } from './database'
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
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
    case 'eq':
      return eq(col, value)
    case 'ne':
      return ne(col, value)
    case 'lt':
      return lt(col, value)
    case 'le':
      return lte(col, value)
    case 'gt':
      return gt(col, value)
    case 'ge':
      return gte(col, value)
    case 'startsWith':
      return like(sql`${col}::text`, `${escapeLike(asText(value))}%`)
    case 'contains':
      return sql`${col}::text ilike ${`%${escapeLike(asText(value))}%`}`
  }
}

/** The cursor is the offset of the next page; opaque to clients. */
function decodeCursor(next: string | undefined): number {
  if (!next) return 0
  const offset = Number(Buffer.from(next, 'base64url').toString('utf8'))
  if (!Number.isSafeInteger(offset) || offset < 0) {
    throw badRequest('Der Wert für next ist ungültig.', 'INVALID_CURSOR', 'next')
  }
  return offset
}

const encodeCursor = (offset: number) => Buffer.from(String(offset)).toString('base64url')

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

/** The SELECT of one search page, built but not run (`search` runs it; the benchmark takes its SQL). */
export function searchQuery(
  db: Executor,
  entity: SearchableEntity,
  user: SessionUser,
  request: SearchRequest,
  page: { limit: number; next?: string | undefined },
  fixed: SQL[] = [],
) {
  const where = searchCondition(entity, user, request, fixed)
  const sort = request.sort.length > 0 ? request.sort : entity.defaultSort
  const orderBy = [
    ...sort.map((s, index) =>
      (s.order === 'desc' ? desc : asc)(column(entity, s.property, `sort.${index}.property`)),
    ),
    ...entity.uniqueOrder.map((c) => asc(c)),
  ]
  return db
    .select()
    .from(entity.table)
    .where(where)
    .orderBy(...orderBy)
    .limit(page.limit + 1)
    .offset(decodeCursor(page.next))
}

export async function search<Row extends Record<string, unknown>>(
  db: Executor,
  entity: SearchableEntity,
  user: SessionUser,
  request: SearchRequest,
  page: { limit: number; next?: string | undefined },
  fixed: SQL[] = [],
): Promise<SearchPage<Row>> {
  const offset = decodeCursor(page.next)
  const rows = (await searchQuery(db, entity, user, request, page, fixed)) as Row[]
  const hasMore = rows.length > page.limit
  return {
    rows: hasMore ? rows.slice(0, page.limit) : rows,
    next: hasMore ? encodeCursor(offset + page.limit) : null,
  }
}
