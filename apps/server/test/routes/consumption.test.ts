/**
 * Decision 033: the monthly consumption information (§6a HeizkostenV) of the seeded radio
 * properties: a user's months against the readings in the database, the property's average, the
 * overview, the PDF, that a tenant is never shown a month of another tenant of the unit, the
 * allocators' kWh, and that no other customer or owner learns anything of it.
 */
import {
  PropertyConsumptionSchema,
  UnitConsumptionSchema,
  addMonthsTo,
  formatConsumption,
  formatDate,
  formatMonth,
  isUserMonth,
  lastCompleteMonth,
  monthEnd,
  monthsUntil,
  type UserConsumption,
} from '@portal/domain'
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  connections,
  objectAttributes,
  pointsOfDelivery,
} from '../../src/platform/persistence/schema'
import { pdfProblems } from '../../src/platform/files/pdf-structure'
import { berlinToday } from '../../src/demo/calendar'
import { useTestContext, ownedPropertiesOf, propertyOf1000 } from '../helper'

const { ctx, as } = useTestContext(['verwalter', 'eigentuemer', 'fremd'])
const lastMonth = lastCompleteMonth(berlinToday())
/** A radio property of company code 1000 that eigentuemer does not own, and its units. */
let property: string
let units: string[]

const get = (user: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: as[user] })
const unitUrl = (pod: string) =>
  `/api/persistence/points-of-delivery/${encodeURIComponent(pod)}/monthly-consumption`

beforeAll(async () => {
  const { db } = ctx.database
  const owned = await ownedPropertiesOf(ctx, 'eigentuemer')
  // the property with the most units among those whose readings came by radio last month
  const [radio] = await db
    .select({ connection: connections.connection })
    .from(connections)
    .where(
      propertyOf1000(
        notInArray(connections.connection, owned),
        sql`exists (select 1 from measurements m where m.property_connection = ${connections.connection}
          and m.reading_type = 'Funkablesung' and m.reading_date = ${monthEnd(lastMonth)})`,
      ),
    )
    .orderBy(
      sql`(select count(*) from points_of_delivery p where p.property_connection = ${connections.connection}) desc`,
      connections.connection,
    )
    .limit(1)
  property = radio!.connection
  units = (
    await db
      .select({ pod: pointsOfDelivery.pointOfDelivery })
      .from(pointsOfDelivery)
      .where(eq(pointsOfDelivery.propertyConnection, property))
      .orderBy(pointsOfDelivery.pointOfDelivery)
  ).map((u) => u.pod)
})

/**
 * Per unit and type class, the month's consumption straight from the readings: the month-end value
 * less the previous one, over the unit's devices that have both (main meters left out), and only
 * where every device of the class in use that month has both.
 */
async function consumptionFromReadings(month: string) {
  const start = monthEnd(addMonthsTo(month, -1))
  const end = monthEnd(month)
  const result: unknown = await ctx.database.db.execute(sql`
    with per_device as (
      select m.point_of_delivery as pod, d.type_class, d.key,
        max(m.reading) filter (where m.reading_date = ${end})
          - max(m.reading) filter (where m.reading_date = ${start}) as consumption
      from measurements m join devices d on d.key = m.device
      where m.property_connection = ${property} and d.type_class in ('HZ', 'HV', 'WA', 'WW')
        and m.reading_date between ${start} and ${end}
        and not exists (select 1 from device_assignments a where a.device = d.key and a.main_meter)
      group by 1, 2, 3
    )
    select pod, type_class, sum(consumption)::text as consumption from per_device
    group by 1, 2 having bool_and(consumption is not null)`)
  return (result as { rows: { pod: string; type_class: string; consumption: string }[] }).rows
}

