/** Decision 061: a distribution's costs taken over from a bved DTK file, and written as one. */
import {
  BvedCostPreviewSchema,
  readBvedFile,
  writeBvedFile,
  writeRecord,
  type BvedRecord,
} from '@portal/domain'
import { and, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  bvedCostImports,
  connections,
  co2SplitInputs,
  operatingCostsDistributions,
  operatingCostsExpenses,
} from '../../src/platform/persistence/schema'
import { multipart } from '../fixtures/files'
import { useTestContext } from '../helper'

const { ctx, as } = useTestContext()

interface Target {
  id: string
  propertyNumber: string
  from: string
  until: string
}

let target: Target

beforeAll(async () => {
  for (const user of ['verwalter', 'fremd']) as[user] = await ctx.login(user)
  // an open heating distribution of company code 1000 whose property has a billing number
  const [row] = await ctx.database.db
    .select({
      id: operatingCostsDistributions.operatingCostsDistribution,
      propertyNumber: connections.bvedPropertyNumber,
      from: operatingCostsDistributions.from,
      until: operatingCostsDistributions.until,
    })
    .from(operatingCostsDistributions)
    .innerJoin(
      connections,
      eq(connections.connection, operatingCostsDistributions.propertyConnection),
    )
    .where(
      and(
        eq(operatingCostsDistributions.companyCode, '1000'),
        eq(operatingCostsDistributions.operatingCostsDistributionStatus, 'O'),
        sql`${connections.bvedPropertyNumber} is not null`,
        sql`exists (select 1 from ${operatingCostsExpenses} e where e.operating_costs_distribution = ${operatingCostsDistributions.operatingCostsDistribution} and e.kind = 'heating')`,
      ),
    )
    .orderBy(operatingCostsDistributions.operatingCostsDistribution)
    .limit(1)
  expect(row).toBeDefined()
  target = row as Target
})

const header = () => ({
  argeVersion: '03.05',
  customerNumber: '4711',
  propertyNumber: target.propertyNumber,
})

/** A DTK file for the target: heating oil with its stocks, a delivery, a service and water. */
function demoFile(extra: BvedRecord[] = []): Buffer {
  const cost = (values: Record<string, string | null>) =>
    writeRecord('K', {
      ...header(),
      costScope: 'H',
      invoiceDate: target.until,
      taxServiceKey: '00',
      fuelSlot: '1',
      ...values,
    })
  return Buffer.from(
    writeBvedFile([
      writeRecord('B', {
        ...header(),
        currency: 'EUR',
        billingPeriodStart: target.from,
        billingPeriodEnd: target.until,
        fuelKey: '111',
        openingStockDate: target.from,
        openingStockQuantity: '2000',
        openingStockGross: '2100.00',
        closingStockDate: target.until,
        closingStockQuantity: '500',
        closingStockGross: '600.00',
        fuelSlot: '1',
      }),
      cost({ costTypeKey: '201', quantity: '3000', amountGross: '3150.00', amountNet: '2647.06' }),
      cost({
        costTypeKey: '221',
        amountGross: '357.00',
        taxServiceKey: '13',
        labourCostGross: '200.00',
      }),
      ...extra,
    ]),
  )
}

const url = (query = '') => `/api/persistence/operating-costs/${target.id}/bved-costs${query}`

function send(user: string, content: Buffer, query = '', key?: string) {
  const form = multipart({}, { fileName: 'DTK305_20260115120000.DAT', content })
  return ctx.app.inject({
    method: 'POST',
    url: url(query),
    headers: { ...as[user], ...form.headers, ...(key ? { 'idempotency-key': key } : {}) },
    payload: form.payload,
  })
}

const lineCount = async () => {
  const [row] = await ctx.database.db
    .select({ count: sql<number>`count(*)::int` })
    .from(operatingCostsExpenses)
    .where(eq(operatingCostsExpenses.operatingCostsDistribution, target.id))
  return row!.count
}

