/**
 * Decision 018: provider API keys (command line, hashed, scoped, audited), the changes feed after a
 * scripted session of a user, and the provider's routes (steps, import and dump as tar).
 */
import { createHash } from 'node:crypto'
import { execFileSync } from 'node:child_process'
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { ExpenseInput } from '@portal/domain'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest'
import {
  auditLog,
  billingVouchers,
  operatingCostsDistributions,
  pointsOfDelivery,
  providerApiKeys,
} from '../src/platform/persistence/schema'
import { writeAudit } from '../src/platform/persistence/audit'
import { readChanges } from '../src/modules/provider/changes'
import { PROVIDER_API_CALL } from '../src/platform/auth/provider-keys'
import { providerKeyHeader, runProvider } from './fixtures/provider-command'
import type { ChangeEvent } from '../src/modules/provider/schemas'
import { SAMPLE_FILES, uploadFile } from './fixtures/files'
import { invoicesOf1000 } from './fixtures/invoices'
import { heatingLine } from './expense-lines'
import { createTestContext, type TestContext, firstOf1000, rowOf } from './helper'
import { PRIVATE_TENANT, submitTenantChange } from './tenant-change'

let ctx: TestContext
let verwalter: { authorization: string }
let folder: string

const BASE = '/api/persistence/operating-costs'

/** Runs `npm run provider -- …` on the test database; answers exit code and printed lines. */
const provider = (...args: string[]) => runProvider(ctx.database.db, args)

/** Creates a key on the command line; answers its bearer header. */
const createKey = (name: string, scope: string) => providerKeyHeader(ctx.database.db, name, scope)

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => ctx.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) })

async function distributionIn(status: string): Promise<string> {
  return firstOf1000(
    ctx,
    operatingCostsDistributions.operatingCostsDistribution,
    eq(operatingCostsDistributions.operatingCostsDistributionStatus, status),
  )
}

async function validLine(id: string): Promise<ExpenseInput> {
  return { ...(await heatingLine(ctx, verwalter, id)), apportionableAmount: '80.00' }
}

/**
 * The audited uses ordered by status (each test's differ): a call's use is audited after its answer
 * went out, so the next call may be audited first.
 */
const inAnyOrder = (entries: readonly unknown[]) =>
  [...(entries as { status: number }[])].sort((a, b) => a.status - b.status)

async function keyUses(name: string) {
  return ctx.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, PROVIDER_API_CALL), eq(auditLog.userName, `provider:${name}`)))
    .orderBy(asc(auditLog.id))
}

/** Waits until the audited uses of the key `name` are `expected`, in any order. */
const waitForKeyUses = (
  name: string,
  expected: readonly { method: string; route: string; status: number }[],
) =>
  vi.waitFor(async () => {
    const uses = await keyUses(name)
    expect(inAnyOrder(uses.map((u) => u.after))).toEqual(inAnyOrder(expected))
  })

beforeAll(async () => {
  ctx = await createTestContext()
  verwalter = await ctx.login('verwalter')
  folder = await mkdtemp(path.join(tmpdir(), 'provider-api-'))
})
afterAll(async () => {
  await ctx.close()
  await rm(folder, { recursive: true, force: true })
})