describe('a unit’s months', () => {
  let reports: Map<string, UserConsumption>

  beforeAll(async () => {
    reports = new Map()
    for (const pod of units) {
      const response = await get('verwalter', unitUrl(pod))
      expect(response.statusCode, response.body).toBe(200)
      reports.set(pod, UnitConsumptionSchema.parse(response.json()))
    }
  })

  it('covers the current user’s months of the last twelve complete months', () => {
    const twelve = monthsUntil(lastMonth, 12)
    for (const report of reports.values()) {
      if (!report.user) {
        expect(report.months).toEqual([])
        continue
      }
      expect(report.months).toEqual(twelve.filter((m) => isUserMonth(report.user!.periods, m)))
      expect(report.users.map((u) => u.businessPartner)).toContain(report.user.businessPartner)
    }
  })

  it('says what the readings say for the last month, the one before and a year before', async () => {
    let compared = 0
    for (const [month, pick] of [
      [lastMonth, 'consumption'],
      [addMonthsTo(lastMonth, -1), 'previousMonth'],
      [addMonthsTo(lastMonth, -12), 'sameMonthLastYear'],
    ] as const) {
      for (const row of await consumptionFromReadings(month)) {
        const report = reports.get(row.pod)!
        const series = report.series.find((s) => s.typeClass === row.type_class)
        expect(series, `${row.pod} ${row.type_class}`).toBeDefined()
        const periods = report.user?.periods ?? []
        // the user's own months only: the last month, and the compared one when it is his too
        if (!isUserMonth(periods, lastMonth)) continue
        const value = series!.months.at(-1)![pick]
        if (isUserMonth(periods, month)) {
          expect(Number(value)).toBe(Number(row.consumption))
          compared += 1
        } else {
          expect(value, `${row.pod} ${month} is another user's`).toBeNull()
        }
      }
    }
    // the property has radio devices in several units: the comparison is not empty
    expect(compared).toBeGreaterThanOrEqual(6)
  })

  it('converts to kWh where it can and averages the property per m² of heated area', async () => {
    const areas = new Map(
      (
        await ctx.database.db
          .select({ pod: objectAttributes.objectKey, value: objectAttributes.value })
          .from(objectAttributes)
          .where(and(inArray(objectAttributes.objectKey, units), eq(objectAttributes.name, 'HF')))
      ).map((a) => [a.pod, Number(a.value)]),
    )
    // the average is the property's units', whoever used them: from the readings
    const rows = await consumptionFromReadings(lastMonth)
    const classes = new Set(rows.map((r) => r.type_class))
    expect(classes.size).toBeGreaterThan(0)
    let checked = 0
    for (const typeClass of classes) {
      const ofClass = rows.filter((r) => r.type_class === typeClass && areas.get(r.pod))
      const consumption = ofClass.reduce((sum, r) => sum + Number(r.consumption), 0)
      const area = ofClass.reduce((sum, r) => sum + areas.get(r.pod)!, 0)
      for (const report of reports.values()) {
        const value = report.series.find((s) => s.typeClass === typeClass)?.months.at(-1)
        if (!value || value.month !== lastMonth) continue
        checked += 1
        expect(Number(value.propertyAveragePerSquareMetre)).toBeCloseTo(consumption / area, 3)
        expect(report.area).not.toBeNull()
        expect(Number(value.averageForArea)).toBeCloseTo(
          (consumption / area) * Number(report.area),
          2,
        )
        if (value.consumption === null) continue
        if (typeClass === 'WW')
          expect(Number(value.kwh)).toBeCloseTo(Number(value.consumption) * 125, 3)
        if (typeClass === 'HZ' || typeClass === 'WA') expect(value.kwh).toBe(value.consumption)
      }
    }
    expect(checked).toBeGreaterThan(0)
  })

  it('sums the twelve months per unit in the property overview and flags the far-above ones', async () => {
    const response = await get(
      'verwalter',
      `/api/persistence/connections/${encodeURIComponent(property)}/monthly-consumption`,
    )
    expect(response.statusCode, response.body).toBe(200)
    const overview = PropertyConsumptionSchema.parse(response.json())
    expect(overview).toMatchObject({
      lastMonth,
      firstMonth: addMonthsTo(lastMonth, -11),
      farAbovePercent: 50,
    })
    expect(overview.items.length).toBeGreaterThan(0)
    let summed = 0
    for (const item of overview.items) {
      expect(item.farAboveAverage).toBe((item.percentAboveAverage ?? -1) >= 50)
      // the overview is the unit's, for the manager: compared where one user had all twelve months
      const report = reports.get(item.pointOfDelivery)!
      if (report.months.length < 12) continue
      summed += 1
      const months = report.series.find((s) => s.typeClass === item.typeClass)!.months
      if (months.every((m) => m.consumption !== null)) {
        const sum = months.reduce((total, m) => total + Number(m.consumption), 0)
        expect(Number(item.consumption)).toBeCloseTo(sum, 3)
      } else {
        expect(item.consumption).toBeNull()
      }
    }
    expect(summed).toBeGreaterThan(0)
  })

  it('gives the month as a one-page PDF with the user’s figures', async () => {
    const [pod, report] = [...reports].find(([, r]) =>
      r.series.some((s) => s.months.at(-1)?.month === lastMonth && s.months.at(-1)?.consumption),
    )!
    const response = await get('verwalter', `${unitUrl(pod)}/${lastMonth}/pdf`)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/pdf')
    expect(response.headers['content-disposition']).toContain(`${lastMonth}.pdf`)
    const text = response.rawPayload.toString('latin1')
    expect(pdfProblems(response.rawPayload)).toEqual([])
    expect(text).toContain('/Count 1')
    expect(text).toContain(`(Verbrauchsinformation ${formatMonth(lastMonth)})`)
    expect(text).toContain(`(Nutzer: ${report.user!.name})`)
    for (const series of report.series) {
      const value = series.months.at(-1)!.consumption
      if (value) expect(text).toContain(formatConsumption(value, series.unit))
    }
  })

  it('refuses a malformed month with a German message and a month outside the twelve with 404', async () => {
    const malformed = await get('verwalter', `${unitUrl(units[0]!)}/2026-13/pdf`)
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json<{ detail: string }>().detail).toContain('JJJJ-MM')
    const outside = await get('verwalter', `${unitUrl(units[0]!)}/${addMonthsTo(lastMonth, 1)}/pdf`)
    expect(outside.statusCode).toBe(404)
    expect(outside.json<{ detail: string }>().detail).toBe(
      'Für diesen Monat liegt keine Verbrauchsinformation vor.',
    )
  })
})

