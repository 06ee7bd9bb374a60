/**
 * Decision 010: the hot-path queries use their indexes. Each case calls the server's own repository or
 * search code on a database whose logger records the SQL it sends; every recorded statement is then
 * explained (`EXPLAIN (FORMAT JSON)`) with sequential scans disabled, and the plans must use the
 * named indexes. Dropping or changing one of them fails this test.
 */
import type { SearchRequest } from '@portal/domain'
import { and, eq, isNotNull, sql } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { PGlite } from '@electric-sql/pglite'
import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inject } from 'vitest'
import { userForToken } from '../src/platform/auth/session-user'
import { issueToken } from '../src/platform/auth/tokens'
import type { Database, DatabaseHandle } from '../src/platform/persistence/database'
import {
  connectionEntity,
  toConnections,
} from '../src/modules/master-data/repositories/connections'
import {
  findVisibleContract,
  findVisibleContractAccount,
} from '../src/modules/master-data/repositories/contracts'
import {
  findVisibleDevice,
  readingOrderEntity,
} from '../src/modules/master-data/repositories/devices'
import {
  attachmentEntity,
  billingVoucherEntity,
  correspondenceEntity,
} from '../src/platform/persistence/files'
import { measurementRecords } from '../src/modules/master-data/repositories/legacy-records'
import {
  costTypeNames,
  expenseEntity,
  listExpenses,
  operatingCostsEntity,
} from '../src/modules/costs/repositories/operating-costs'
import { costTypes, keysAndObjects, VALUE_LIST_TABLE_OF } from '../src/modules/costs/value-list'
import { findVisiblePartner } from '../src/modules/master-data/repositories/partners'
import {
  CONNECTION_OBJECT,
  findVisibleRelations,
  pointOfDeliveryEntity,
} from '../src/modules/master-data/repositories/points-of-delivery'
import * as schema from '../src/platform/persistence/schema'
import type { SessionUser } from '../src/platform/persistence/scope'
import { search, type SearchableEntity } from '../src/platform/persistence/search'
import { notificationsFor } from '../src/modules/files/notifications'
import { openTestDatabase } from './test-database'

interface Recorded {
  query: string
  params: unknown[]
}

let handle: DatabaseHandle
let recorded: Recorded[] = []
/** The database the server's code runs on in this test: it records every statement. */
let db: Database
let verwalter: SessionUser
let eigentuemer: SessionUser

beforeAll(async () => {
  const kind = inject('testDatabaseKind')
  handle = await openTestDatabase(kind, {
    pgliteDump: inject('pgliteDump'),
    serverUrl: inject('serverUrl'),
  })
  const logger = {
    logQuery: (query: string, params: unknown[]) => recorded.push({ query, params }),
  }
  const client = (handle.db as unknown as { $client: unknown }).$client
  db =
    kind === 'pglite'
      ? drizzlePglite({ client: client as PGlite, schema, casing: 'snake_case', logger })
      : drizzlePg({
          client: client as pg.Pool,
          schema,
          casing: 'snake_case',
          logger,
        })
  const user = async (userName: string) => {
    const [row] = await handle.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.userName, userName))
    return {
      userId: row!.id,
      userName,
      companyCode: row!.companyCode,
      businessPartner: row!.businessPartner,
    }
  }
  verwalter = await user('verwalter')
  eigentuemer = await user('eigentuemer')
})
afterAll(() => handle.close())

type PlanNode = Record<string, unknown> & { Plans?: PlanNode[] }

function nodesOf(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodesOf)]
}

/** The plan nodes of a statement, explained with sequential scans disabled. */
async function explain({ query, params }: Recorded): Promise<PlanNode[]> {
  const client = (handle.db as unknown as { $client: PGlite | pg.Pool }).$client
  const statement = `EXPLAIN (FORMAT JSON) ${query}`
  if (handle.kind === 'pglite') {
    const pglite = client as PGlite
    await pglite.exec('SET enable_seqscan = off')
    try {
      const { rows } = await pglite.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(statement, params)
      return nodesOf(rows[0]!['QUERY PLAN'][0].Plan)
    } finally {
      await pglite.exec('RESET enable_seqscan')
    }
  }
  const connection = await (client as pg.Pool).connect()
  try {
    await connection.query('SET enable_seqscan = off')
    const { rows } = await connection.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
      statement,
      params,
    )
    return nodesOf(rows[0]!['QUERY PLAN'][0].Plan)
  } finally {
    await connection.query('RESET enable_seqscan')
    connection.release()
  }
}

/** PostgreSQL keeps the first 63 bytes of an identifier. */
const pgName = (name: string) => name.slice(0, 63)

