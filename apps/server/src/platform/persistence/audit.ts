/**
 * The audit log as a hash chain (decision 034).
 *
 * Every entry carries its place (`seq`), its predecessor's hash, SHA-256 of its canonical content
 * and its own hash, SHA-256 over those three. An entry is written and chained in the transaction
 * of the change it records, under a transaction-scoped advisory lock: two writers wait for each
 * other and never chain onto the same predecessor (the unique `seq` would refuse it anyway).
 *
 * The canonical content is a JSON array of the entry's columns as PostgreSQL prints them: the time
 * in UTC to the microsecond, the texts, and the before/after documents as jsonb text (keys sorted,
 * numbers exact). The writer reads it back from the row it has just inserted, the verifier reads
 * it the same way, so both hash exactly what the database holds.
 */
import { createHash } from 'node:crypto'
import { setImmediate } from 'node:timers/promises'
import { asc, desc, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm'
import { PgTransaction } from 'drizzle-orm/pg-core'
import type { Executor } from './database'
import { auditErasures, auditLog } from './schema'

export interface AuditEntry {
  userName: string
  companyCode?: string | null
  action: string
  entity: string
  entityKey: string
  before?: unknown
  after?: unknown
}

/** The predecessor of the first entry. */
export const GENESIS_HASH = '0'.repeat(64)

/** One lock for all writers of the chain, on every process of the database. */
const lockChain = (db: Executor) =>
  db.execute(sql`select pg_advisory_xact_lock(hashtextextended('audit-chain', 0))`)

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')

/** The columns of the canonical content, each as text in PostgreSQL's own printing. */
export const CONTENT_COLUMNS = {
  id: auditLog.id,
  at: sql<string>`to_char(${auditLog.at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  userName: auditLog.userName,
  companyCode: auditLog.companyCode,
  action: auditLog.action,
  entity: auditLog.entity,
  entityKey: auditLog.entityKey,
  before: sql<string | null>`${auditLog.before}::text`,
  after: sql<string | null>`${auditLog.after}::text`,
}

type ContentRow = {
  id: number
  at: string
  userName: string
  companyCode: string | null
  action: string
  entity: string
  entityKey: string
  before: string | null
  after: string | null
}

/** SHA-256 of an entry's canonical content. */
export function contentHashOf(row: Omit<ContentRow, 'id'>): string {
  return sha256(
    JSON.stringify([
      row.at,
      row.userName,
      row.companyCode,
      row.action,
      row.entity,
      row.entityKey,
      row.before,
      row.after,
    ]),
  )
}

/** SHA-256 over an entry's place, its predecessor's hash and its content's hash. */
export function chainHashOf(seq: number, prevHash: string, contentHash: string): string {
  return sha256(JSON.stringify([seq, prevHash, contentHash]))
}

/** The last chained entry's place and hash; the genesis before the first. */
async function chainHead(db: Executor): Promise<{ seq: number; hash: string }> {
  const [head] = await db
    .select({ seq: auditLog.seq, hash: auditLog.hash })
    .from(auditLog)
    .where(isNotNull(auditLog.seq))
    .orderBy(desc(auditLog.seq))
    .limit(1)
  return head?.seq != null && head.hash
    ? { seq: head.seq, hash: head.hash }
    : { seq: 0, hash: GENESIS_HASH }
}

/** Chains inserted rows after the head, in the order given, in one statement; answers their places. */
async function chainRows(db: Executor, rows: readonly ContentRow[]): Promise<number[]> {
  let head = await chainHead(db)
  const links = rows.map((row) => {
    const seq = head.seq + 1
    const contentHash = contentHashOf(row)
    const link = {
      id: row.id,
      seq,
      prevHash: head.hash,
      contentHash,
      hash: chainHashOf(seq, head.hash, contentHash),
    }
    head = { seq, hash: link.hash }
    return link
  })
  if (links.length === 0) return []
  const values = sql.join(
    links.map(
      (link) =>
        sql`(${link.id}::bigint, ${link.seq}::bigint, ${link.prevHash}, ${link.contentHash}, ${link.hash})`,
    ),
    sql`, `,
  )
  await db.execute(sql`
    update ${auditLog} set seq = link.seq, prev_hash = link.prev_hash,
      content_hash = link.content_hash, hash = link.hash
    from (values ${values}) as link (id, seq, prev_hash, content_hash, hash)
    where ${auditLog.id} = link.id`)
  return links.map((link) => link.seq)
}

/**
 * Writes who changed what and chains it; call it inside the transaction of the change itself (given
 * the database instead, it opens a transaction of its own, as the chain's lock lasts a transaction).
 * Answers the entry's place in the chain.
 */
export async function writeAudit(db: Executor, entry: AuditEntry): Promise<number> {
  if (!(db instanceof PgTransaction)) return db.transaction((tx) => writeAudit(tx, entry))
  await lockChain(db)
  const inserted = await db
    .insert(auditLog)
    .values({
      userName: entry.userName,
      companyCode: entry.companyCode ?? null,
      action: entry.action,
      entity: entry.entity,
      entityKey: entry.entityKey,
      before: entry.before ?? null,
      after: entry.after ?? null,
    })
    .returning(CONTENT_COLUMNS)
  const [seq] = await chainRows(db, inserted)
  return seq!
}

/** The first `limit` entries outside the chain, in the order they were written. */
function unchainedEntries(db: Executor, limit: number): Promise<ContentRow[]> {
  return db
    .select(CONTENT_COLUMNS)
    .from(auditLog)
    .where(isNull(auditLog.seq))
    .orderBy(asc(auditLog.id))
    .limit(limit)
}

/**
 * Chains every entry outside the chain, in the order they were written; answers how many. Lets the
 * event loop turn after every batch: on PGlite a long chaining would otherwise starve timers and I/O.
 */
async function chainUnchained(tx: Executor): Promise<number> {
  let count = 0
  for (;;) {
    const rows = await unchainedEntries(tx, 1000)
    if (rows.length === 0) return count
    count += (await chainRows(tx, rows)).length
    await setImmediate()
  }
}

/**
 * Chains the entries of an earlier version's log, in the order they were written, at the first
 * start of this one. Only while no entry is chained yet: afterwards an entry outside the chain was
 * put there behind the server's back, and the check names it instead. Answers the number chained.
 */
export async function chainEarlierAuditEntries(db: Executor): Promise<number> {
  return db.transaction(async (tx) => {
    await lockChain(tx)
    const [chained] = await tx
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(isNotNull(auditLog.seq))
      .limit(1)
    return chained ? 0 : chainUnchained(tx)
  })
}

/** Chains the entries a seed has just inserted in bulk, in its own transaction. */
export async function chainSeededAuditEntries(tx: Executor): Promise<number> {
  await lockChain(tx)
  await setImmediate()
  return chainUnchained(tx)
}

/** The digest a deletion's audit entry holds of the content hashes it allowed. */
export function erasureDigestOf(allowed: readonly { seq: number; contentHash: string }[]): string {
  const lines = [...allowed].sort((a, b) => a.seq - b.seq).map((e) => `${e.seq}:${e.contentHash}`)
  return sha256(lines.join('\n'))
}

/**
 * Before a deletion pseudonymises chained entries: answers the hashes of their new content, to be
 * recorded with `recordErasure` once the deletion's own entry has its place.
 */
export async function contentHashesOf(
  db: Executor,
  seqs: readonly number[],
): Promise<{ seq: number; contentHash: string }[]> {
  if (seqs.length === 0) return []
  const rows = await db
    .select({ ...CONTENT_COLUMNS, seq: auditLog.seq })
    .from(auditLog)
    .where(inArray(auditLog.seq, [...new Set(seqs)]))
  return rows.map((row) => ({ seq: row.seq!, contentHash: contentHashOf(row) }))
}

/** Keeps what a deletion (audit entry `erasureSeq`) allowed to differ from the chained content. */
export async function recordErasure(
  db: Executor,
  erasureSeq: number,
  allowed: readonly { seq: number; contentHash: string }[],
): Promise<void> {
  for (let start = 0; start < allowed.length; start += 1000) {
    await db
      .insert(auditErasures)
      .values(allowed.slice(start, start + 1000).map((entry) => ({ erasureSeq, ...entry })))
  }
}

export type AuditProblemKind = 'changed' | 'removed' | 'inserted' | 'reordered' | 'erasure'

export interface AuditVerification {
  /** Entries walked in the chain. */
  entries: number
  /** The last entry's place and hash: keep them to show later that nothing was replaced. */
  head: { seq: number; hash: string }
  /** The first problem found, in chain order; none when the chain is whole. */
  problem?: { kind: AuditProblemKind; seq: number | null; id: number | null; message: string }
}

/** Rows of the chain in order, a batch at a time. */
const CHAIN_BATCH = 2000

/**
 * `verify-audit`: walks the chain from the first entry and names the first one that was changed,
 * inserted or removed. With `anchor` (an earlier head), also checks that the entry at that place
 * still has that hash: a chain rewritten from that point on, hashes and all, fails there.
 */
export async function verifyAuditChain(
  db: Executor,
  anchor?: { seq: number; hash: string },
): Promise<AuditVerification> {
  const erased = await verifiedErasures(db)
  let previous = { seq: 0, hash: GENESIS_HASH }
  let entries = 0
  const fail = (
    kind: AuditProblemKind,
    seq: number | null,
    id: number | null,
    message: string,
  ): AuditVerification => ({ entries, head: previous, problem: { kind, seq, id, message } })
  if (erased.problem) return fail('erasure', erased.problem.seq, null, erased.problem.message)
  for (;;) {
    const rows = await db
      .select({
        ...CONTENT_COLUMNS,
        seq: auditLog.seq,
        prevHash: auditLog.prevHash,
        contentHash: auditLog.contentHash,
        hash: auditLog.hash,
      })
      .from(auditLog)
      .where(gt(auditLog.seq, previous.seq))
      .orderBy(asc(auditLog.seq))
      .limit(CHAIN_BATCH)
    for (const row of rows) {
      const seq = row.seq!
      if (seq !== previous.seq + 1) {
        const missing =
          seq === previous.seq + 2 ? `${previous.seq + 1}` : `${previous.seq + 1} bis ${seq - 1}`
        return fail(
          'removed',
          previous.seq + 1,
          null,
          `Eintrag ${missing} fehlt: entfernt (vor Eintrag ${seq}).`,
        )
      }
      if (row.prevHash !== previous.hash) {
        return fail(
          'reordered',
          seq,
          row.id,
          `Eintrag ${seq}: der Hash seines Vorgängers stimmt nicht mit Eintrag ${previous.seq} überein (eingefügt, entfernt oder Vorgänger geändert).`,
        )
      }
      const contentHash = contentHashOf(row)
      if (contentHash !== row.contentHash && !erased.allowed.get(seq)?.has(contentHash)) {
        return fail(
          'changed',
          seq,
          row.id,
          `Eintrag ${seq} (${row.action}, ${row.at}) wurde geändert.`,
        )
      }
      if (
        row.contentHash === null ||
        chainHashOf(seq, row.prevHash, row.contentHash) !== row.hash
      ) {
        return fail('changed', seq, row.id, `Eintrag ${seq}: sein Hash stimmt nicht (geändert).`)
      }
      if (anchor && seq === anchor.seq && row.hash !== anchor.hash) {
        return fail(
          'changed',
          seq,
          row.id,
          `Eintrag ${seq} trägt nicht mehr den festgehaltenen Hash ${anchor.hash}: die Kette wurde ab hier neu geschrieben.`,
        )
      }
      previous = { seq, hash: row.hash }
      entries += 1
    }
    if (rows.length < CHAIN_BATCH) break
  }
  if (anchor && anchor.seq > previous.seq) {
    return fail(
      'removed',
      anchor.seq,
      null,
      `Eintrag ${anchor.seq} des festgehaltenen Stands fehlt: die Kette endet bei ${previous.seq}.`,
    )
  }
  const [outside] = await unchainedEntries(db, 1)
  if (outside) {
    return fail(
      'inserted',
      null,
      outside.id,
      `Eintrag mit der Nummer ${outside.id} (${outside.action}) steht außerhalb der Kette: eingefügt.`,
    )
  }
  return { entries, head: previous }
}

/**
 * The content hashes deletions allowed, per place, each deletion checked against the digest its
 * own (chained) entry holds.
 */
async function verifiedErasures(db: Executor): Promise<{
  allowed: Map<number, Set<string>>
  problem?: { seq: number; message: string }
}> {
  const rows = await db.select().from(auditErasures).orderBy(asc(auditErasures.erasureSeq))
  const byErasure = new Map<number, { seq: number; contentHash: string }[]>()
  for (const row of rows) {
    const list = byErasure.get(row.erasureSeq) ?? []
    list.push({ seq: row.seq, contentHash: row.contentHash })
    byErasure.set(row.erasureSeq, list)
  }
  const allowed = new Map<number, Set<string>>()
  for (const [erasureSeq, list] of byErasure) {
    const [entry] = await db
      .select({ digest: sql<string | null>`${auditLog.after} ->> 'erasureDigest'` })
      .from(auditLog)
      .where(eq(auditLog.seq, erasureSeq))
    if (entry?.digest !== erasureDigestOf(list)) {
      return {
        allowed,
        problem: {
          seq: erasureSeq,
          message: `Die Pseudonymisierungen der Löschung in Eintrag ${erasureSeq} stimmen nicht mit ihrem Eintrag überein (geändert).`,
        },
      }
    }
    for (const { seq, contentHash } of list) {
      const hashes = allowed.get(seq) ?? new Set<string>()
      hashes.add(contentHash)
      allowed.set(seq, hashes)
    }
  }
  return { allowed }
}
