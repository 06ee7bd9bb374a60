/**
 * §4-§7 cost allocation: the status machine, expense rules, exact totals, value lists, history,
 * visibility. Distributions are put into a status directly where a test needs one.
 */
import {
  DECLINE_REASON_REQUIRED_MESSAGE,
  DISTRIBUTION_STATUS,
  DISTRIBUTION_TRANSITIONS,
  HistorySchema,
  OperatingCostsSchema,
  sumAmounts,
  type DistributionStatus,
  type Expense,
  type ExpenseInput,
} from '@portal/domain'
import { randomUUID } from 'node:crypto'
import { and, asc, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  auditLog,
  operatingCostsDistributions,
  operatingCostsExpenses,
} from '../../src/platform/persistence/schema'
import { EXPENSE_NOT_FOUND_MESSAGE } from '../../src/modules/costs/expense-rules'
import { heatingLine, valueListOf } from '../expense-lines'
import { rowOf, useTestContext, useOwnedAndNotOwned } from '../helper'

const { ctx, as } = useTestContext(['verwalter', 'eigentuemer', 'fremd'])
/** Distributions of company 1000. */
let ids: string[]
/** A distribution eigentuemer owns, and one of company 1000 eigentuemer does not own. */
const distributions = useOwnedAndNotOwned(
  ctx,
  'eigentuemer',
  operatingCostsDistributions.operatingCostsDistribution,
)

const STATUSES = Object.keys(DISTRIBUTION_STATUS) as DistributionStatus[]
const BASE = '/api/persistence/operating-costs'

beforeAll(async () => {
  const rows = await ctx.database.db
    .select({ id: operatingCostsDistributions.operatingCostsDistribution })
    .from(operatingCostsDistributions)
    .where(eq(operatingCostsDistributions.companyCode, '1000'))
    .orderBy(asc(operatingCostsDistributions.operatingCostsDistribution))
  ids = rows.map((r) => r.id)
})

async function setStatus(id: string, status: DistributionStatus, changedAt = sql`now()`) {
  await ctx.database.db
    .update(operatingCostsDistributions)
    .set({ operatingCostsDistributionStatus: status, statusChangedAt: changedAt })
    .where(eq(operatingCostsDistributions.operatingCostsDistribution, id))
}

const distribution = (id: string) =>
  rowOf(
    ctx,
    operatingCostsDistributions,
    eq(operatingCostsDistributions.operatingCostsDistribution, id),
  )

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  user = 'verwalter',
) =>
  ctx.app.inject({ method, url, headers: as[user], ...(payload === undefined ? {} : { payload }) })

const valueList = (id: string, table: string, line: object) =>
  valueListOf(ctx, as.verwalter!, id, line, table)

/** A valid heating line for the distribution, built from its value lists. */
async function validLine(id: string, tariff?: string): Promise<ExpenseInput> {
  return {
    ...(await heatingLine(ctx, as.verwalter!, id, tariff)),
    // the suite records several lines of one cost type; the question itself: cost-entry-questions
    confirmSecondLine: true,
  }
}

