/**
 * Issue 16: the monthly consumption information (§6a HeizkostenV) of the seeded radio properties:
 * a unit's months against the readings in the database, the property's average, the overview, the
 * PDF, and that no other customer or owner learns anything of it.
 */
import {
  PropertyConsumptionSchema,
  UnitConsumptionSchema,
  addMonthsTo,
  formatConsumption,
  formatMonth,
  lastCompleteMonth,
  monthEnd,
  type UnitConsumption,
} from '@portal/domain'
import { and, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connections, objectAttributes, pointsOfDelivery } from '../../src/persistence/schema'
import { pdfProblems } from '../../src/files/pdf-structure'
import { berlinToday } from '../../src/seed/calendar'
import { createTestContext, ownedPropertiesOf, type TestContext } from '../helper'

let ctx: TestContext
const as: Record<string, { authorization: string }> = {}
const lastMonth = lastCompleteMonth(berlinToday())
/** A radio property of company code 1000 that eigentuemer does not own, and its units. */
let property: string
let units: string[]

const get = (user: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: as[user] })
const unitUrl = (pod: string) =>
  `/api/persistence/points-of-delivery/${encodeURIComponent(pod)}/monthly-consumption`

beforeAll(async () => {
  ctx = await createTestContext()
  for (const user of ['verwalter', 'eigentuemer', 'fremd']) as[user] = await ctx.login(user)
  const { db } = ctx.database
  const owned = await ownedPropertiesOf(ctx, 'eigentuemer')
  // the property with the most units among those whose readings came by radio last month
  const [radio] = await db
    .select({ connection: connections.connection })
    .from(connections)
    .where(
      and(
        eq(connections.companyCode, '1000'),
        isNull(connections.parentConnection),
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
afterAll(() => ctx.close())

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
  let reports: Map<string, UnitConsumption>

  beforeAll(async () => {
    reports = new Map()
    for (const pod of units) {
      const response = await get('verwalter', unitUrl(pod))
      expect(response.statusCode, response.body).toBe(200)
      reports.set(pod, UnitConsumptionSchema.parse(response.json()))
    }
  })

  it('covers the last twelve complete months', () => {
    for (const report of reports.values()) {
      expect(report.months).toHaveLength(12)
      expect(report.months.at(-1)).toBe(lastMonth)
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
        const series = reports.get(row.pod)!.series.find((s) => s.typeClass === row.type_class)
        expect(series, `${row.pod} ${row.type_class}`).toBeDefined()
        expect(Number(series!.months.at(-1)![pick])).toBe(Number(row.consumption))
        compared += 1
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
    const classes = new Set([...reports.values()].flatMap((r) => r.series.map((s) => s.typeClass)))
    expect(classes.size).toBeGreaterThan(0)
    for (const typeClass of classes) {
      let consumption = 0
      let area = 0
      for (const [pod, report] of reports) {
        const value = report.series.find((s) => s.typeClass === typeClass)?.months.at(-1)
        if (!value?.consumption || !areas.get(pod)) continue
        consumption += Number(value.consumption)
        area += areas.get(pod)!
        if (typeClass === 'WW')
          expect(Number(value.kwh)).toBeCloseTo(Number(value.consumption) * 125, 3)
        if (typeClass === 'HV') expect(value.kwh).toBeNull()
        if (typeClass === 'HZ' || typeClass === 'WA') expect(value.kwh).toBe(value.consumption)
      }
      for (const report of reports.values()) {
        const value = report.series.find((s) => s.typeClass === typeClass)?.months.at(-1)
        if (!value) continue
        expect(Number(value.propertyAveragePerSquareMetre)).toBeCloseTo(consumption / area, 3)
        expect(report.area).not.toBeNull()
        expect(Number(value.averageForArea)).toBeCloseTo(
          (consumption / area) * Number(report.area),
          2,
        )
      }
    }
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
    for (const item of overview.items) {
      const months = reports
        .get(item.pointOfDelivery)!
        .series.find((s) => s.typeClass === item.typeClass)!.months
      if (months.every((m) => m.consumption !== null)) {
        const sum = months.reduce((total, m) => total + Number(m.consumption), 0)
        expect(Number(item.consumption)).toBeCloseTo(sum, 3)
      } else {
        expect(item.consumption).toBeNull()
      }
      expect(item.farAboveAverage).toBe((item.percentAboveAverage ?? -1) >= 50)
    }
  })

  it('gives the month as a one-page PDF with the unit’s figures', async () => {
    const [pod, report] = [...reports].find(([, r]) =>
      r.series.some((s) => s.months.at(-1)?.consumption),
    )!
    const response = await get('verwalter', `${unitUrl(pod)}/${lastMonth}/pdf`)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/pdf')
    expect(response.headers['content-disposition']).toContain(`${lastMonth}.pdf`)
    const text = response.rawPayload.toString('latin1')
    expect(pdfProblems(response.rawPayload)).toEqual([])
    expect(text).toContain('/Count 1')
    expect(text).toContain(`(Verbrauchsinformation ${formatMonth(lastMonth)})`)
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
