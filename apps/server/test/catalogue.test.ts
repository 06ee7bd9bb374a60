/**
 * The data model against the catalogue of @portal/domain: every table of a catalogue entity has a
 * column for each field, of its SQL name, with its nullability, a type of its kind and its default,
 * and no column that is neither a field nor named below as internal. So the catalogue and the
 * migration are the only hand-written descriptions of an entity that can drift, and this fails
 * when they do. The searchable properties of the `*-search` routes are the catalogue's.
 */
import {
  CATALOGUE,
  catalogueDisagreements,
  searchableProperties,
  type CatalogueEntityName,
  type ColumnDefault,
  type ColumnFacts,
} from '@portal/domain'
import { getTableColumns, getTableName, is, SQL } from 'drizzle-orm'
import { toSnakeCase } from 'drizzle-orm/casing'
import {
  getTableConfig,
  integer,
  PgDialect,
  PgTable,
  pgTable,
  text,
  timestamp,
  type PgColumn,
} from 'drizzle-orm/pg-core'
import { describe, expect, it } from 'vitest'
import * as schema from '../src/platform/persistence/schema'
import type { SearchableEntity } from '../src/platform/persistence/search'
import { SEARCHES } from './fixtures/searches'

/**
 * Columns of a catalogue entity's table that are no field, each with the reason. None today: the
 * ids of numbered rows, versions and creation times are all fields of the interchange format.
 */
const INTERNAL_COLUMNS: Partial<Record<CatalogueEntityName, Record<string, string>>> = {}

/** The tables of the data model that are no entity of the catalogue, and why. */
const TABLES_WITHOUT_ENTITY: Record<string, string> = {
  users: 'accounts of the portal, made by the provider commands, not imported',
  revoked_sessions: 'sign-outs of sessions',
  second_factors: 'the users’ TOTP secrets',
  recovery_codes: 'the digests of the second factors’ recovery codes',
  password_reset_tokens: 'password resets and invitations',
  co2_split_inputs: 'a user’s corrections of a CO2 split; the changes feed carries them',
  attachment_contents: 'the bytes of the attachments; the interchange carries them as files',
  activities: 'what users submit; the changes feed carries it',
  audit_log: 'the hash-chained audit log',
  audit_erasures: 'what a user’s deletion changed in the audit log',
  idempotency_keys: 'the stored answers of repeated requests',
  invoice_approvals: 'users’ decisions on invoices; the changes feed carries them',
  provider_api_keys: 'the provider’s API keys',
  consumption_data_credentials: 'the bved consumption-data service’s credentials (decision 062)',
  notification_reads: 'which notifications a user has read',
  sign_in_attempts: 'the sign-in throttle',
  rate_limit_windows: 'the counters of the rate limit',
  job_runs: 'the last run of each scheduled job',
  connection_answers:
    'each connection’s search JSON, kept by triggers from its tables (decision 058)',
  bved_cost_imports: 'which bved cost files a distribution took over (decision 061)',
  bved_user_imports: 'which bved users’ files a property took over (decision 063)',
  resident_invitations: 'the residents’ registration codes (decision 065)',
  resident_notices: 'the monthly notices of the residents and their delivery (decision 066)',
  service_orders:
    'the managers’ service orders; the changes feed and the provider API carry them (decision 069)',
  device_alarms: 'the alarms the daily job computes from the readings (decision 070)',
}

const dialect = new PgDialect()

function defaultOf(column: PgColumn): ColumnDefault | undefined {
  const value: unknown = column.default
  if (value === undefined) return undefined
  if (is(value, SQL)) return { sql: dialect.sqlToQuery(value).sql }
  return value as ColumnDefault
}

/** What the comparison needs of a table's columns, with the SQL names of `casing: 'snake_case'`. */
function columnFacts(table: PgTable): ColumnFacts[] {
  return getTableConfig(table).columns.map((column) => ({
    name: column.keyAsName ? toSnakeCase(column.name) : column.name,
    sqlType: column.getSQLType(),
    notNull: column.notNull,
    primaryKey: column.primary,
    default: defaultOf(column),
  }))
}

