/**
 * The searches over the tables of catalogue entities (decision 037): the searchable properties
 * are the catalogue's searchable fields, each the table's column of the field's name.
 */
import { searchableProperties, type CatalogueEntity } from '@portal/domain'
import { getTableColumns, getTableName } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { visibleThroughProperty } from './scope'
import type { SearchableEntity } from './search'

/** What a search adds to its catalogue entity: its German label, its order and its visibility. */
type SearchOf = Omit<SearchableEntity, 'table' | 'properties'>

/** A table whose rows belong to a property (`propertyScope` of the schema). */
type PropertyTable = PgTable & { companyCode: PgColumn; propertyConnection: PgColumn }

/** The search over `table`, the table of the catalogue entity `entity`. */
export function catalogueSearch(
  entity: CatalogueEntity,
  table: PgTable,
  search: SearchOf,
): SearchableEntity {
  const columns: Record<string, PgColumn> = getTableColumns(table)
  const properties = Object.fromEntries(
    searchableProperties(entity).map((name) => {
      const column = columns[name]
      if (!column) throw new Error(`Die Tabelle ${getTableName(table)} hat keine Spalte ${name}.`)
      return [name, column]
    }),
  )
  return { ...search, table, properties }
}

/** The search over a catalogue entity's table whose rows are visible through their property. */
export function propertySearch(
  entity: CatalogueEntity,
  table: PropertyTable,
  search: Omit<SearchOf, 'visibleTo'>,
): SearchableEntity {
  return catalogueSearch(entity, table, {
    ...search,
    visibleTo: (user) => visibleThroughProperty(user, table),
  })
}
