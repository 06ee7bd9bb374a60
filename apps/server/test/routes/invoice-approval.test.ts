/**
 * §1, §4 (decision 013): a user approves or declines one invoice. Approval is final, a decline
 * needs a reason and may later be approved; only while the distribution is released or approved;
 * only invoices the user sees; each decision audited, a decline as an ABLEHNUNG activity.
 */
import {
  BillingVoucherSchema,
  DECLINE_REASON_REQUIRED_MESSAGE,
  HistorySchema,
  searchResultSchema,
  type DistributionStatus,
} from '@portal/domain'
import { and, asc, eq, notLike, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  activities,
  auditLog,
  billingVouchers,
  invoiceApprovals,
  operatingCostsDistributions,
} from '../../src/platform/persistence/schema'
import { invoicesOf1000, type Invoice } from '../fixtures/invoices'
import { useTestContext, ownedPropertiesOf, firstOf1000 } from '../helper'

const { ctx, as } = useTestContext(['verwalter', 'eigentuemer', 'fremd'])
/** Invoices (AR…) of company 1000 in properties eigentuemer owns, one distribution each. */
let owned: Invoice[]
/** An invoice of company 1000 in a property eigentuemer does not own. */
let notOwned: Invoice

const APPROVAL = '/api/processes/operating-costs/invoice-approval'

async function invoices(where: ReturnType<typeof sql>): Promise<Invoice[]> {
  const rows = await invoicesOf1000(ctx, where)
  // one invoice per distribution: a test that sets a status touches its own invoice only
  const seen = new Set<string>()
  return rows.filter((row) => !seen.has(row.distribution) && seen.add(row.distribution))
}

beforeAll(async () => {
  const properties = await ownedPropertiesOf(ctx, 'eigentuemer')
  owned = await invoices(sql`${billingVouchers.propertyConnection} in ${properties}`)
  const [foreign] = await invoices(sql`${billingVouchers.propertyConnection} not in ${properties}`)
  expect(owned.length).toBeGreaterThanOrEqual(6)
  expect(foreign).toBeDefined()
  notOwned = foreign!
})

async function setStatus(invoice: Invoice, status: DistributionStatus) {
  await ctx.database.db
    .update(operatingCostsDistributions)
    .set({ operatingCostsDistributionStatus: status })
    .where(eq(operatingCostsDistributions.operatingCostsDistribution, invoice.distribution))
}

const decide = (
  invoice: string,
  decision: { approved: boolean; reason?: string },
  options: { user?: string; key?: string } = {},
) =>
  ctx.app.inject({
    method: 'POST',
    url: APPROVAL,
    headers: {
      ...as[options.user ?? 'verwalter'],
      ...(options.key ? { 'idempotency-key': options.key } : {}),
    },
    payload: { invoice, ...decision },
  })

/** The invoice as the invoices search of its distribution answers it. */
async function searched(invoice: Invoice, user = 'verwalter') {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/persistence/billing-vouchers-search?limit=9999',
    headers: as[user],
    payload: {
      filters: [
        { property: 'operatingCostsDistribution', type: 'eq', value: invoice.distribution },
        { property: 'invoiceVoucher', type: 'startsWith', value: 'AR' },
      ],
    },
  })
  expect(response.statusCode, response.body).toBe(200)
  const { items } = searchResultSchema(BillingVoucherSchema).parse(response.json())
  return items.find((item) => item.billingVoucher === invoice.id)
}

const auditOf = (invoice: Invoice) =>
  ctx.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'invoice'), eq(auditLog.entityKey, invoice.id)))
    .orderBy(asc(auditLog.id))

const declinesOf = (invoice: Invoice) =>
  ctx.database.db
    .select()
    .from(activities)
    .where(and(eq(activities.activityType, 'ABLEHNUNG'), eq(activities.objectKey, invoice.id)))
    .orderBy(asc(activities.createdAt))

