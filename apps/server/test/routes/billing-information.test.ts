/**
 * Decision 067: the annual billing information of § 6a Abs. 3 HeizkostenV. The manager reads it for
 * every unit of a distribution he sees, a resident for his own tenancy's billed periods only; the
 * figures follow the lines, the degree days and the readings in the database; another customer
 * and a predecessor learn nothing.
 */
import {
  BillingInformationSchema,
  ResidentBillingPeriodsSchema,
  type BillingInformation,
} from '@portal/domain'
import { and, asc, eq, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  contracts,
  degreeDays,
  operatingCostsDistributions,
  operatingCostsExpenses,
  users,
} from '../../src/platform/persistence/schema'
import { useTestContext } from '../helper'

const { ctx, as } = useTestContext(['verwalter', 'fremd', 'bewohner'])
const BASE = '/api/persistence/operating-costs'

const get = (user: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: as[user] })

/** The newest approved distribution of company 1000 whose property has degree days. */
async function approvedDistribution() {
  const rows = await ctx.database.db
    .select({
      id: operatingCostsDistributions.operatingCostsDistribution,
      property: operatingCostsDistributions.propertyConnection,
      from: operatingCostsDistributions.from,
      until: operatingCostsDistributions.until,
      degreeDayMonths: sql<number>`(select count(*)::int from ${degreeDays} d where d.property_connection = ${operatingCostsDistributions.propertyConnection})`,
    })
    .from(operatingCostsDistributions)
    .where(
      and(
        eq(operatingCostsDistributions.companyCode, '1000'),
        inArray(operatingCostsDistributions.operatingCostsDistributionStatus, ['G', 'V']),
        sql`exists (select 1 from ${operatingCostsExpenses} e where e.operating_costs_distribution = ${operatingCostsDistributions.operatingCostsDistribution} and e.tariff_component = 'HK_BRENNSTOFF')`,
      ),
    )
    .orderBy(
      asc(operatingCostsDistributions.until),
      asc(operatingCostsDistributions.propertyConnection),
    )
  const row = rows.findLast((r) => r.degreeDayMonths > 0)
  expect(row, 'an approved distribution with degree days').toBeDefined()
  return row!
}

async function readAsManager(id: string, query = ''): Promise<BillingInformation> {
  const response = await get('verwalter', `${BASE}/${id}/billing-information${query}`)
  expect(response.statusCode, response.body).toBe(200)
  return BillingInformationSchema.parse(response.json())
}

const cents = (value: string) => Math.round(Number(value) * 100)

describe('GET billing-information (manager)', () => {
  it('gives the carriers, the VAT of the fuel lines and the metering fees of the lines', async () => {
    const distribution = await approvedDistribution()
    const info = await readAsManager(distribution.id)
    expect(info.provisional).toBe(false)
    const shares = info.energyCarriers.reduce((sum, c) => sum + Number(c.sharePercent), 0)
    expect(shares.toFixed(1)).toBe('100.0')

    const lines = await ctx.database.db
      .select()
      .from(operatingCostsExpenses)
      .where(
        and(
          eq(operatingCostsExpenses.operatingCostsDistribution, distribution.id),
          eq(operatingCostsExpenses.kind, 'heating'),
        ),
      )
    const fuel = lines.filter((l) => l.tariffComponent === 'HK_BRENNSTOFF')
    expect(fuel.every((l) => l.amountNet !== null)).toBe(true)
    const vat = fuel.reduce(
      (sum, l) => sum + cents(l.amountTransactionCurrency!) - cents(l.amountNet!),
      0,
    )
    expect(cents(info.taxes.vat!)).toBe(vat)
    expect(info.taxes.co2Cost).toMatch(/^\d+\.\d\d$/)
    expect(info.taxes.energyTax.length).toBeGreaterThan(0)

    // the device rent (bved 300) and the service fee (bved 227) of the demo catalogue
    const fees = lines
      .filter((l) => ['HK_GERAETEMIETE', 'HK_DLP'].includes(l.tariffComponent))
      .reduce((sum, l) => sum + cents(l.amountTransactionCurrency!), 0)
    expect(fees).toBeGreaterThan(0)
    expect(cents(info.meteringFees.total)).toBe(fees)
    expect(info.meteringFees.kinds.map((k) => k.kind)).toEqual(['rent', 'readingAndBilling'])

    // the customer configuration's contacts and text (alpha-waerme)
    expect(info.consumerAdvice.map((c) => c.name)).toContain('Deutsche Energie-Agentur (dena)')
    expect(info.disputeResolution.join(' ')).toContain('VSBG')
  })

  it('adjusts the heating energy by the degree days of the period’s months', async () => {
    const distribution = await approvedDistribution()
    const info = await readAsManager(distribution.id)
    const user = info.user!
    expect(user).not.toBeNull()
    const days = await ctx.database.db
      .select()
      .from(degreeDays)
      .where(
        and(
          eq(degreeDays.propertyConnection, distribution.property),
          gte(degreeDays.month, user.current.from.slice(0, 7)),
          lte(degreeDays.month, user.current.until.slice(0, 7)),
        ),
      )
    const actual = days.reduce((sum, d) => sum + Number(d.degreeDays), 0)
    const longTerm = days.reduce((sum, d) => sum + Number(d.longTermDegreeDays), 0)
    expect(Number(user.current.weatherFactor)).toBeCloseTo(longTerm / actual, 4)
    expect(user.weatherNote).toBeNull()
    expect(user.current.heatingKwh).not.toBeNull()
    expect(Number(user.current.heatingKwhWeatherAdjusted)).toBeCloseTo(
      Number(user.current.heatingKwh) * (longTerm / actual),
      0,
    )
    // every unit of the property may be chosen; the figures follow the choice
    expect(info.units.length).toBeGreaterThan(1)
    const second = info.units[1]!.pointOfDelivery
    const other = await readAsManager(distribution.id, `?pointOfDelivery=${second}`)
    expect(other.user?.pointOfDelivery).toBe(second)
    expect(other.user?.average).toEqual(
      user.pointOfDelivery === second ? user.average : other.user!.average,
    )
  })

  it('says so where a month of the period has no degree days, also right after a read', async () => {
    const distribution = await approvedDistribution()
    expect((await readAsManager(distribution.id)).user!.weatherNote).toBeNull()
    // a change outside the server (the provider's import, a fix in SQL) is seen at once
    await ctx.database.db
      .delete(degreeDays)
      .where(
        and(
          eq(degreeDays.propertyConnection, distribution.property),
          eq(degreeDays.month, distribution.until.slice(0, 7)),
        ),
      )
    const info = await readAsManager(distribution.id)
    expect(info.user!.current.heatingKwhWeatherAdjusted).toBeNull()
    expect(info.user!.weatherNote).toContain('keine Gradtagzahlen')
  })

  it('is 404 for another customer and for a unit of another property', async () => {
    const distribution = await approvedDistribution()
    const foreign = await get('fremd', `${BASE}/${distribution.id}/billing-information`)
    expect(foreign.statusCode).toBe(404)
    expect(foreign.body).not.toContain(distribution.property)
    const [elsewhere] = await ctx.database.db
      .select({ unit: contracts.pointOfDelivery })
      .from(contracts)
      .where(
        and(
          eq(contracts.companyCode, '1000'),
          sql`${contracts.propertyConnection} <> ${distribution.property}`,
        ),
      )
      .limit(1)
    const wrongUnit = await get(
      'verwalter',
      `${BASE}/${distribution.id}/billing-information?pointOfDelivery=${elsewhere!.unit}`,
    )
    expect(wrongUnit.statusCode).toBe(404)
  })
})