const TABLES = (Object.values(schema) as unknown[]).filter((value): value is PgTable =>
  is(value, PgTable),
)
const ENTITY_NAMES = Object.keys(CATALOGUE) as CatalogueEntityName[]

function tableOf(name: CatalogueEntityName): PgTable {
  const table = TABLES.find((t) => getTableName(t) === CATALOGUE[name].table)
  if (!table) throw new Error(`keine Tabelle ${CATALOGUE[name].table} für ${name}`)
  return table
}

describe('the catalogue and the data model', () => {
  it('agree on every column of every entity’s table', () => {
    const lines = ENTITY_NAMES.flatMap((name) =>
      catalogueDisagreements(CATALOGUE[name], columnFacts(tableOf(name)), INTERNAL_COLUMNS[name]),
    )
    expect(lines).toEqual([])
  })

  it('names every other table with the reason it is no entity of the catalogue', () => {
    const described = new Set(ENTITY_NAMES.map((name) => CATALOGUE[name].table))
    const others = TABLES.map(getTableName).filter((name) => !described.has(name))
    expect(others.sort()).toEqual(Object.keys(TABLES_WITHOUT_ENTITY).sort())
  })

  it('reports a nullable column, a missing one, a wrong type and an unexplained one', () => {
    // the products of the catalogue: product, companyCode, name, productVersion
    const drifted = pgTable('products', {
      product: text().primaryKey(),
      companyCode: text(),
      name: integer().notNull(),
      sourceSystem: text().notNull(),
      importedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    })
    const internal = { imported_at: 'when the row was imported' }
    expect(catalogueDisagreements(CATALOGUE.products, columnFacts(drifted), internal)).toEqual([
      'products.companyCode: die Spalte company_code lässt null zu, der Katalog nicht',
      'products.name: die Spalte name hat den Typ integer, ein Feld der Art text braucht text',
      'products.productVersion: die Tabelle hat keine Spalte product_version',
      'products: die Spalte source_system steht weder im Katalog noch unter den internen Spalten',
    ])
  })

  it('reports a column that may not be null where the catalogue allows it, and its default', () => {
    const drifted = pgTable('product_tariff_assignments', {
      id: text().primaryKey(),
      companyCode: text().notNull(),
      product: text().notNull(),
      supplySegment: text().notNull(),
      tariffComponent: text().notNull(),
      active: text().notNull().default('ja'),
    })
    expect(
      catalogueDisagreements(CATALOGUE.productTariffAssignments, columnFacts(drifted), {
        legacy_id: 'a column that is gone',
      }),
    ).toEqual([
      'product_tariff_assignments.id: die Spalte id hat den Typ text, ein Feld der Art serial braucht bigserial',
      'product_tariff_assignments.active: die Spalte active hat den Typ text, ein Feld der Art boolean braucht boolean',
      'product_tariff_assignments.active: Default der Spalte active "ja", laut Katalog true',
      'product_tariff_assignments: die interne Spalte legacy_id gibt es nicht',
    ])
    const nullable = pgTable('partners', { street: text().notNull() })
    expect(catalogueDisagreements(CATALOGUE.partners, columnFacts(nullable))).toContain(
      'partners.street: die Spalte street ist not null, der Katalog lässt null zu',
    )
  })
})

describe('the search routes', () => {
  const routes = SEARCHES.flatMap(({ catalogue, entity }) =>
    catalogue ? [[catalogue, entity] as [CatalogueEntityName, SearchableEntity]] : [],
  )

  it('filter and sort by the catalogue’s searchable fields, each its own column', () => {
    for (const [name, route] of routes) {
      const columns = getTableColumns(tableOf(name))
      expect(Object.keys(route.properties).sort(), name).toEqual(
        searchableProperties(CATALOGUE[name]).sort(),
      )
      for (const [property, column] of Object.entries(route.properties)) {
        expect(column, `${name}.${property}`).toBe(columns[property])
      }
    }
  })

  it('are the only entities with searchable fields', () => {
    const searched = new Set(routes.map(([name]) => name))
    const others = ENTITY_NAMES.filter((name) => !searched.has(name))
    expect(others.filter((name) => searchableProperties(CATALOGUE[name]).length > 0)).toEqual([])
  })
})