describe('provider keys on the command line', () => {
  it('creates a key, shows it once and stores only its sha256', async () => {
    const created = await provider('key', 'create', 'abrechnung', '--scope', 'export,import')
    expect(created.code).toBe(0)
    const key = created.out.find((line) => line.startsWith('pk_'))!
    expect(key).toMatch(/^pk_[A-Za-z0-9_-]{43}$/)
    const row = await rowOf(ctx, providerApiKeys, eq(providerApiKeys.name, 'abrechnung'))
    expect(row).toMatchObject({
      scope: 'import,export',
      keyHash: createHash('sha256').update(key).digest('hex'),
      lastUsedAt: null,
      revokedAt: null,
    })
    expect(JSON.stringify(row)).not.toContain(key.slice(3))
  })

  it('refuses a second key of the same name, an unknown scope and a bad name', async () => {
    const again = await provider('key', 'create', 'abrechnung', '--scope', 'all')
    expect(again.code).toBe(1)
    expect(again.err.join('\n')).toMatch(/gibt es schon/)
    const scope = await provider('key', 'create', 'andere', '--scope', 'export,alles')
    expect(scope.code).toBe(1)
    expect(scope.err.join('\n')).toMatch(/Unbekannter Bereich alles/)
    const name = await provider('key', 'create', '../x', '--scope', 'all')
    expect(name.code).toBe(1)
    const missing = await provider('key', 'create', 'ohne-bereich')
    expect(missing.code).toBe(1)
    expect(missing.err.join('\n')).toMatch(/^Aufruf:/)
  })

  it('lists and revokes keys; a revoked key is refused at once (401) and its use audited', async () => {
    const header = await createKey('kurzlebig', 'export')
    expect((await call('GET', '/api/provider/changes', header)).statusCode).toBe(200)
    const revoked = await provider('key', 'revoke', 'kurzlebig')
    expect(revoked).toMatchObject({ code: 0 })
    const refused = await call('GET', '/api/provider/changes', header)
    expect(refused.statusCode).toBe(401)
    expect(refused.json()).toEqual({
      detail: 'Der Provider-Schlüssel wurde widerrufen.',
      code: 'UNAUTHORIZED',
    })
    expect((await provider('key', 'revoke', 'kurzlebig')).code).toBe(1)
    expect((await provider('key', 'revoke', 'unbekannt')).code).toBe(1)

    const listed = await provider('key', 'list')
    expect(listed.code).toBe(0)
    expect(listed.out[0]).toMatch(/^Name\s+Bereich\s+angelegt\s+zuletzt verwendet\s+widerrufen$/)
    const line = listed.out.find((l) => l.startsWith('kurzlebig'))!
    // created, last used and revoked: three dates
    expect(line.match(/\d{2}\.\d{2}\.\d{4}/g)).toHaveLength(3)
    expect(listed.out.find((l) => l.startsWith('abrechnung'))).toMatch(/import,export.*–\s+–$/)

    await waitForKeyUses('kurzlebig', [
      { method: 'GET', route: '/api/provider/changes', status: 200 },
      { method: 'GET', route: '/api/provider/changes', status: 401 },
    ])
  })
})

