/**
 * ARCHITECTURE 3.5: every creating or changing call is safe to repeat with its `Idempotency-Key`:
 * a repeat answers the first answer and has no second effect; the key with another request is 422.
 */
import { randomUUID } from 'node:crypto'
import type { DistributionStatus, Expense, ExpenseInput } from '@portal/domain'
import { and, asc, eq, sql, type SQL } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { pruneIdempotencyKeys } from '../../src/platform/http/idempotency'
import {
  activities,
  attachments,
  auditLog,
  idempotencyKeys,
  operatingCostsDistributions,
  operatingCostsExpenses,
  pointsOfDelivery,
} from '../../src/platform/persistence/schema'
import { multipart, SAMPLE_FILES } from '../fixtures/files'
import { heatingLine } from '../expense-lines'
import { useTestContext, ownedPropertiesOf } from '../helper'
import { PRIVATE_TENANT, tenantChangeForm } from '../tenant-change'

const { ctx, as } = useTestContext(['verwalter', 'eigentuemer'])
/** Distributions and a unit of a property eigentuemer owns (verwalter sees them too). */
let ids: string[]
let unit: string

const BASE = '/api/persistence/operating-costs'
const FINALIZE = '/api/processes/operating-costs/entry-finalization'
const APPROVAL = '/api/processes/operating-costs/distribution-approval'

beforeAll(async () => {
  const owned = await ownedPropertiesOf(ctx, 'eigentuemer')
  const rows = await ctx.database.db
    .select({ id: operatingCostsDistributions.operatingCostsDistribution })
    .from(operatingCostsDistributions)
    .where(sql`${operatingCostsDistributions.propertyConnection} in ${owned}`)
    .orderBy(asc(operatingCostsDistributions.operatingCostsDistribution))
  ids = rows.map((r) => r.id)
  const [pod] = await ctx.database.db
    .select({ id: pointsOfDelivery.pointOfDelivery })
    .from(pointsOfDelivery)
    .where(sql`${pointsOfDelivery.propertyConnection} in ${owned}`)
    .limit(1)
  unit = pod!.id
})

type Method = 'POST' | 'PATCH' | 'DELETE'
const send = (method: Method, url: string, payload: object | undefined, key?: string) =>
  ctx.app.inject({
    method,
    url,
    headers: { ...as.verwalter, ...(key === undefined ? {} : { 'idempotency-key': key }) },
    ...(payload === undefined ? {} : { payload }),
  })

async function setStatus(id: string, status: DistributionStatus) {
  await ctx.database.db
    .update(operatingCostsDistributions)
    .set({ operatingCostsDistributionStatus: status })
    .where(eq(operatingCostsDistributions.operatingCostsDistribution, id))
}

/** How many rows of `table` meet `where`. */
const count = async (table: PgTable, where?: SQL) =>
  (
    await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(table)
      .where(where)
  )[0]!.n

const expenseCount = (id: string) =>
  count(operatingCostsExpenses, eq(operatingCostsExpenses.operatingCostsDistribution, id))

const auditCount = (action: string, entityKey: string) =>
  count(auditLog, and(eq(auditLog.action, action), eq(auditLog.entityKey, entityKey)))

async function validLine(id: string): Promise<ExpenseInput> {
  return {
    ...(await heatingLine(ctx, as.verwalter!, id)),
    // the suite records several lines of one cost type; the question itself: cost-entry-questions
    confirmSecondLine: true,
  }
}

/** Opens the distribution; the body that adds a valid heating line to it. */
async function openWithNewLine(id: string) {
  await setStatus(id, 'O')
  return { operatingCostsHeatingExpense: [await validLine(id)] }
}

/** Adds the lines of `body` to the distribution's heating list, with the idempotency key `key`. */
const addLines = (id: string, body: object, key?: string) =>
  send('POST', `${BASE}/${id}/heating-expenses`, body, key)