interface Plans {
  /** `table index` for every index scan, `table *` too, so that any index on a table can be asked for. */
  scans: Set<string>
  seqScans: string[]
}

/** Runs `work` on the recording database and answers the index scans and seq scans of its plans. */
async function plansOf(work: () => Promise<unknown>): Promise<Plans> {
  recorded = []
  await work()
  const statements = recorded
  recorded = []
  expect(statements.length).toBeGreaterThan(0)
  const nodes = (await Promise.all(statements.map(explain))).flat()
  const scans = new Set<string>()
  for (const node of nodes) {
    const table = node['Relation Name'] as string | undefined
    if (!table) continue
    const indexes =
      node['Node Type'] === 'Bitmap Heap Scan'
        ? nodesOf(node).map((child) => child['Index Name'])
        : [node['Index Name']]
    for (const index of indexes.filter((name) => typeof name === 'string')) {
      scans.add(`${table} ${index}`)
      scans.add(`${table} *`)
    }
  }
  return {
    scans,
    seqScans: nodes
      .filter((n) => n['Node Type'] === 'Seq Scan')
      .map((n) => n['Relation Name'] as string),
  }
}

/** Tables of one row, which a scan reads whole at the cost of an index lookup. */
const SINGLE_ROW_TABLES = new Set(['data_version'])

/** The plans read `table` through `index` (`*`: through any of its indexes) and scan no table whole. */
function expectIndexScans(plans: Plans, ...expected: [table: string, index: string][]) {
  for (const [table, index] of expected) {
    expect([...plans.scans], `${table} ${index}`).toContain(`${table} ${pgName(index)}`)
  }
  expect(plans.seqScans.filter((table) => !SINGLE_ROW_TABLES.has(table))).toEqual([])
}

const searchOf =
  (entity: SearchableEntity, user: () => SessionUser, filters: SearchRequest['filters'] = []) =>
  () =>
    search(db, entity, user(), { filters, sort: [] }, { limit: 50 })

/** Verwalter's search of `entity` for rows with these values reads through `index` of `table`. */
async function expectSearchScan(
  entity: SearchableEntity,
  values: Record<string, string>,
  scan: [table: string, index: string],
) {
  const filters = Object.entries(values).map(([property, value]) => ({
    property,
    type: 'eq' as const,
    value,
  }))
  expectIndexScans(await plansOf(searchOf(entity, () => verwalter, filters)), scan)
}

/** A value of a column of company code 1000, to search for. */
async function some<T>(column: PgColumn, table: PgTable, where = sql`true`) {
  const [row] = await handle.db
    .select({ value: column })
    .from(table)
    .where(and(eq(sql`company_code`, '1000'), isNotNull(column), where))
    .limit(1)
  return row!.value as T
}