describe('the separation of provider keys and portal tokens', () => {
  it('admits a key to the routes of its scope only (403 otherwise), and audits every use', async () => {
    const header = await createKey('nur-export', 'export')
    expect((await call('GET', '/api/provider/changes', header)).statusCode).toBe(200)
    const step = await call('POST', '/api/provider/steps/release', header, {
      operatingCostsDistribution: await distributionIn('V'),
    })
    expect(step.statusCode).toBe(403)
    expect(step.json()).toMatchObject({ code: 'PROVIDER_SCOPE_MISSING' })
    await waitForKeyUses('nur-export', [
      { method: 'GET', route: '/api/provider/changes', status: 200 },
      { method: 'POST', route: '/api/provider/steps/release', status: 403 },
    ])
    const [row] = await ctx.database.db
      .select({ lastUsedAt: providerApiKeys.lastUsedAt })
      .from(providerApiKeys)
      .where(eq(providerApiKeys.name, 'nur-export'))
    expect(row!.lastUsedAt).toBeInstanceOf(Date)
  })

  it('refuses a portal token below /api/provider/ and a key on the portal routes (401)', async () => {
    const header = await createKey('getrennt', 'all')
    const withToken = await call('GET', '/api/provider/changes', verwalter)
    expect(withToken.statusCode).toBe(401)
    const withKey = await call('POST', '/api/persistence/users-search', header, {})
    expect(withKey.statusCode).toBe(401)
    expect(withKey.json<{ detail: string }>().detail).toMatch(/nur für \/api\/provider\//)
    const unknown = await call('GET', '/api/provider/changes', {
      authorization: `Bearer pk_${'A'.repeat(43)}`,
    })
    expect(unknown.statusCode).toBe(401)
  })
})

describe('the changes feed', () => {
  let header: { authorization: string }
  let steps: { authorization: string }

  beforeAll(async () => {
    header = await createKey('feed', 'export')
    steps = await createKey('schritte', 'steps')
  })

  let feedCalls = 0
  const feed = async (since?: string, limit?: number) => {
    feedCalls += 1
    const query = new URLSearchParams()
    if (since !== undefined) query.set('since', since)
    if (limit !== undefined) query.set('limit', String(limit))
    const response = await call('GET', `/api/provider/changes?${query.toString()}`, header)
    expect(response.statusCode, response.body).toBe(200)
    return response.json<{ items: ChangeEvent[]; cursor: string; more: boolean }>()
  }

  it('lists exactly what a user did in a scripted session, in order; since its cursor none', async () => {
    const start = await feed()
    expect(start.items).toEqual([])

    const open = await distributionIn('O')
    const released = await distributionIn('F')
    const added = await call('POST', `${BASE}/${open}/heating-expenses`, verwalter, {
      operatingCostsHeatingExpense: [await validLine(open)],
    })
    expect(added.statusCode, added.body).toBe(201)
    const line = added.json<{ operatingCostsHeatingExpense: { guid: string; version: number }[] }>()
      .operatingCostsHeatingExpense[0]!
    // the provider polls in between: neither its calls nor its steps are users' work
    expect((await feed(start.cursor)).items).toHaveLength(1)
    const edited = await call('PATCH', `${BASE}/${open}/heating-expenses/${line.guid}`, verwalter, {
      amountTransactionCurrency: '120.00',
      apportionableAmount: '90.00',
      version: line.version,
    })
    expect(edited.statusCode, edited.body).toBe(200)
    const deleted = await call('DELETE', `${BASE}/${open}/heating-expenses/${line.guid}`, verwalter)
    expect(deleted.statusCode, deleted.body).toBe(204)
    const finalized = await call(
      'POST',
      '/api/processes/operating-costs/entry-finalization',
      verwalter,
      { operatingCostsDistribution: open },
    )
    expect(finalized.statusCode, finalized.body).toBe(200)
    const distributed = await call('POST', '/api/provider/steps/distribute', steps, {
      operatingCostsDistribution: open,
    })
    expect(distributed.statusCode, distributed.body).toBe(200)
    const declined = await call(
      'POST',
      '/api/processes/operating-costs/distribution-approval',
      verwalter,
      { operatingCostsDistribution: released, approved: false, reason: 'Heizöl doppelt berechnet' },
    )
    expect(declined.statusCode, declined.body).toBe(200)
    const uploaded = await uploadFile(
      ctx,
      verwalter,
      { objectType: 'KOSTENBELEG', objectKey: released, note: 'Rechnung Heizöl' },
      { fileName: 'Heizöl.pdf', contentType: 'application/pdf', content: SAMPLE_FILES.pdf },
    )
    expect(uploaded.statusCode, uploaded.body).toBe(200)
    const [unit] = await ctx.database.db
      .select({ id: pointsOfDelivery.pointOfDelivery })
      .from(pointsOfDelivery)
      .where(eq(pointsOfDelivery.companyCode, '1000'))
      .orderBy(asc(pointsOfDelivery.pointOfDelivery))
      .limit(1)
    const tenant = {
      ...PRIVATE_TENANT,
      NAME1: 'Jana',
      NAME2: 'Becker',
      HAUSNR: '12a',
      EMAIL: 'jana.becker@example.com',
    }
    const reported = await submitTenantChange(ctx, verwalter, unit!.id, tenant, {
      fileName: 'Übergabe.png',
      contentType: 'image/png',
      content: SAMPLE_FILES.png,
    })
    expect(reported.statusCode, reported.body).toBe(201)

    const all = await feed()
    expect(all.more).toBe(false)
    expect(all.items.map((event) => event.action)).toEqual([
      'EXPENSE_ADDED',
      'EXPENSE_UPDATED',
      'EXPENSE_DELETED',
      'DISTRIBUTION_STATUS_CHANGED',
      'DISTRIBUTION_DECLINED',
      'ATTACHMENT_UPLOADED',
      'ACTIVITY_CREATED',
      // decision 069: the tenant change's interim reading order
      'SERVICE_ORDER_CREATED',
    ])
    expect(new Set(all.items.map((event) => event.user))).toEqual(new Set(['verwalter']))
    const [add, edit, remove, finalize, decline, upload, change, serviceOrder] = all.items
    expect(add).toMatchObject({
      entity: 'operatingCostsExpense',
      key: line.guid,
      companyCode: '1000',
      data: { operatingCostsDistribution: open, kind: 'heating', line: { guid: line.guid } },
    })
    expect(edit!.data).toMatchObject({
      line: { amountTransactionCurrency: '120.00' },
      previous: { amountTransactionCurrency: '100.00' },
    })
    expect(remove!.data).toMatchObject({ line: { amountTransactionCurrency: '120.00' } })
    expect(finalize!.data).toEqual({ operatingCostsDistribution: open, from: 'O', to: 'E' })
    expect(decline!.data).toMatchObject({
      operatingCostsDistribution: released,
      reason: 'Heizöl doppelt berechnet',
    })
    const document = uploaded.json<{ attachment: string }>().attachment
    expect(upload!.data).toMatchObject({
      attachment: {
        attachment: document,
        objectType: 'KOSTENBELEG',
        fileName: 'Heizöl.pdf',
        contentFile: `attachments/${document}.pdf`,
      },
    })
    expect(change!.data).toMatchObject({
      activityType: 'MIETERWECHSEL',
      objectKey: unit!.id,
      payload: { NAME1: 'Jana' },
      attachment: { fileName: 'Übergabe.png', mediaType: 'image/png', objectType: 'MIETERWECHSEL' },
    })
    expect(serviceOrder).toMatchObject({
      entity: 'serviceOrder',
      data: {
        kind: 'ZM',
        pointOfDelivery: unit!.id,
        wishedDate: tenant.AUSZUG,
        activity: change!.key,
      },
    })
    // every event's cursor continues after it; the answer's cursor lists none
    expect((await feed(add!.cursor)).items.map((event) => event.key)).toEqual(
      all.items.slice(1).map((event) => event.key),
    )
    expect(await feed(all.cursor)).toMatchObject({ items: [], more: false })

    // pages: limit 3 gives 3, 3 and 2, and the last page's cursor lists none
    const pages: ChangeEvent[][] = []
    let cursor: string | undefined
    for (;;) {
      const page = await feed(cursor, 3)
      pages.push(page.items)
      cursor = page.cursor
      if (!page.more) break
    }
    expect(pages.map((page) => page.length)).toEqual([3, 3, 2])
    expect(pages.flat()).toEqual(all.items)
    expect((await feed(cursor)).items).toEqual([])

    // the command line writes the same events as NDJSON and the cursor to stderr; the feed's
    // calls are audited after their answers, so the end of the log is fixed once all are written
    await vi.waitFor(
      async () => {
        expect(await keyUses('feed')).toHaveLength(feedCalls)
        expect(await keyUses('schritte')).toHaveLength(1)
      },
      { timeout: 180_000, interval: 50 },
    )
    const printed = await provider('changes')
    expect(printed.code).toBe(0)
    expect(printed.out.map((text) => JSON.parse(text) as unknown)).toEqual(all.items)
    // the cursor alone on stderr: the end of the log, past the provider's own calls since
    expect(printed.err).toEqual([expect.stringMatching(/^[A-Za-z0-9_-]+$/)])
    const file = path.join(folder, 'changes.ndjson')
    const eventsOf = async () =>
      (await readFile(file, 'utf8'))
        .trimEnd()
        .split('\n')
        .map((text) => JSON.parse(text) as unknown)
    // with --out: the cursor alone on stdout, the events appended to the file
    const written = await provider('changes', '--out', file)
    expect(written).toEqual({
      code: 0,
      out: [printed.err[0]],
      err: [`8 Ereignis(se) an ${file} angehängt.`],
    })
    expect(await eventsOf()).toEqual(all.items)
    const none = await provider('changes', '--since', written.out[0]!)
    expect(none).toEqual({ code: 0, out: [], err: [written.out[0]] })

    // no new events: the file is not touched; events after the cursor: appended, not replaced
    const { mtimeMs } = await stat(file)
    const nothing = await provider('changes', '--since', written.out[0]!, '--out', file)
    expect(nothing).toEqual({
      code: 0,
      out: [written.out[0]],
      err: [`Keine neuen Ereignisse; ${file} bleibt unverändert.`],
    })
    expect((await stat(file)).mtimeMs).toBe(mtimeMs)
    const again = await provider('changes', '--since', all.items[4]!.cursor, '--out', file)
    expect(again.out).toEqual([written.out[0]])
    expect(await eventsOf()).toEqual([...all.items, ...all.items.slice(5)])

    // a failure: German line on stderr, no cursor on stdout, exit code 1
    const nowhere = path.join(folder, 'fehlt', 'changes.ndjson')
    const failed = await provider('changes', '--out', nowhere)
    expect(failed.code).toBe(1)
    expect(failed.out).toEqual([])
    expect(failed.err).toEqual([
      `Abgelehnt: Die Änderungen wurden nicht an ${nowhere} angehängt (ENOENT); der bisherige Cursor gilt weiter.`,
    ])
  })

  it('lists the decisions on an invoice with their reason', async () => {
    const start = await feed()
    const [invoice] = await invoicesOf1000(
      ctx,
      inArray(
        billingVouchers.operatingCostsDistribution,
        ctx.database.db
          .select({ id: operatingCostsDistributions.operatingCostsDistribution })
          .from(operatingCostsDistributions)
          .where(inArray(operatingCostsDistributions.operatingCostsDistributionStatus, ['F', 'G'])),
      ),
    )
    const decide = (decision: object) =>
      call('POST', '/api/processes/operating-costs/invoice-approval', verwalter, {
        invoice: invoice!.id,
        ...decision,
      })
    expect((await decide({ approved: false, reason: 'Falscher Zeitraum' })).statusCode).toBe(200)
    expect((await decide({ approved: true })).statusCode).toBe(200)
    const { items } = await feed(start.cursor)
    expect(items.map((event) => [event.action, event.key, event.data])).toEqual([
      [
        'INVOICE_DECLINED',
        invoice!.id,
        {
          billingVoucher: invoice!.id,
          invoiceVoucher: invoice!.number,
          operatingCostsDistribution: invoice!.distribution,
          status: expect.any(String) as string,
          reason: 'Falscher Zeitraum',
          previousStatus: null,
        },
      ],
      [
        'INVOICE_APPROVED',
        invoice!.id,
        expect.objectContaining({ reason: null, previousStatus: expect.any(String) as string }),
      ],
    ])
  })

  it('refuses a cursor that is not one (400 naming since)', async () => {
    const response = await call('GET', '/api/provider/changes?since=nicht-meiner', header)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ code: 'INVALID_CURSOR', field: 'since' })
    const printed = await provider('changes', '--since', 'nicht-meiner')
    expect(printed.code).toBe(1)
  })
})