async function addLines(id: string, lines: ExpenseInput[]): Promise<Expense[]> {
  const response = await call('POST', `${BASE}/${id}/heating-expenses?limit=9999`, {
    operatingCostsHeatingExpense: lines,
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json<{ operatingCostsHeatingExpense: Expense[] }>().operatingCostsHeatingExpense
}

const countAudit = async () =>
  (await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]!.n

describe('status machine', () => {
  it('entry finalization: O -> E only, 409 from every other status', async () => {
    const id = ids[0]!
    for (const from of STATUSES) {
      await setStatus(id, from)
      const before = await distribution(id)
      const response = await call('POST', '/api/processes/operating-costs/entry-finalization', {
        operatingCostsDistribution: id,
      })
      const after = await distribution(id)
      if (from === 'O') {
        expect(response.statusCode, response.body).toBe(200)
        expect(response.json<{ successMessage: string }>().successMessage).toMatch(/erfasst/)
        expect(after.operatingCostsDistributionStatus).toBe('E')
        expect(after.version).toBe(before.version + 1)
        expect(after.statusChangedAt > before.statusChangedAt).toBe(true)
      } else {
        expect(response.statusCode, from).toBe(409)
        expect(after.operatingCostsDistributionStatus).toBe(from)
        expect(after.version).toBe(before.version)
      }
    }
  })

  it('approval: F -> G only; decline keeps F and needs a reason; 409 from every other status', async () => {
    const id = ids[1]!
    const approve = { operatingCostsDistribution: id, approved: true }
    const decline = { operatingCostsDistribution: id, approved: false, reason: 'Zu hoch' }
    for (const from of STATUSES) {
      for (const payload of [approve, decline]) {
        await setStatus(id, from)
        const response = await call(
          'POST',
          '/api/processes/operating-costs/distribution-approval',
          payload,
        )
        const status = (await distribution(id)).operatingCostsDistributionStatus
        if (from === 'F') {
          expect(response.statusCode, response.body).toBe(200)
          expect(status).toBe(payload.approved ? 'G' : 'F')
          if (!payload.approved) {
            expect(response.json<{ successMessage: string }>().successMessage).toMatch(
              /Kundenservice/,
            )
          }
        } else {
          expect(response.statusCode, `${from} ${payload.approved}`).toBe(409)
          expect(status).toBe(from)
        }
      }
    }
    await setStatus(id, 'F')
    const noReason = await call('POST', '/api/processes/operating-costs/distribution-approval', {
      operatingCostsDistribution: id,
      approved: false,
    })
    expect(noReason.statusCode).toBe(400)
    expect(noReason.json<{ detail: string }>().detail).toContain(
      'Bitte geben Sie einen Grund für die Ablehnung an.',
    )
  })

  it('the domain table decides: transitions match DISTRIBUTION_TRANSITIONS', () => {
    expect(DISTRIBUTION_TRANSITIONS.O).toContain('E')
    expect(DISTRIBUTION_TRANSITIONS.F).toContain('G')
  })
})

describe('the latest decline', () => {
  it('is in the answer after a decline, and no longer after an approval or a new status', async () => {
    const id = ids[6]!
    const lastDecline = async () => {
      const response = await call('GET', `${BASE}/${id}`)
      expect(response.statusCode, response.body).toBe(200)
      return OperatingCostsSchema.parse(response.json()).lastDecline
    }
    const decide = (decision: object) =>
      call('POST', '/api/processes/operating-costs/distribution-approval', {
        operatingCostsDistribution: id,
        ...decision,
      })

    await setStatus(id, 'F')
    expect(await lastDecline()).toBeNull()
    const empty = await decide({ approved: false, reason: '   ' })
    expect(empty.statusCode).toBe(400)
    expect(empty.json()).toMatchObject({ detail: DECLINE_REASON_REQUIRED_MESSAGE, field: 'reason' })
    expect(await lastDecline()).toBeNull()

    for (const reason of ['Die Heizkosten sind zu hoch.', 'Die Wartung ist doppelt erfasst.']) {
      expect((await decide({ approved: false, reason })).statusCode).toBe(200)
    }
    const declined = await lastDecline()
    expect(declined).toEqual({
      at: expect.any(String),
      userName: 'verwalter',
      // the person's name, as the portal shows it (decision 044)
      name: 'Thomas Brandt',
      reason: 'Die Wartung ist doppelt erfasst.',
    })
    expect(Math.abs(Date.parse(declined!.at) - Date.now())).toBeLessThan(60_000)

    // released again: the earlier decline belongs to the history only
    await setStatus(id, 'V')
    await setStatus(id, 'F')
    expect(await lastDecline()).toBeNull()

    expect((await decide({ approved: false, reason: 'Noch offen.' })).statusCode).toBe(200)
    expect((await lastDecline())?.reason).toBe('Noch offen.')
    expect((await decide({ approved: true })).statusCode).toBe(200)
    expect(await lastDecline()).toBeNull()
    const history = HistorySchema.parse((await call('GET', `${BASE}/${id}/history`)).json())
    expect(history.items.map((h) => h.detail)).toContain('Abgelehnt: Noch offen.')
  })
})

describe('expenses', () => {
  it('adds, updates, deletes while open, with exact totals and audit rows', async () => {
    const id = ids[2]!
    await setStatus(id, 'O')
    const auditBefore = await countAudit()
    const line = await validLine(id)
    const created = await addLines(id, [
      { ...line, amountTransactionCurrency: '0.10', apportionableAmount: '0.10' },
      { ...line, amountTransactionCurrency: '0.20', apportionableAmount: '0.20' },
      { ...line, amountTransactionCurrency: '1000000.01', apportionableAmount: '1000000.01' },
    ])
    expect(created).toHaveLength(3)
    expect(sumAmounts(created.slice(0, 2).map((e) => e.amountTransactionCurrency))).toBe('0.30')
    expect(sumAmounts(created.map((e) => e.amountTransactionCurrency))).toBe('1000000.31')

    const record = OperatingCostsSchema.parse((await call('GET', `${BASE}/${id}`)).json())
    const guids = new Set(created.map((e) => e.guid))
    const mine = record.operatingCostsHeatingExpense.filter((e) => guids.has(e.guid))
    expect(sumAmounts(mine.map((e) => e.apportionableAmount))).toBe('1000000.31')

    const first = created[0]!
    const patched = await call('PATCH', `${BASE}/${id}/heating-expenses/${first.guid}`, {
      amountTransactionCurrency: '0.15',
      note: 'korrigiert',
      version: first.version,
    })
    expect(patched.statusCode, patched.body).toBe(200)
    expect(patched.json<Expense>()).toMatchObject({ amountTransactionCurrency: '0.15', version: 2 })

    const stale = await call('PATCH', `${BASE}/${id}/heating-expenses/${first.guid}`, {
      amountTransactionCurrency: '9.99',
      version: first.version,
    })
    expect(stale.statusCode).toBe(409)
    expect(stale.json()).toMatchObject({ code: 'STALE_VERSION' })
    const [kept] = await ctx.database.db
      .select()
      .from(operatingCostsExpenses)
      .where(eq(operatingCostsExpenses.guid, first.guid))
    expect(kept).toMatchObject({ amountTransactionCurrency: '0.15', version: 2 })

    const deleted = await call('DELETE', `${BASE}/${id}/heating-expenses/${created[1]!.guid}`)
    expect(deleted.statusCode).toBe(204)
    // 3 added + 1 updated + 1 deleted
    expect((await countAudit()) - auditBefore).toBe(5)

    const listed = await call('POST', `${BASE}/${id}/heating-expenses?limit=9999`, {})
    const lines = listed.json<{ operatingCostsHeatingExpense: Expense[] }>()
      .operatingCostsHeatingExpense
    expect(lines.some((e) => e.guid === created[1]!.guid)).toBe(false)
    expect(lines.some((e) => e.guid === first.guid)).toBe(true)

    const history = HistorySchema.parse((await call('GET', `${BASE}/${id}/history`)).json())
    expect(history.items[0]!.detail).toMatch(/gelöscht/)
    // the cost type by its catalogue name, never by its code
    const typeName = (await valueList(id, 'tb_uti_bkosten_h', {})).find(
      (t) => t.key === line.tariffComponent,
    )!.name
    expect(history.items.map((h) => h.detail)).toContain(`Kostenzeile „${typeName}“ hinzugefügt`)
    expect(history.items.filter((h) => h.detail?.includes(line.tariffComponent))).toEqual([])
  })

  it('refuses every change once the distribution is not open, and changes nothing', async () => {
    const id = ids[3]!
    await setStatus(id, 'O')
    const [line] = await addLines(id, [await validLine(id)])
    for (const status of STATUSES.filter((s) => s !== 'O')) {
      await setStatus(id, status)
      const responses = [
        await call('POST', `${BASE}/${id}/heating-expenses`, {
          operatingCostsHeatingExpense: [await validLine(id)],
        }),
        await call('PATCH', `${BASE}/${id}/heating-expenses/${line!.guid}`, {
          note: 'x',
          version: line!.version,
        }),
        await call('DELETE', `${BASE}/${id}/heating-expenses/${line!.guid}`),
      ]
      for (const response of responses) {
        expect(response.statusCode, status).toBe(409)
        expect(response.json()).toMatchObject({ code: 'DISTRIBUTION_NOT_OPEN' })
      }
      // a line the list lacks is not found, open or not
      const unknownLine = `${BASE}/${id}/heating-expenses/${randomUUID()}`
      for (const response of [
        await call('PATCH', unknownLine, { note: 'x', version: 1 }),
        await call('PATCH', unknownLine, { note: 7 }),
        await call('DELETE', unknownLine),
      ]) {
        expect(response.statusCode, status).toBe(404)
        expect(response.json()).toEqual({
          code: 'NOT_FOUND',
          detail: EXPENSE_NOT_FOUND_MESSAGE,
        })
      }
    }
    const [still] = await ctx.database.db
      .select()
      .from(operatingCostsExpenses)
      .where(eq(operatingCostsExpenses.guid, line!.guid))
    expect(still!.version).toBe(1)
  })

  it('refuses HK_DLP deletion, positive CO2, periods outside, missing fields', async () => {
    const id = ids[4]!
    await setStatus(id, 'O')
    const row = await distribution(id)
    // the provider records the service flat fee; the seed gives every distribution one
    const [fee] = await ctx.database.db
      .select({ guid: operatingCostsExpenses.guid })
      .from(operatingCostsExpenses)
      .where(
        and(
          eq(operatingCostsExpenses.operatingCostsDistribution, id),
          eq(operatingCostsExpenses.tariffComponent, 'HK_DLP'),
        ),
      )
    expect(fee, 'a seeded HK_DLP line').toBeDefined()
    const refused = await call('DELETE', `${BASE}/${id}/heating-expenses/${fee!.guid}`)
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({ code: 'SERVICE_FEE_NOT_DELETABLE' })

    const co2 = await validLine(id, 'HK_CO2')
    const positive = await call('POST', `${BASE}/${id}/heating-expenses`, {
      operatingCostsHeatingExpense: [co2],
    })
    expect(positive.statusCode).toBe(400)
    expect(positive.json<{ detail: string }>().detail).toContain('Die Zahl muss negativ sein.')
    const [credit] = await addLines(id, [
      {
        ...co2,
        amountTransactionCurrency: '-12.50',
        apportionableAmount: '-12.50',
        co2DeviationReason: 'Nachberechnung des Versorgers',
      },
    ])
    const patchPositive = await call('PATCH', `${BASE}/${id}/heating-expenses/${credit!.guid}`, {
      apportionableAmount: '12.50',
      version: 1,
    })
    expect(patchPositive.statusCode).toBe(400)

    const line = await validLine(id)
    for (const period of [
      { from: '1999-01-01', until: row.until },
      { from: row.from, until: '2999-12-31' },
      { from: row.until, until: row.from },
    ]) {
      const response = await call('POST', `${BASE}/${id}/heating-expenses`, {
        operatingCostsHeatingExpense: [{ ...line, ...period }],
      })
      expect(response.statusCode, JSON.stringify(period)).toBe(400)
    }
    const missing = await call('POST', `${BASE}/${id}/heating-expenses`, {
      operatingCostsHeatingExpense: [{ ...line, key: '' }],
    })
    expect(missing.statusCode).toBe(400)
    expect(missing.json<{ detail: string }>().detail).toContain(
      'Dieses Feld muss ausgefüllt werden.',
    )
    const excluded = await call('POST', `${BASE}/${id}/heating-expenses`, {
      operatingCostsHeatingExpense: [{ ...line, tariffComponent: 'HKVOR' }],
    })
    expect(excluded.statusCode).toBe(400)
  })
})

describe('value list', () => {
  it('answers cost types, keys, objects and relations of the distribution', async () => {
    const id = ids[5]!
    const types = await valueList(id, 'tb_uti_bkosten_h', {})
    expect(types.length).toBeGreaterThan(0)
    expect(types.every((t) => t.obj === 'TARIF')).toBe(true)
    expect(types.some((t) => ['HKVOR', 'NKVOR', 'HKA_H1', 'BKVOR'].includes(t.key))).toBe(false)
    const working = await valueList(id, 'tb_uti_bkosten_b', {})
    expect(working.length).toBeGreaterThan(0)
    const offered = await valueList(id, 'tb_uti_bkosten_h', { TARIF: types[0]!.key })
    expect(offered.some((e) => e.obj === 'SCHLUESSEL')).toBe(true)
    expect(offered.filter((e) => e.obj === 'OBJEKT').map((e) => e.key)).toEqual(
      expect.arrayContaining(['ANSCHLUSS', 'VSTELLE', 'VERTRAG']),
    )
    for (const object of ['ANSCHLUSS', 'VSTELLE', 'NUTZUNGSEINHEIT', 'VERTRAG', 'NUTZGRUPPE']) {
      const relations = await valueList(id, 'tb_uti_bkosten_h', { OBJECT: object })
      expect(relations.length, object).toBeGreaterThan(0)
      expect(relations.every((r) => r.obj === object)).toBe(true)
    }
    const units = await valueList(id, 'tb_uti_bkosten_h', { OBJECT: 'VSTELLE' })
    expect(units[0]!.name).toMatch(/ · /)
  })
})

describe('visibility', () => {
  it('answers 404 for fremd, and for eigentuemer on a property she does not own', async () => {
    await setStatus(distributions.notOwned, 'O')
    const [line] = await ctx.database.db
      .select()
      .from(operatingCostsExpenses)
      .where(eq(operatingCostsExpenses.operatingCostsDistribution, distributions.notOwned))
      .limit(1)
    const path = `${BASE}/${distributions.notOwned}/${line!.kind}-expenses/${line!.guid}`
    for (const user of ['fremd', 'eigentuemer']) {
      const responses = [
        await call('GET', `${BASE}/${distributions.notOwned}`, undefined, user),
        await call('GET', `${BASE}/${distributions.notOwned}/history`, undefined, user),
        await call('POST', `${BASE}/${distributions.notOwned}/heating-expenses`, {}, user),
        await call('POST', `${BASE}/${distributions.notOwned}/working-expenses`, {}, user),
        await call('PATCH', path, { note: 'x', version: line!.version }, user),
        // an invalid change learns nothing either: no validation message before the 404
        await call('PATCH', path, { note: 7, version: 'alt', unknown: true }, user),
        await call('PATCH', `${path.slice(0, -line!.guid.length)}kein-guid`, { note: 7 }, user),
        await call('DELETE', path, undefined, user),
        await call(
          'POST',
          '/api/processes/operating-costs/entry-finalization',
          { operatingCostsDistribution: distributions.notOwned },
          user,
        ),
        await call(
          'POST',
          '/api/processes/operating-costs/distribution-approval',
          { operatingCostsDistribution: distributions.notOwned, approved: true },
          user,
        ),
        await call(
          'POST',
          '/api/processes/system/value-list',
          {
            table_name: 'tb_uti_bkosten_h',
            field_name: 'SCHLUESSEL',
            head_data: { BKOSTEN: distributions.notOwned },
            line_data: {},
          },
          user,
        ),
      ]
      for (const response of responses) expect(response.statusCode, user).toBe(404)
    }
    expect((await distribution(distributions.notOwned)).operatingCostsDistributionStatus).toBe('O')
  })

  it('searches only visible distributions', async () => {
    const response = await call(
      'POST',
      '/api/persistence/operating-costs-search?limit=9999',
      {
        filters: [
          { property: 'operatingCostsDistribution', type: 'eq', value: distributions.notOwned },
        ],
      },
      'eigentuemer',
    )
    expect(response.statusCode).toBe(200)
    expect(response.json<{ items: unknown[] }>().items).toEqual([])
  })
})
