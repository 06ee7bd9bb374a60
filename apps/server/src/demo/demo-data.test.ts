import { addYears, EXCLUDED_TARIFF_COMPONENTS, READING_REASONS, startOfYear } from '@portal/domain'
import { createHash } from 'node:crypto'
import { sql, type SQL } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openEmptyDatabase } from '../../test/test-database'
import { verifyPassword } from '../platform/auth/passwords'
import type { Database, DatabaseHandle } from '../platform/persistence/database'
import { addMonths, yearOf } from './calendar'
import { seedDemoData, type SeedSummary } from './demo-data'
import { DEMO_OWNER_PARTNER, DEMO_USERS } from './demo-users'
import { DEMO_PASSWORD } from '../platform/auth/demo-password'
import { resetDatabase } from './reset'
import { pdfProblems } from '../platform/files/pdf-structure'

const TODAY = '2025-03-15'
/** §5 filters drop every other reason. */
/** Each attachment's bytes, its chunks joined in order. */
const WHOLE_CONTENTS = sql`(select attachment, string_agg(content, ''::bytea order by chunk) as content from attachment_contents group by attachment)`

const CONSIDERED_READING_REASONS = Object.keys(READING_REASONS)
const EXCLUDED_COMPONENTS = EXCLUDED_TARIFF_COMPONENTS

async function all<T = Record<string, unknown>>(db: Database, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query)
  return (result as { rows: T[] }).rows
}

async function count(db: Database, query: SQL): Promise<number> {
  const [row] = await all<{ n: number }>(
    db,
    sql`select count(*)::int as n from (${query}) as counted`,
  )
  return row?.n ?? -1
}

/** The query answers no row. */
async function expectNone(db: Database, query: SQL) {
  expect(await count(db, query)).toBe(0)
}

async function values(db: Database, query: SQL): Promise<string[]> {
  return (await all<{ v: string }>(db, query)).map((row) => row.v)
}

/**
 * Every cut-off rule of section 5 and 9 has records on both sides of it, whatever `today` is.
 * Used for the main seed and for seeds on the edges of a year.
 */
async function expectCutOffsCovered(db: Database, today: string): Promise<void> {
  const year = yearOf(today)
  const threeYearsAgo = addYears(today, -3)
  const oneYearAgo = addYears(today, -1)
  const previousYearStart = startOfYear(year - 1)
  const readingCutOff = startOfYear(year - 3)
  const property = sql`parent_connection is null and company_code = '1000'`
  const activeHw = sql`exists (select 1 from connection_features f where f.connection = c.connection
    and f.connection_attributes = 'HW' and f.until > ${today})`

  // §5 connections: HW until in the future and no parent.
  expect(
    await count(db, sql`select 1 from connections c where ${property} and ${activeHw}`),
  ).toBeGreaterThan(0)
  const expired = sql`select 1 from connections c where ${property} and not ${activeHw}
    and exists (select 1 from connection_features f where f.connection = c.connection and f.connection_attributes = 'HW')`
  expect(await count(db, expired)).toBeGreaterThan(0)
  const withoutHw = sql`select 1 from connections c where ${property}
    and not exists (select 1 from connection_features f where f.connection = c.connection and f.connection_attributes = 'HW')`
  expect(await count(db, withoutHw)).toBeGreaterThan(0)
  expect(
    await count(
      db,
      sql`select 1 from connections c where parent_connection is not null and ${activeHw}`,
    ),
  ).toBeGreaterThan(0)

  // §5 distributions: kept when ending later than three years before today.
  const distributions = sql`select * from operating_costs_distributions where company_code = '1000'`
  expect(await count(db, sql`${distributions} and until > ${threeYearsAgo}`)).toBeGreaterThan(0)
  expect(await count(db, sql`${distributions} and until <= ${threeYearsAgo}`)).toBeGreaterThan(0)
  // §4: released for more than a year (automatic approval) and released recently.
  const released = sql`${distributions} and operating_costs_distribution_status = 'F'`
  expect(
    await count(db, sql`${released} and status_changed_at::date <= ${oneYearAgo}`),
  ).toBeGreaterThan(0)
  expect(
    await count(db, sql`${released} and status_changed_at::date > ${oneYearAgo}`),
  ).toBeGreaterThan(0)

  // §5 devices: shown if not removed or removed after 1 January of the previous year.
  const devices = sql`select 1 from devices where company_code = '1000'`
  expect(await count(db, sql`${devices} and removal_date is null`)).toBeGreaterThan(0)
  expect(
    await count(
      db,
      sql`${devices} and removal_date > ${previousYearStart} and removal_date <= ${today}`,
    ),
  ).toBeGreaterThan(0)
  expect(await count(db, sql`${devices} and removal_date <= ${previousYearStart}`)).toBeGreaterThan(
    0,
  )

  // §5 reading orders: after 1 January three years ago, reasons AB, EB, NW, ZM, ZO.
  const orders = sql`select 1 from reading_orders where company_code = '1000'`
  const considered = sql`reading_reason in (${sql.join(
    CONSIDERED_READING_REASONS.map((r) => sql`${r}`),
    sql`, `,
  )})`
  expect(
    await count(db, sql`${orders} and ${considered} and reading_date > ${readingCutOff}`),
  ).toBeGreaterThan(0)
  expect(
    await count(db, sql`${orders} and ${considered} and reading_date <= ${readingCutOff}`),
  ).toBeGreaterThan(0)
  expect(
    await count(db, sql`${orders} and not ${considered} and reading_date > ${readingCutOff}`),
  ).toBeGreaterThan(0)

  // §5 year-based list (contracts): ending before and after 1 January of the previous year, and open.
  const contracts = sql`select 1 from contracts where company_code = '1000'`
  expect(await count(db, sql`${contracts} and until <= ${previousYearStart}`)).toBeGreaterThan(0)
  expect(await count(db, sql`${contracts} and until > ${previousYearStart}`)).toBeGreaterThan(0)
  expect(await count(db, sql`${contracts} and until is null`)).toBeGreaterThan(0)

  // Nothing that has happened lies in the future.
  const [latest] = await all<{ reading: string; status: string; file: string; activity: string }>(
    db,
    sql`select (select max(reading_date)::text from measurements) as reading,
      (select max(status_changed_at)::date::text from operating_costs_distributions) as status,
      (select max(created_at)::date::text from attachments) as file,
      (select max(created_at)::date::text from activities) as activity`,
  )
  for (const day of Object.values(latest ?? {})) expect(day <= today).toBe(true)
}

