/**
 * §7 value lists for the cost entry (tables tb_uti_bkosten_h heating and tb_uti_bkosten_b
 * operating costs, field SCHLUESSEL): cost types, allocation keys and object types from the
 * catalogue of the distribution's product, product version and period; relations computed from
 * the live tables of the distribution's property. §5-excluded cost types are never offered.
 */
import {
  contractName,
  EXCLUDED_TARIFF_COMPONENTS,
  formatStreetAddress,
  selectFromYear,
  SERVICE_FLAT_FEE,
  type ExpenseType,
  type ValueListEntry,
  type ValueListRequest,
  type ValueListTable,
  VALUE_LIST_TABLES,
} from '@portal/domain'
import { and, asc, eq, gte, isNull, like, lte, notInArray, or, type SQL } from 'drizzle-orm'
import { notFound } from '../../platform/http-errors'
import type { Executor } from '../../platform/persistence/database'
import { findVisibleDistribution, type DistributionRow } from './repositories/operating-costs'
import {
  connections,
  contracts,
  partners,
  pointsOfDelivery,
  valueListEntries,
} from '../../platform/persistence/schema'
import { visibleThroughProperty, type SessionUser } from '../../platform/persistence/scope'
import { DISTRIBUTION_NOT_FOUND_MESSAGE } from './distribution-status'

export const VALUE_LIST_FIELD = 'SCHLUESSEL'
const [HEATING_VALUE_LIST, OPERATING_VALUE_LIST] = VALUE_LIST_TABLES
/** The value-list table of each list of cost lines: heating (h), operating costs (b). */
export const VALUE_LIST_TABLE_OF: Readonly<Record<ExpenseType, ValueListTable>> = {
  heating: HEATING_VALUE_LIST,
  working: OPERATING_VALUE_LIST,
}

const yearOf = (isoDate: string) => Number(isoDate.slice(0, 4))

/** Catalogue rows of the distribution's product and version whose validity overlaps its period. */
async function catalogue(
  db: Executor,
  distribution: DistributionRow,
  table: ValueListTable,
  condition: SQL | undefined,
): Promise<ValueListEntry[]> {
  const rows = await db
    .select({
      key: valueListEntries.key,
      obj: valueListEntries.obj,
      name: valueListEntries.name,
      bvedCode: valueListEntries.bvedCode,
      from: valueListEntries.validFrom,
      until: valueListEntries.validUntil,
    })
    .from(valueListEntries)
    .where(
      and(
        eq(valueListEntries.companyCode, distribution.companyCode),
        eq(valueListEntries.tableName, table),
        eq(valueListEntries.fieldName, VALUE_LIST_FIELD),
        eq(valueListEntries.product, distribution.product),
        eq(valueListEntries.productVersion, distribution.productVersion),
        lte(valueListEntries.validFrom, distribution.until),
        condition,
      ),
    )
    .orderBy(asc(valueListEntries.id))
  // §5 date-range rule: valid after 1 January of the distribution's year, newest start first;
  // the newest validity wins for a key offered by several periods.
  const seen = new Set<string>()
  const entries: ValueListEntry[] = []
  for (const row of selectFromYear(rows, yearOf(distribution.from))) {
    if (row.until < distribution.from) continue
    const id = `${row.obj ?? ''}\u0000${row.key}`
    if (seen.has(id)) continue
    seen.add(id)
    entries.push({
      key: row.key,
      obj: row.obj ?? '',
      name: row.name,
      // a cost type's key of table K (decision 061), where the customer gave it one
      ...(row.bvedCode === null ? {} : { bvedCode: row.bvedCode }),
    })
  }
  return entries.sort((a, b) => a.obj.localeCompare(b.obj) || a.name.localeCompare(b.name, 'de'))
}

/** The cost types of a table the user may enter for the distribution (obj 'TARIF'). */
export function costTypes(db: Executor, distribution: DistributionRow, table: ValueListTable) {
  return catalogue(
    db,
    distribution,
    table,
    and(
      eq(valueListEntries.obj, 'TARIF'),
      // §6: the service flat fee is the provider's line; users never add it
      notInArray(valueListEntries.key, [...EXCLUDED_TARIFF_COMPONENTS, SERVICE_FLAT_FEE]),
    ),
  )
}

/** The allocation keys (obj 'SCHLUESSEL') and object types (obj 'OBJEKT') of a cost type. */
export async function keysAndObjects(
  db: Executor,
  distribution: DistributionRow,
  table: ValueListTable,
  tariffComponent: string,
): Promise<ValueListEntry[]> {
  const offered = await costTypes(db, distribution, table)
  if (!offered.some((entry) => entry.key === tariffComponent)) return []
  return catalogue(
    db,
    distribution,
    table,
    or(
      and(
        eq(valueListEntries.obj, 'SCHLUESSEL'),
        eq(valueListEntries.tariffComponent, tariffComponent),
      ),
      and(eq(valueListEntries.obj, 'OBJEKT'), isNull(valueListEntries.tariffComponent)),
    ),
  )
}

