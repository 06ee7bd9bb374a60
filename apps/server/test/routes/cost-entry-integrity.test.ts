/**
 * The figures a bill is made from: the service flat fee is the provider's, an edit changes exactly
 * what it names, amounts are plausible, and the expense lists page like every search.
 */
import {
  expenseAmountViolations,
  SERVICE_FEE_READ_ONLY_MESSAGE,
  SERVICE_FLAT_FEE,
  type Expense,
  type ExpenseInput,
} from '@portal/domain'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, operatingCostsExpenses } from '../../src/platform/persistence/schema'
import { heatingLine, openDistributionWithLine, valueListOf } from '../expense-lines'
import { createTestContext, rowOf, type TestContext } from '../helper'

let ctx: TestContext
let as: { authorization: string }
/** An open distribution of company 1000 with a service flat fee line. */
let id: string
let serviceFee: Expense

const BASE = '/api/persistence/operating-costs'

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: as, ...(payload === undefined ? {} : { payload }) })

const valueList = (line: object) => valueListOf(ctx, as, id, line)

async function validLine(): Promise<ExpenseInput> {
  return {
    ...(await heatingLine(ctx, as, id)),
    apportionableAmount: '80.00',
    // the suite records several lines of one cost type; the question itself: cost-entry-questions
    confirmSecondLine: true,
  }
}

async function addLine(line: object) {
  return call('POST', `${BASE}/${id}/heating-expenses`, { operatingCostsHeatingExpense: [line] })
}

const storedLine = (guid: string) =>
  rowOf(ctx, operatingCostsExpenses, eq(operatingCostsExpenses.guid, guid))

beforeAll(async () => {
  ctx = await createTestContext()
  as = await ctx.login('verwalter')
  const row = await openDistributionWithLine(
    ctx,
    eq(operatingCostsExpenses.tariffComponent, SERVICE_FLAT_FEE),
  )
  id = row.distribution.operatingCostsDistribution
  const record = await call('GET', `${BASE}/${id}`)
  serviceFee = record
    .json<{ operatingCostsHeatingExpense: Expense[] }>()
    .operatingCostsHeatingExpense.find((e) => e.guid === row.line.guid)!
})
afterAll(async () => ctx.close())

describe('the service flat fee (HK_DLP) is the provider’s', () => {
  it('is neither offered by the value list nor accepted as a new line', async () => {
    expect((await valueList({})).map((e) => e.key)).not.toContain(SERVICE_FLAT_FEE)
    const response = await addLine({ ...(await validLine()), tariffComponent: SERVICE_FLAT_FEE })
    expect(response.statusCode).toBe(403)
    expect(response.json()).toEqual({
      detail: SERVICE_FEE_READ_ONLY_MESSAGE,
      code: 'SERVICE_FEE_READ_ONLY',
    })
  })

  it('can be neither retyped, repriced nor deleted, and another line cannot become one', async () => {
    const url = `${BASE}/${id}/heating-expenses/${serviceFee.guid}`
    const before = await storedLine(serviceFee.guid)
    for (const change of [
      { tariffComponent: 'HK_WARTUNG' },
      { amountTransactionCurrency: '1.00' },
      { apportionableAmount: '1.00' },
      { note: 'geändert' },
    ]) {
      const response = await call('PATCH', url, { ...change, version: serviceFee.version })
      expect(response.statusCode, JSON.stringify(change)).toBe(403)
    }
    expect((await call('DELETE', url)).statusCode).toBe(403)
    expect(await storedLine(serviceFee.guid)).toEqual(before)

    const added = await addLine(await validLine())
    const line = added.json<{ operatingCostsHeatingExpense: Expense[] }>()
      .operatingCostsHeatingExpense[0]!
    const retype = await call('PATCH', `${BASE}/${id}/heating-expenses/${line.guid}`, {
      tariffComponent: SERVICE_FLAT_FEE,
      version: line.version,
    })
    expect(retype.statusCode).toBe(403)
    expect((await storedLine(line.guid)).tariffComponent).toBe(line.tariffComponent)
  })
})

describe('an edit changes exactly what it names', () => {
  it('keeps the stored precision of untouched fields and changes only the named one', async () => {
    const added = await addLine({ ...(await validLine()), quantity: '10.125', unit: 'm³' })
    expect(added.statusCode, added.body).toBe(201)
    const line = added.json<{ operatingCostsHeatingExpense: Expense[] }>()
      .operatingCostsHeatingExpense[0]!
    expect(line.quantity).toBe('10.125')
    const before = await storedLine(line.guid)
    const response = await call('PATCH', `${BASE}/${id}/heating-expenses/${line.guid}`, {
      note: 'Rechnung 4711',
      version: line.version,
    })
    expect(response.statusCode, response.body).toBe(200)
    const after = await storedLine(line.guid)
    expect(after).toEqual({ ...before, note: 'Rechnung 4711', version: before.version + 1 })
  })

  it('an edit that repeats the stored values writes nothing: same row, same version, no audit', async () => {
    const added = await addLine({ ...(await validLine()), quantity: '3.333', amountNet: '84.03' })
    const line = added.json<{ operatingCostsHeatingExpense: Expense[] }>()
      .operatingCostsHeatingExpense[0]!
    const before = await storedLine(line.guid)
    const { guid: _guid, version, supplyArea: _area, allocationObject: _object, ...fields } = line
    const response = await call('PATCH', `${BASE}/${id}/heating-expenses/${line.guid}`, {
      ...fields,
      version,
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toEqual(line)
    expect(await storedLine(line.guid)).toEqual(before)
    const audits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityKey, line.guid), eq(auditLog.action, 'EXPENSE_UPDATED')))
    expect(audits).toEqual([])
  })
})

