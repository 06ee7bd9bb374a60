/**
 * The audit log as hash chains (decisions 034 and 056), one per company code.
 *
 * Every entry belongs to the chain of its company code, or to the installation's chain ('') when it
 * has none; the entries written before migration 0015 stay in the installation's chain. Within its
 * chain an entry carries its place (`seq`), its predecessor's hash, SHA-256 of its canonical
 * content and its own hash, SHA-256 over those three. An entry is written and chained in the
 * transaction of the change it records, under a transaction-scoped advisory lock of its chain:
 * two writers of one company code wait for each other and never chain onto the same predecessor
 * (the unique chain and `seq` would refuse it anyway); writers of two company codes do not wait.
 *
 * A chain's first entry follows the genesis hash. The installation's chain starts at 1; a company
 * code's chain starts after the installation's last entry at the time, so that no distribution's
 * history holds two entries of the same number.
 *
 * The canonical content is a JSON array of the entry's columns as PostgreSQL prints them: the time
 * in UTC to the microsecond, the texts, and the before/after documents as jsonb text (keys sorted,
 * numbers exact). The database computes it as it inserts an entry (`audit_append`, decision 075),
 * the verifier and the chaining of bulk entries read it back from the row, so all hash exactly what
 * the database holds.
 */
import { createHash } from 'node:crypto'
import { setImmediate } from 'node:timers/promises'
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm'
import { PgTransaction } from 'drizzle-orm/pg-core'
import type { Executor } from './database'
import { groupBy } from './group-by'
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

/** The predecessor of a chain's first entry. */
export const GENESIS_HASH = '0'.repeat(64)

/** The chain of the entries without a company code, and of every entry written before 0015. */
export const INSTALLATION_CHAIN = ''

/** An entry's chain and place in it. */
export interface AuditPlace {
  chain: string
  seq: number
}

/** A chain's last entry, as `verify-audit` prints it and an anchor keeps it. */
export interface AuditHead extends AuditPlace {
  hash: string
}

/** The chain an entry belongs to. */
export const chainOf = (entry: { companyCode?: string | null }): string =>
  entry.companyCode ?? INSTALLATION_CHAIN

/** The chain's name in German messages. */
export const chainLabel = (chain: string): string =>
  chain === INSTALLATION_CHAIN ? 'Kette der Installation' : `Kette des Buchungskreises ${chain}`

/**
 * One lock per chain for all its writers, on every process of the database. The installation's
 * chain keeps the key of the single chain before 0015.
 */
const chainLock = (chain: string) =>
  sql`pg_advisory_xact_lock(hashtextextended(${chain === INSTALLATION_CHAIN ? 'audit-chain' : `audit-chain:${chain}`}, 0))`

const lockChain = (db: Executor, chain: string) => db.execute(sql`select ${chainLock(chain)}`)

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')