describe('POST bved-costs', () => {
  it('previews the lines of each record and writes nothing', async () => {
    const before = await lineCount()
    const response = await send('verwalter', demoFile(), '?dryRun=true')
    expect(response.statusCode, response.body).toBe(200)
    const preview = BvedCostPreviewSchema.parse(response.json())
    expect(preview).toMatchObject({ dryRun: true, clean: true, created: 0, alreadyImported: false })
    expect(
      preview.records.map((record) => [record.line, record.type, record.lines.length]),
    ).toEqual([
      [1, 'B', 2],
      [2, 'K', 1],
      [3, 'K', 1],
    ])
    const [delivery] = preview.records[1]!.lines
    expect(delivery).toMatchObject({
      tariffComponent: 'HK_BRENNSTOFF',
      quantity: '3000.000',
      unit: 'l',
      energyCarrier: 'HEIZOEL_EL',
      amountTransactionCurrency: '3150.00',
    })
    expect(preview.records[2]!.lines[0]).toMatchObject({
      tariffComponent: 'HK_WARTUNG',
      deductibleAmount: '200.00',
    })
    expect(preview.co2).toEqual({ energyCarrier: 'HEIZOEL_EL', quantity: '4500.000' })
    expect(await lineCount()).toBe(before)
  })

  it('takes every line over once: again with another key adds nothing', async () => {
    const before = await lineCount()
    const first = await send('verwalter', demoFile(), '', 'bved-1')
    expect(first.statusCode, first.body).toBe(201)
    expect(first.json()).toMatchObject({ dryRun: false, created: 4, clean: true })
    expect(await lineCount()).toBe(before + 4)

    const replay = await send('verwalter', demoFile(), '', 'bved-1')
    expect(replay.statusCode).toBe(201)
    expect(replay.headers['idempotent-replayed']).toBe('true')

    const again = await send('verwalter', demoFile(), '', 'bved-2')
    expect(again.statusCode, again.body).toBe(200)
    expect(again.json()).toMatchObject({ alreadyImported: true, created: 0 })
    expect(await lineCount()).toBe(before + 4)

    const [split] = await ctx.database.db
      .select()
      .from(co2SplitInputs)
      .where(eq(co2SplitInputs.operatingCostsDistribution, target.id))
    expect(split).toMatchObject({ energyCarrier: 'HEIZOEL_EL', quantity: '4500.000' })
    const [imported] = await ctx.database.db
      .select()
      .from(bvedCostImports)
      .where(eq(bvedCostImports.operatingCostsDistribution, target.id))
    expect(imported).toMatchObject({ lines: 4, importedBy: 'verwalter' })
  })

  it('takes over nothing from a file with one bad line, and names the line and field', async () => {
    const bad = writeRecord('K', {
      ...header(),
      costTypeKey: '999',
      costScope: 'H',
      invoiceDate: target.until,
      taxServiceKey: '00',
      fuelSlot: '1',
      amountGross: '10.00',
    })
    const file = demoFile([bad])
    const preview = await send('verwalter', file, '?dryRun=true')
    expect(preview.statusCode).toBe(200)
    const answer = BvedCostPreviewSchema.parse(preview.json())
    expect(answer.clean).toBe(false)
    expect(answer.records[3]!.errors).toEqual([
      {
        line: 4,
        field: { name: 'Schlüssel Kostenart', key: 'costTypeKey', start: 32, end: 34 },
        message:
          'Zeile 4, Feld Schlüssel Kostenart (Stellen 32–34): Für den Schlüssel 999 (Tabelle K) ist in Ihrer Werteliste keine Kostenart hinterlegt.',
      },
    ])
    const before = await lineCount()
    const response = await send('verwalter', file, '', 'bved-bad')
    expect(response.statusCode).toBe(422)
    expect(response.json()).toMatchObject({ code: 'BVED_FILE_INVALID' })
    expect(await lineCount()).toBe(before)
  })

  it('refuses the provider-only service fee: users are never offered its cost type', async () => {
    const fee = writeRecord('K', {
      ...header(),
      costTypeKey: '227',
      costScope: 'H',
      invoiceDate: target.until,
      taxServiceKey: '00',
      fuelSlot: '1',
      amountGross: '99.00',
    })
    const answer = BvedCostPreviewSchema.parse(
      (await send('verwalter', Buffer.from(writeBvedFile([fee])), '?dryRun=true')).json(),
    )
    const [record] = answer.records
    expect(record!.lines).toEqual([])
    expect(record!.errors[0]!.field?.key).toBe('costTypeKey')
    expect(record!.errors[0]!.message).toContain('Schlüssel 227')
  })

  it('answers 404 to another customer before reading the file, and the upload errors', async () => {
    const foreign = await send('fremd', demoFile(), '?dryRun=true')
    expect(foreign.statusCode).toBe(404)
    const notMultipart = await ctx.app.inject({
      method: 'POST',
      url: url('?dryRun=true'),
      headers: as.verwalter,
      payload: { file: 'x' },
    })
    expect(notMultipart.statusCode).toBe(415)
    const empty = await send('verwalter', Buffer.alloc(0), '?dryRun=true')
    expect(empty.statusCode).toBe(400)
    expect(empty.json()).toMatchObject({ code: 'FILE_EMPTY' })
    const large = await send('verwalter', Buffer.alloc(2 * 1024 * 1024 + 1, 0x20), '?dryRun=true')
    expect(large.statusCode).toBe(413)
  })
})

describe('GET bved-costs', () => {
  it("writes the distribution's lines as a DTK file the codec reads back", async () => {
    const response = await ctx.app.inject({ method: 'GET', url: url(), headers: as.verwalter })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['content-disposition']).toMatch(/DTK305_\d{14}\.DAT/)
    const read = readBvedFile(response.rawPayload)
    expect(read.errors).toEqual([])
    const lines = await lineCount()
    expect(read.records.filter((record) => record.type === 'K')).toHaveLength(lines)
    expect(
      read.records.every((record) => record.values.propertyNumber === target.propertyNumber),
    ).toBe(true)
    // the demo's own gas lines and the heating oil taken over: one B record per fuel
    expect(
      read.records.filter((record) => record.type === 'B').map((record) => record.values.fuelKey),
    ).toContain('111')
    expect(
      (await ctx.app.inject({ method: 'GET', url: url(), headers: as.fremd })).statusCode,
    ).toBe(404)
  })

  it('answers 409 for a property without a billing number', async () => {
    const [distribution] = await ctx.database.db
      .select({ property: operatingCostsDistributions.propertyConnection })
      .from(operatingCostsDistributions)
      .where(eq(operatingCostsDistributions.operatingCostsDistribution, target.id))
    await ctx.database.db
      .update(connections)
      .set({ bvedPropertyNumber: null })
      .where(eq(connections.connection, distribution!.property))
    const response = await ctx.app.inject({ method: 'GET', url: url(), headers: as.verwalter })
    expect(response.statusCode).toBe(409)
    expect(response.json()).toMatchObject({ code: 'BVED_NO_PROPERTY_NUMBER' })
  })
})