describe('amounts are plausible', () => {
  it.each([
    [{ apportionableAmount: '100.01' }, 'apportionableAmount', /umlagefähige Betrag/],
    [{ amountNet: '120.00' }, 'amountNet', /Nettobetrag/],
    // an ordinary cost type has no negative part at all (decision 036), before the sign rule
    [{ amountNet: '-10.00' }, 'amountNet', /nur für Gutschriften/],
    [
      { amountNet: '90.00', amountNetApportionable: '85.00' },
      'amountNetApportionable',
      /umlagefähige Nettobetrag/,
    ],
    [{ deductibleAmount: '100.50' }, 'deductibleAmount', /abzugsfähige/],
  ])('%o is refused at %s', async (change, field, message) => {
    const response = await addLine({ ...(await validLine()), ...change })
    expect(response.statusCode).toBe(400)
    const body = response.json<{ detail: string; field: string }>()
    expect(body.field).toBe(`operatingCostsHeatingExpense.0.${field}`)
    expect(body.detail).toMatch(message)
  })

  it('an edit is checked with the stored line: apportionable above the stored total is refused', async () => {
    const added = await addLine(await validLine())
    const line = added.json<{ operatingCostsHeatingExpense: Expense[] }>()
      .operatingCostsHeatingExpense[0]!
    const response = await call('PATCH', `${BASE}/${id}/heating-expenses/${line.guid}`, {
      apportionableAmount: '150.00',
      version: line.version,
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ field: 'apportionableAmount' })
    expect(await storedLine(line.guid)).toMatchObject({ apportionableAmount: '80.00' })
  })

  it('every seeded line is plausible, so that no stored line blocks its own edit', async () => {
    const rows = await ctx.database.db.select().from(operatingCostsExpenses)
    const implausible = rows.filter((row) => expenseAmountViolations(row).length > 0)
    expect(implausible.map((row) => [row.tariffComponent, row.amountTransactionCurrency])).toEqual(
      [],
    )
  })
})

describe('expense lists page like every search', () => {
  it('answers next and the next page continues without overlap', async () => {
    for (let n = 0; n < 3; n++) await addLine(await validLine())
    const all = await call('POST', `${BASE}/${id}/heating-expenses?limit=9999`, {})
    const lines = all.json<{ operatingCostsHeatingExpense: Expense[]; next: string | null }>()
    expect(lines.next).toBeNull()
    const total = lines.operatingCostsHeatingExpense.length
    expect(total).toBeGreaterThan(4)

    const seen: string[] = []
    let next: string | null = null
    do {
      const query: string = next === null ? '' : `&next=${encodeURIComponent(next)}`
      const response = await call('POST', `${BASE}/${id}/heating-expenses?limit=2${query}`, {})
      expect(response.statusCode, response.body).toBe(200)
      const page = response.json<{ operatingCostsHeatingExpense: Expense[]; next: string | null }>()
      expect(page.operatingCostsHeatingExpense.length).toBeLessThanOrEqual(2)
      seen.push(...page.operatingCostsHeatingExpense.map((e) => e.guid))
      next = page.next
    } while (next !== null)
    expect(seen).toEqual(lines.operatingCostsHeatingExpense.map((e) => e.guid))
    expect(new Set(seen).size).toBe(total)
  })

  it('without a limit it answers 100 lines and a next cursor for the rest', async () => {
    const count = (
      await ctx.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(operatingCostsExpenses)
        .where(
          and(
            eq(operatingCostsExpenses.operatingCostsDistribution, id),
            eq(operatingCostsExpenses.kind, 'heating'),
          ),
        )
    )[0]!.n
    const input = await validLine()
    const missing = Math.max(0, 101 - count)
    if (missing > 0) {
      const response = await call('POST', `${BASE}/${id}/heating-expenses`, {
        operatingCostsHeatingExpense: Array.from({ length: missing }, () => input),
      })
      expect(response.statusCode, response.body).toBe(201)
    }
    const first = await call('POST', `${BASE}/${id}/heating-expenses`, {})
    const page = first.json<{ operatingCostsHeatingExpense: Expense[]; next: string | null }>()
    expect(page.operatingCostsHeatingExpense).toHaveLength(100)
    expect(page.next).not.toBeNull()
  })
})
