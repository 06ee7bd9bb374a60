/**
 * Where each entity of the interchange format (`@portal/domain/interchange`) lives in the data
 * model: its table, its columns with their SQL names and types, and how `--prune` finds the rows
 * of the imported company codes. Derived from the schema, so that a column added there without
 * its field in the format fails the test beside this module.
 */
import { ALLOWED_UPLOAD_TYPES } from '@portal/domain'
import {
  INTERCHANGE_ENTITY_LIST,
  type InterchangeEntity,
  type InterchangeEntityName,
} from '@portal/domain/interchange'
import { getTableColumns, getTableName } from 'drizzle-orm'
import { toSnakeCase } from 'drizzle-orm/casing'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import * as schema from '../../../platform/persistence/schema'

/** The table of each entity, in the order of the entities (parents first). */
export const ENTITY_TABLES = {
  companyCodes: schema.companyCodes,
  partners: schema.partners,
  products: schema.products,
  productTariffAssignments: schema.productTariffAssignments,
  connections: schema.connections,
  connectionFeatures: schema.connectionFeatures,
  objectAttributes: schema.objectAttributes,
  pointsOfDelivery: schema.pointsOfDelivery,
  objectRelations: schema.objectRelations,
  contractAccounts: schema.contractAccounts,
  contracts: schema.contracts,
  contractTariffs: schema.contractTariffs,
  contractFeatures: schema.contractFeatures,
  billingObjects: schema.billingObjects,
  devices: schema.devices,
  deviceTimeSlices: schema.deviceTimeSlices,
  deviceAssignments: schema.deviceAssignments,
  readingOrders: schema.readingOrders,
  measurements: schema.measurements,
  degreeDays: schema.degreeDays,
  operatingCostsDistributions: schema.operatingCostsDistributions,
  operatingCostsExpenses: schema.operatingCostsExpenses,
  valueListEntries: schema.valueListEntries,
  attachments: schema.attachments,
  correspondences: schema.correspondences,
  billingVouchers: schema.billingVouchers,
  vouchers: schema.vouchers,
} satisfies Record<InterchangeEntityName, PgTable>

/** The field of an attachment record that names its file; no column. */
export const CONTENT_FILE_FIELD = 'contentFile'

/** The file extension of an attachment by its media type (the allowed upload types). */
export const CONTENT_FILE_EXTENSIONS: Readonly<Record<string, string>> = {
  [ALLOWED_UPLOAD_TYPES.PDF]: 'pdf',
  [ALLOWED_UPLOAD_TYPES.JPEG]: 'jpg',
  [ALLOWED_UPLOAD_TYPES.PNG]: 'png',
  [ALLOWED_UPLOAD_TYPES.XLSX]: 'xlsx',
  [ALLOWED_UPLOAD_TYPES.DOCX]: 'docx',
  [ALLOWED_UPLOAD_TYPES.CSV]: 'csv',
}

/** Where a dump puts an attachment's bytes: 'attachments/<id>.pdf'. */
export function contentFileOf(attachment: string, mediaType: string): string {
  return `attachments/${attachment}.${CONTENT_FILE_EXTENSIONS[mediaType] ?? 'bin'}`
}

export interface InterchangeColumn {
  /** The record's field name. */
  field: string
  /** The column's SQL name. */
  column: string
  /** The SQL type a JSON value is read as (bigserial read as bigint). */
  type: string
  /** The value a dump writes: the column (of the table aliased `t`) in the format's type. */
  dumpExpression: string
}

/** How `--prune` finds the rows of a company code: its own column, or its parent's. */
export type PruneScope =
  | { kind: 'own' }
  | { kind: 'parent'; column: string; parentTable: string; parentKey: string }
  | { kind: 'never' }

export interface InterchangeTable {
  entity: InterchangeEntity
  table: PgTable
  /** The SQL name of the table. */
  name: string
  /** The record's fields that are columns, in the format's order. */
  columns: readonly InterchangeColumn[]
  keyColumns: readonly InterchangeColumn[]
  /** The key is a numbered id (bigserial): its sequence follows the imported ids. */
  serialKey: boolean
  prune: PruneScope
  /**
   * Rows `--prune` keeps although the import lacks them: what the portal's users made (their cost
   * lines and uploads) and files an activity still refers to. Only the provider's records go.
   */
  pruneKeeps?: string
  /**
   * On update, when the record leaves the column out: expressions over `t` (the stored row) and
   * `excluded` (the imported one). A changed row counts up its version, so that a user's edit
   * based on the old one is refused (409); a changed status restarts the clock of the automatic
   * approval.
   */
  whenLeftOut: Readonly<Record<string, string>>
}

