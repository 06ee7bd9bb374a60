/**
 * Decision 032: the CO2 split is computed on the server from the fuel lines, the master
 * data and the stored corrections, with the domain's rules; corrections are idempotent, audited and
 * in the changes feed; a landlord's CO2 line that differs from the split is refused unless it says
 * why; another customer learns nothing.
 */
import { co2Split, Co2SplitAnswerSchema, type Co2SplitAnswer } from '@portal/domain'
import { and, desc, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { readChanges } from '../../src/modules/provider/changes'
import {
  auditLog,
  co2SplitInputs,
  objectAttributes,
  operatingCostsDistributions,
  operatingCostsExpenses,
} from '../../src/platform/persistence/schema'
import { openDistributionWithLine } from '../expense-lines'
import { useTestContext, firstOf1000 } from '../helper'

const { ctx, as } = useTestContext(['verwalter', 'fremd'])
/** An open distribution of company 1000 whose property burns natural gas. */
let gas: string
let gasConnection: string
const BASE = '/api/persistence/operating-costs'
let keys = 0

const call = (
  method: 'GET' | 'PUT' | 'POST' | 'PATCH',
  url: string,
  payload?: object,
  user = 'verwalter',
  key = `co2-${++keys}`,
) =>
  ctx.app.inject({
    method,
    url,
    headers: { ...as[user], ...(method === 'GET' ? {} : { 'idempotency-key': key }) },
    ...(payload === undefined ? {} : { payload }),
  })

beforeAll(async () => {
  const { distribution } = await openDistributionWithLine(
    ctx,
    eq(operatingCostsExpenses.energyCarrier, 'ERDGAS_H'),
  )
  gas = distribution.operatingCostsDistribution
  gasConnection = distribution.connection
})

async function splitOf(id: string, user = 'verwalter'): Promise<Co2SplitAnswer> {
  const response = await call('GET', `${BASE}/${id}/co2-split`, undefined, user)
  expect(response.statusCode, response.body).toBe(200)
  return Co2SplitAnswerSchema.parse(response.json())
}

describe('GET co2-split', () => {
  it('answers the domain’s figures for the distribution’s fuel lines and master data', async () => {
    const db = ctx.database.db
    const [distribution] = await db
      .select()
      .from(operatingCostsDistributions)
      .where(eq(operatingCostsDistributions.operatingCostsDistribution, gas))
    const fuels = await db
      .select()
      .from(operatingCostsExpenses)
      .where(
        and(
          eq(operatingCostsExpenses.operatingCostsDistribution, gas),
          eq(operatingCostsExpenses.tariffComponent, 'HK_BRENNSTOFF'),
        ),
      )
    const [living] = await db
      .select({ value: objectAttributes.value })
      .from(objectAttributes)
      .where(and(eq(objectAttributes.objectKey, gasConnection), eq(objectAttributes.name, 'WF')))
    const expected = co2Split({
      fuels: fuels.map((line) => ({
        energyCarrier: 'ERDGAS_H',
        quantity: line.quantity!,
        from: line.from!,
        until: line.until!,
      })),
      emissionsKgInvoice: null,
      co2CostInvoice: null,
      areaKind: 'WF',
      areaSquareMetres: living!.value,
      from: distribution!.from,
      until: distribution!.until,
      residential: true,
      restriction: 'none',
    })
    const split = await splitOf(gas)
    expect(split).toMatchObject({
      energyCarrier: 'ERDGAS_H',
      quantityUnit: 'kWh',
      heatingValueBasis: 'Hs',
      emissionFactor: '0.181081',
      energyCarrierAssumed: false,
      emissionsKg: expected.emissionsKg,
      areaKind: 'WF',
      areaSquareMetres: living!.value,
      kgPerSquareMetreYear: expected.kgPerSquareMetreYear,
      stage: expected.stage,
      landlordPercent: expected.landlordPercent,
      co2Cost: expected.co2Cost,
      co2CostSource: 'price',
      landlordAmount: expected.landlordAmount,
      tenantAmount: expected.tenantAmount,
      steps: expected.steps,
      missing: [],
      version: 0,
    })
    // the seed records the landlord's share as the credit the split asks for
    expect(split.enteredLandlordLine).toBe(split.expectedLandlordLine)
    expect(split.kgPerSquareMetreYear).toMatch(/^\d+\.\d$/)
    expect(split.co2Cost).toMatch(/^\d+\.\d\d$/)
  })

  it('is 404 for another customer’s user, with nothing of the distribution in the answer', async () => {
    const response = await call('GET', `${BASE}/${gas}/co2-split`, undefined, 'fremd')
    expect(response.statusCode).toBe(404)
    expect(response.body).not.toContain(gas)
    const put = await call('PUT', `${BASE}/${gas}/co2-split`, { restriction: 'half' }, 'fremd')
    expect(put.statusCode).toBe(404)
    const [stored] = await ctx.database.db
      .select()
      .from(co2SplitInputs)
      .where(eq(co2SplitInputs.operatingCostsDistribution, gas))
    expect(stored).toBeUndefined()
  })
})

describe('PUT co2-split', () => {
  it('stores corrections once per key, audits them, feeds them, and takes defaults back with null', async () => {
    const before = await splitOf(gas)
    const body = { co2CostInvoice: '1000.00', restriction: 'half' }
    const first = await call('PUT', `${BASE}/${gas}/co2-split`, body, 'verwalter', 'same-key')
    expect(first.statusCode, first.body).toBe(200)
    const again = await call('PUT', `${BASE}/${gas}/co2-split`, body, 'verwalter', 'same-key')
    expect(again.body).toBe(first.body)
    const split = Co2SplitAnswerSchema.parse(first.json())
    expect(split.co2Cost).toBe('1000.00')
    expect(split.co2CostSource).toBe('invoice')
    expect(split.restriction).toBe('half')
    expect(split.landlordPercent).toBe(before.landlordPercent! / 2)
    expect(split.version).toBe(1)
    expect(split.steps.some((step) => step.includes('§ 9 Abs. 1 S. 1'))).toBe(true)

    const entries = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'CO2_SPLIT_UPDATED'), eq(auditLog.entityKey, gas)))
    expect(entries).toHaveLength(1)
    expect(entries[0]!.after).toMatchObject({ co2CostInvoice: '1000.00', restriction: 'half' })
    expect(entries[0]!.before).toMatchObject({ co2CostInvoice: null, restriction: null })

    const feed = await readChanges(ctx.database.db)
    const event = feed.items.find((item) => item.action === 'CO2_SPLIT_UPDATED')
    expect(event).toMatchObject({
      action: 'CO2_SPLIT_UPDATED',
      companyCode: '1000',
      data: {
        operatingCostsDistribution: gas,
        corrections: { co2CostInvoice: '1000.00', restriction: 'half' },
        previous: { co2CostInvoice: null },
      },
    })

    const reset = await call('PUT', `${BASE}/${gas}/co2-split`, {
      co2CostInvoice: null,
      restriction: null,
    })
    expect(reset.statusCode).toBe(200)
    const back = Co2SplitAnswerSchema.parse(reset.json())
    expect(back.co2Cost).toBe(before.co2Cost)
    expect(back.landlordAmount).toBe(before.landlordAmount)
    expect(back.version).toBe(2)
  })

  it('takes the invoice’s kg and a corrected carrier and quantity', async () => {
    const invoice = await call('PUT', `${BASE}/${gas}/co2-split`, { emissionsKgInvoice: '30000' })
    expect(Co2SplitAnswerSchema.parse(invoice.json())).toMatchObject({
      emissionsKg: '30000.0',
      emissionsSource: 'invoice',
    })
    const oil = await call('PUT', `${BASE}/${gas}/co2-split`, {
      emissionsKgInvoice: null,
      energyCarrier: 'HEIZOEL_EL',
      quantity: '10000',
    })
    expect(Co2SplitAnswerSchema.parse(oil.json())).toMatchObject({
      energyCarrier: 'HEIZOEL_EL',
      quantityUnit: 'l',
      emissionsKg: '26640.0',
    })
    await call('PUT', `${BASE}/${gas}/co2-split`, { energyCarrier: null, quantity: null })
  })

  it('refuses malformed corrections with a German message naming the field', async () => {
    for (const [body, field] of [
      [{ co2CostInvoice: '-5' }, 'co2CostInvoice'],
      [{ quantity: '12,5' }, 'quantity'],
      [{ energyCarrier: 'KERNKRAFT' }, 'energyCarrier'],
      [{ restriction: 'viertel' }, 'restriction'],
      [{ stage: 3 }, undefined],
    ] as const) {
      const response = await call('PUT', `${BASE}/${gas}/co2-split`, body)
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
      const answer = response.json<{ detail: string; field?: string }>()
      if (field) expect(answer.field).toBe(field)
      expect(answer.detail).toMatch(/[äöüÄÖÜß]|ist|sind|Bitte|Format|nicht/)
    }
  })

  it('refuses a fuel quantity that is not above zero, and negative invoice figures, at the field', async () => {
    for (const [body, field, detail] of [
      [{ quantity: '-100' }, 'quantity', 'Die Brennstoffmenge muss größer als 0 sein.'],
      [{ quantity: '0' }, 'quantity', 'Die Brennstoffmenge muss größer als 0 sein.'],
      [{ quantity: '1.2345' }, 'quantity', 'Höchstens 3 Nachkommastellen.'],
      [
        { emissionsKgInvoice: '-1' },
        'emissionsKgInvoice',
        'Der Wert laut Rechnung darf nicht negativ sein.',
      ],
      [{ co2CostInvoice: '12.345' }, 'co2CostInvoice', 'Höchstens 2 Nachkommastellen.'],
    ] as const) {
      const response = await call('PUT', `${BASE}/${gas}/co2-split`, body)
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
      expect(response.json()).toMatchObject({ field, detail })
    }
    expect(
      (await call('PUT', `${BASE}/${gas}/co2-split`, { emissionsKgInvoice: '0' })).statusCode,
    ).toBe(200)
    await call('PUT', `${BASE}/${gas}/co2-split`, { emissionsKgInvoice: null })
  })

  it('refuses a negative quantity on a fuel line and too many decimals in an amount', async () => {
    const [fuel] = await ctx.database.db
      .select({ guid: operatingCostsExpenses.guid, version: operatingCostsExpenses.version })
      .from(operatingCostsExpenses)
      .where(
        and(
          eq(operatingCostsExpenses.operatingCostsDistribution, gas),
          eq(operatingCostsExpenses.tariffComponent, 'HK_BRENNSTOFF'),
        ),
      )
    const url = `${BASE}/${gas}/heating-expenses/${fuel!.guid}`
    const negative = await call('PATCH', url, { quantity: '-1500', version: fuel!.version })
    expect(negative.statusCode, negative.body).toBe(400)
    expect(negative.json()).toMatchObject({
      field: 'quantity',
      detail: 'Die Brennstoffmenge darf nicht negativ sein.',
    })
    const decimals = await call('PATCH', url, {
      amountTransactionCurrency: '12.345',
      version: fuel!.version,
    })
    expect(decimals.statusCode, decimals.body).toBe(400)
    expect(decimals.json()).toMatchObject({
      field: 'amountTransactionCurrency',
      detail: 'Höchstens 2 Nachkommastellen.',
    })
  })

  it('answers 409 once the costs are confirmed', async () => {
    const released = await firstOf1000(
      ctx,
      operatingCostsDistributions.operatingCostsDistribution,
      sql`${operatingCostsDistributions.operatingCostsDistributionStatus} <> 'O'`,
    )
    const response = await call('PUT', `${BASE}/${released}/co2-split`, { restriction: 'half' })
    expect(response.statusCode).toBe(409)
  })
})

