/**
 * §3 cost line relations (docs/decisions/012-cost-line-relations.md): every object type names one
 * kind of key, from the seed through the value list to the expense API. A line's allocationRef is a
 * record of that kind in the line's property, and the value list of the line's object type offers
 * exactly records of that kind, named as the costs table shows them.
 */
import {
  EXPENSE_OBJECT_TYPES,
  ValueListAnswerSchema,
  type ExpenseObjectType,
  type ValueListEntry,
} from '@portal/domain'
import { sql, type SQL } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { useTestContext, ownedPropertiesOf } from '../helper'

const { ctx, as } = useTestContext(['verwalter', 'eigentuemer', 'fremd'])

const OBJECT_TYPES = Object.keys(EXPENSE_OBJECT_TYPES) as ExpenseObjectType[]
const TABLE_OF = { heating: 'tb_uti_bkosten_h', working: 'tb_uti_bkosten_b' } as const

/**
 * The records of the key kind an object type names, with their property and the name the costs
 * table shows: (key, property, name). `table` is the value list table (the groups live there).
 */
function recordsOf(object: ExpenseObjectType, table: string): SQL {
  switch (object) {
    case 'ANSCHLUSS':
      return sql`select c.connection as key, c.property_connection as property,
        concat_ws(' · ', c.street || ' ' || c.house_number || coalesce(c.house_number_suffix, ''),
          nullif(c.name2, '')) as name from connections c`
    case 'VSTELLE':
    case 'NUTZUNGSEINHEIT':
      return sql`select p.point_of_delivery as key, p.property_connection as property,
        p.reference || coalesce(' · ' || nullif(p.location_addendum, ''), '') as name
        from points_of_delivery p`
    case 'VERTRAG':
      return sql`select k.key, k.property_connection as property,
        trim(b.name1 || ' ' || b.name2) || ' · ' || p.reference as name
        from contracts k join points_of_delivery p using (point_of_delivery)
        join partners b on b.business_partner = k.business_partner`
    case 'NUTZGRUPPE':
    case 'NUTZERGRUPPE':
      // the groups are catalogue entries of the property: key '<property>-…'
      return sql`select distinct v.key, split_part(v.key, '-', 1) as property, v.name
        from value_list_entries v where v.obj = ${object} and v.object = ${object}
        and v.table_name = ${table}`
  }
}

async function rows<T>(query: SQL): Promise<T[]> {
  const result: unknown = await ctx.database.db.execute(query)
  return (result as { rows: T[] }).rows
}

async function valueList(
  distribution: string,
  table: string,
  object: string,
  user = 'verwalter',
): Promise<{ status: number; entries: ValueListEntry[]; body: string }> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/processes/system/value-list?limit=9999',
    headers: as[user],
    payload: {
      table_name: table,
      field_name: 'SCHLUESSEL',
      head_data: { BKOSTEN: distribution },
      line_data: { OBJECT: object },
    },
  })
  return {
    status: response.statusCode,
    body: response.body,
    entries:
      response.statusCode === 200 ? ValueListAnswerSchema.parse(response.json()).data.data : [],
  }
}

describe('the seeded expense lines', () => {
  it('use every object type', async () => {
    const used = await rows<{ object: string }>(
      sql`select distinct object from operating_costs_expenses order by 1`,
    )
    expect(used.map((row) => row.object)).toEqual([...OBJECT_TYPES].sort())
  })

  it.each(OBJECT_TYPES)(
    '%s: allocationRef (and allocationObject) is a key of its kind in the line’s property',
    async (object) => {
      for (const kind of ['heating', 'working'] as const) {
        const wrong = await rows<{ guid: string; allocation_ref: string }>(sql`
          select e.guid, e.allocation_ref from operating_costs_expenses e
          where e.object = ${object} and e.kind = ${kind}
            and (e.allocation_object is distinct from e.allocation_ref
              or not exists (select 1 from (${recordsOf(object, TABLE_OF[kind])}) r
                where r.key = e.allocation_ref and r.property = e.property_connection))`)
        expect(wrong, `${object} ${kind}`).toEqual([])
      }
    },
  )
})

