/**
 * The audit log's hash chains (decisions 034 and 056): `verify-audit` passes untouched chains and
 * names the entry that was changed, removed or inserted directly in the database; concurrent
 * writers never fork a chain; writers of two company codes do not wait for each other; a user's
 * deletion keeps the chains verifiable.
 */
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { addUser } from '../src/modules/accounts/accounts'
import { deleteUser } from '../src/modules/accounts/delete-user'
import type { Mailer } from '../src/platform/mailer'
import {
  chainHashOf,
  CONTENT_COLUMNS,
  contentHashOf,
  GENESIS_HASH,
  INSTALLATION_CHAIN,
  verifyAuditChain,
  writeAudit,
  type AuditPlace,
  type AuditVerification,
} from '../src/platform/persistence/audit'
import { auditErasures, auditLog } from '../src/platform/persistence/schema'
import { runProvider } from './fixtures/provider-command'
import { useTestContext } from './helper'

const { ctx } = useTestContext()
const mailer: Mailer = { async send() {} }

const db = () => ctx.database.db

async function verifyCommand(...args: string[]) {
  const { code, out, err } = await runProvider(db(), ['verify-audit', ...args])
  return { code, out: out.join('\n'), err: err.join('\n') }
}

const onServer = process.env.TEST_DATABASE_KIND === 'postgres'

/** A chained entry in the middle of company code 1000's chain, as stored. */
async function middleEntry() {
  const [{ count }] = (await db()
    .select({ count: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(and(eq(auditLog.chain, '1000'), isNotNull(auditLog.seq)))) as [{ count: number }]
  expect(count).toBeGreaterThan(2)
  const [row] = await db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.chain, '1000'), isNotNull(auditLog.seq)))
    .orderBy(asc(auditLog.seq))
    .offset(Math.floor(count / 2))
    .limit(1)
  return row!
}

/** The stored entry at a place. */
async function entryAt(place: AuditPlace) {
  const [row] = await db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.chain, place.chain), eq(auditLog.seq, place.seq)))
  return row!
}

/** The head `verify-audit` reports for a chain. */
async function headOf(chain: string) {
  const result = await verifyAuditChain(db())
  expectWhole(result)
  return result.heads.find((head) => head.chain === chain)!
}

function expectWhole(result: AuditVerification) {
  expect(result.problem, result.problem?.message).toBeUndefined()
  expect(result.entries).toBeGreaterThan(0)
}

