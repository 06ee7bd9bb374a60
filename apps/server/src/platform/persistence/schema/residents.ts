/** Decision 065, 066: residents' registration codes and the notices of their monthly information. */
import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { users } from './accounts'
import { createdAt, instant } from './columns'

/**
 * Decision 065: the registration codes of residents, one per contract invited (a newer one
 * replaces an unused older one). Only the code's SHA-256 is stored; it works once, until
 * `expiresAt`, and only while the contract is current.
 */
export const residentInvitations = pgTable(
  'resident_invitations',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyCode: text().notNull(),
    propertyConnection: text().notNull(),
    contract: text().notNull(),
    codeHash: text().notNull().unique(),
    /** 'mail' (sent to the partner's address) or 'letter' (on the property's letter PDF). */
    channel: text().notNull(),
    /** The invitations made together by one call: one letter PDF per batch. */
    batch: uuid().notNull(),
    /**
     * A letter's code, sealed (AES-256-GCM under `SECOND_FACTOR_KEY`, bound to the row's id), so
     * that the letters can be downloaded again until they are used; null for a mailed code.
     */
    codeSealed: text(),
    createdBy: text().notNull(),
    createdAt: createdAt(),
    expiresAt: instant().notNull(),
    usedAt: instant(),
    /** The resident account the code opened. */
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** Set when a newer invitation of the same contract replaced this unused one. */
    replacedAt: instant(),
  },
  (t) => [index().on(t.contract), index().on(t.propertyConnection), index().on(t.batch)],
)

/**
 * Decision 066: the monthly notice of one user (business partner) of a unit for one month, and its
 * delivery: by mail (`pending` → `sending` → `sent` or `failed`) or by letter (`letter`, produced
 * when the manager downloads the month's letters); `missing` while the month's values are not
 * there. `openedAt`: the resident opened his information in the portal.
 */
export const residentNotices = pgTable(
  'resident_notices',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyCode: text().notNull(),
    propertyConnection: text().notNull(),
    pointOfDelivery: text().notNull(),
    businessPartner: text().notNull(),
    contract: text().notNull(),
    /** 'YYYY-MM' */
    month: text().notNull(),
    /** 'mail' or 'letter'. */
    channel: text().notNull(),
    state: text().notNull(),
    /** The resident account mailed, and the address used. */
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    mail: text(),
    attempts: integer().notNull().default(0),
    lastError: text(),
    claimedAt: instant(),
    sentAt: instant(),
    letterProducedAt: instant(),
    openedAt: instant(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex().on(t.pointOfDelivery, t.businessPartner, t.month),
    index().on(t.propertyConnection, t.month),
    index().on(t.state),
  ],
)
