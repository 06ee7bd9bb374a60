/**
 * Decision 036, the figures follow the law to the cent: only credits are negative, a total of zero
 * and a second line of a cost type for an overlapping period are saved only when the request
 * confirms them; idempotency keys keep working around the questions.
 */
import {
  CO2_MUST_BE_NEGATIVE_MESSAGE,
  CREDIT_NOTE_COST_TYPES,
  isCreditCostType,
  isVisibleExpense,
  NEGATIVE_ONLY_FOR_CREDITS_MESSAGE,
  ZERO_AMOUNT_QUESTION,
  type Expense,
  type ExpenseInput,
} from '@portal/domain'
import { and, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  operatingCostsDistributions,
  operatingCostsExpenses,
} from '../../src/platform/persistence/schema'
import { COST_TYPES } from '../../src/demo/catalogue'
import { heatingLine, openDistributionWithLine } from '../expense-lines'
import { useTestContext } from '../helper'

const { ctx } = useTestContext()
let as: { authorization: string }
/** An open distribution of company 1000 whose heating list has a fuel line for the whole period. */
let id: string
let period: { from: string; until: string }

const BASE = '/api/persistence/operating-costs'
const LIST = 'operatingCostsHeatingExpense'

const call = (method: 'POST' | 'PATCH', url: string, payload: object, key?: string) =>
  ctx.app.inject({
    method,
    url,
    headers: { ...as, ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload,
  })

/** A heating line of the cost type for the whole period, built from the value lists. */
async function lineOf(tariffComponent: string, change: object = {}): Promise<ExpenseInput> {
  return { ...(await heatingLine(ctx, as, id, tariffComponent)), ...change }
}

const add = (lines: object[], key?: string) =>
  call('POST', `${BASE}/${id}/heating-expenses`, { [LIST]: lines }, key)
const added = (response: Awaited<ReturnType<typeof add>>) => {
  expect(response.statusCode, response.body).toBe(201)
  return response.json<Record<typeof LIST, Expense[]>>()[LIST]
}
/** A line's total and its apportionable part, both `amount`. */
const total = (amount: string) => ({
  amountTransactionCurrency: amount,
  apportionableAmount: amount,
})

/** Adds a credit note (HK_GUTSCHRIFT) of `amount` with `change`; the stored lines. */
const addCredit = async (amount: string, change: object = {}) =>
  added(await add([await lineOf('HK_GUTSCHRIFT', { ...total(amount), ...change })]))

const patch = (line: Expense, change: object) =>
  call('PATCH', `${BASE}/${id}/heating-expenses/${line.guid}`, { ...change, version: line.version })

async function linesOf(tariffComponent: string) {
  return ctx.database.db
    .select()
    .from(operatingCostsExpenses)
    .where(
      and(
        eq(operatingCostsExpenses.operatingCostsDistribution, id),
        eq(operatingCostsExpenses.tariffComponent, tariffComponent),
      ),
    )
}

beforeAll(async () => {
  as = await ctx.login('verwalter')
  const { distribution } = await openDistributionWithLine(
    ctx,
    and(
      eq(operatingCostsExpenses.tariffComponent, 'HK_BRENNSTOFF'),
      eq(operatingCostsExpenses.from, operatingCostsDistributions.from),
      eq(operatingCostsExpenses.until, operatingCostsDistributions.until),
    ),
  )
  id = distribution.operatingCostsDistribution
  period = { from: distribution.from, until: distribution.until }
})

describe('negative amounts only for credits', () => {
  it('refuses a negative amount of an ordinary cost type at its field and stores nothing', async () => {
    for (const [change, field] of [
      [total('-100.00'), 'amountTransactionCurrency'],
      [{ amountNet: '-1.00' }, 'amountNet'],
      [{ deductibleAmount: '-0.01' }, 'deductibleAmount'],
    ] as const) {
      const response = await add([await lineOf('HK_STROM', change)])
      expect(response.statusCode, JSON.stringify(change)).toBe(400)
      expect(response.json()).toMatchObject({
        detail: NEGATIVE_ONLY_FOR_CREDITS_MESSAGE,
        field: `${LIST}.0.${field}`,
      })
    }
    expect(await linesOf('HK_STROM')).toEqual([])
  })

  it('takes a negative credit note and keeps the CO2 rule as it was', async () => {
    const [credit] = await addCredit('-250.00')
    expect(credit).toMatchObject({ amountTransactionCurrency: '-250.00' })
    const co2 = await add([await lineOf('HK_CO2', { confirmSecondLine: true })])
    expect(co2.statusCode).toBe(400)
    expect(co2.json()).toMatchObject({
      detail: CO2_MUST_BE_NEGATIVE_MESSAGE,
      field: `${LIST}.0.amountTransactionCurrency`,
    })
  })

  it('checks an edit with the stored line: a negative amount, or a credit retyped to an ordinary type', async () => {
    const [ordinary] = added(await add([await lineOf('HK_IMMISSION')]))
    const negative = await patch(ordinary!, { amountTransactionCurrency: '-5.00' })
    expect(negative.statusCode).toBe(400)
    expect(negative.json()).toMatchObject({
      detail: NEGATIVE_ONLY_FOR_CREDITS_MESSAGE,
      field: 'amountTransactionCurrency',
    })
    const [credit] = await addCredit('-7.00', { confirmSecondLine: true })
    const retyped = await patch(credit!, { tariffComponent: 'HK_WARTUNG', confirmSecondLine: true })
    expect(retyped.statusCode).toBe(400)
    expect(retyped.json()).toMatchObject({
      detail: NEGATIVE_ONLY_FOR_CREDITS_MESSAGE,
      field: 'amountTransactionCurrency',
    })
    const stored = (await linesOf('HK_GUTSCHRIFT')).find((row) => row.guid === credit!.guid)
    expect(stored).toMatchObject({ tariffComponent: 'HK_GUTSCHRIFT', version: credit!.version })
  })

  it('no seeded line of an ordinary cost type is negative, and the catalogue’s credit notes are the flagged ones', async () => {
    const rows = await ctx.database.db
      .select()
      .from(operatingCostsExpenses)
      .where(sql`${operatingCostsExpenses.amountTransactionCurrency} < 0`)
    expect(rows.length).toBeGreaterThan(0)
    const ordinary = rows.filter(
      (row) => isVisibleExpense(row) && !isCreditCostType(row.tariffComponent),
    )
    expect(ordinary.map((row) => [row.tariffComponent, row.amountTransactionCurrency])).toEqual([])
    const creditNotes = COST_TYPES.filter((type) => type.name.startsWith('Gutschrift'))
    expect(creditNotes.map((type) => type.code).sort()).toEqual([...CREDIT_NOTE_COST_TYPES].sort())
  })
})

describe('a total of zero is asked about', () => {
  it('answers 409 with the question at the total, and saves once confirmed', async () => {
    const zero = await lineOf('HK_GERAETEMIETE', {
      amountTransactionCurrency: '0.00',
      apportionableAmount: '0',
    })
    const asked = await add([zero])
    expect(asked.statusCode).toBe(409)
    expect(asked.json()).toEqual({
      detail: ZERO_AMOUNT_QUESTION,
      code: 'ZERO_AMOUNT_UNCONFIRMED',
      field: `${LIST}.0.amountTransactionCurrency`,
    })
    expect(await linesOf('HK_GERAETEMIETE')).toEqual([])
    const [line] = added(await add([{ ...zero, confirmZeroAmount: true }]))
    expect(line).toMatchObject({ amountTransactionCurrency: '0.00' })

    // an edit of another field of the zero line asks nothing; an edit to zero asks again
    const noted = await patch(line!, { note: 'Gerät getauscht, ohne Kosten' })
    expect(noted.statusCode, noted.body).toBe(200)
    const [other] = added(await add([await lineOf('HK_WARTUNG')]))
    const toZero = await patch(other!, total('0'))
    expect(toZero.statusCode).toBe(409)
    expect(toZero.json()).toMatchObject({
      code: 'ZERO_AMOUNT_UNCONFIRMED',
      field: 'amountTransactionCurrency',
    })
    const confirmed = await patch(other!, { ...total('0'), confirmZeroAmount: true })
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    expect(confirmed.json()).toMatchObject({ amountTransactionCurrency: '0.00', version: 2 })
  })
})

describe('a second line of a cost type for the same period is asked about', () => {
  it('answers 409 for a line overlapping the recorded fuel line, also for one month of it', async () => {
    const before = await linesOf('HK_BRENNSTOFF')
    for (const days of [period, { from: period.until, until: period.until }]) {
      const response = await add([await lineOf('HK_BRENNSTOFF', days)])
      expect(response.statusCode).toBe(409)
      const body = response.json<{ detail: string; code: string; field: string }>()
      expect(body).toMatchObject({
        code: 'SECOND_LINE_UNCONFIRMED',
        field: `${LIST}.0.tariffComponent`,
      })
      expect(body.detail).toMatch(
        /^Für die Kostenart HK_BRENNSTOFF ist in diesem Zeitraum bereits .+ erfasst\./,
      )
    }
    expect(await linesOf('HK_BRENNSTOFF')).toEqual(before)
    added(await add([await lineOf('HK_BRENNSTOFF', { confirmSecondLine: true })]))
    expect(await linesOf('HK_BRENNSTOFF')).toHaveLength(before.length + 1)
  })

  it('counts the lines of the same request: all or none; halves without a common day are no second line', async () => {
    const first = { from: period.from, until: period.from }
    const last = { from: period.until, until: period.until }
    const twice = await add([
      await lineOf('HK_STROM', first),
      await lineOf('HK_STROM', { from: period.from, until: period.until }),
    ])
    expect(twice.statusCode).toBe(409)
    expect(twice.json()).toMatchObject({ field: `${LIST}.1.tariffComponent` })
    expect(await linesOf('HK_STROM')).toEqual([])
    const halves = added(
      await add([await lineOf('HK_STROM', first), await lineOf('HK_STROM', last)]),
    )
    expect(halves).toHaveLength(2)

    // an edit that moves one half onto the other asks; an edit of its note does not
    const moved = await patch(halves[1]!, { from: period.from })
    expect(moved.statusCode).toBe(409)
    expect(moved.json()).toMatchObject({
      code: 'SECOND_LINE_UNCONFIRMED',
      field: 'tariffComponent',
    })
    expect((await patch(halves[1]!, { note: 'zweite Rechnung' })).statusCode).toBe(200)
  })

  it('asks for a line retyped to a recorded cost type and takes the confirmed change', async () => {
    const [line] = await addCredit('-1.00', { confirmSecondLine: true })
    // a second landlord's CO2 line differs from the CO2 split: that has its own reason (decision 032)
    const reason = { co2DeviationReason: 'Nachberechnung des Versorgers' }
    const retyped = await patch(line!, { tariffComponent: 'HK_CO2', key: 'HF', ...reason })
    expect(retyped.statusCode).toBe(409)
    expect(retyped.json()).toMatchObject({ code: 'SECOND_LINE_UNCONFIRMED' })
    const confirmed = await patch(line!, {
      tariffComponent: 'HK_CO2',
      key: 'HF',
      confirmSecondLine: true,
      ...reason,
    })
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    expect(confirmed.json()).toMatchObject({ tariffComponent: 'HK_CO2', version: 2 })
  })

  it('keeps the idempotency key: the question stores no answer, the confirmed add is made once', async () => {
    const key = crypto.randomUUID()
    const line = await lineOf('HK_BRENNSTOFF', total('12.34'))
    const before = (await linesOf('HK_BRENNSTOFF')).length
    // asked twice: the question stores no answer under the key
    for (const asked of [await add([line], key), await add([line], key)]) {
      expect(asked.statusCode).toBe(409)
      expect(asked.headers['idempotent-replayed']).toBeUndefined()
    }
    const first = await add([{ ...line, confirmSecondLine: true }], key)
    const repeat = await add([{ ...line, confirmSecondLine: true }], key)
    expect(first.statusCode, first.body).toBe(201)
    expect(repeat.statusCode).toBe(201)
    expect(repeat.headers['idempotent-replayed']).toBe('true')
    expect(repeat.json()).toEqual(first.json())
    expect(await linesOf('HK_BRENNSTOFF')).toHaveLength(before + 1)
    // the key now belongs to the confirmed request: the unconfirmed one is another request
    const other = await add([line], key)
    expect(other.statusCode).toBe(422)
    expect(other.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' })
  })
})