describe('the changes feed beside open transactions', () => {
  // PGlite runs one transaction at a time: only PostgreSQL can hold one open beside another writer
  it.runIf(inject('testDatabaseKind') === 'postgres')(
    'a second writer waits for the first to commit (the audit chain), and the feed lists both in order',
    async () => {
      const db = ctx.database.db
      /** Connections of this database holding or waiting for an advisory lock (the chain's). */
      const chainLocks = async (granted: boolean) => {
        const result = await db.execute(
          sql`select count(*)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid
              where l.locktype = 'advisory' and l.granted = ${granted} and a.datname = current_database()`,
        )
        return (result as { rows: { n: number }[] }).rows[0]!.n
      }
      // the audit entries of earlier tests' provider calls are written after their answers
      await expect
        .poll(async () => (await chainLocks(true)) + (await chainLocks(false)), {
          timeout: 180_000,
        })
        .toBe(0)
      const start = await readChanges(db)
      const entry = (key: string) => ({
        userName: 'verwalter',
        companyCode: '1000',
        action: 'EXPENSE_DELETED',
        entity: 'operatingCostsExpense',
        entityKey: key,
        before: { operatingCostsDistribution: 'X', kind: 'heating', guid: key },
      })
      let commit!: () => void
      const held = new Promise<void>((resolve) => (commit = resolve))
      let inserted!: () => void
      const taken = new Promise<void>((resolve) => (inserted = resolve))
      const slow = db.transaction(async (tx) => {
        await writeAudit(tx, entry('zuerst'))
        inserted()
        await held
      })
      try {
        await taken
        const second = writeAudit(db, entry('danach'))
        // the second writer is seen waiting for the chain's lock in PostgreSQL itself
        await expect.poll(() => chainLocks(false), { timeout: 180_000 }).toBe(1)
        commit()
        await slow
        await second
      } finally {
        // never leave the first transaction open, whatever failed
        commit()
      }
      const page = await readChanges(db, { since: start.cursor })
      expect(page.items.map((event) => event.key)).toEqual(['zuerst', 'danach'])
    },
  )
})

