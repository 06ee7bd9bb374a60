import type { PgTable } from 'drizzle-orm/pg-core'
import { ENTITY_TABLES } from '../modules/provider/interchange/tables'
import * as schema from '../platform/persistence/schema'

export type Insert<T extends PgTable> = T['$inferInsert']
export type PartnerRow = Insert<typeof schema.partners>
export type TariffRow = Insert<typeof schema.contractTariffs>
export type ValueListRow = Insert<typeof schema.valueListEntries>

const { companyCodes, attachments, correspondences, billingVouchers, vouchers, ...otherEntities } =
  ENTITY_TABLES

/**
 * The tables the demo writes, in foreign-key order, under the name of their generated rows: the
 * interchange's entities and, in between, the users, the attachments' bytes, the activities and
 * the audit log.
 */
const DEMO_TABLES = {
  companyCodes,
  users: schema.users,
  ...otherEntities,
  attachments,
  attachmentContents: schema.attachmentContents,
  correspondences,
  billingVouchers,
  vouchers,
  activities: schema.activities,
  serviceOrders: schema.serviceOrders,
  auditLog: schema.auditLog,
}
type DemoTables = typeof DEMO_TABLES
type TableName = keyof DemoTables

/** The generated rows per table, until they are inserted. */
export type DemoRows = {
  readonly [Name in Exclude<TableName, 'attachmentContents'>]: Insert<DemoTables[Name]>[]
} & {
  /** Whole contents: the import stores them as the chunks of `attachment_contents`. */
  readonly attachmentContents: { attachment: string; content: Uint8Array }[]
  count(): number
  /** Tables in foreign-key order. */
  inInsertOrder(): { table: PgTable; rows: object[] }[]
}

/** An empty list of rows for every table the demo writes. */
export function demoRows(): DemoRows {
  const names = Object.keys(DEMO_TABLES) as TableName[]
  const lists = {} as Record<TableName, object[]>
  for (const name of names) lists[name] = []
  const inInsertOrder = () => names.map((name) => ({ table: DEMO_TABLES[name], rows: lists[name] }))
  const count = () => inInsertOrder().reduce((sum, { rows }) => sum + rows.length, 0)
  return { ...(lists as Omit<DemoRows, 'count' | 'inInsertOrder'>), count, inInsertOrder }
}