describe('verify-audit', () => {
  it("passes the seeded chains and the entries the server writes, and prints each chain's head", async () => {
    const installation = await writeAudit(db(), {
      userName: 'verwalter',
      action: 'TEST_ENTRY',
      entity: 'test',
      entityKey: 'eins',
      after: { amount: 1234.5, note: 'Größe „ä“', nested: { b: [1, 2], a: null } },
    })
    expect(installation.chain).toBe(INSTALLATION_CHAIN)
    const company = await writeAudit(db(), {
      userName: 'verwalter',
      companyCode: '1000',
      action: 'TEST_ENTRY',
      entity: 'test',
      entityKey: 'zwei',
    })
    expect(company.chain).toBe('1000')
    const result = await verifyAuditChain(db())
    expectWhole(result)
    const chains = await db()
      .select({
        chain: auditLog.chain,
        seq: sql<number>`max(${auditLog.seq})::int`,
        count: sql<number>`count(*)::int`,
      })
      .from(auditLog)
      .groupBy(auditLog.chain)
      .orderBy(auditLog.chain)
    expect(result.heads.map(({ chain, seq }) => ({ chain, seq }))).toEqual(
      chains.map(({ chain, seq }) => ({ chain, seq })),
    )
    expect(result.entries).toBe(chains.reduce((sum, chain) => sum + chain.count, 0))
    expect(result.heads.find((head) => head.chain === '1000')).toEqual({
      ...company,
      hash: (await entryAt(company)).hash,
    })

    const command = await verifyCommand()
    expect(command.code).toBe(0)
    expect(command.out).toContain(
      `Protokoll unversehrt: ${result.entries} Einträge in ${chains.length} ununterbrochenen Ketten.`,
    )
    expect(command.out).toContain(
      `Kette des Buchungskreises 1000: letzter Eintrag ${company.seq}, Hash `,
    )
    const installationHead = (await entryAt(installation)).hash
    expect(command.out).toContain(`--anchor ${installation.seq}:${installationHead}`)
    expect(command.out).toContain(`--anchor 1000:${company.seq}:${(await entryAt(company)).hash}`)
  })

  it('hashes in the database exactly as the verifier does: control characters, quotes, backslashes, umlauts, an emoji, U+2028', async () => {
    // decision 075: the database hashes the entry as it inserts it, the verifier in the server
    // every control character but NUL, which no PostgreSQL text holds
    const controls = Array.from({ length: 31 }, (_, code) => String.fromCharCode(code + 1)).join('')
    const text = `${controls} "zitiert" \\ \\u0041 / Größe ß € 🏠 \u2028\u2029 \u007f`
    const place = await writeAudit(db(), {
      userName: `verwalter ${text}`,
      companyCode: '1000',
      action: 'TEST_ENTRY',
      entity: text,
      entityKey: 'zeichen',
      before: { note: text, [text]: [text, 1.5, null] },
      after: { note: null, amount: '1234.50' },
    })
    const [row] = await db()
      .select(CONTENT_COLUMNS)
      .from(auditLog)
      .where(and(eq(auditLog.chain, place.chain), eq(auditLog.seq, place.seq)))
    expect(row!.entity).toBe(text)
    expect((await entryAt(place)).contentHash).toBe(contentHashOf(row!))
    expectWhole(await verifyAuditChain(db()))
  })

  it("keeps one chain per company code, each from the genesis hash, numbered after the installation's entries", async () => {
    const installation = await writeAudit(db(), {
      userName: 'provider',
      action: 'TEST_ENTRY',
      entity: 'test',
      entityKey: 'installation',
    })
    const fresh = await writeAudit(db(), {
      userName: 'provider',
      companyCode: '7777',
      action: 'TEST_ENTRY',
      entity: 'test',
      entityKey: 'neu',
    })
    expect(fresh).toEqual({ chain: '7777', seq: installation.seq + 1 })
    expect((await entryAt(fresh)).prevHash).toBe(GENESIS_HASH)
    const next = await writeAudit(db(), {
      userName: 'provider',
      companyCode: '7777',
      action: 'TEST_ENTRY',
      entity: 'test',
      entityKey: 'weiter',
    })
    expect(next).toEqual({ chain: '7777', seq: fresh.seq + 1 })
    expect((await entryAt(next)).prevHash).toBe((await entryAt(fresh)).hash)
    expectWhole(await verifyAuditChain(db()))

    // the first entry of a chain removed: its successor does not follow the genesis hash
    const first = await entryAt(fresh)
    await db().delete(auditLog).where(eq(auditLog.id, first.id))
    const removed = await verifyAuditChain(db())
    expect(removed.problem).toMatchObject({ kind: 'removed', chain: '7777', seq: next.seq })
    expect(removed.problem!.message).toBe(
      `Kette des Buchungskreises 7777: Eintrag ${next.seq} ist der erste der Kette, trägt aber nicht den Anfangshash: seine Vorgänger wurden entfernt.`,
    )
    await db().insert(auditLog).values(first)
    expectWhole(await verifyAuditChain(db()))

    // an entry moved into another chain leaves a gap behind
    const middle = await middleEntry()
    await db().update(auditLog).set({ chain: '7777' }).where(eq(auditLog.id, middle.id))
    expect((await verifyAuditChain(db())).problem).toMatchObject({
      kind: 'removed',
      chain: '1000',
      seq: middle.seq,
    })
    await db().update(auditLog).set({ chain: '1000' }).where(eq(auditLog.id, middle.id))
    expectWhole(await verifyAuditChain(db()))
  })

  it('names an entry whose content was changed, and passes again once it is restored', async () => {
    const entry = await middleEntry()
    await db().update(auditLog).set({ action: 'GEFAELSCHT' }).where(eq(auditLog.id, entry.id))
    const changed = await verifyAuditChain(db())
    expect(changed.problem).toMatchObject({
      kind: 'changed',
      chain: '1000',
      seq: entry.seq,
      id: entry.id,
    })
    const command = await verifyCommand()
    expect(command.code).toBe(1)
    expect(command.err).toContain(
      `Kette des Buchungskreises 1000: Eintrag ${entry.seq} (GEFAELSCHT`,
    )

    await db().update(auditLog).set({ action: entry.action }).where(eq(auditLog.id, entry.id))
    expectWhole(await verifyAuditChain(db()))
  })

  it('names a changed time, and a change in a document down to one digit', async () => {
    const entry = await middleEntry()
    await db()
      .update(auditLog)
      .set({ at: sql`${auditLog.at} + interval '1 microsecond'` })
      .where(eq(auditLog.id, entry.id))
    expect((await verifyAuditChain(db())).problem).toMatchObject({
      kind: 'changed',
      seq: entry.seq,
    })
    await db().update(auditLog).set({ at: entry.at }).where(eq(auditLog.id, entry.id))
    expectWhole(await verifyAuditChain(db()))

    const place = await writeAudit(db(), {
      userName: 'verwalter',
      companyCode: '2000',
      action: 'TEST_AMOUNT',
      entity: 'test',
      entityKey: 'betrag',
      after: { amount: '1000.10' },
    })
    const { id } = await entryAt(place)
    await db()
      .update(auditLog)
      .set({ after: { amount: '1000.11' } })
      .where(eq(auditLog.id, id))
    expect((await verifyAuditChain(db())).problem).toMatchObject({ kind: 'changed', ...place })
    await db()
      .update(auditLog)
      .set({ after: { amount: '1000.10' } })
      .where(eq(auditLog.id, id))
    expectWhole(await verifyAuditChain(db()))
  })

  it('names the successor when an entry was rewritten with fitting hashes', async () => {
    const entry = await middleEntry()
    const forged = await db().transaction(async (tx) => {
      await tx.update(auditLog).set({ action: 'GEFAELSCHT' }).where(eq(auditLog.id, entry.id))
      // the forger recomputes the entry's own hashes, but cannot change its successor's link
      const [row] = await tx.select(CONTENT_COLUMNS).from(auditLog).where(eq(auditLog.id, entry.id))
      const contentHash = contentHashOf(row!)
      const hash = chainHashOf(entry.seq!, entry.prevHash!, contentHash)
      await tx.update(auditLog).set({ contentHash, hash }).where(eq(auditLog.id, entry.id))
      return hash
    })
    expect(forged).not.toBe(entry.hash)
    const result = await verifyAuditChain(db())
    expect(result.problem).toMatchObject({ kind: 'reordered', chain: '1000', seq: entry.seq! + 1 })
    expect(result.problem!.message).toContain(`Eintrag ${entry.seq! + 1}`)
    await db()
      .update(auditLog)
      .set({ action: entry.action, contentHash: entry.contentHash, hash: entry.hash })
      .where(eq(auditLog.id, entry.id))
    expectWhole(await verifyAuditChain(db()))
  })

  it('names a removed entry, and passes once it is back', async () => {
    const entry = await middleEntry()
    await db().delete(auditLog).where(eq(auditLog.id, entry.id))
    const removed = await verifyAuditChain(db())
    expect(removed.problem).toMatchObject({ kind: 'removed', chain: '1000', seq: entry.seq })
    expect(removed.problem!.message).toBe(
      `Kette des Buchungskreises 1000: Eintrag ${entry.seq} fehlt: entfernt (vor Eintrag ${entry.seq! + 1}).`,
    )
    const command = await verifyCommand()
    expect(command.code).toBe(1)
    expect(command.err).toContain(`Eintrag ${entry.seq} fehlt`)

    await db().insert(auditLog).values(entry)
    expectWhole(await verifyAuditChain(db()))
  })

  it('names an entry inserted outside the chain, and one inserted at its end with a made-up hash', async () => {
    const [outside] = await db()
      .insert(auditLog)
      .values({ userName: 'verwalter', action: 'EINGEFUEGT', entity: 'test', entityKey: 'x' })
      .returning()
    const inserted = await verifyAuditChain(db())
    expect(inserted.problem).toMatchObject({ kind: 'inserted', seq: null, id: outside!.id })
    expect((await verifyCommand()).err).toContain(
      `Eintrag mit der Nummer ${outside!.id} (EINGEFUEGT)`,
    )
    await db().delete(auditLog).where(eq(auditLog.id, outside!.id))

    const head = await headOf('1000')
    const [appended] = await db()
      .insert(auditLog)
      .values({
        chain: '1000',
        companyCode: '1000',
        userName: 'verwalter',
        action: 'EINGEFUEGT',
        entity: 'test',
        entityKey: 'y',
        seq: head.seq + 1,
        prevHash: head.hash,
        contentHash: 'f'.repeat(64),
        hash: 'e'.repeat(64),
      })
      .returning()
    expect((await verifyAuditChain(db())).problem).toMatchObject({
      kind: 'changed',
      chain: '1000',
      seq: head.seq + 1,
      id: appended!.id,
    })
    await db().delete(auditLog).where(eq(auditLog.id, appended!.id))
    expectWhole(await verifyAuditChain(db()))
  })

  it("checks anchors kept from an earlier run, of the installation's chain and of a company code's", async () => {
    await writeAudit(db(), { userName: 'provider', action: 'TEST', entity: 'test', entityKey: 'a' })
    const installation = await headOf(INSTALLATION_CHAIN)
    const company = await headOf('1000')
    const anchors = [
      '--anchor',
      `${installation.seq}:${installation.hash}`,
      '--anchor',
      `1000:${company.seq}:${company.hash}`,
    ]
    expect((await verifyCommand(...anchors)).code).toBe(0)
    const wrong = await verifyCommand('--anchor', `1000:${company.seq}:${'a'.repeat(64)}`)
    expect(wrong.code).toBe(1)
    expect(wrong.err).toContain(
      `Kette des Buchungskreises 1000: Eintrag ${company.seq} trägt nicht mehr den festgehaltenen Hash`,
    )
    const beyond = await verifyCommand('--anchor', `${installation.seq + 5}:${installation.hash}`)
    expect(beyond.code).toBe(1)
    expect(beyond.err).toContain(
      `Kette der Installation: Eintrag ${installation.seq + 5} des festgehaltenen Stands fehlt: die Kette endet bei ${installation.seq}.`,
    )
    // a whole chain gone is seen only through its anchor
    const gone = await verifyCommand('--anchor', `4711:3:${company.hash}`)
    expect(gone.code).toBe(1)
    expect(gone.err).toContain(
      'Kette des Buchungskreises 4711: Eintrag 3 des festgehaltenen Stands fehlt: die Kette hat keinen Eintrag mehr.',
    )
    const malformed = await verifyCommand('--anchor', 'zwölf')
    expect(malformed.code).toBe(1)
    expect(malformed.err).toContain('Aufruf: npm run provider -- verify-audit')
    expect((await verifyCommand('--anchor')).code).toBe(1)
  })
})