describe('the provider steps', () => {
  it('runs a step audited as the key, repeats with the same Idempotency-Key, refuses a wrong one', async () => {
    const header = await createKey('workflow', 'steps')
    const id = await distributionIn('V')
    const release = (key: string) =>
      call(
        'POST',
        '/api/provider/steps/release',
        { ...header, 'idempotency-key': key },
        { operatingCostsDistribution: id },
      )
    const first = await release('freigabe-1')
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json()).toMatchObject({
      operatingCostsDistribution: id,
      operatingCostsDistributionStatus: 'F',
      successMessage: expect.stringContaining('freigegeben') as string,
    })
    const again = await release('freigabe-1')
    expect(again.statusCode).toBe(200)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect((await release('freigabe-2')).statusCode).toBe(409)
    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityKey, id), eq(auditLog.action, 'DISTRIBUTION_STATUS_CHANGED')))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1)
    expect(audit!.userName).toBe('provider:workflow')
    const unknown = await call('POST', '/api/provider/steps/cancel', header, {
      operatingCostsDistribution: 'gibt-es-nicht',
    })
    expect(unknown.statusCode).toBe(404)
  })
})

describe('the user administration', () => {
  it('adds, lists, disables, enables, resets and deletes a user with a users key', async () => {
    const header = await createKey('konten', 'users')
    const added = await call('POST', '/api/provider/users', header, {
      userName: 'neu.verwalterin',
      name: 'Nora Neu',
      mail: 'nora.neu@example.com',
      companyCode: '1000',
    })
    expect(added.statusCode, added.body).toBe(201)
    expect(added.json()).toMatchObject({
      successMessage: expect.stringContaining('Einladung') as string,
      account: { userName: 'neu.verwalterin', status: 'invited', companyCode: '1000' },
    })
    const outbox = await import('node:fs/promises').then((fs) =>
      fs.readdir(path.join(ctx.config.dataDir, 'outbox')),
    )
    expect(outbox).toHaveLength(1)
    const again = await call('POST', '/api/provider/users', header, {
      userName: 'Neu.Verwalterin',
      name: 'Nora Neu',
      mail: 'nora.neu@example.com',
      companyCode: '1000',
    })
    expect(again.statusCode).toBe(409)

    const listed = await call('GET', '/api/provider/users?companyCode=1000', header)
    expect(listed.statusCode).toBe(200)
    expect(listed.json<{ items: { userName: string }[] }>().items.map((u) => u.userName)).toEqual(
      expect.arrayContaining(['neu.verwalterin', 'verwalter', 'eigentuemer']),
    )

    const disable = (key: string) =>
      call(
        'POST',
        '/api/provider/users/disable',
        { ...header, 'idempotency-key': key },
        { userName: 'neu.verwalterin' },
      )
    expect((await disable('sperren-1')).json()).toMatchObject({ account: { status: 'disabled' } })
    expect((await disable('sperren-1')).headers['idempotent-replayed']).toBe('true')
    const reset = await call('POST', '/api/provider/users/reset', header, {
      userName: 'neu.verwalterin',
    })
    expect(reset.statusCode).toBe(409)
    const enabled = await call('POST', '/api/provider/users/enable', header, {
      userName: 'neu.verwalterin',
    })
    expect(enabled.json()).toMatchObject({ account: { status: 'invited' } })
    expect(
      (await call('POST', '/api/provider/users/reset', header, { userName: 'neu.verwalterin' }))
        .statusCode,
    ).toBe(200)
    const deleted = await call('POST', '/api/provider/users/delete', header, {
      userName: 'neu.verwalterin',
    })
    expect(deleted.statusCode, deleted.body).toBe(200)
    expect(deleted.json()).toMatchObject({
      pseudonym: expect.stringMatching(/^gelöscht-/) as string,
    })
    expect(
      (await call('POST', '/api/provider/users/delete', header, { userName: 'neu.verwalterin' }))
        .statusCode,
    ).toBe(404)
  })
})