describe('GET /api/residents/billing-information', () => {
  it('offers the demo resident nothing of the periods before his move-in', async () => {
    const list = await get('bewohner', '/api/residents/billing-information')
    expect(list.statusCode).toBe(200)
    expect(ResidentBillingPeriodsSchema.parse(list.json()).items).toEqual([])
    const [own] = await ctx.database.db
      .select({ property: contracts.propertyConnection })
      .from(users)
      .innerJoin(contracts, eq(contracts.key, users.residentContract))
      .where(eq(users.userName, 'bewohner'))
    const [before] = await ctx.database.db
      .select({ id: operatingCostsDistributions.operatingCostsDistribution })
      .from(operatingCostsDistributions)
      .where(
        and(
          eq(operatingCostsDistributions.propertyConnection, own!.property),
          inArray(operatingCostsDistributions.operatingCostsDistributionStatus, ['G', 'V']),
        ),
      )
      .limit(1)
    expect(before).toBeDefined()
    const answer = await get('bewohner', `/api/residents/billing-information/${before!.id}`)
    expect(answer.statusCode).toBe(404)
  })

  it('gives a long-standing resident his own figures only, the same the manager sees for him', async () => {
    const distribution = await approvedDistribution()
    // a contract that ran through the whole period and the one before it
    const [tenant] = await ctx.database.db
      .select({
        key: contracts.key,
        unit: contracts.pointOfDelivery,
        partner: contracts.businessPartner,
      })
      .from(contracts)
      .where(
        and(
          eq(contracts.propertyConnection, distribution.property),
          lte(contracts.from, `${Number(distribution.from.slice(0, 4)) - 1}-01-01`),
          sql`(${contracts.until} is null or ${contracts.until} >= ${distribution.until})`,
          isNotNull(contracts.businessPartner),
          sql`exists (select 1 from contract_accounts a where a.contract_account = ${contracts.contractAccount} and a.contract_account_type <> 'VKT')`,
        ),
      )
      .orderBy(asc(contracts.key))
      .limit(1)
    expect(tenant).toBeDefined()
    await ctx.database.db
      .update(users)
      .set({ residentContract: tenant!.key })
      .where(eq(users.userName, 'bewohner'))

    const list = ResidentBillingPeriodsSchema.parse(
      (await get('bewohner', '/api/residents/billing-information')).json(),
    )
    expect(list.items.map((i) => i.operatingCostsDistribution)).toContain(distribution.id)
    const answer = await get('bewohner', `/api/residents/billing-information/${distribution.id}`)
    expect(answer.statusCode, answer.body).toBe(200)
    const info = BillingInformationSchema.parse(answer.json())
    expect(info.units).toEqual([
      { pointOfDelivery: tenant!.unit, reference: info.units[0]!.reference },
    ])
    expect(info.user!.pointOfDelivery).toBe(tenant!.unit)
    expect(info.user!.previous).not.toBeNull()
    expect(info.user!.heatingChangePercent).toMatch(/^-?\d+\.\d$/)
    const manager = await readAsManager(
      distribution.id,
      `?pointOfDelivery=${tenant!.unit}&partner=${tenant!.partner}`,
    )
    expect(info.user).toEqual(manager.user)
    // the manager's routes stay closed to him
    const managers = await get('bewohner', `${BASE}/${distribution.id}/billing-information`)
    expect(managers.statusCode).toBe(404)
  })
})