async function history(invoice: Invoice) {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/persistence/operating-costs/${invoice.distribution}/history`,
    headers: as.verwalter,
  })
  expect(response.statusCode, response.body).toBe(200)
  return HistorySchema.parse(response.json()).items.map((item) => item.detail)
}

describe('approving an invoice', () => {
  it('approves an undecided invoice once: state, audit entry, no activity, final', async () => {
    const invoice = owned[0]!
    await setStatus(invoice, 'F')
    expect((await searched(invoice))?.approval).toBeNull()

    const response = await decide(invoice.id, { approved: true })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toEqual({
      successMessage: `Die Rechnung ${invoice.number} wurde genehmigt.`,
    })
    const approval = (await searched(invoice))?.approval
    expect(approval).toEqual({
      status: 'approved',
      at: expect.any(String),
      by: 'verwalter',
      name: 'Thomas Brandt',
      reason: null,
    })
    expect(Math.abs(Date.parse(approval!.at) - Date.now())).toBeLessThan(60_000)
    // the owner of the property sees the decision too
    expect((await searched(invoice, 'eigentuemer'))?.approval?.status).toBe('approved')

    const audit = await auditOf(invoice)
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({
      userName: 'verwalter',
      companyCode: '1000',
      action: 'INVOICE_APPROVED',
      before: { status: null, invoiceVoucher: invoice.number },
      after: {
        status: 'approved',
        reason: null,
        activity: null,
        invoiceVoucher: invoice.number,
        operatingCostsDistribution: invoice.distribution,
      },
    })
    expect(await declinesOf(invoice)).toEqual([])
    expect(await history(invoice)).toContain(`Rechnung ${invoice.number} genehmigt`)

    for (const decision of [{ approved: true }, { approved: false, reason: 'Doch falsch.' }]) {
      const again = await decide(invoice.id, decision)
      expect(again.statusCode, again.body).toBe(409)
      expect(again.json()).toMatchObject({
        code: 'INVOICE_ALREADY_APPROVED',
        detail: expect.stringMatching(/bereits genehmigt/),
      })
    }
    expect(await auditOf(invoice)).toHaveLength(1)
    expect(await declinesOf(invoice)).toEqual([])
    expect((await searched(invoice))?.approval?.status).toBe('approved')
  })
})

describe('declining an invoice', () => {
  it('needs a reason: 400 at the field reason, nothing written', async () => {
    const invoice = owned[1]!
    await setStatus(invoice, 'F')
    for (const reason of [undefined, '', '   ']) {
      const response = await decide(invoice.id, { approved: false, reason })
      expect(response.statusCode, response.body).toBe(400)
      expect(response.json()).toMatchObject({
        detail: DECLINE_REASON_REQUIRED_MESSAGE,
        field: 'reason',
      })
    }
    const tooLong = await decide(invoice.id, { approved: false, reason: 'x'.repeat(2001) })
    expect(tooLong.statusCode).toBe(400)
    expect(tooLong.json()).toMatchObject({ field: 'reason' })
    expect(await auditOf(invoice)).toEqual([])
    expect(await declinesOf(invoice)).toEqual([])
    expect((await searched(invoice))?.approval).toBeNull()
  })

  it('declines with a reason (activity, audit, state), again, and approves it later', async () => {
    const invoice = owned[1]!
    await setStatus(invoice, 'F')
    const reason = 'Der Mieter ist am 31.03. ausgezogen.'
    const response = await decide(invoice.id, { approved: false, reason: `  ${reason} ` })
    expect(response.statusCode, response.body).toBe(200)
    const { successMessage } = response.json<{ successMessage: string }>()
    expect(successMessage).toContain(invoice.number)
    expect(successMessage).toMatch(/Kundenservice/)

    const [activity] = await declinesOf(invoice)
    expect(activity).toMatchObject({
      companyCode: '1000',
      objectType: 'RECHNUNG',
      objectKey: invoice.id,
      status: 'EINGEGANGEN',
      createdBy: 'verwalter',
      payload: {
        invoice: invoice.id,
        invoiceVoucher: invoice.number,
        operatingCostsDistribution: invoice.distribution,
        approved: false,
        reason,
      },
    })
    expect(await auditOf(invoice)).toEqual([
      expect.objectContaining({
        action: 'INVOICE_DECLINED',
        before: expect.objectContaining({ status: null }),
        after: expect.objectContaining({ status: 'declined', reason, activity: activity!.id }),
      }),
    ])
    expect((await searched(invoice))?.approval).toEqual({
      status: 'declined',
      at: expect.any(String),
      by: 'verwalter',
      name: 'Thomas Brandt',
      reason,
    })
    expect(await history(invoice)).toContain(`Rechnung ${invoice.number} abgelehnt: ${reason}`)
    // the distribution itself is neither declined nor changed
    const [distribution] = await ctx.database.db
      .select()
      .from(operatingCostsDistributions)
      .where(eq(operatingCostsDistributions.operatingCostsDistribution, invoice.distribution))
    expect(distribution!.operatingCostsDistributionStatus).toBe('F')

    // a declined invoice may be declined again with a new reason, then approved
    const second = await decide(invoice.id, { approved: false, reason: 'Und die Fläche fehlt.' })
    expect(second.statusCode, second.body).toBe(200)
    expect((await searched(invoice))?.approval?.reason).toBe('Und die Fläche fehlt.')
    const approved = await decide(invoice.id, { approved: true }, { user: 'eigentuemer' })
    expect(approved.statusCode, approved.body).toBe(200)
    expect((await searched(invoice))?.approval).toMatchObject({
      status: 'approved',
      by: 'eigentuemer',
      reason: null,
    })
    const audit = await auditOf(invoice)
    expect(audit.map((entry) => entry.action)).toEqual([
      'INVOICE_DECLINED',
      'INVOICE_DECLINED',
      'INVOICE_APPROVED',
    ])
    expect(audit[2]!.before).toMatchObject({ status: 'declined', reason: 'Und die Fläche fehlt.' })
    expect(await declinesOf(invoice)).toHaveLength(2)
    expect((await decide(invoice.id, { approved: true })).statusCode).toBe(409)
  })
})

describe('the status of the distribution', () => {
  it('allows decisions while released (F) or approved (G), refuses them before and when cancelled', async () => {
    const invoice = owned[2]!
    for (const status of ['O', 'E', 'V', 'S'] as const) {
      await setStatus(invoice, status)
      const response = await decide(invoice.id, { approved: false, reason: 'Zu früh?' })
      expect(response.statusCode, `${status} ${response.body}`).toBe(409)
      expect(response.json()).toMatchObject({
        code: 'INVOICE_NOT_DECIDABLE',
        detail:
          status === 'S'
            ? expect.stringMatching(/storniert/)
            : expect.stringMatching(/freigegeben/),
      })
    }
    expect(await auditOf(invoice)).toEqual([])
    expect(await declinesOf(invoice)).toEqual([])

    await setStatus(invoice, 'G')
    const declined = await decide(invoice.id, { approved: false, reason: 'Falscher Zeitraum.' })
    expect(declined.statusCode, declined.body).toBe(200)
    const approved = await decide(invoice.id, { approved: true })
    expect(approved.statusCode, approved.body).toBe(200)
  })
})

describe('visibility', () => {
  it('answers 404 with the same detail for an invoice that does not exist or is not visible', async () => {
    const other = await firstOf1000(
      ctx,
      billingVouchers.billingVoucher,
      notLike(billingVouchers.invoiceVoucher, 'AR%'),
    )
    await setStatus(notOwned, 'F')
    await setStatus(owned[3]!, 'F')
    const cases: [string, string][] = [
      ['verwalter', 'AB-GIBT-ES-NICHT'],
      // a billing voucher that is no invoice (advance payment plan, reversal)
      ['verwalter', other],
      ['fremd', owned[3]!.id],
      ['fremd', notOwned.id],
      ['eigentuemer', notOwned.id],
    ]
    for (const [user, id] of cases) {
      for (const decision of [{ approved: true }, { approved: false, reason: 'Nein.' }]) {
        const response = await decide(id, decision, { user })
        expect(response.statusCode, `${user} ${id}`).toBe(404)
        expect(response.json()).toEqual({
          detail: 'Die Rechnung wurde nicht gefunden.',
          code: 'NOT_FOUND',
        })
      }
    }
    expect(await auditOf(notOwned)).toEqual([])
    expect(await auditOf(owned[3]!)).toEqual([])
    const decided = await ctx.database.db
      .select()
      .from(invoiceApprovals)
      .where(eq(invoiceApprovals.billingVoucher, notOwned.id))
    expect(decided).toEqual([])
    // verwalter of the same company code sees it and may decide it
    expect((await decide(notOwned.id, { approved: true })).statusCode).toBe(200)
    // fremd's search does not even show the decision
    expect(await searched(notOwned, 'fremd')).toBeUndefined()
  })
})

describe('idempotency', () => {
  it('answers a repeat with the same key with the first answer and decides once', async () => {
    const invoice = owned[4]!
    await setStatus(invoice, 'F')
    const key = 'rechnung-ablehnen-1'
    const decision = { approved: false, reason: 'Die Wohnfläche stimmt nicht.' }
    const first = await decide(invoice.id, decision, { key })
    const second = await decide(invoice.id, decision, { key })
    expect(first.statusCode, first.body).toBe(200)
    expect(second.statusCode).toBe(200)
    expect(second.json()).toEqual(first.json())
    expect(second.headers['idempotent-replayed']).toBe('true')
    expect(await declinesOf(invoice)).toHaveLength(1)
    expect(await auditOf(invoice)).toHaveLength(1)

    // the same key for another decision: 422, nothing changes
    const reused = await decide(invoice.id, { approved: true }, { key })
    expect(reused.statusCode).toBe(422)
    expect((await searched(invoice))?.approval?.status).toBe('declined')

    // an approval repeated with its key answers 200 again, not the 409 of a second approval
    const approve = await decide(invoice.id, { approved: true }, { key: 'rechnung-genehmigen-1' })
    const repeat = await decide(invoice.id, { approved: true }, { key: 'rechnung-genehmigen-1' })
    expect(approve.statusCode, approve.body).toBe(200)
    expect(repeat.statusCode).toBe(200)
    expect(repeat.json()).toEqual(approve.json())
    expect(await auditOf(invoice)).toHaveLength(2)
  })

  it('keeps no key of a refused request: the same key works once the reason is there', async () => {
    const invoice = owned[5]!
    await setStatus(invoice, 'F')
    const key = 'rechnung-ablehnen-2'
    expect((await decide(invoice.id, { approved: false, reason: ' ' }, { key })).statusCode).toBe(
      400,
    )
    await setStatus(invoice, 'V')
    const early = await decide(invoice.id, { approved: true }, { key })
    expect(early.statusCode).toBe(409)
    await setStatus(invoice, 'F')
    expect((await decide(invoice.id, { approved: true }, { key })).statusCode).toBe(200)
  })
})