describe('hot-path queries use their indexes', () => {
  it('connections-search (manager: company code and default order) with features, attributes, products', async () => {
    const plans = await plansOf(async () => {
      const page = await searchOf(connectionEntity, () => verwalter)()
      await toConnections(db, page.rows as (typeof schema.connections.$inferSelect)[])
    })
    expectIndexScans(
      plans,
      ['connections', 'connections_company_code_name1_name2_connection_index'],
      ['connection_features', 'connection_features_connection_index'],
      ['object_attributes', 'object_attributes_object_type_object_key_index'],
      ['products', 'products_pkey'],
    )
  })

  it('connections-search of an owner: properties through the owner feature', async () => {
    const plans = await plansOf(searchOf(connectionEntity, () => eigentuemer))
    expectIndexScans(
      plans,
      ['connections', '*'],
      ['connection_features', 'connection_features_connection_attributes_value_index'],
    )
  })

  it('the bearer token: the user by id, the logged-out session by its id, the data version', async () => {
    const secret = new Uint8Array(32)
    const token = await issueToken(secret, verwalter)
    expectIndexScans(
      await plansOf(() => userForToken(db, secret, token)),
      ['users', 'users_id_unique'],
      ['revoked_sessions', 'revoked_sessions_pkey'],
    )
  })

  it('points-of-delivery-search by connection and the relations of a connection', async () => {
    const connection = await some<string>(schema.connections.connection, schema.connections)
    await expectSearchScan(pointOfDeliveryEntity, { connection }, [
      'points_of_delivery',
      'points_of_delivery_connection_index',
    ])
    const relations = await plansOf(() =>
      findVisibleRelations(db, verwalter, CONNECTION_OBJECT, connection),
    )
    expectIndexScans(
      relations,
      ['connections', '*'],
      ['object_relations', 'object_relations_source_type_source_key_index'],
    )
  })

  it('a contract with tariffs and features, its contract account, a partner seen by an owner', async () => {
    const key = await some<string>(schema.contracts.key, schema.contracts)
    expectIndexScans(
      await plansOf(() => findVisibleContract(db, verwalter, key)),
      ['contracts', 'contracts_pkey'],
      ['contract_tariffs', 'contract_tariffs_contract_index'],
      ['contract_features', 'contract_features_contract_index'],
    )
    const account = await some<string>(
      schema.contractAccounts.contractAccount,
      schema.contractAccounts,
    )
    expectIndexScans(await plansOf(() => findVisibleContractAccount(db, verwalter, account)), [
      'contract_accounts',
      'contract_accounts_pkey',
    ])
    const partner = await some<string>(schema.contracts.businessPartner, schema.contracts)
    expectIndexScans(
      await plansOf(() => findVisiblePartner(db, eigentuemer, partner)),
      ['partners', '*'],
      ['connection_features', '*'],
      ['object_relations', 'object_relations_target_type_target_key_index'],
      ['contracts', '*'],
    )
  })

  it('a device with time slices and assignments; readings and reading orders of a unit and a device', async () => {
    const device = await some<string>(schema.devices.key, schema.devices)
    expectIndexScans(
      await plansOf(() => findVisibleDevice(db, verwalter, device)),
      ['devices', 'devices_pkey'],
      ['device_time_slices', 'device_time_slices_device_index'],
      ['device_assignments', 'device_assignments_device_index'],
    )
    const unit = await some<string>(schema.measurements.pointOfDelivery, schema.measurements)
    expectIndexScans(
      await plansOf(() => measurementRecords(db, verwalter, unit)),
      ['measurements', 'measurements_point_of_delivery_reading_date_index'],
      ['devices', '*'],
    )
    await expectSearchScan(readingOrderEntity, { pointOfDelivery: unit }, [
      'reading_orders',
      'reading_orders_point_of_delivery_reading_date_index',
    ])
    await expectSearchScan(readingOrderEntity, { device }, [
      'reading_orders',
      'reading_orders_device_reading_date_index',
    ])
  })

  it('operating-costs-search by connection, the expenses of a distribution, its files and invoices', async () => {
    const connection = await some<string>(
      schema.operatingCostsDistributions.connection,
      schema.operatingCostsDistributions,
    )
    await expectSearchScan(operatingCostsEntity, { connection }, [
      'operating_costs_distributions',
      'operating_costs_distributions_connection_until_index',
    ])
    const distribution = await some<string>(
      schema.operatingCostsExpenses.operatingCostsDistribution,
      schema.operatingCostsExpenses,
    )
    const expenses: [string, string] = [
      'operating_costs_expenses',
      'operating_costs_expenses_operating_costs_distribution_kind_index',
    ]
    expectIndexScans(await plansOf(() => listExpenses(db, distribution, 'heating')), expenses)
    expectIndexScans(
      await plansOf(searchOf(expenseEntity(distribution, 'working'), () => verwalter)),
      expenses,
    )
    await expectSearchScan(
      attachmentEntity,
      { objectType: 'KOSTENBELEG', objectKey: distribution, uploadedBy: 'verwalter' },
      ['attachments', 'attachments_object_type_object_key_index'],
    )
    await expectSearchScan(correspondenceEntity, { form: 'HVWZ_HV', key: distribution }, [
      'correspondences',
      'correspondences_form_key_index',
    ])
    await expectSearchScan(billingVoucherEntity, { operatingCostsDistribution: distribution }, [
      'billing_vouchers',
      'billing_vouchers_operating_costs_distribution_index',
    ])
  })

  it('the catalogue of a distribution (decision 078): its cost types, their keys and objects, their names', async () => {
    const [distribution] = await handle.db
      .select()
      .from(schema.operatingCostsDistributions)
      .where(eq(schema.operatingCostsDistributions.companyCode, '1000'))
      .limit(1)
    const table = VALUE_LIST_TABLE_OF.working
    const [costType] = await costTypes(handle.db, distribution!, table)
    const catalogue: [string, string] = ['value_list_entries', 'value_list_entries_catalogue_index']
    expectIndexScans(await plansOf(() => costTypes(db, distribution!, table)), catalogue)
    expectIndexScans(
      await plansOf(() => keysAndObjects(db, distribution!, table, costType!.key)),
      catalogue,
    )
    expectIndexScans(await plansOf(() => costTypeNames(db, distribution!)), catalogue)
  })

  it('notifications: the tenant changes of the user and the released distributions', async () => {
    expectIndexScans(
      await plansOf(() => notificationsFor(db, verwalter)),
      ['activities', 'activities_created_by_index'],
      [
        'operating_costs_distributions',
        'operating_costs_distributions_operating_costs_distribution_status_status_changed_at_index',
      ],
    )
  })
})