/** The column's SQL name as Drizzle's `casing: 'snake_case'` maps it. */
export function columnName(key: string, column: PgColumn): string {
  return column.keyAsName ? toSnakeCase(key) : column.name
}

function recordsetType(column: PgColumn): string {
  const type = column.getSQLType()
  if (type === 'bigserial') return 'bigint'
  if (type === 'serial') return 'integer'
  return type
}

/**
 * Ids of numbered rows and amounts as text; dates and timestamps as JSON writes them ('YYYY-MM-DD',
 * ISO with the session's offset, which the dump sets to UTC), the rest as it is.
 */
function dumpExpression(field: string, sqlName: string, type: string): string {
  if (type === 'bytea' || type === 'jsonb')
    throw new Error(`${field}: ${type} ist nicht vorgesehen`)
  const column = `t.${quote(sqlName)}`
  return type === 'bigint' || type.startsWith('numeric') ? `${column}::text` : column
}

function quote(name: string): string {
  return `"${name.replaceAll('"', '""')}"`
}

const PRUNE_PARENTS: Partial<Record<InterchangeEntityName, PruneScope>> = {
  companyCodes: { kind: 'never' },
  connectionFeatures: {
    kind: 'parent',
    column: 'connection',
    parentTable: 'connections',
    parentKey: 'connection',
  },
  contractTariffs: {
    kind: 'parent',
    column: 'contract',
    parentTable: 'contracts',
    parentKey: 'key',
  },
  contractFeatures: {
    kind: 'parent',
    column: 'contract',
    parentTable: 'contracts',
    parentKey: 'key',
  },
  deviceTimeSlices: { kind: 'parent', column: 'device', parentTable: 'devices', parentKey: 'key' },
  deviceAssignments: { kind: 'parent', column: 'device', parentTable: 'devices', parentKey: 'key' },
}

const PRUNE_KEEPS: Partial<Record<InterchangeEntityName, string>> = {
  operatingCostsExpenses: 't.created_by in (select u.user_name from users u)',
  attachments:
    't.uploaded_by in (select u.user_name from users u) or t.attachment in (select a.attachment from activities a where a.attachment is not null)',
}

const WHEN_LEFT_OUT: Partial<Record<InterchangeEntityName, Record<string, string>>> = {
  operatingCostsDistributions: {
    version: 't.version + 1',
    status_changed_at:
      'case when t.operating_costs_distribution_status is distinct from excluded.operating_costs_distribution_status then now() else t.status_changed_at end',
  },
  operatingCostsExpenses: { version: 't.version + 1' },
}

function describeTable(entity: InterchangeEntity): InterchangeTable {
  const table: PgTable = ENTITY_TABLES[entity.name]
  const tableColumns = getTableColumns(table) as Record<string, PgColumn>
  const columns = entity.fields
    .filter((field) => field !== CONTENT_FILE_FIELD)
    .map((field): InterchangeColumn => {
      const column = tableColumns[field]
      if (!column) throw new Error(`${getTableName(table)} hat keine Spalte für ${field}`)
      const sqlName = columnName(field, column)
      const type = recordsetType(column)
      return { field, column: sqlName, type, dumpExpression: dumpExpression(field, sqlName, type) }
    })
  const keyColumns = entity.key.map((field) => columns.find((c) => c.field === field)!)
  return {
    entity,
    table,
    name: getTableName(table),
    columns,
    keyColumns,
    serialKey: keyColumns.length === 1 && keyColumns[0]!.type === 'bigint',
    prune:
      PRUNE_PARENTS[entity.name] ??
      (columns.some((c) => c.field === 'companyCode') ? { kind: 'own' } : { kind: 'never' }),
    pruneKeeps: PRUNE_KEEPS[entity.name],
    whenLeftOut: WHEN_LEFT_OUT[entity.name] ?? {},
  }
}

/** Every entity with its table, in the format's dependency order. */
export const INTERCHANGE_TABLES: readonly InterchangeTable[] =
  INTERCHANGE_ENTITY_LIST.map(describeTable)

export const interchangeTable = (name: InterchangeEntityName): InterchangeTable =>
  INTERCHANGE_TABLES.find((t) => t.entity.name === name)!

export { quote as quoteIdentifier }