describe('expense lines', () => {
  it('a repeated add with one key stores one line and answers the first answer', async () => {
    const id = ids[0]!
    const body = await openWithNewLine(id)
    const before = await expenseCount(id)
    const key = randomUUID()
    const first = await addLines(id, body, key)
    const second = await addLines(id, body, key)
    expect(first.statusCode, first.body).toBe(201)
    expect(second.statusCode).toBe(201)
    expect(second.json()).toEqual(first.json())
    expect(second.headers['idempotent-replayed']).toBe('true')
    expect(first.headers['idempotent-replayed']).toBeUndefined()
    expect(await expenseCount(id)).toBe(before + 1)
  })

  it('three concurrent adds with one key store one line', async () => {
    const id = ids[0]!
    const body = await openWithNewLine(id)
    const before = await expenseCount(id)
    const key = randomUUID()
    const answers = await Promise.all([1, 2, 3].map(() => addLines(id, body, key)))
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201])
    const guids = answers.map(
      (a) =>
        a.json<{ operatingCostsHeatingExpense: Expense[] }>().operatingCostsHeatingExpense[0]!.guid,
    )
    expect(new Set(guids).size).toBe(1)
    expect(await expenseCount(id)).toBe(before + 1)
  })

  it('without a key every request acts: the key is what makes the repeat safe', async () => {
    const id = ids[0]!
    const body = await openWithNewLine(id)
    const before = await expenseCount(id)
    await addLines(id, body)
    await addLines(id, body)
    expect(await expenseCount(id)).toBe(before + 2)
  })

  it('the same key with a different body or route answers 422 and changes nothing', async () => {
    const id = ids[0]!
    const body = await openWithNewLine(id)
    const line = body.operatingCostsHeatingExpense[0]!
    const key = randomUUID()
    const first = await addLines(id, body, key)
    expect(first.statusCode).toBe(201)
    const before = await expenseCount(id)
    const other = await addLines(
      id,
      { operatingCostsHeatingExpense: [{ ...line, amountTransactionCurrency: '200.00' }] },
      key,
    )
    expect(other.statusCode).toBe(422)
    expect(other.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' })
    expect(other.json<{ detail: string }>().detail).toMatch(/bereits für eine andere Anfrage/)
    const otherRoute = await send('POST', FINALIZE, { operatingCostsDistribution: id }, key)
    expect(otherRoute.statusCode).toBe(422)
    expect(await expenseCount(id)).toBe(before)
  })

  it('keys belong to their user: another user with the same key acts on its own', async () => {
    const id = ids[0]!
    const body = await openWithNewLine(id)
    const before = await expenseCount(id)
    const key = randomUUID()
    await addLines(id, body, key)
    const owner = await ctx.app.inject({
      method: 'POST',
      url: `${BASE}/${id}/heating-expenses`,
      headers: { ...as.eigentuemer, 'idempotency-key': key },
      payload: body,
    })
    expect(owner.statusCode, owner.body).toBe(201)
    expect(owner.headers['idempotent-replayed']).toBeUndefined()
    expect(await expenseCount(id)).toBe(before + 2)
  })

  it('a failed request stores no key: the retry with the same key acts', async () => {
    const id = ids[0]!
    const body = { operatingCostsHeatingExpense: [await validLine(id)] }
    await setStatus(id, 'E')
    const key = randomUUID()
    const refused = await addLines(id, body, key)
    expect(refused.statusCode).toBe(409)
    await setStatus(id, 'O')
    const before = await expenseCount(id)
    const retried = await addLines(id, body, key)
    expect(retried.statusCode, retried.body).toBe(201)
    expect(await expenseCount(id)).toBe(before + 1)
  })

  it('a repeated edit changes the line once; a repeated delete answers 204 twice', async () => {
    const id = ids[0]!
    const added = await addLines(id, await openWithNewLine(id))
    const line = added.json<{ operatingCostsHeatingExpense: Expense[] }>()
      .operatingCostsHeatingExpense[0]!
    const url = `${BASE}/${id}/heating-expenses/${line.guid}`
    const edit = { note: '  geprüft  ', version: line.version }
    const editKey = randomUUID()
    const first = await send('PATCH', url, edit, editKey)
    const second = await send('PATCH', url, edit, editKey)
    expect(first.statusCode, first.body).toBe(200)
    expect(second.statusCode).toBe(200)
    expect(second.json()).toEqual(first.json())
    expect(first.json<Expense>().version).toBe(line.version + 1)
    expect(await auditCount('EXPENSE_UPDATED', line.guid)).toBe(1)

    const deleteKey = randomUUID()
    const deleted = await send('DELETE', url, undefined, deleteKey)
    const again = await send('DELETE', url, undefined, deleteKey)
    expect([deleted.statusCode, again.statusCode]).toEqual([204, 204])
    expect(await auditCount('EXPENSE_DELETED', line.guid)).toBe(1)
    // without the key the line is simply gone
    expect((await send('DELETE', url, undefined)).statusCode).toBe(404)
  })
})

