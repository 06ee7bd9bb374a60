import { getTableColumns, is } from 'drizzle-orm'
import { PgTable, type PgColumn } from 'drizzle-orm/pg-core'
import { describe, expect, it } from 'vitest'
import * as schema from '../../../platform/persistence/schema'
import { CONTENT_FILE_FIELD, INTERCHANGE_TABLES } from './tables'

describe('the interchange format and the data model', () => {
  it('has a field for every column of every table it covers, and no other', () => {
    for (const { entity, table } of INTERCHANGE_TABLES) {
      const columns = Object.keys(getTableColumns(table))
      const fields = entity.fields.filter((field) => field !== CONTENT_FILE_FIELD)
      expect(fields.sort(), entity.name).toEqual(columns.sort())
    }
  })

  it('lets a field be left out exactly where the column may be null or has a default', () => {
    for (const { entity, table, keyColumns } of INTERCHANGE_TABLES) {
      const keys = new Set(keyColumns.map((c) => c.field))
      for (const [field, column] of Object.entries(getTableColumns(table)) as [
        string,
        PgColumn,
      ][]) {
        const optional = entity.schema.shape[field]!.safeParse(undefined).success
        const defaulted = column.notNull && column.hasDefault && !keys.has(field)
        expect(optional, `${entity.name}.${field}`).toBe(!column.notNull || defaulted)
        expect(entity.defaulted.includes(field), `${entity.name}.${field}`).toBe(defaulted)
      }
    }
  })

  it('covers every table of a property, but what the users did', () => {
    const covered = new Set<unknown>(INTERCHANGE_TABLES.map((t) => t.table))
    const uncovered = Object.entries(schema)
      .filter(([, value]) => is(value, PgTable) && !covered.has(value))
      .filter(([, table]) => 'propertyConnection' in getTableColumns(table as PgTable))
      .map(([name]) => name)
    // the changes feed carries these to the provider (a CO2 split's corrections as CO2_SPLIT_UPDATED,
    // the lines of a bved file taken over as EXPENSE_ADDED, the reports of a bved users' file as
    // tenant changes; which file it was stays the portal's; residents' registration codes and the
    // notices of their months are the portal's own, decisions 065 and 066; service orders go out
    // as SERVICE_ORDER_CREATED and their states come back through the provider API, decision 069;
    // the alarms are the portal's own computation from the readings, decision 070)
    expect(uncovered.sort()).toEqual([
      'activities',
      'bvedCostImports',
      'bvedUserImports',
      'co2SplitInputs',
      'deviceAlarms',
      'invoiceApprovals',
      'residentInvitations',
      'residentNotices',
      'serviceOrders',
    ])
  })
})