const overlapsPeriod = (
  columns: { from: typeof contracts.from; until: typeof contracts.until },
  distribution: DistributionRow,
) =>
  and(
    lte(columns.from, distribution.until),
    or(isNull(columns.until), gte(columns.until, distribution.from)),
  )

/**
 * The objects of an object type in the distribution's property, as far as the user sees them.
 * One key kind per object type (docs/decisions/012-cost-line-relations.md), and the name is what
 * the costs table shows for it:
 * - ANSCHLUSS: a connection (the property or one of its buildings), named by its street address and
 *   building type ('Hahnenblecher 74 · Mehrfamilienhaus'), not by name1, which often is a person's;
 * - VSTELLE, NUTZUNGSEINHEIT: a point of delivery (usage unit), named reference · location addendum;
 * - VERTRAG: a contract overlapping the period, named tenant (name1 name2) · unit reference;
 * - NUTZGRUPPE, NUTZERGRUPPE: a group of the property (catalogue key '<property>-…'), by its name.
 */
export async function relations(
  db: Executor,
  user: SessionUser,
  distribution: DistributionRow,
  table: ValueListTable,
  objectType: string,
): Promise<ValueListEntry[]> {
  const property = distribution.propertyConnection
  /** The table's rows of the distribution's property that the user sees. */
  const inProperty = (table: typeof connections | typeof pointsOfDelivery | typeof contracts) =>
    and(eq(table.propertyConnection, property), visibleThroughProperty(user, table))
  switch (objectType) {
    case 'ANSCHLUSS': {
      const rows = await db
        .select()
        .from(connections)
        .where(inProperty(connections))
        .orderBy(asc(connections.connection))
      return rows.map((row) => ({
        key: row.connection,
        obj: objectType,
        name:
          [formatStreetAddress(row), row.name2.trim()].filter(Boolean).join(' · ') ||
          row.connection,
      }))
    }
    case 'VSTELLE':
    case 'NUTZUNGSEINHEIT': {
      const rows = await db
        .select()
        .from(pointsOfDelivery)
        .where(inProperty(pointsOfDelivery))
        .orderBy(asc(pointsOfDelivery.reference), asc(pointsOfDelivery.pointOfDelivery))
      return rows.map((row) => ({
        key: row.pointOfDelivery,
        obj: objectType,
        name: [row.reference, row.locationAddendum].filter(Boolean).join(' · '),
      }))
    }
    case 'VERTRAG': {
      const rows = await db
        .select({
          key: contracts.key,
          reference: pointsOfDelivery.reference,
          name1: partners.name1,
          name2: partners.name2,
        })
        .from(contracts)
        .innerJoin(
          pointsOfDelivery,
          eq(pointsOfDelivery.pointOfDelivery, contracts.pointOfDelivery),
        )
        .leftJoin(partners, eq(partners.businessPartner, contracts.businessPartner))
        .where(and(inProperty(contracts), overlapsPeriod(contracts, distribution)))
        .orderBy(asc(pointsOfDelivery.reference), asc(contracts.from), asc(contracts.key))
      return rows.map((row) => ({
        key: row.key,
        obj: objectType,
        // the tenant first, as the contracts panel names it; the unit tells apart a partner's
        // several contracts (an owner's vacancies, a tenant who moved within the property)
        name: [contractName(row), row.reference].filter(Boolean).join(' · '),
      }))
    }
    case 'NUTZERGRUPPE':
    case 'NUTZGRUPPE':
      // the groups of the property, as the catalogue offers them (keys '<property>-…')
      return catalogue(
        db,
        distribution,
        table,
        and(eq(valueListEntries.obj, objectType), like(valueListEntries.key, `${property}-%`)),
      )
    default:
      return []
  }
}

/** §7 value-list: what the request's line data asks for. */
export async function valueList(
  db: Executor,
  user: SessionUser,
  request: ValueListRequest,
): Promise<ValueListEntry[]> {
  const distribution = await findVisibleDistribution(db, user, request.head_data.BKOSTEN)
  if (!distribution) throw notFound(DISTRIBUTION_NOT_FOUND_MESSAGE)
  const { TARIF, OBJECT } = request.line_data
  if (OBJECT) return relations(db, user, distribution, request.table_name, OBJECT)
  if (TARIF) return keysAndObjects(db, distribution, request.table_name, TARIF)
  return costTypes(db, distribution, request.table_name)
}
