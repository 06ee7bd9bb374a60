/**
 * The audit log's hash chain (decision 034): `verify-audit` passes an untouched chain and
 * names the entry that was changed, removed or inserted directly in the database; concurrent
 * writers never fork the chain; a user's deletion keeps it verifiable.
 */
import { asc, desc, eq, isNotNull, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { addUser } from '../src/modules/accounts/accounts'
import { deleteUser } from '../src/modules/accounts/delete-user'
import type { Mailer } from '../src/platform/mailer'
import {
  chainHashOf,
  CONTENT_COLUMNS,
  contentHashOf,
  verifyAuditChain,
  writeAudit,
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

/** A chained entry in the middle of the chain, as stored. */
async function middleEntry() {
  const [{ count }] = (await db()
    .select({ count: sql<number>`count(*)::int` })
    .from(auditLog)) as [{ count: number }]
  const [row] = await db()
    .select()
    .from(auditLog)
    .where(isNotNull(auditLog.seq))
    .orderBy(asc(auditLog.seq))
    .offset(Math.floor(count / 2))
    .limit(1)
  return row!
}

function expectWhole(result: AuditVerification) {
  expect(result.problem, result.problem?.message).toBeUndefined()
  expect(result.entries).toBeGreaterThan(0)
}

describe('verify-audit', () => {
  it('passes the seeded chain and the entries the server writes, and prints its head', async () => {
    await writeAudit(db(), {
      userName: 'verwalter',
      action: 'TEST_ENTRY',
      entity: 'test',
      entityKey: 'eins',
      after: { amount: 1234.5, note: 'Größe „ä“', nested: { b: [1, 2], a: null } },
    })
    const result = await verifyAuditChain(db())
    expectWhole(result)
    const [head] = await db().select().from(auditLog).orderBy(desc(auditLog.seq)).limit(1)
    expect(result.head).toEqual({ seq: head!.seq, hash: head!.hash })
    expect(result.entries).toBe(head!.seq)

    const command = await verifyCommand()
    expect(command.code).toBe(0)
    expect(command.out).toContain(`Protokoll unversehrt: ${result.entries} Einträge`)
    expect(command.out).toContain(`--anchor ${head!.seq}:${head!.hash}`)
  })

  it('names an entry whose content was changed, and passes again once it is restored', async () => {
    const entry = await middleEntry()
    await db().update(auditLog).set({ action: 'GEFAELSCHT' }).where(eq(auditLog.id, entry.id))
    const changed = await verifyAuditChain(db())
    expect(changed.problem).toMatchObject({ kind: 'changed', seq: entry.seq, id: entry.id })
    expect(changed.entries).toBe(entry.seq! - 1)
    const command = await verifyCommand()
    expect(command.code).toBe(1)
    expect(command.err).toContain(`Eintrag ${entry.seq} (GEFAELSCHT`)

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

    const seq = await writeAudit(db(), {
      userName: 'verwalter',
      action: 'TEST_AMOUNT',
      entity: 'test',
      entityKey: 'betrag',
      after: { amount: '1000.10' },
    })
    await db()
      .update(auditLog)
      .set({ after: { amount: '1000.11' } })
      .where(eq(auditLog.seq, seq))
    expect((await verifyAuditChain(db())).problem).toMatchObject({ kind: 'changed', seq })
    await db()
      .update(auditLog)
      .set({ after: { amount: '1000.10' } })
      .where(eq(auditLog.seq, seq))
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
    expect(result.problem).toMatchObject({ kind: 'reordered', seq: entry.seq! + 1 })
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
    expect(removed.problem).toMatchObject({ kind: 'removed', seq: entry.seq })
    expect(removed.problem!.message).toBe(
      `Eintrag ${entry.seq} fehlt: entfernt (vor Eintrag ${entry.seq! + 1}).`,
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

    const head = (await verifyAuditChain(db())).head
    const [appended] = await db()
      .insert(auditLog)
      .values({
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
      seq: head.seq + 1,
      id: appended!.id,
    })
    await db().delete(auditLog).where(eq(auditLog.id, appended!.id))
    expectWhole(await verifyAuditChain(db()))
  })

  it('checks an anchor kept from an earlier run', async () => {
    const { head } = await verifyAuditChain(db())
    expect((await verifyCommand('--anchor', `${head.seq}:${head.hash}`)).code).toBe(0)
    const wrong = await verifyCommand('--anchor', `${head.seq}:${'a'.repeat(64)}`)
    expect(wrong.code).toBe(1)
    expect(wrong.err).toContain(`Eintrag ${head.seq} trägt nicht mehr den festgehaltenen Hash`)
    const beyond = await verifyCommand('--anchor', `${head.seq + 5}:${head.hash}`)
    expect(beyond.code).toBe(1)
    expect(beyond.err).toContain(`die Kette endet bei ${head.seq}`)
    const malformed = await verifyCommand('--anchor', 'zwölf')
    expect(malformed.code).toBe(1)
    expect(malformed.err).toContain('Aufruf: npm run provider -- verify-audit')
  })
})

describe('writers', () => {
  it('two concurrent writers never fork the chain', async () => {
    const before = (await verifyAuditChain(db())).head.seq
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
    const result = await verifyAuditChain(db())
    expectWhole(result)
    expect(result.head.seq).toBe(before + 160)
    const seqs = await db()
      .select({ seq: auditLog.seq })
      .from(auditLog)
      .where(eq(auditLog.entity, 'test'))
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

    const [erasure] = await db().select().from(auditErasures).limit(1)
    expect(erasure).toBeDefined()
    // an allowance added behind the deletion's back, for a forged entry
    await db()
      .insert(auditErasures)
      .values({ erasureSeq: erasure!.erasureSeq, seq: 1, contentHash: 'b'.repeat(64) })
    expect((await verifyAuditChain(db())).problem).toMatchObject({
      kind: 'erasure',
      seq: erasure!.erasureSeq,
    })
    await db()
      .delete(auditErasures)
      .where(eq(auditErasures.contentHash, 'b'.repeat(64)))
    expectWhole(await verifyAuditChain(db()))
  })
})
