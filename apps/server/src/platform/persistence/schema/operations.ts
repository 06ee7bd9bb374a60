/** The audit log, idempotency, sign-in throttling, rate limits and scheduled jobs. */
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core'
import { createdAt, instant, serialId } from './columns'

export const auditLog = pgTable(
  'audit_log',
  {
    id: serialId(),
    at: createdAt(),
    userName: text().notNull(),
    companyCode: text(),
    action: text().notNull(),
    entity: text().notNull(),
    entityKey: text().notNull(),
    before: jsonb(),
    after: jsonb(),
    /**
     * The chain the entry belongs to (decision 056): its company code, or '' for the chain of
     * the installation (entries without a company code, and every entry written before 0015).
     */
    chain: text().notNull().default(''),
    /**
     * The hash chain (decisions 034 and 056), set in the writer's transaction under its chain's
     * lock: the entry's place in its chain, its predecessor's hash, SHA-256 of its canonical
     * content and SHA-256 over the three. Null only before the entry is chained.
     */
    seq: bigint({ mode: 'number' }),
    prevHash: text(),
    contentHash: text(),
    hash: text(),
  },
  (t) => [
    index().on(t.entity, t.entityKey),
    unique('audit_log_chain_seq_unique').on(t.chain, t.seq),
  ],
)

/**
 * What a user's deletion (DSGVO Art. 17) changed in chained audit entries: per entry the hash of
 * its pseudonymised content. The deletion's own audit entry, in the chain, holds the digest of
 * its rows, so that these rows cannot be added to or changed unnoticed.
 */
export const auditErasures = pgTable(
  'audit_erasures',
  {
    /** The deletion's own entry: its chain and place. */
    erasureChain: text().notNull().default(''),
    erasureSeq: bigint({ mode: 'number' }).notNull(),
    /** The pseudonymised entry: its chain and place. */
    chain: text().notNull().default(''),
    seq: bigint({ mode: 'number' }).notNull(),
    contentHash: text().notNull(),
  },
  (t) => [
    primaryKey({
      name: 'audit_erasures_pk',
      columns: [t.erasureChain, t.erasureSeq, t.chain, t.seq],
    }),
  ],
)

/**
 * ARCHITECTURE 3.5: the answer of every creating or changing call that carried an
 * `Idempotency-Key`, written in the transaction of its effect; a repeat with the same key answers
 * this instead of acting again. `requestHash` tells a repeat from a different request reusing the key.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userName: text().notNull(),
    key: text().notNull(),
    method: text().notNull(),
    url: text().notNull(),
    requestHash: text().notNull(),
    statusCode: integer(),
    response: jsonb(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userName, t.key] }), index().on(t.createdAt)],
)

/**
 * Sign-in attempts per key (user name, client address) in the throttle's window, shared by every
 * server process (decision 029). An attempt is a row per key, written before its
 * password is verified; a right password deletes it, a wrong one leaves it until it is old.
 */
export const signInAttempts = pgTable(
  'sign_in_attempts',
  {
    attemptId: uuid().notNull(),
    key: text().notNull(),
    at: instant().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.key] }), index().on(t.key, t.at)],
)

/** Fixed-window counters of `@fastify/rate-limit` (password reset), shared by every process. */
export const rateLimitWindows = pgTable('rate_limit_windows', {
  key: text().primaryKey(),
  hits: integer().notNull(),
  windowEndsAt: instant().notNull(),
})

/** The last run of each scheduled job, so that one process runs it per interval (decision 029). */
export const jobRuns = pgTable('job_runs', {
  job: text().primaryKey(),
  lastRunAt: instant().notNull(),
})