describe('the landlord’s CO2 line is checked against the split', () => {
  /** A credit of 1 EUR with its net parts, which the amounts' plausibility asks to fit. */
  const ONE_EURO_CREDIT = {
    amountTransactionCurrency: '-1.00',
    apportionableAmount: '-1.00',
    amountNet: '-0.84',
    amountNetApportionable: '-0.84',
  }

  async function co2Line(): Promise<{ guid: string; version: number }> {
    const [line] = await ctx.database.db
      .select({ guid: operatingCostsExpenses.guid, version: operatingCostsExpenses.version })
      .from(operatingCostsExpenses)
      .where(
        and(
          eq(operatingCostsExpenses.operatingCostsDistribution, gas),
          eq(operatingCostsExpenses.tariffComponent, 'HK_CO2'),
        ),
      )
    return line!
  }

  it('refuses a change that differs, naming the field and the expected credit', async () => {
    const { guid, version } = await co2Line()
    const split = await splitOf(gas)
    const response = await call('PATCH', `${BASE}/${gas}/heating-expenses/${guid}`, {
      ...ONE_EURO_CREDIT,
      version,
    })
    expect(response.statusCode).toBe(400)
    const answer = response.json<{ detail: string; code: string; field: string }>()
    expect(answer.code).toBe('CO2_LINE_DIFFERS')
    expect(answer.field).toBe('amountTransactionCurrency')
    const expected = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(
      Number(split.expectedLandlordLine),
    )
    expect(answer.detail).toContain(`erwartet ${expected}`)
  })

  it('records a differing line with a reason, which the audit log keeps', async () => {
    const { guid, version } = await co2Line()
    const response = await call('PATCH', `${BASE}/${gas}/heating-expenses/${guid}`, {
      ...ONE_EURO_CREDIT,
      co2DeviationReason: 'Abschlagsrechnung, Endabrechnung folgt',
      version,
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).not.toHaveProperty('co2DeviationReason')
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'EXPENSE_UPDATED'), eq(auditLog.entityKey, guid)))
      .orderBy(desc(auditLog.id))
      .limit(1)
    expect(entry!.after).toMatchObject({
      amountTransactionCurrency: '-1.00',
      co2DeviationReason: 'Abschlagsrechnung, Endabrechnung folgt',
    })
  })

  it('accepts the expected credit without a reason', async () => {
    const { guid, version } = await co2Line()
    const split = await splitOf(gas)
    const response = await call('PATCH', `${BASE}/${gas}/heating-expenses/${guid}`, {
      amountTransactionCurrency: split.expectedLandlordLine,
      apportionableAmount: split.expectedLandlordLine,
      amountNet: split.expectedLandlordLine,
      amountNetApportionable: split.expectedLandlordLine,
      version,
    })
    expect(response.statusCode, response.body).toBe(200)
    expect((await splitOf(gas)).enteredLandlordLine).toBe(split.expectedLandlordLine)
  })
})
