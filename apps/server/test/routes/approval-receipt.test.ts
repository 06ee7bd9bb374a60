/**
 * Decision 034: every approval and decline stores exactly what was decided (lines, amounts, totals)
 * with its hash in the chained audit entry; the history shows it, and a PDF receipt
 * carries both hashes. Only for the user who sees the distribution.
 */
import { createHash } from 'node:crypto'
import {
  EXCLUDED_TARIFF_COMPONENTS,
  formatAmount,
  HistorySchema,
  type HistoryEntry,
} from '@portal/domain'
import canonicalize from 'canonicalize'
import { and, asc, eq, like, notInArray, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { PAGE_WIDTH, TEXT_LEFT, TEXT_RIGHT, textWidth } from '../../src/platform/files/pdf'
import { pdfProblems, pdfTextRuns } from '../../src/platform/files/pdf-structure'
import { personNamesOf } from '../../src/platform/persistence/actors'
import { verifyAuditChain } from '../../src/platform/persistence/audit'
import {
  auditLog,
  billingVouchers,
  operatingCostsDistributions,
  operatingCostsExpenses,
} from '../../src/platform/persistence/schema'
import { useTestContext } from '../helper'

const { ctx, as } = useTestContext(['verwalter', 'fremd'])

const call = (method: 'GET' | 'POST', url: string, payload?: object, user = 'verwalter') =>
  ctx.app.inject({ method, url, headers: as[user], ...(payload === undefined ? {} : { payload }) })

/** A distribution of company 1000 with heating and operating lines and an invoice, set to released (F). */
async function releasedDistribution(offset: number): Promise<string> {
  const [row] = await ctx.database.db
    .select({ id: operatingCostsExpenses.operatingCostsDistribution })
    .from(operatingCostsExpenses)
    .where(
      and(
        eq(operatingCostsExpenses.companyCode, '1000'),
        sql`exists (select 1 from ${billingVouchers} where ${billingVouchers.operatingCostsDistribution} = ${operatingCostsExpenses.operatingCostsDistribution} and ${billingVouchers.invoiceVoucher} like 'AR%')`,
      ),
    )
    .groupBy(operatingCostsExpenses.operatingCostsDistribution)
    .having(sql`count(distinct ${operatingCostsExpenses.kind}) = 2`)
    .orderBy(asc(operatingCostsExpenses.operatingCostsDistribution))
    .offset(offset)
    .limit(1)
  await ctx.database.db
    .update(operatingCostsDistributions)
    .set({ operatingCostsDistributionStatus: 'F' })
    .where(eq(operatingCostsDistributions.operatingCostsDistribution, row!.id))
  return row!.id
}

async function history(id: string, user = 'verwalter'): Promise<HistoryEntry[]> {
  const response = await call(
    'GET',
    `/api/persistence/operating-costs/${id}/history`,
    undefined,
    user,
  )
  expect(response.statusCode, response.body).toBe(200)
  return HistorySchema.parse(response.json()).items
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')

/** The listed lines (§5) of a distribution and their sum, as the database holds them now. */
async function storedLines(id: string) {
  const listed = and(
    eq(operatingCostsExpenses.operatingCostsDistribution, id),
    notInArray(operatingCostsExpenses.tariffComponent, [...EXCLUDED_TARIFF_COMPONENTS]),
  )
  const lines = await ctx.database.db
    .select({ amount: sql<string>`${operatingCostsExpenses.amountTransactionCurrency}::text` })
    .from(operatingCostsExpenses)
    .where(listed)
  const [total] = await ctx.database.db
    .select({ sum: sql<string>`sum(${operatingCostsExpenses.amountTransactionCurrency})::text` })
    .from(operatingCostsExpenses)
    .where(listed)
  return { lines, total: total!.sum }
}

describe('snapshots of decisions', () => {
  it('an approval keeps its lines, amounts and totals with their hash; the receipt PDF shows them', async () => {
    const id = await releasedDistribution(0)
    const stored = await storedLines(id)
    const approve = await call('POST', '/api/processes/operating-costs/distribution-approval', {
      operatingCostsDistribution: id,
      approved: true,
    })
    expect(approve.statusCode, approve.body).toBe(200)

    const entry = (await history(id)).find((item) => item.receipt)!
    expect(entry.userName).toBe('verwalter')
    // the person's name for the history (decision 044); the user name stays for the audit
    expect(entry.name).toBe('Thomas Brandt')
    const { snapshot, snapshotHash, entryHash } = entry.receipt!
    expect(snapshot).toMatchObject({ subject: 'distribution', decision: 'approved', reason: null })
    expect(snapshot.operatingCostsDistribution).toBe(id)
    expect(snapshot.lines.map((line) => line.amount).sort()).toEqual(
      stored.lines.map((line) => line.amount).sort(),
    )
    expect(snapshot.totals.map((total) => total.label)).toEqual([
      'Summe Heizkosten',
      'Summe Betriebskosten',
      'Gesamtsumme',
    ])
    expect(snapshot.totals.at(-1)!.amount).toBe(stored.total)
    expect(snapshotHash).toBe(sha256(canonicalize(snapshot)!))
    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.seq, entry.sequence!))
    expect(audit!.hash).toBe(entryHash)
    expect(audit!.action).toBe('DISTRIBUTION_STATUS_CHANGED')

    // a later change to the lines does not change what was approved
    await ctx.database.db
      .update(operatingCostsExpenses)
      .set({ amountTransactionCurrency: '1.00' })
      .where(eq(operatingCostsExpenses.operatingCostsDistribution, id))
    const again = (await history(id)).find((item) => item.sequence === entry.sequence)!
    expect(again.receipt!.snapshot).toEqual(snapshot)

    const receipt = await call(
      'GET',
      `/api/persistence/operating-costs/${id}/history/${entry.sequence}/receipt`,
    )
    expect(receipt.statusCode, receipt.body).toBe(200)
    expect(receipt.headers['content-type']).toBe('application/pdf')
    expect(receipt.headers['content-disposition']).toContain(`Eintrag ${entry.sequence}.pdf`)
    expect(pdfProblems(receipt.rawPayload)).toEqual([])
    const text = receipt.rawPayload.toString('latin1')
    expect(text).toContain('(Beleg zur Genehmigung der Kostenverteilung)')
    expect(text).toContain('Genehmigt von verwalter am ')
    expect(text).toContain(snapshotHash)
    expect(text).toContain(`Protokolleintrag Nr. ${entry.sequence}, Hash: ${entryHash}`)
    // the PDF's WinAnsi text writes the euro sign as EUR
    expect(text).toContain(`(${formatAmount(stored.total).replace('€', 'EUR')})`)
    expect((await verifyAuditChain(ctx.database.db)).problem).toBeUndefined()
  })

  it('a decline keeps its reason in the snapshot; an invoice decision keeps its amount and document hash', async () => {
    const id = await releasedDistribution(1)
    const decline = await call('POST', '/api/processes/operating-costs/distribution-approval', {
      operatingCostsDistribution: id,
      approved: false,
      reason: 'Hausmeisterkosten doppelt',
    })
    expect(decline.statusCode, decline.body).toBe(200)
    const declined = (await history(id)).find((item) => item.receipt)!
    expect(declined.receipt!.snapshot).toMatchObject({
      decision: 'declined',
      reason: 'Hausmeisterkosten doppelt',
    })
    const pdf = await call(
      'GET',
      `/api/persistence/operating-costs/${id}/history/${declined.sequence}/receipt`,
    )
    expect(pdf.rawPayload.toString('latin1')).toContain(
      '(Begr\xfcndung: Hausmeisterkosten doppelt)',
    )

    const [invoice] = await ctx.database.db
      .select()
      .from(billingVouchers)
      .where(
        and(
          eq(billingVouchers.operatingCostsDistribution, id),
          like(billingVouchers.invoiceVoucher, 'AR%'),
        ),
      )
    expect(invoice).toBeDefined()
    const approve = await call('POST', '/api/processes/operating-costs/invoice-approval', {
      invoice: invoice!.billingVoucher,
      approved: true,
    })
    expect(approve.statusCode, approve.body).toBe(200)
    const decided = (await history(id)).find(
      (item) => item.receipt?.snapshot.subject === 'invoice',
    )!
    expect(decided.receipt!.snapshot.invoice).toMatchObject({
      invoiceVoucher: invoice!.invoiceVoucher,
      amount: invoice!.amount,
    })
    expect(decided.receipt!.snapshot.totals).toEqual([
      { label: 'Rechnungsbetrag', amount: invoice!.amount, apportionableAmount: null },
    ])
    if (invoice!.attachment)
      expect(decided.receipt!.snapshot.invoice!.document?.sha256).toMatch(/^[0-9a-f]{64}$/)
    const receipt = await call(
      'GET',
      `/api/persistence/operating-costs/${id}/history/${decided.sequence}/receipt`,
    )
    expect(receipt.rawPayload.toString('latin1')).toContain('(Beleg zur Genehmigung der Rechnung)')
  })

  it('wraps a long reason within the page, every word of it in order', async () => {
    const id = await releasedDistribution(3)
    // words of every length, umlauts, parentheses, and words longer than a line
    const words = [
      'Die',
      'Heizkostenabrechnung',
      'enthält',
      '(doppelt)',
      'Wärmelieferung',
      'Grundsteuerbescheidsnachforderungsbetrag',
      `${'Müllabfuhr'.repeat(12)}`,
      'und',
      `${'W'.repeat(120)}`,
      'Straßenreinigung;',
    ]
    let reason = ''
    for (let i = 0; reason.length < 1_000; i++) reason += `${words[i % words.length]} `
    reason = reason.slice(0, 1_000).trim()
    expect(reason.length).toBeGreaterThanOrEqual(999)
    const decline = await call('POST', '/api/processes/operating-costs/distribution-approval', {
      operatingCostsDistribution: id,
      approved: false,
      reason,
    })
    expect(decline.statusCode, decline.body).toBe(200)
    const declined = (await history(id)).find((item) => item.receipt)!
    const pdf = await call(
      'GET',
      `/api/persistence/operating-costs/${id}/history/${declined.sequence}/receipt`,
    )
    expect(pdf.statusCode).toBe(200)
    expect(pdfProblems(pdf.rawPayload)).toEqual([])
    const runs = pdfTextRuns(pdf.rawPayload)
    // every text ends within the page, measured with the widths the writer wraps with
    for (const run of runs) {
      const right = run.x + textWidth(run.text, run.size, run.bold)
      expect(right, `${run.text} ends at ${right}`).toBeLessThanOrEqual(PAGE_WIDTH)
      expect(run.y).toBeGreaterThanOrEqual(TEXT_LEFT)
    }
    // the reason's lines follow each other within the text width: together they are the reason,
    // broken at spaces or within a word longer than a line
    const first = runs.findIndex((run) => run.text.startsWith('Begr\xfcndung: '))
    expect(first).toBeGreaterThan(0)
    const expected = `Begr\xfcndung: ${reason}`
    let shown = ''
    for (const run of runs.slice(first)) {
      if (shown.length >= expected.length) break
      expect(run.x + textWidth(run.text, run.size, run.bold), run.text).toBeLessThanOrEqual(
        TEXT_RIGHT,
      )
      const next = expected.startsWith(`${shown} ${run.text}`) ? ` ${run.text}` : run.text
      shown = shown === '' ? run.text : shown + next
      expect(expected.startsWith(shown), run.text).toBe(true)
    }
    expect(shown).toBe(expected)
  })

  it('no receipt for another customer, for an entry without a decision, or for a malformed number', async () => {
    const id = await releasedDistribution(2)
    await call('POST', '/api/processes/operating-costs/distribution-approval', {
      operatingCostsDistribution: id,
      approved: true,
    })
    const entry = (await history(id)).find((item) => item.receipt)!
    const url = `/api/persistence/operating-costs/${id}/history/${entry.sequence}/receipt`
    const foreign = await call('GET', url, undefined, 'fremd')
    expect(foreign.statusCode).toBe(404)
    expect(foreign.body).not.toContain(entry.receipt!.snapshotHash)

    const [other] = await ctx.database.db
      .select({ seq: auditLog.seq })
      .from(auditLog)
      .where(sql`${auditLog.seq} is not null and ${auditLog.after} ->> 'snapshotHash' is null`)
      .limit(1)
    const none = await call(
      'GET',
      `/api/persistence/operating-costs/${id}/history/${other!.seq}/receipt`,
    )
    expect(none.statusCode).toBe(404)
    expect(none.json<{ detail: string }>().detail).toContain('keinen Beleg')

    const malformed = await call(
      'GET',
      `/api/persistence/operating-costs/${id}/history/zwei/receipt`,
    )
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json<{ detail: string }>().detail).toContain('Nummer des Protokolleintrags')
  })
})

describe('the names of who decided', () => {
  it('are the persons’ names; a deleted user’s pseudonym and the provider stay as they are', async () => {
    const names = await personNamesOf(ctx.database.db, [
      'verwalter',
      'gelöscht-0a1b2c3d',
      'provider',
    ])
    expect(names('verwalter')).toBe('Thomas Brandt')
    expect(names('gelöscht-0a1b2c3d')).toBe('gelöscht-0a1b2c3d')
    expect(names('provider')).toBe('provider')
  })
})