describe('the value list of an object type', () => {
  /** Per object type and list, the open and closed distributions of 1000 with such lines. */
  async function samples(object: ExpenseObjectType) {
    return rows<{ distribution: string; kind: 'heating' | 'working'; property: string }>(sql`
      select distinct on (e.kind, d.operating_costs_distribution_status)
        e.operating_costs_distribution as distribution, e.kind, e.property_connection as property
      from operating_costs_expenses e join operating_costs_distributions d using (operating_costs_distribution)
      where e.object = ${object} and e.company_code = '1000'
      order by e.kind, d.operating_costs_distribution_status, e.operating_costs_distribution`)
  }

  it.each(OBJECT_TYPES)(
    '%s: offers only keys of its kind, named readably, and the lines’ keys among them',
    async (object) => {
      const found = await samples(object)
      expect(found.length, object).toBeGreaterThan(0)
      for (const { distribution, kind, property } of found) {
        const table = TABLE_OF[kind]
        const { status, entries, body } = await valueList(distribution, table, object)
        expect(status, body).toBe(200)
        expect(entries.length, `${object} ${distribution}`).toBeGreaterThan(0)
        const records = await rows<{ key: string; name: string }>(
          sql`select r.key, r.name from (${recordsOf(object, table)}) r where r.property = ${property}`,
        )
        const nameOf = new Map(records.map((r) => [r.key, r.name]))
        for (const entry of entries) {
          expect(entry.obj).toBe(object)
          // a record of the kind, in the distribution's property, by the name the table shows
          expect(nameOf.get(entry.key), `${object} ${entry.key}`).toBe(entry.name)
          expect(entry.name).not.toContain(entry.key)
        }
        if (object !== 'VERTRAG' && !object.endsWith('GRUPPE')) {
          // connections and units: all of the property's (contracts: those of the period)
          expect(entries.map((e) => e.key).sort()).toEqual([...nameOf.keys()].sort())
        }
        const refs = await rows<{ ref: string }>(sql`
          select distinct allocation_ref as ref from operating_costs_expenses
          where operating_costs_distribution = ${distribution} and kind = ${kind} and object = ${object}`)
        const offered = new Set(entries.map((e) => e.key))
        for (const { ref } of refs) expect(offered, `${object} ${ref}`).toContain(ref)
      }
    },
  )

  it('names a contract by its tenant, as the contracts panel does', async () => {
    const [line] = await rows<{ distribution: string; ref: string; tenant: string }>(sql`
      select e.operating_costs_distribution as distribution, e.allocation_ref as ref,
        trim(b.name1 || ' ' || b.name2) as tenant
      from operating_costs_expenses e join contracts k on k.key = e.allocation_ref
      join partners b on b.business_partner = k.business_partner
      where e.object = 'VERTRAG' and e.company_code = '1000' order by 1 limit 1`)
    const { entries } = await valueList(line!.distribution, TABLE_OF.working, 'VERTRAG')
    expect(entries.find((e) => e.key === line!.ref)?.name).toMatch(
      new RegExp(`^${line!.tenant.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} · `),
    )
  })

  it('names nothing of a property the user does not see', async () => {
    const owned = await ownedPropertiesOf(ctx, 'eigentuemer')
    const [foreign] = await rows<{ distribution: string }>(sql`
      select e.operating_costs_distribution as distribution from operating_costs_expenses e
      where e.company_code = '1000' and e.object = 'VERTRAG' and e.property_connection not in ${owned}
      order by 1 limit 1`)
    for (const user of ['eigentuemer', 'fremd']) {
      for (const object of OBJECT_TYPES) {
        const { status, entries } = await valueList(
          foreign!.distribution,
          TABLE_OF.working,
          object,
          user,
        )
        expect(status, `${user} ${object}`).toBe(404)
        expect(entries).toEqual([])
      }
    }
  })
})