/** The columns of the canonical content, each as text in PostgreSQL's own printing. */
export const CONTENT_COLUMNS = {
  id: auditLog.id,
  chain: auditLog.chain,
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
  chain: string
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
export function contentHashOf(row: Omit<ContentRow, 'id' | 'chain'>): string {
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

/**
 * The last chained entry of the chain; before its first, the genesis hash after the place the
 * chain starts behind (see the module comment).
 */
async function chainHead(db: Executor, chain: string): Promise<{ seq: number; hash: string }> {
  const lastOf = async (name: string) =>
    (
      await db
        .select({ seq: auditLog.seq, hash: auditLog.hash })
        .from(auditLog)
        .where(and(eq(auditLog.chain, name), isNotNull(auditLog.seq)))
        .orderBy(desc(auditLog.seq))
        .limit(1)
    )[0]
  const head = await lastOf(chain)
  if (head?.seq != null && head.hash) return { seq: head.seq, hash: head.hash }
  const start = chain === INSTALLATION_CHAIN ? undefined : await lastOf(INSTALLATION_CHAIN)
  return { seq: start?.seq ?? 0, hash: GENESIS_HASH }
}

/**
 * Chains inserted rows of one chain after its head, in the order given, in one statement; answers
 * their places. The caller holds the chain's lock.
 */
async function chainRows(
  db: Executor,
  chain: string,
  rows: readonly ContentRow[],
): Promise<number[]> {
  let head = await chainHead(db, chain)
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
 * Writes who changed what and chains it into the chain of its company code; call it inside the
 * transaction of the change itself (given the database instead, it opens a transaction of its own,
 * as the chain's lock lasts a transaction). Answers the entry's chain and place.
 *
 * One round trip (decision 075): the database function `audit_append` (migration 0025) takes the
 * chain's lock, reads the head after it and inserts the entry chained, its content hashed as
 * `contentHashOf` hashes it, so that `verify-audit` checks it like every other entry.
 */
export async function writeAudit(db: Executor, entry: AuditEntry): Promise<AuditPlace> {
  if (!(db instanceof PgTransaction)) return db.transaction((tx) => writeAudit(tx, entry))
  const chain = chainOf(entry)
  const document = (value: unknown) => (value == null ? null : JSON.stringify(value))
  const appended = (await db.execute(sql`select audit_append(${chain}, ${entry.userName},
    ${entry.companyCode ?? null}, ${entry.action}, ${entry.entity}, ${entry.entityKey},
    ${document(entry.before)}::jsonb, ${document(entry.after)}::jsonb) as seq`)) as {
    rows: { seq: string | number }[]
  }
  return { chain, seq: Number(appended.rows[0]!.seq) }
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
 * Chains every entry outside a chain into the chain its row names, in the order they were written;
 * answers how many. Takes each chain's lock before it chains onto it (the caller's transaction holds
 * them to its end). Lets the event loop turn after every batch: on PGlite a long chaining would
 * otherwise starve timers and I/O.
 */
async function chainUnchained(tx: Executor): Promise<number> {
  const locked = new Set<string>()
  let count = 0
  for (;;) {
    const rows = await unchainedEntries(tx, 1000)
    if (rows.length === 0) return count
    const byChain = groupBy(rows, (row) => row.chain)
    for (const [chain, chainRowsOf] of byChain) {
      if (!locked.has(chain)) await lockChain(tx, chain)
      locked.add(chain)
      count += (await chainRows(tx, chain, chainRowsOf)).length
      await setImmediate()
    }
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
    await lockChain(tx, INSTALLATION_CHAIN)
    const [chained] = await tx
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(isNotNull(auditLog.seq))
      .limit(1)
    return chained ? 0 : chainUnchained(tx)
  })
}

/** Chains the entries a seed has just inserted in bulk (each naming its chain), in its own transaction. */
export async function chainSeededAuditEntries(tx: Executor): Promise<number> {
  await setImmediate()
  return chainUnchained(tx)
}

/** What a deletion allows a pseudonymised entry's content to hash to. */
export interface ErasedContent extends AuditPlace {
  contentHash: string
}

/**
 * The digest a deletion's audit entry holds of the content hashes it allowed: one line per entry,
 * in the order of chain and place; an entry of the installation's chain is written as before 0015.
 */
export function erasureDigestOf(allowed: readonly ErasedContent[]): string {
  const lines = [...allowed]
    .sort((a, b) => (a.chain === b.chain ? a.seq - b.seq : a.chain < b.chain ? -1 : 1))
    .map((e) =>
      e.chain === INSTALLATION_CHAIN
        ? `${e.seq}:${e.contentHash}`
        : `${e.chain}:${e.seq}:${e.contentHash}`,
    )
  return sha256(lines.join('\n'))
}

/**
 * Before a deletion pseudonymises chained entries: answers the hashes of their new content (given
 * the entries' ids), to be recorded with `recordErasure` once the deletion's own entry has its place.
 */
export async function contentHashesOf(
  db: Executor,
  ids: readonly number[],
): Promise<ErasedContent[]> {
  if (ids.length === 0) return []
  const rows = await db
    .select({ ...CONTENT_COLUMNS, seq: auditLog.seq })
    .from(auditLog)
    .where(and(inArray(auditLog.id, [...new Set(ids)]), isNotNull(auditLog.seq)))
  return rows.map((row) => ({ chain: row.chain, seq: row.seq!, contentHash: contentHashOf(row) }))
}

/** Keeps what a deletion (its own audit entry at `erasure`) allowed to differ from the chained content. */
export async function recordErasure(
  db: Executor,
  erasure: AuditPlace,
  allowed: readonly ErasedContent[],
): Promise<void> {
  for (let start = 0; start < allowed.length; start += 1000) {
    await db.insert(auditErasures).values(
      allowed.slice(start, start + 1000).map((entry) => ({
        erasureChain: erasure.chain,
        erasureSeq: erasure.seq,
        ...entry,
      })),
    )
  }
}

export type AuditProblemKind = 'changed' | 'removed' | 'inserted' | 'reordered' | 'erasure'

export interface AuditProblem {
  kind: AuditProblemKind
  chain: string | null
  seq: number | null
  id: number | null
  message: string
}

export interface AuditVerification {
  /** Entries walked, over all chains. */
  entries: number
  /** Each chain's last entry, in the order of the chains: keep them to show later that nothing was replaced. */
  heads: AuditHead[]
  /** The first problem found, chain by chain in chain order; none when every chain is whole. */
  problem?: AuditProblem
}

/** Rows of a chain in order, a batch at a time. */
const CHAIN_BATCH = 2000

/** The key of an entry's place in maps. */
const placeKey = (chain: string, seq: number) => `${chain}\u0000${seq}`

/**
 * `verify-audit`: walks every chain from its first entry and names the first entry that was
 * changed, inserted or removed. With anchors (heads kept from an earlier run), also checks that the
 * entry at each anchored place still has that hash: a chain rewritten from that point on, hashes and
 * all, fails there, and so does a chain that is gone.
 */
export async function verifyAuditChain(
  db: Executor,
  anchors: readonly AuditHead[] = [],
): Promise<AuditVerification> {
  const erased = await verifiedErasures(db)
  const heads: AuditHead[] = []
  let entries = 0
  const fail = (problem: AuditProblem): AuditVerification => ({ entries, heads, problem })
  if (erased.problem) {
    return fail({ kind: 'erasure', id: null, ...erased.problem })
  }
  const stored = await db
    .selectDistinct({ chain: auditLog.chain })
    .from(auditLog)
    .where(isNotNull(auditLog.seq))
  const chains = [
    ...new Set([...stored.map((row) => row.chain), ...anchors.map((anchor) => anchor.chain)]),
  ].sort()
  for (const chain of chains) {
    const walked = await verifyOneChain(
      db,
      chain,
      anchors.filter((anchor) => anchor.chain === chain),
      erased.allowed,
    )
    entries += walked.entries
    if (walked.problem) return fail(walked.problem)
    if (walked.head) heads.push(walked.head)
  }
  const [outside] = await unchainedEntries(db, 1)
  if (outside) {
    return fail({
      kind: 'inserted',
      chain: null,
      seq: null,
      id: outside.id,
      message: `Eintrag mit der Nummer ${outside.id} (${outside.action}) steht außerhalb der Kette: eingefügt.`,
    })
  }
  return { entries, heads }
}

/** Walks one chain in order; answers the entries walked, its head, or the first problem. */
async function verifyOneChain(
  db: Executor,
  chain: string,
  anchors: readonly AuditHead[],
  allowed: ReadonlyMap<string, ReadonlySet<string>>,
): Promise<{ entries: number; head?: AuditHead; problem?: AuditProblem }> {
  const label = chainLabel(chain)
  let previous: { seq: number; hash: string } | undefined
  let entries = 0
  const fail = (kind: AuditProblemKind, seq: number | null, id: number | null, text: string) => ({
    entries,
    problem: { kind, chain, seq, id, message: `${label}: ${text}` },
  })
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
      .where(
        and(
          eq(auditLog.chain, chain),
          previous ? gt(auditLog.seq, previous.seq) : isNotNull(auditLog.seq),
        ),
      )
      .orderBy(asc(auditLog.seq))
      .limit(CHAIN_BATCH)
    for (const row of rows) {
      const seq = row.seq!
      if (!previous) {
        if (chain === INSTALLATION_CHAIN && seq !== 1) {
          const missing = seq === 2 ? '1' : `1 bis ${seq - 1}`
          return fail(
            'removed',
            1,
            null,
            `Eintrag ${missing} fehlt: entfernt (vor Eintrag ${seq}).`,
          )
        }
        if (row.prevHash !== GENESIS_HASH) {
          return fail(
            'removed',
            seq,
            row.id,
            `Eintrag ${seq} ist der erste der Kette, trägt aber nicht den Anfangshash: seine Vorgänger wurden entfernt.`,
          )
        }
      } else if (seq !== previous.seq + 1) {
        const missing =
          seq === previous.seq + 2 ? `${previous.seq + 1}` : `${previous.seq + 1} bis ${seq - 1}`
        return fail(
          'removed',
          previous.seq + 1,
          null,
          `Eintrag ${missing} fehlt: entfernt (vor Eintrag ${seq}).`,
        )
      } else if (row.prevHash !== previous.hash) {
        return fail(
          'reordered',
          seq,
          row.id,
          `Eintrag ${seq}: der Hash seines Vorgängers stimmt nicht mit Eintrag ${previous.seq} überein (eingefügt, entfernt oder Vorgänger geändert).`,
        )
      }
      const contentHash = contentHashOf(row)
      if (contentHash !== row.contentHash && !allowed.get(placeKey(chain, seq))?.has(contentHash)) {
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
      const anchor = anchors.find((kept) => kept.seq === seq)
      if (anchor && row.hash !== anchor.hash) {
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
  const beyond = anchors.find((anchor) => anchor.seq > (previous?.seq ?? 0))
  if (beyond) {
    return fail(
      'removed',
      beyond.seq,
      null,
      previous
        ? `Eintrag ${beyond.seq} des festgehaltenen Stands fehlt: die Kette endet bei ${previous.seq}.`
        : `Eintrag ${beyond.seq} des festgehaltenen Stands fehlt: die Kette hat keinen Eintrag mehr.`,
    )
  }
  const before = anchors.find((anchor) => previous && anchor.seq < previous.seq - entries + 1)
  if (before) {
    return fail(
      'removed',
      before.seq,
      null,
      `Eintrag ${before.seq} des festgehaltenen Stands fehlt: die Kette beginnt später.`,
    )
  }
  return { entries, head: previous && { chain, ...previous } }
}

/**
 * The content hashes deletions allowed, per place, each deletion checked against the digest its
 * own (chained) entry holds.
 */
async function verifiedErasures(db: Executor): Promise<{
  allowed: Map<string, Set<string>>
  problem?: { chain: string; seq: number; message: string }
}> {
  const rows = await db
    .select()
    .from(auditErasures)
    .orderBy(asc(auditErasures.erasureChain), asc(auditErasures.erasureSeq))
  const byErasure = groupBy(rows, (row) => placeKey(row.erasureChain, row.erasureSeq))
  const allowed = new Map<string, Set<string>>()
  for (const list of byErasure.values()) {
    const { erasureChain, erasureSeq } = list[0]!
    const [entry] = await db
      .select({ digest: sql<string | null>`${auditLog.after} ->> 'erasureDigest'` })
      .from(auditLog)
      .where(and(eq(auditLog.chain, erasureChain), eq(auditLog.seq, erasureSeq)))
    if (entry?.digest !== erasureDigestOf(list)) {
      return {
        allowed,
        problem: {
          chain: erasureChain,
          seq: erasureSeq,
          message: `${chainLabel(erasureChain)}: Die Pseudonymisierungen der Löschung in Eintrag ${erasureSeq} stimmen nicht mit ihrem Eintrag überein (geändert).`,
        },
      }
    }
    for (const { chain, seq, contentHash } of list) {
      const key = placeKey(chain, seq)
      const hashes = allowed.get(key) ?? new Set<string>()
      hashes.add(contentHash)
      allowed.set(key, hashes)
    }
  }
  return { allowed }
}