describe('import and dump as a tar archive', () => {
  let header: { authorization: string }
  beforeAll(async () => {
    header = await createKey('austausch', 'import,export')
  })

  it('dumps the data as tar, and importing files of it again changes nothing', async () => {
    const dump = await call('GET', '/api/provider/dump', header)
    expect(dump.statusCode, dump.body.slice(0, 200)).toBe(200)
    expect(dump.headers['content-type']).toBe('application/x-tar')
    const names = execFileSync('tar', ['-tf', '-'], { input: dump.rawPayload })
      .toString()
      .split('\n')
    expect(names).toEqual(expect.arrayContaining(['connections.ndjson', 'attachments/']))
    expect(names.some((name) => /^attachments\/.+\.pdf$/.test(name))).toBe(true)

    // the whole round trip is the interchange's test; here the archive's way in: a part of it
    const unpacked = await mkdtemp(path.join(folder, 'dump-'))
    execFileSync('tar', ['-xf', '-', '-C', unpacked], { input: dump.rawPayload })
    const part = execFileSync('tar', [
      '-cf',
      '-',
      '-C',
      path.dirname(unpacked),
      `${path.basename(unpacked)}/company-codes.ndjson`,
      `${path.basename(unpacked)}/partners.ndjson`,
    ])
    const imported = await ctx.app.inject({
      method: 'POST',
      url: '/api/provider/import',
      headers: { ...header, 'content-type': 'application/x-tar' },
      payload: part,
    })
    expect(imported.statusCode, imported.body.slice(0, 500)).toBe(200)
    const result = imported.json<{ total: { rows: number; inserted: number; updated: number } }>()
    expect(result.total.rows).toBeGreaterThan(10)
    expect(result.total).toMatchObject({ inserted: 0, updated: 0 })
    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'INTERCHANGE_IMPORT'))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1)
    expect(audit!.userName).toBe('provider:austausch')
  }, 300_000)

  it('takes and gives the archive over a real connection, also gzip-encoded', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' })
    const address = ctx.app.server.address() as { port: number }
    const base = `http://127.0.0.1:${address.port}`
    const dump = await fetch(`${base}/api/provider/dump`, { headers: header })
    expect(dump.status).toBe(200)
    const tar = Buffer.from(await dump.arrayBuffer())
    expect(execFileSync('tar', ['-tf', '-'], { input: tar }).toString()).toMatch(
      /^company-codes\.ndjson$/m,
    )
    const unpacked = await mkdtemp(path.join(folder, 'real-'))
    execFileSync('tar', ['-xf', '-', '-C', unpacked], { input: tar })
    const part = execFileSync('tar', ['-czf', '-', '-C', unpacked, 'company-codes.ndjson'])
    const imported = await fetch(`${base}/api/provider/import`, {
      method: 'POST',
      headers: { ...header, 'content-type': 'application/x-tar', 'content-encoding': 'gzip' },
      body: part,
    })
    expect(imported.status, await imported.clone().text()).toBe(200)
    expect(await imported.json()).toMatchObject({ total: { inserted: 0, updated: 0 } })
  })

  it('refuses what is no archive (400) and records that break a rule (422, nothing written)', async () => {
    const garbage = await ctx.app.inject({
      method: 'POST',
      url: '/api/provider/import',
      headers: { ...header, 'content-type': 'application/x-tar' },
      payload: Buffer.from('kein tar '.repeat(100)),
    })
    expect(garbage.statusCode).toBe(400)
    expect(garbage.json()).toMatchObject({ code: 'INVALID_ARCHIVE' })

    const source = await mkdtemp(path.join(folder, 'broken-'))
    await import('node:fs/promises').then((fs) =>
      fs.writeFile(path.join(source, 'connections.ndjson'), '{"connection":"X"}\n'),
    )
    const broken = execFileSync('tar', ['-cf', '-', '-C', source, '.'])
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/provider/import',
      headers: { ...header, 'content-type': 'application/x-tar' },
      payload: broken,
    })
    expect(refused.statusCode, refused.body).toBe(422)
    const body = refused.json<{ code: string; issues: { file: string; line: number | null }[] }>()
    expect(body.code).toBe('IMPORT_REFUSED')
    expect(body.issues[0]).toMatchObject({ file: 'connections.ndjson', line: 1 })
  })
})
