/**
 * The generic search of ARCHITECTURE 3.1: filters, sort, limit and a `next` cursor over one table,
 * always narrowed by the entity's visibility condition.
 */
import {
  FILTER_TYPES,
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

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/
const DECIMAL = /^-?\d{1,15}(\.\d{1,6})?$/
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/

/** Checks a filter value against the column type, so that the database never sees a malformed one. */
function checkValue(property: string, column: PgColumn, value: Scalar): Scalar {
  if (value === null) return null
  const invalid = () =>
    badRequest(`Der Wert für '${property}' hat nicht das erwartete Format.`, 'INVALID_FILTER_VALUE')
  switch (column.columnType) {
    case 'PgInteger':
    case 'PgBigSerial53':
    case 'PgBigInt53':
    case 'PgSerial':
      if (typeof value === 'number' && Number.isSafeInteger(value)) return value
      if (typeof value === 'string' && /^-?\d{1,15}$/.test(value)) return Number(value)
      throw invalid()
    case 'PgBoolean':
      if (typeof value === 'boolean') return value
      if (value === 'true' || value === 'false') return value === 'true'
      throw invalid()
    case 'PgDateString':
      if (typeof value === 'string' && ISO_DATE.test(value)) return value
      throw invalid()
    case 'PgNumeric':
      if (typeof value === 'number' && Number.isFinite(value)) return String(value)
      if (typeof value === 'string' && DECIMAL.test(value)) return value
      throw invalid()
    case 'PgUUID':
      if (typeof value === 'string' && UUID.test(value)) return value
      throw invalid()
    case 'PgTimestampString':
    case 'PgTimestamp':
      if (typeof value === 'string' && TIMESTAMP.test(value)) return value
      throw invalid()
    default:
      if (typeof value === 'string') return value
      if (typeof value === 'number' || typeof value === 'boolean') return String(value)
      throw invalid()
  }
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`)

function isFilterType(type: string): type is FilterType {
  return (FILTER_TYPES as readonly string[]).includes(type)
}

function column(entity: SearchableEntity, property: string): PgColumn {
  const found = Object.hasOwn(entity.properties, property) ? entity.properties[property] : undefined
  if (!found) {
    throw badRequest(
      `Die Eigenschaft '${property}' ist für ${entity.label} nicht durchsuchbar.`,
      'UNKNOWN_PROPERTY',
    )
  }
  return found
}

function condition(entity: SearchableEntity, filter: SearchFilter): SQL {
  const col = column(entity, filter.property)
  if (!isFilterType(filter.type)) {
    throw badRequest(
      `Der Filtertyp '${filter.type}' ist unbekannt. Erlaubt sind: ${FILTER_TYPES.join(', ')}.`,
      'UNKNOWN_FILTER_TYPE',
    )
  }
  if (filter.type === 'in') {
    if (!Array.isArray(filter.value)) {
      throw badRequest(`Der Filtertyp 'in' erwartet eine Liste von Werten.`, 'INVALID_FILTER_VALUE')
    }
    const values = filter.value.map((v) => checkValue(filter.property, col, v))
    return values.length === 0 ? sql`false` : inArray(col, values)
  }
  if (Array.isArray(filter.value)) {
    throw badRequest(
      `Der Filtertyp '${filter.type}' erwartet einen einzelnen Wert.`,
      'INVALID_FILTER_VALUE',
    )
  }
  const value = checkValue(filter.property, col, filter.value)
  if (value === null) {
    if (filter.type === 'eq') return isNull(col)
    if (filter.type === 'ne') return isNotNull(col)
    throw badRequest(`Der Filtertyp '${filter.type}' erwartet einen Wert.`, 'INVALID_FILTER_VALUE')
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
      return like(sql`${col}::text`, `${escapeLike(String(value))}%`)
    case 'contains':
      return sql`${col}::text ilike ${`%${escapeLike(String(value))}%`}`
  }
}

/** The cursor is the offset of the next page; opaque to clients. */
function decodeCursor(next: string | undefined): number {
  if (!next) return 0
  const offset = Number(Buffer.from(next, 'base64url').toString('utf8'))
  if (!Number.isSafeInteger(offset) || offset < 0) {
    throw badRequest('Der Wert für next ist ungültig.', 'INVALID_CURSOR')
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
    ...request.filters.map((filter) => condition(entity, filter)),
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
    ...sort.map((s) => (s.order === 'desc' ? desc : asc)(column(entity, s.property))),
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