describe('a unit whose tenant changed within the twelve months (§6a Abs. 2, §6b)', () => {
  /** The unit, the tenant who moved in within the twelve months and the one before him. */
  let change: {
    pod: string
    property: string
    newPartner: string
    movedIn: string
    oldPartner: string
    movedOut: string
  }

  beforeAll(async () => {
    // the latest tenant change of company code 1000 after the first of the twelve months, in a
    // property whose devices send their values by radio: one tenant's contract ends, the next
    // one's begins the day after
    const result: unknown = await ctx.database.db.execute(sql`
      select n.point_of_delivery as pod, n.property_connection as property,
        n.business_partner as new_partner, n.from::text as moved_in,
        o.business_partner as old_partner, o.until::text as moved_out
      from contracts n
      join contract_accounts na on na.contract_account = n.contract_account
      join contracts o on o.point_of_delivery = n.point_of_delivery and o.until = n.from - 1
      join contract_accounts oa on oa.contract_account = o.contract_account
      where n.company_code = '1000' and na.contract_account_type <> 'VKT'
        and oa.contract_account_type <> 'VKT' and n.business_partner <> o.business_partner
        and n.from > ${`${addMonthsTo(lastMonth, -10)}-01`} and n.from <= ${monthEnd(lastMonth)}
        and exists (select 1 from measurements m where m.point_of_delivery = n.point_of_delivery
          and m.reading_type = 'Funkablesung' and m.reading_date = ${monthEnd(lastMonth)})
      order by n.from desc, n.point_of_delivery limit 1`)
    const [row] = (
      result as {
        rows: {
          pod: string
          property: string
          new_partner: string
          moved_in: string
          old_partner: string
          moved_out: string
        }[]
      }
    ).rows
    expect(row, 'the demo data has a tenant change within the radio months').toBeDefined()
    change = {
      pod: row!.pod,
      property: row!.property,
      newPartner: row!.new_partner,
      movedIn: row!.moved_in,
      oldPartner: row!.old_partner,
      movedOut: row!.moved_out,
    }
  })

  const reportOf = async (partner?: string) => {
    const query = partner ? `?partner=${encodeURIComponent(partner)}` : ''
    const response = await get('verwalter', `${unitUrl(change.pod)}${query}`)
    expect(response.statusCode, response.body).toBe(200)
    return UnitConsumptionSchema.parse(response.json())
  }

  it('answers for the new tenant by default, with no month before his move-in', async () => {
    const report = await reportOf()
    expect(report.user?.businessPartner).toBe(change.newPartner)
    expect(report.users.map((u) => u.businessPartner)).toEqual(
      expect.arrayContaining([change.oldPartner, change.newPartner]),
    )
    const movedInMonth = change.movedIn.slice(0, 7)
    expect(report.months.length).toBeGreaterThan(0)
    expect(report.months.every((m) => m >= movedInMonth)).toBe(true)
    expect(report.series.length).toBeGreaterThan(0)
    for (const series of report.series) {
      for (const month of series.months) {
        expect(month.month >= movedInMonth).toBe(true)
        // his first month has no previous month of his, and no month of a year before is his
        if (addMonthsTo(month.month, -1) < movedInMonth) expect(month.previousMonth).toBeNull()
        expect(month.sameMonthLastYear).toBeNull()
      }
    }
  })

  it('answers for the tenant before him only up to his move-out, never a month after it', async () => {
    const report = await reportOf(change.oldPartner)
    expect(report.user?.businessPartner).toBe(change.oldPartner)
    const movedOutMonth = change.movedOut.slice(0, 7)
    expect(report.months.every((m) => m <= movedOutMonth)).toBe(true)
    for (const series of report.series) {
      for (const month of series.months) expect(month.month <= movedOutMonth).toBe(true)
    }
  })

  it('gives the PDF of a month of the new tenant naming him and his period, and none before', async () => {
    const report = await reportOf()
    const month = report.months.at(-1)!
    const response = await get(
      'verwalter',
      `${unitUrl(change.pod)}/${month}/pdf?partner=${encodeURIComponent(change.newPartner)}`,
    )
    expect(response.statusCode).toBe(200)
    const text = response.rawPayload.toString('latin1')
    expect(text).toContain(`(Nutzer: ${report.user!.name})`)
    // his period begins with his move-in (and may end: a tenancy given notice)
    expect(text).toMatch(
      new RegExp(
        `\\(Nutzungszeitraum: (seit )?${formatDate(change.movedIn).replace(/\./g, '\\.')}`,
      ),
    )
    const old = report.users.find((u) => u.businessPartner === change.oldPartner)!
    expect(text).not.toContain(old.name)
    const before = addMonthsTo(change.movedIn.slice(0, 7), -1)
    const refused = await get(
      'verwalter',
      `${unitUrl(change.pod)}/${before}/pdf?partner=${encodeURIComponent(change.newPartner)}`,
    )
    expect(refused.statusCode).toBe(404)
  })

  it('refuses a business partner who was not a user of the unit in the twelve months', async () => {
    const response = await get('verwalter', `${unitUrl(change.pod)}?partner=P-NOBODY`)
    expect(response.statusCode).toBe(404)
    expect(response.json<{ detail: string }>().detail).toBe(
      'Dieser Geschäftspartner war in den letzten zwölf Monaten nicht Nutzer dieser Nutzeinheit.',
    )
  })
})