/**
 * The database with its transaction watched: counts the statements run in the transaction and
 * how often the event loop turned (a `setImmediate` callback ran) while the transaction was open.
 */
function watchSeedTransaction(
  database: Database,
  counts: { statements: number; eventLoopTurns: number },
): Database {
  const transaction: Database['transaction'] = (work, config) =>
    database.transaction(async (tx) => {
      let open = true
      const turn = () => {
        if (!open) return
        counts.eventLoopTurns++
        setImmediate(turn)
      }
      setImmediate(turn)
      const watched = new Proxy(tx, {
        get(target, property, receiver) {
          if (property !== 'execute') return Reflect.get(target, property, receiver) as unknown
          return (query: SQL) => {
            counts.statements++
            return target.execute(query)
          }
        },
      })
      try {
        return await work(watched)
      } finally {
        open = false
      }
    }, config)
  return new Proxy(database, {
    get: (target, property, receiver) =>
      property === 'transaction'
        ? transaction
        : (Reflect.get(target, property, receiver) as unknown),
  })
}

describe('demo data', () => {
  let main: DatabaseHandle
  let other: DatabaseHandle
  let summary: SeedSummary
  let db: Database
  const seedTransaction = { statements: 0, eventLoopTurns: 0 }

  beforeAll(async () => {
    main = await openEmptyDatabase('seed_test')
    summary = await seedDemoData(watchSeedTransaction(main.db, seedTransaction), { today: TODAY })
    db = main.db
  }, 120_000)

  afterAll(async () => {
    await main?.close()
    await other?.close()
  })

  it('reports the rows it inserted', async () => {
    expect(Object.keys(summary)).toHaveLength(33)
    for (const [table, rows] of Object.entries(summary)) {
      expect(await count(db, sql`select 1 from ${sql.identifier(table)}`), table).toBe(rows)
      expect(rows, table).toBeGreaterThan(0)
    }
  })

  it('delivers degree days for most properties, and none for every fourth (decision 067)', async () => {
    const properties = await count(
      db,
      sql`select 1 from connections where parent_connection is null`,
    )
    const withDays = await count(db, sql`select distinct property_connection from degree_days`)
    expect(withDays).toBeGreaterThan(properties / 2)
    expect(withDays).toBeLessThan(properties)
    // every month has at most the long-term mean's double and is never negative
    expect(
      await count(
        db,
        sql`select 1 from degree_days where degree_days < 0 or degree_days > 2 * long_term_degree_days`,
      ),
    ).toBe(0)
  })

  it('has the volume the benchmark scales from: scale 100 reaches 1,200 properties, 15,000 units, 1,000,000 readings', async () => {
    // the generator is linear in the scale (further blocks repeat the plan), so scale 1 carries 1 %
    expect(
      await count(db, sql`select 1 from connections where parent_connection is null`),
    ).toBeGreaterThanOrEqual(12)
    expect(summary.points_of_delivery).toBeGreaterThanOrEqual(150)
    expect(summary.measurements).toBeGreaterThanOrEqual(10_000)
    // the monthly radio values: month ends, only rising (checked with the differences below)
    const monthly = await count(
      db,
      sql`select 1 from measurements where reading_reason = 'ZO' and reading_type = 'Funkablesung'
        and reading_date = (date_trunc('month', reading_date) + interval '1 month - 1 day')::date`,
    )
    expect(monthly).toBeGreaterThan(5_000)
  })

  it('raises the alarms of decision 070 from its readings', async () => {
    const kinds = await values(db, sql`select distinct kind as v from device_alarms order by 1`)
    expect(kinds).toEqual([
      'BACKWARD_READING',
      'FAR_ABOVE_AVERAGE',
      'SILENT_DEVICE',
      'VACANT_CONSUMPTION',
    ])
    // the two device faults lie in one property, a meter each
    const faults = await all<{ kind: string; property: string }>(
      db,
      sql`select kind, property_connection as property from device_alarms
        where kind in ('BACKWARD_READING', 'SILENT_DEVICE') order by kind`,
    )
    expect(faults.map((f) => f.kind)).toEqual(['BACKWARD_READING', 'SILENT_DEVICE'])
    expect(new Set(faults.map((f) => f.property)).size).toBe(1)
    // the seed's computation is the day's run: the first server start does not repeat it
    expect(await count(db, sql`select 1 from job_runs where job = 'alarms'`)).toBe(1)
  })

  it('lets the event loop turn after every statement, also on PGlite', () => {
    // PGlite answers through promises alone; a seed that never yields would starve timers and I/O
    expect(seedTransaction.statements).toBeGreaterThan(10)
    expect(seedTransaction.eventLoopTurns).toBeGreaterThanOrEqual(seedTransaction.statements)
  })

  it('creates the company codes and the demo users with one password', async () => {
    expect(await values(db, sql`select company_code as v from company_codes order by 1`)).toEqual([
      '1000',
      '2000',
    ])
    const users = await all<{
      user_name: string
      company_code: string
      business_partner: string | null
      password_hash: string
      mail: string
    }>(db, sql`select * from users order by user_name`)
    expect(users.map((u) => [u.user_name, u.company_code, u.business_partner])).toEqual([
      ['bewohner', '1000', null],
      ['eigentuemer', '1000', DEMO_OWNER_PARTNER],
      ['fremd', '2000', null],
      ['verwalter', '1000', null],
    ])
    expect(new Set(users.map((u) => u.password_hash)).size).toBe(1)
    expect(await verifyPassword(users[0]?.password_hash ?? '', DEMO_PASSWORD)).toBe(true)
    // The owner's partner has the user's mail, so the password reset (partner + mail) works.
    const owner = DEMO_USERS.find((u) => u.userName === 'eigentuemer')
    expect(
      await values(
        db,
        sql`select mail as v from partners where business_partner = ${DEMO_OWNER_PARTNER}`,
      ),
    ).toEqual([owner?.mail])
  })

  it('ties the demo resident to a radio-read unit whose previous tenant moved out in the last year', async () => {
    const [resident] = await all<{
      resident_contract: string
      from: string
      point_of_delivery: string
      business_partner: string
      notice_channel: string
    }>(
      db,
      sql`select u.resident_contract, c."from"::text as "from", c.point_of_delivery, c.business_partner, u.notice_channel
        from users u join contracts c on c.key = u.resident_contract where u.user_name = 'bewohner'`,
    )
    expect(resident?.notice_channel).toBe('mail')
    expect(resident!.from > addMonths(TODAY, -12)).toBe(true)
    expect(resident!.from <= addMonths(TODAY, -2)).toBe(true)
    const predecessors = await all<{ business_partner: string }>(
      db,
      sql`select c.business_partner from contracts c join contract_accounts a on a.contract_account = c.contract_account
        where c.point_of_delivery = ${resident!.point_of_delivery} and c.until = (${resident!.from}::date - 1)
          and a.contract_account_type <> 'VKT'`,
    )
    expect(predecessors).toHaveLength(1)
    expect(predecessors[0]!.business_partner).not.toBe(resident!.business_partner)
    // his predecessor's months were read by radio: they exist and must stay hidden from him
    expect(
      await values(
        db,
        sql`select count(*)::text as v from measurements m where m.point_of_delivery = ${resident!.point_of_delivery}
          and m.reading_type = 'Funkablesung' and m.reading_date < ${resident!.from}::date`,
      ),
    ).not.toEqual(['0'])
  })

  it('has 14 properties for 1000 (12 of them active) and 3 for 2000, with buildings below them', async () => {
    const properties = await all<{ company_code: string; n: number }>(
      db,
      sql`select company_code, count(*)::int as n from connections where parent_connection is null group by 1 order by 1`,
    )
    expect(properties).toEqual([
      { company_code: '1000', n: 14 },
      { company_code: '2000', n: 3 },
    ])
    await expectNone(
      db,
      sql`select 1 from connections where parent_connection is null and property_connection <> connection`,
    )
    await expectNone(
      db,
      sql`select 1 from connections where parent_connection is not null and property_connection <> parent_connection`,
    )
    expect(
      await count(
        db,
        sql`select 1 from connections where parent_connection is not null and company_code = '1000'`,
      ),
    ).toBeGreaterThan(3)
    expect(await count(db, sql`select 1 from connections where postal_code !~ '^[0-9]{5}$'`)).toBe(
      0,
    )
    expect(
      await count(db, sql`select 1 from connections where house_number_suffix is not null`),
    ).toBeGreaterThan(0)
  })

  it('gives the owner some, but not all, properties of 1000', async () => {
    const owned = await values(
      db,
      sql`select c.connection as v from connections c join connection_features f on f.connection = c.connection
        where f.connection_attributes = 'HE' and f.value = ${DEMO_OWNER_PARTNER} order by 1`,
    )
    expect(owned.length).toBeGreaterThanOrEqual(2)
    expect(owned.length).toBeLessThan(12)
    const ownedAndActive = sql`select 1 from connection_features he join connection_features hw on hw.connection = he.connection
      where he.connection_attributes = 'HE' and he.value = ${DEMO_OWNER_PARTNER} and hw.connection_attributes = 'HW' and hw.until > ${TODAY}`
    expect(await count(db, ownedAndActive)).toBeGreaterThanOrEqual(2)
    await expectNone(
      db,
      sql`select 1 from connections where parent_connection is null and connection not in
      (select connection from connection_features where connection_attributes = 'HE')`,
    )
  })

  it('gives every property its product (PR) and master data codes', async () => {
    const missing = await all(
      db,
      sql`select c.connection, code from connections c cross join unnest(array['PR','HF','EMF','NF','WF','GNA','NE','TM_KW','TM_WW','GK_HZ','GK_WA','BJ']) as code
        where c.parent_connection is null and not exists (select 1 from object_attributes a
          where a.object_type = 'ANSCHLUSS' and a.object_key = c.connection and a.name = code)`,
    )
    expect(missing).toEqual([])
    const foreignProduct = sql`select 1 from object_attributes a join connections c on c.connection = a.object_key
      left join products p on p.product = a.value and p.company_code = c.company_code where a.name = 'PR' and p.product is null`
    await expectNone(db, foreignProduct)
    expect(
      await values(
        db,
        sql`select distinct value as v from object_attributes where name = 'GNA' order by 1`,
      ),
    ).toEqual(['G', 'W', 'WG'])
  })

  it('has about 160 usage units for 1000, on properties and on their buildings', async () => {
    expect(await count(db, sql`select 1 from points_of_delivery where company_code = '1000'`)).toBe(
      161,
    )
    expect(
      await count(
        db,
        sql`select 1 from points_of_delivery where connection <> property_connection`,
      ),
    ).toBeGreaterThan(0)
    expect(
      await count(db, sql`select 1 from points_of_delivery where connection = property_connection`),
    ).toBeGreaterThan(0)
    await expectNone(
      db,
      sql`select 1 from points_of_delivery where position is null or location_addendum is null or reference !~ '^NE-[0-9]{4}$'`,
    )
    const attributes = sql`select 1 from points_of_delivery p where (select count(*) from object_attributes a
      where a.object_type = 'VSTELLE' and a.object_key = p.point_of_delivery and a.name in ('WF','NF','HF','GNA','NE')) <> 5`
    await expectNone(db, attributes)
  })

  it('covers every contract status and account type, 1-3 contracts per unit', async () => {
    expect(
      await values(db, sql`select distinct contract_status as v from contracts order by 1`),
    ).toEqual(['A', 'B', 'K', 'L'])
    expect(
      await values(
        db,
        sql`select distinct contract_account_type as v from contract_accounts order by 1`,
      ),
    ).toEqual(['VKG', 'VKT', 'VKW'])
    const perUnit = await all<{ min: number; max: number }>(
      db,
      sql`select min(n)::int as min, max(n)::int as max from (select count(*) as n from contracts group by point_of_delivery) as units`,
    )
    expect(perUnit).toEqual([{ min: 1, max: 3 }])
    await expectNone(
      db,
      sql`select 1 from contracts c where (select count(*) from contract_features f where f.contract = c.key
      and f.contract_attribute in ('NUTZEINH', 'EXT_RG') and f.value is not null) <> 2`,
    )
    await expectNone(
      db,
      sql`select 1 from contracts c where not exists (select 1 from contract_tariffs t where t.contract = c.key)`,
    )
    expect(
      await count(db, sql`select 1 from contract_tariffs where billing_voucher is not null`),
    ).toBeGreaterThan(0)
    await expectNone(
      db,
      sql`select 1 from contracts c where not exists (select 1 from object_relations r
      where r.source_type = 'VSTELLE' and r.source_key = c.point_of_delivery and r.target_type = 'VERTRAG' and r.target_key = c.key)`,
    )
    const roles = await values(
      db,
      sql`select distinct role as v from object_relations where source_type = 'ANSCHLUSS' and target_type = 'PARTNER' order by 1`,
    )
    expect(roles).toEqual(['ABW_LE', 'EIGENTUEMER', 'HAUSMEISTER', 'VERWALTER'])
  })

  it('has devices of every segment and type class, main and sub meters, and readings', async () => {
    const classes = await values(
      db,
      sql`select distinct segment || ':' || type_class as v from devices order by 1`,
    )
    expect(classes).toEqual([
      '03:KW',
      '03:WW',
      '04:HV',
      '04:HZ',
      '04:WA',
      '21:GWA',
      '21:RM',
      '21:RWM',
    ])
    expect(
      await values(
        db,
        sql`select distinct counter_position as v from device_time_slices order by 1`,
      ),
    ).toEqual(['1', '2'])
    expect(
      await values(
        db,
        sql`select distinct main_meter::text as v from device_assignments order by 1`,
      ),
    ).toEqual(['false', 'true'])
    await expectNone(
      db,
      sql`select 1 from points_of_delivery p where not exists
      (select 1 from billing_objects b where b.point_of_delivery = p.point_of_delivery)`,
    )
    await expectNone(
      db,
      sql`select 1 from devices d where not exists (select 1 from device_assignments a where a.device = d.key)`,
    )
    await expectNone(
      db,
      sql`select 1 from devices where room is null or installation_date is null or meter_class is null`,
    )

    const span = await all<{ first: string; last: string }>(
      db,
      sql`select min(reading_date)::text as first, max(reading_date)::text as last from measurements`,
    )
    expect(span[0]?.first).toBe(startOfYear(yearOf(TODAY) - 4))
    expect(
      await values(db, sql`select distinct reading_reason as v from measurements order by 1`),
    ).toEqual(CONSIDERED_READING_REASONS)
    const wrongDifference = sql`select 1 from (select reading, difference,
        lag(reading) over (partition by device order by reading_date) as previous from measurements) as m
      where (previous is null) <> (difference is null) or difference <> reading - previous`
    await expectNone(db, wrongDifference)
    // values only rise, but for the one backward reading of the device faults
    expect(await count(db, sql`select 1 from measurements where difference < 0`)).toBe(1)
    expect(
      await values(db, sql`select distinct reading_type as v from measurements order by 1`),
    ).toEqual(['Ablesung durch Kunde', 'Ablesung durch Monteur', 'Funkablesung', 'Schätzung'])
  })

  it('puts the distributions of 1000 in every status, the owner in O and F', async () => {
    const statuses = await values(
      db,
      sql`select distinct operating_costs_distribution_status as v from operating_costs_distributions where company_code = '1000' order by 1`,
    )
    expect(statuses).toEqual(['E', 'F', 'G', 'O', 'S', 'V'])
    const owners = await values(
      db,
      sql`select distinct operating_costs_distribution_status as v from operating_costs_distributions
      where property_connection in (select connection from connection_features where connection_attributes = 'HE' and value = ${DEMO_OWNER_PARTNER}) order by 1`,
    )
    expect(owners).toContain('O')
    expect(owners).toContain('F')
    const wrongProduct = sql`select 1 from operating_costs_distributions d where not exists (select 1 from object_attributes a
      join products p on p.product = a.value where a.object_key = d.connection and a.name = 'PR' and a.value = d.product and p.product_version = d.product_version)`
    await expectNone(db, wrongProduct)
    const perProperty = await all<{ n: number }>(
      db,
      sql`select distinct count(*)::int as n from operating_costs_distributions group by connection`,
    )
    expect(perProperty).toEqual([{ n: 5 }])
  })

  it('writes heating and working expenses the section 5 rules can work on', async () => {
    const lists = sql`select d.operating_costs_distribution,
        count(*) filter (where e.kind = 'heating') as heating, count(*) filter (where e.kind = 'working') as working,
        count(*) filter (where e.tariff_component = 'HK_DLP') as dlp, count(*) filter (where e.tariff_component = 'HK_CO2') as co2
      from operating_costs_distributions d left join operating_costs_expenses e using (operating_costs_distribution) group by 1`
    await expectNone(
      db,
      sql`select 1 from (${lists}) as l where heating = 0 or working = 0 or dlp <> 1 or co2 <> 1`,
    )
    await expectNone(
      db,
      sql`select 1 from operating_costs_expenses where tariff_component = 'HK_CO2'
      and (amount_transaction_currency >= 0 or amount_net >= 0 or apportionable_amount >= 0)`,
    )
    expect(
      await values(
        db,
        sql`select distinct tariff_component as v from operating_costs_expenses
      where tariff_component in (${sql.join(
        EXCLUDED_COMPONENTS.map((c) => sql`${c}`),
        sql`, `,
      )}) order by 1`,
      ),
    ).toEqual([...EXCLUDED_COMPONENTS].sort())
    expect(
      await values(db, sql`select distinct object as v from operating_costs_expenses order by 1`),
    ).toEqual(['ANSCHLUSS', 'NUTZERGRUPPE', 'NUTZGRUPPE', 'NUTZUNGSEINHEIT', 'VERTRAG', 'VSTELLE'])
    expect(
      await values(
        db,
        sql`select distinct kind || ':' || supply_area as v from operating_costs_expenses order by 1`,
      ),
    ).toEqual(['heating:HK', 'working:BK', 'working:NK', 'working:SK'])
    const outside = sql`select 1 from operating_costs_expenses e join operating_costs_distributions d using (operating_costs_distribution)
      where e."from" < d."from" or e.until > d.until or e."from" > e.until`
    await expectNone(db, outside)
    await expectNone(
      db,
      sql`select 1 from operating_costs_expenses where allocation_object is null or allocation_ref is null
      or key is null or amount_net_apportionable is null or deductible_amount is null`,
    )
    // one key kind per object type, of the line's property (docs/decisions/012)
    const refs = sql`select 1 from operating_costs_expenses e where e.allocation_object <> e.allocation_ref
      or not case
        when e.object = 'ANSCHLUSS' then exists (select 1 from connections c
          where c.connection = e.allocation_ref and c.property_connection = e.property_connection)
        when e.object in ('VSTELLE', 'NUTZUNGSEINHEIT') then exists (select 1 from points_of_delivery p
          where p.point_of_delivery = e.allocation_ref and p.property_connection = e.property_connection)
        when e.object = 'VERTRAG' then exists (select 1 from contracts k
          where k.key = e.allocation_ref and k.property_connection = e.property_connection)
        when e.object in ('NUTZGRUPPE', 'NUTZERGRUPPE') then exists (select 1 from value_list_entries v
          where v.obj = e.object and v.key = e.allocation_ref and v.key like e.property_connection || '-%')
        else false end`
    await expectNone(db, refs)
    await expectNone(
      db,
      sql`select 1 from operating_costs_expenses where guid::text !~ '^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$'`,
    )
  })

  it('has value list entries for every listed cost type, key and relation of the expenses', async () => {
    const table = sql`case e.kind when 'heating' then 'tb_uti_bkosten_h' else 'tb_uti_bkosten_b' end`
    const entry = (
      condition: SQL,
    ) => sql`select 1 from operating_costs_expenses e join operating_costs_distributions d using (operating_costs_distribution)
      where e.tariff_component not in (${sql.join(
        EXCLUDED_COMPONENTS.map((c) => sql`${c}`),
        sql`, `,
      )})
      and not exists (select 1 from value_list_entries v where v.table_name = ${table} and v.field_name = 'SCHLUESSEL'
        and v.product = d.product and v.product_version = d.product_version and v.valid_from <= d."from" and v.valid_until >= d.until
        and ${condition})`
    const listed: [string, SQL][] = [
      [
        'cost type',
        sql`v.obj = 'TARIF' and v.key = e.tariff_component and v.tariff_component = e.tariff_component`,
      ],
      [
        'key',
        sql`v.obj = 'SCHLUESSEL' and v.tariff_component = e.tariff_component and v.key = e.key`,
      ],
      ['relation', sql`v.obj = e.object and v.object = e.object and v.key = e.allocation_object`],
    ]
    for (const [what, condition] of listed) {
      expect(await count(db, entry(condition)), what).toBe(0)
    }
    await expectNone(
      db,
      sql`select 1 from value_list_entries where name = '' or company_code not in ('1000', '2000')`,
    )
  })

  it('stores valid PDF files with size and SHA-256, invoices naming their voucher', async () => {
    const files = await all<{
      attachment: string
      size: number
      sha256: string
      content: Uint8Array
      media_type: string
      object_type: string
      file_name: string
    }>(
      db,
      sql`select a.*, c.content from attachments a join ${WHOLE_CONTENTS} c using (attachment)`,
    )
    expect(files.length).toBe(summary.attachments)
    for (const file of files) {
      const content = Buffer.from(file.content)
      expect(content.length, file.file_name).toBe(file.size)
      expect(createHash('sha256').update(content).digest('hex'), file.file_name).toBe(file.sha256)
      expect(pdfProblems(content), file.file_name).toEqual([])
      expect(file.media_type).toBe('application/pdf')
    }
    const invoices = await all<{ voucher_number: string; content: Uint8Array }>(
      db,
      sql`select k.voucher_number, c.content from correspondences k join ${WHOLE_CONTENTS} c using (attachment)`,
    )
    expect(invoices.length).toBeGreaterThan(0)
    for (const invoice of invoices) {
      expect(Buffer.from(invoice.content).toString('latin1')).toContain(
        `Rechnung Nr. ${invoice.voucher_number}`,
      )
    }
    expect(
      await values(db, sql`select distinct object_type as v from attachments order by 1`),
    ).toEqual(['KORRESPONDENZ', 'KOSTENBELEG', 'RECHNUNG'])
    expect(
      await values(
        db,
        sql`select distinct uploaded_by as v from attachments where uploaded_by is not null order by 1`,
      ),
    ).toEqual(['eigentuemer', 'fremd', 'verwalter'])
  })

  it('links invoices, billing vouchers and vouchers to the distributions', async () => {
    await expectNone(
      db,
      sql`select 1 from correspondences k where form <> 'HVWZ_HV' or attachment is null
      or not exists (select 1 from operating_costs_distributions d where d.operating_costs_distribution = k.key)`,
    )
    expect(
      await count(db, sql`select 1 from billing_vouchers where invoice_voucher like 'AR%'`),
    ).toBeGreaterThan(0)
    expect(
      await count(db, sql`select 1 from billing_vouchers where invoice_voucher not like 'AR%'`),
    ).toBeGreaterThan(0)
    await expectNone(
      db,
      sql`select 1 from billing_vouchers b where invoice_voucher like 'AR%'
      and (select count(*) from vouchers v where v.voucher_nr = b.invoice_voucher) < 1`,
    )
    await expectNone(
      db,
      sql`select 1 from vouchers where contract is null or points_of_delivery_reference is null
      or location_addendum is null or contract_external_number is null or name1 is null`,
    )
  })

  it('records a tenant change, a decline and the status changes', async () => {
    const [change] = await all<{ payload: Record<string, unknown> }>(
      db,
      sql`select payload from activities
      where activity_type = 'MIETERWECHSEL' and created_by = 'eigentuemer'`,
    )
    expect(Object.keys(change?.payload ?? {}).sort()).toEqual([
      'AUSZUG',
      'EMAIL',
      'HAUSNR',
      'NAME1',
      'NAME2',
      'ORT',
      'PLZ',
      'POSTFACH',
      'STRASSE',
      'TEL',
      'ZUSATZ',
      'customerType',
      'information',
      'salutation',
      'title',
    ])
    const [decline] = await all<{ payload: { reason?: string }; status: string }>(
      db,
      sql`select a.payload, d.operating_costs_distribution_status as status
      from activities a join operating_costs_distributions d on d.operating_costs_distribution = a.object_key where a.activity_type = 'ABLEHNUNG'`,
    )
    expect(decline?.payload.reason?.length).toBeGreaterThan(10)
    expect(decline?.status).toBe('F')
    expect(await values(db, sql`select distinct user_name as v from audit_log`)).toEqual(['system'])
  })

  it('keeps every row within its company code and property', async () => {
    const tables = await values(
      db,
      sql`select table_name as v from information_schema.columns where column_name = 'property_connection'
      and table_schema = 'public' and table_name in (select table_name from information_schema.columns where column_name = 'company_code') order by 1`,
    )
    expect(tables.length).toBeGreaterThan(15)
    for (const table of tables) {
      const stray = sql`select 1 from ${sql.identifier(table)} t where not exists (select 1 from connections c
        where c.connection = t.property_connection and c.company_code = t.company_code and c.parent_connection is null)`
      expect(await count(db, stray), table).toBe(0)
    }
    const partnerMix = sql`select 1 from contracts c join partners p using (business_partner) where p.company_code <> c.company_code`
    await expectNone(db, partnerMix)
  })

  it('gives company 2000 its own smaller set', async () => {
    for (const table of [
      'points_of_delivery',
      'contracts',
      'devices',
      'operating_costs_distributions',
      'operating_costs_expenses',
      'correspondences',
    ]) {
      expect(
        await count(db, sql`select 1 from ${sql.identifier(table)} where company_code = '2000'`),
        table,
      ).toBeGreaterThan(0)
    }
    expect(
      await count(db, sql`select 1 from partners where company_code = '2000'`),
    ).toBeGreaterThan(10)
  })

  it('covers both sides of every cut-off rule', async () => {
    await expectCutOffsCovered(db, TODAY)
  })

  it('produces the same rows for the same scale and day', async () => {
    other = await openEmptyDatabase('seed_test')
    expect(await seedDemoData(other.db, { today: TODAY })).toEqual(summary)
    const snapshots = [
      sql`select * from connections order by connection`,
      sql`select * from connection_features order by id`,
      sql`select * from contracts order by key`,
      sql`select * from operating_costs_expenses order by guid`,
      sql`select * from measurements order by id`,
      sql`select attachment, file_name, sha256, created_at from attachments order by attachment`,
      sql`select * from partners order by business_partner`,
    ]
    for (const snapshot of snapshots) {
      expect(JSON.stringify(await all(other.db, snapshot))).toBe(
        JSON.stringify(await all(db, snapshot)),
      )
    }
    // Another day moves the dates along (contracts start and end on month boundaries).
    await resetDatabase(other.db)
    await seedDemoData(other.db, { today: addMonths(TODAY, 1) })
    const shifted = sql`select * from contracts order by key`
    expect(JSON.stringify(await all(other.db, shifted))).not.toBe(
      JSON.stringify(await all(db, shifted)),
    )
  }, 120_000)

  it.each(['2025-01-01', '2024-12-31', '2028-02-29'])(
    'covers the cut-offs when seeded on %s',
    async (today) => {
      await resetDatabase(other.db)
      await seedDemoData(other.db, { today })
      await expectCutOffsCovered(other.db, today)
    },
    60_000,
  )

  it('rejects a scale or day it cannot use', async () => {
    await expect(seedDemoData(db, { scale: 0 })).rejects.toThrow(RangeError)
    await expect(seedDemoData(db, { today: '2025-02-30' })).rejects.toThrow(RangeError)
  })
})