describe('writers', () => {
  it('two concurrent writers never fork the chain', async () => {
    const before =
      (await verifyAuditChain(db())).heads.find((head) => head.chain === INSTALLATION_CHAIN)?.seq ??
      0
    const writer = (name: string) =>
      Promise.all(
        Array.from({ length: 40 }, (_, index) =>
          db().transaction(async (tx) => {
            await writeAudit(tx, {
              userName: name,
              action: 'PARALLEL',
              entity: 'test',
              entityKey: `${index}`,
            })
            // a second entry of the same transaction, after other work
            await tx.execute(sql`select pg_sleep(0)`)
            await writeAudit(tx, {
              userName: name,
              action: 'PARALLEL_2',
              entity: 'test',
              entityKey: `${index}`,
            })
          }),
        ),
      )
    await Promise.all([writer('schreiber-a'), writer('schreiber-b')])
    expect((await headOf(INSTALLATION_CHAIN)).seq).toBe(before + 160)
    const seqs = await db()
      .select({ seq: auditLog.seq })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'test'), eq(auditLog.chain, INSTALLATION_CHAIN)))
      .orderBy(asc(auditLog.seq))
    expect(new Set(seqs.map((row) => row.seq)).size).toBe(seqs.length)
  })

  it('a user deletion pseudonymises the chained entries and the chain still verifies; its record cannot be stretched', async () => {
    const config = { publicUrl: ctx.config.publicUrl }
    await addUser(db(), mailer, config, {
      userName: 'kettentest',
      name: 'Kette Test',
      mail: 'kette@example.org',
      companyCode: '1000',
    })
    await writeAudit(db(), {
      userName: 'kettentest',
      action: 'TEST_INSTALLATION',
      entity: 'test',
      entityKey: 'kette',
    })
    await writeAudit(db(), {
      userName: 'kettentest',
      companyCode: '1000',
      action: 'TEST_BY_USER',
      entity: 'test',
      entityKey: 'kette',
      after: { uploadedBy: 'kettentest' },
    })
    await deleteUser(db(), mailer, config, { userName: 'kettentest' })
    const remaining = await db()
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(
        sql`${auditLog.userName} = 'kettentest' or ${auditLog.after}::text like '%kettentest%'`,
      )
    expect(remaining).toEqual([])
    expectWhole(await verifyAuditChain(db()))

    const erasures = await db().select().from(auditErasures)
    // the deletion is in the user's company code's chain and covers entries of both chains
    expect(new Set(erasures.map((row) => row.erasureChain))).toEqual(new Set(['1000']))
    expect(new Set(erasures.map((row) => row.chain))).toEqual(new Set(['', '1000']))
    const [erasure] = erasures
    // an allowance added behind the deletion's back, for a forged entry
    await db()
      .insert(auditErasures)
      .values({
        erasureChain: erasure!.erasureChain,
        erasureSeq: erasure!.erasureSeq,
        chain: '1000',
        seq: 1,
        contentHash: 'b'.repeat(64),
      })
    expect((await verifyAuditChain(db())).problem).toMatchObject({
      kind: 'erasure',
      chain: '1000',
      seq: erasure!.erasureSeq,
    })
    await db()
      .delete(auditErasures)
      .where(eq(auditErasures.contentHash, 'b'.repeat(64)))
    expectWhole(await verifyAuditChain(db()))
  })

  it.runIf(onServer)(
    'a writer of another company code does not wait for a held chain; one of the same company code does',
    async () => {
      let release!: () => void
      const held = new Promise<void>((resolve) => (release = resolve))
      let entered!: () => void
      const inside = new Promise<void>((resolve) => (entered = resolve))
      const entry = (companyCode: string, entityKey: string) => ({
        userName: 'schreiber',
        companyCode,
        action: 'HELD',
        entity: 'test',
        entityKey,
      })
      const holder = db().transaction(async (tx) => {
        await writeAudit(tx, entry('1000', 'gehalten'))
        entered()
        await held
      })
      await inside
      // company code 2000 writes and commits while 1000's chain is held
      const other = await writeAudit(db(), entry('2000', 'daneben'))
      expect(other.chain).toBe('2000')
      // 1000's next writer waits for the held chain's lock
      let sameDone = false
      const same = writeAudit(db(), entry('1000', 'wartet')).then((place) => {
        sameDone = true
        return place
      })
      for (;;) {
        const [waiting] = await db()
          .select({ count: sql<number>`count(*)::int` })
          .from(sql`pg_locks`)
          .where(sql`locktype = 'advisory' and not granted`)
        if (waiting!.count > 0) break
        await new Promise((resolve) => setImmediate(resolve))
      }
      expect(sameDone).toBe(false)
      release()
      await holder
      const place = await same
      expect(place.chain).toBe('1000')
      expect((await entryAt(place)).prevHash).toBe(
        (
          await db()
            .select({ hash: auditLog.hash })
            .from(auditLog)
            .where(and(eq(auditLog.chain, '1000'), eq(auditLog.seq, place.seq - 1)))
        )[0]!.hash,
      )
      expectWhole(await verifyAuditChain(db()))
    },
  )
})