describe('workflow steps', () => {
  it('a repeated "Kosten erfasst" answers the first success and changes the status once', async () => {
    const id = ids[1]!
    await setStatus(id, 'O')
    const key = randomUUID()
    const body = { operatingCostsDistribution: id }
    const answers = [
      await send('POST', FINALIZE, body, key),
      await send('POST', FINALIZE, body, key),
    ]
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200])
    expect(answers[1]!.json()).toEqual(answers[0]!.json())
    expect(await auditCount('DISTRIBUTION_STATUS_CHANGED', id)).toBeGreaterThan(0)
    // a new key is a new action, refused by the status machine
    expect((await send('POST', FINALIZE, body, randomUUID())).statusCode).toBe(409)
  })

  it('a repeated approval and a repeated decline each act once', async () => {
    const id = ids[1]!
    await setStatus(id, 'F')
    const decline = { operatingCostsDistribution: id, approved: false, reason: 'Zu hoch' }
    const declineKey = randomUUID()
    const declinesBefore = await count(activities, eq(activities.objectKey, id))
    const d1 = await send('POST', APPROVAL, decline, declineKey)
    const d2 = await send('POST', APPROVAL, decline, declineKey)
    expect([d1.statusCode, d2.statusCode]).toEqual([200, 200])
    expect(await count(activities, eq(activities.objectKey, id))).toBe(declinesBefore + 1)

    const approve = { operatingCostsDistribution: id, approved: true }
    const approveKey = randomUUID()
    const a1 = await send('POST', APPROVAL, approve, approveKey)
    const a2 = await send('POST', APPROVAL, approve, approveKey)
    expect([a1.statusCode, a2.statusCode]).toEqual([200, 200])
    expect(a2.json()).toEqual(a1.json())
  })
})

describe('uploads and tenant changes', () => {
  const multipartSend = (url: string, body: ReturnType<typeof multipart>, key: string) =>
    ctx.app.inject({
      method: 'POST',
      url,
      headers: { ...as.eigentuemer, ...body.headers, 'idempotency-key': key },
      payload: body.payload,
    })

  it('a repeated upload stores one file; another file with the same key is 422', async () => {
    const id = ids[2]!
    const fields = { objectType: 'KOSTENBELEG', objectKey: id }
    const file = {
      fileName: 'rechnung.pdf',
      contentType: 'application/pdf',
      content: SAMPLE_FILES.pdf,
    }
    const n = await count(attachments)
    const key = randomUUID()
    const url = '/api/processes/system/file-upload'
    const first = await multipartSend(url, multipart(fields, file), key)
    const second = await multipartSend(url, multipart(fields, file), key)
    expect([first.statusCode, second.statusCode]).toEqual([200, 200])
    expect(second.json()).toEqual(first.json())
    expect(await count(attachments)).toBe(n + 1)
    const other = await multipartSend(
      url,
      multipart(fields, { ...file, content: Buffer.concat([SAMPLE_FILES.pdf, Buffer.from('x')]) }),
      key,
    )
    expect(other.statusCode).toBe(422)
    expect(await count(attachments)).toBe(n + 1)

    const attachment = first.json<{ attachment: string }>().attachment
    const deleteKey = randomUUID()
    const deleteUrl = `/api/persistence/attachments/${attachment}`
    const remove = () =>
      ctx.app.inject({
        method: 'DELETE',
        url: deleteUrl,
        headers: { ...as.eigentuemer, 'idempotency-key': deleteKey },
      })
    expect([(await remove()).statusCode, (await remove()).statusCode]).toEqual([204, 204])
    expect(await count(attachments)).toBe(n)
  })

  it('a repeated tenant change report stores one report', async () => {
    const n = await count(activities)
    const key = randomUUID()
    const url = '/api/persistence/activities'
    const body = () => tenantChangeForm(unit, PRIVATE_TENANT)
    const first = await multipartSend(url, body(), key)
    const second = await multipartSend(url, body(), key)
    expect([first.statusCode, second.statusCode], first.body).toEqual([201, 201])
    expect(second.json()).toEqual(first.json())
    expect(await count(activities)).toBe(n + 1)
  })
})

describe('keys', () => {
  it('a malformed key is a 400 naming the header', async () => {
    const response = await send(
      'POST',
      FINALIZE,
      { operatingCostsDistribution: ids[1]! },
      'ä'.repeat(3),
    )
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({
      code: 'INVALID_IDEMPOTENCY_KEY',
      field: 'idempotency-key',
    })
  })

  it('keys older than a day are pruned, younger ones kept', async () => {
    const fresh = randomUUID()
    const old = randomUUID()
    await ctx.database.db.insert(idempotencyKeys).values([
      { userName: 'verwalter', key: fresh, method: 'POST', url: '/x', requestHash: 'h' },
      {
        userName: 'verwalter',
        key: old,
        method: 'POST',
        url: '/x',
        requestHash: 'h',
        createdAt: sql`now() - interval '25 hours'`,
      },
    ])
    expect(await pruneIdempotencyKeys(ctx.database.db)).toBeGreaterThanOrEqual(1)
    const left = await ctx.database.db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(sql`${idempotencyKeys.key} in (${fresh}, ${old})`)
    expect(left.map((r) => r.key)).toEqual([fresh])
  })
})
