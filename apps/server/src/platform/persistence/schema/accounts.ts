/** Users, their sessions, second factors and password resets, and the provider's API keys. */
import { sql } from 'drizzle-orm'
import { bigint, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { createdAt, instant } from './columns'

/** The user a row belongs to: deleting the user deletes it. */
const ownUser = () =>
  uuid()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' })

export const companyCodes = pgTable('company_codes', {
  companyCode: text().primaryKey(),
  name: text().notNull(),
  city: text().notNull(),
})

export const users = pgTable(
  'users',
  {
    userName: text().primaryKey(),
    /**
     * Immutable, never reused: the subject of the user's tokens (decision 016). A user deleted
     * and created again under the same name gets another id, so the old tokens stay refused.
     */
    id: uuid().notNull().defaultRandom().unique(),
    companyCode: text()
      .notNull()
      .references(() => companyCodes.companyCode),
    businessPartner: text(),
    name: text().notNull(),
    mail: text().notNull(),
    passwordHash: text().notNull(),
    /** Tokens issued before this instant are refused (sign-out everywhere, password change). */
    tokensNotBefore: timestamp({ withTimezone: true, mode: 'date', precision: 3 })
      .notNull()
      .default(sql`'epoch'`),
    /**
     * The last "sign out everywhere" (decision 022): while it equals `tokensNotBefore`, a refused
     * token is told so; a later password change or disabling moves only the other instant.
     */
    signedOutEverywhereAt: timestamp({ withTimezone: true, mode: 'date', precision: 3 }),
    /** Set by the provider (`user disable`): no sign-in, no token, no reset while set. */
    disabledAt: instant(),
    /**
     * Decision 065: a resident's contract (its key); null for every other user. A resident sees
     * only his own months of that contract's unit; `businessPartner` stays null for him.
     */
    residentContract: text(),
    /** Decision 065: how a resident receives his monthly information ('mail' or 'letter'). */
    noticeChannel: text(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.companyCode), index().on(t.businessPartner), index().on(t.residentContract)],
)

/**
 * Sessions ended by their logout (decision 022): every token of the session (`sid`) is refused
 * until the row expires, when the last of them has expired too. In the database, so that several
 * server processes share it.
 */
export const revokedSessions = pgTable(
  'revoked_sessions',
  {
    sessionId: uuid().primaryKey(),
    userId: ownUser(),
    expiresAt: instant().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.userId), index().on(t.expiresAt)],
)

/**
 * Decision 035: a user's TOTP second factor (RFC 6238). The secret is encrypted at rest
 * (AES-256-GCM under `SECOND_FACTOR_KEY`, bound to the user's id); `confirmedAt` is null while a
 * set-up waits for its first code; `lastUsedStep` is the 30-second step of the last code accepted,
 * so that a code works once.
 */
export const secondFactors = pgTable('second_factors', {
  userId: ownUser().primaryKey(),
  secretCiphertext: text().notNull(),
  confirmedAt: instant(),
  lastUsedStep: bigint({ mode: 'number' }),
  /** When the set-up began: one not confirmed within 15 minutes starts again. */
  startedAt: instant().notNull().defaultNow(),
})

/** The ten single-use recovery codes of a second factor, as SHA-256 digests (decision 035). */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    userId: ownUser(),
    codeHash: text().notNull(),
    usedAt: instant(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
)

export const passwordResetTokens = pgTable('password_reset_tokens', {
  tokenHash: text().primaryKey(),
  userName: text()
    .notNull()
    .references(() => users.userName, { onDelete: 'cascade' }),
  /** 'reset' (30 minutes, asked for by the user) or 'invitation' (7 days, sent by the provider). */
  purpose: text().notNull().default('reset'),
  expiresAt: instant().notNull(),
  usedAt: instant(),
  createdAt: createdAt(),
})

/**
 * ARCHITECTURE 3.5: the provider's API keys. Only the SHA-256 of a key is stored; the key itself is
 * shown once when it is created. `scope` limits what the key may do (decision 018).
 */
export const providerApiKeys = pgTable('provider_api_keys', {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull().unique(),
  scope: text().notNull(),
  keyHash: text().notNull().unique(),
  createdAt: createdAt(),
  lastUsedAt: instant(),
  revokedAt: instant(),
})

/**
 * The credentials of the bved consumption-data service (decision 062): HTTP Basic user name and
 * password that a user creates for his own software; only the password's SHA-256 is stored. A
 * credential sees what its user sees; deleting the user or revoking it deletes the row.
 */
export const consumptionDataCredentials = pgTable(
  'consumption_data_credentials',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: ownUser(),
    name: text().notNull(),
    userName: text().notNull().unique(),
    passwordHash: text().notNull(),
    createdAt: createdAt(),
    lastUsedAt: instant(),
  },
  (t) => [index().on(t.userId)],
)

/**
 * The notifications a user has read (decision 023), one row per user and notification. The
 * notifications themselves are worked out from activities and distributions on every request; a
 * notification whose news changes (a tenant change's status) has another id and is unread again.
 */
export const notificationReads = pgTable(
  'notification_reads',
  {
    userId: ownUser(),
    notification: text().notNull(),
    readAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.notification] })],
)