describe('heat cost allocators in kWh', () => {
  it('converts the units with the property’s heat over all its allocators’ units of a year', async () => {
    const year = Number(lastMonth.slice(0, 4)) - (lastMonth.endsWith('-12') ? 0 : 1)
    const start = `${year - 1}-12-31`
    const end = `${year}-12-31`
    // a radio property of 1000 with allocators
    const result: unknown = await ctx.database.db.execute(sql`
      select distinct m.point_of_delivery as pod, m.property_connection as property
      from measurements m join devices d on d.key = m.device
      where m.company_code = '1000' and d.type_class = 'HV' and m.reading_type = 'Funkablesung'
        and m.reading_date = ${monthEnd(lastMonth)}
      order by 2, 1`)
    const rows = (result as { rows: { pod: string; property: string }[] }).rows
    expect(rows.length).toBeGreaterThan(0)
    // the year's heat and units: values at the year's ends, or at a device's installation or removal
    const yearly: unknown = await ctx.database.db.execute(sql`
      select (sum(e.reading - s.reading) filter (where a.main_meter and d.type_class = 'HZ'))::text as heat,
        (sum(e.reading - s.reading) filter (where not a.main_meter and d.type_class = 'HV'))::text as units,
        count(*) filter (where d.type_class = 'HV' and not a.main_meter and (s.reading is null or e.reading is null)) as incomplete
      from devices d
      join device_assignments a on a.device = d.key
      left join measurements s on s.device = d.key
        and s.reading_date = greatest(${start}::date, coalesce(d.installation_date, ${start}::date))
      left join measurements e on e.device = d.key
        and e.reading_date = least(${end}::date, coalesce(d.removal_date, ${end}::date))
      where d.property_connection = ${rows[0]!.property} and d.type_class in ('HZ', 'HV')
        and (d.installation_date is null or d.installation_date <= ${end})
        and (d.removal_date is null or d.removal_date > ${start})`)
    const [totals] = (yearly as { rows: { heat: string; units: string; incomplete: string }[] })
      .rows
    const response = await get('verwalter', unitUrl(rows[0]!.pod))
    const report = UnitConsumptionSchema.parse(response.json())
    const series = report.series.find((s) => s.typeClass === 'HV')!
    expect(series.kwhBasisYear).toBe(year)
    expect(Number(totals!.incomplete)).toBe(0)
    expect(series.kwhPerUnit).toBeCloseTo(Number(totals!.heat) / Number(totals!.units), 4)
    for (const month of series.months) {
      if (month.consumption === null) continue
      expect(Number(month.kwh)).toBeCloseTo(Number(month.consumption) * series.kwhPerUnit!, 2)
    }
  })
})

describe('visibility', () => {
  it('hides a unit, its PDF and the overview from another customer and from another owner', async () => {
    for (const user of ['fremd', 'eigentuemer']) {
      for (const url of [
        unitUrl(units[0]!),
        `${unitUrl(units[0]!)}/${lastMonth}/pdf`,
        `/api/persistence/connections/${encodeURIComponent(property)}/monthly-consumption`,
      ]) {
        const response = await get(user, url)
        expect(response.statusCode, `${user} ${url}`).toBe(404)
        expect(response.body).not.toContain(units[0]!)
      }
    }
  })

  it('shows an owner the months of a unit of his own property', async () => {
    const owned = await ownedPropertiesOf(ctx, 'eigentuemer')
    const [own] = await ctx.database.db
      .select({ pod: pointsOfDelivery.pointOfDelivery })
      .from(pointsOfDelivery)
      .where(inArray(pointsOfDelivery.propertyConnection, owned))
      .limit(1)
    const response = await get('eigentuemer', unitUrl(own!.pod))
    expect(response.statusCode).toBe(200)
    expect(UnitConsumptionSchema.parse(response.json()).pointOfDelivery).toBe(own!.pod)
  })
})
