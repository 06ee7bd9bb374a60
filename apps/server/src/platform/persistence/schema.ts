/**
 * The data model of specification section 3 and ARCHITECTURE 3.2.
 *
 * Column names follow the wire names of section 7 (mapped to snake_case by Drizzle's `casing`).
 * Every row that belongs to a customer carries its `companyCode` and, below the connection level,
 * the `propertyConnection` (the top-level connection it belongs to): visibility is decided on these
 * two columns alone, in `scope.ts`.
 */
import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
})

/** Exact money amounts: numeric in PostgreSQL, decimal strings in TypeScript. */
const amount = (name?: string) =>
  name ? numeric(name, { precision: 15, scale: 2 }) : numeric({ precision: 15, scale: 2 })
const day = () => date({ mode: 'string' })
const createdAt = () => timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow()

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
    disabledAt: timestamp({ withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.companyCode), index().on(t.businessPartner)],
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
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.userId), index().on(t.expiresAt)],
)

/**
 * Issue 17, decision 035: a user's TOTP second factor (RFC 6238). The secret is encrypted at rest
 * (AES-256-GCM under `SECOND_FACTOR_KEY`, bound to the user's id); `confirmedAt` is null while a
 * set-up waits for its first code; `lastUsedStep` is the 30-second step of the last code accepted,
 * so that a code works once.
 */
export const secondFactors = pgTable('second_factors', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretCiphertext: text().notNull(),
  confirmedAt: timestamp({ withTimezone: true, mode: 'date' }),
  lastUsedStep: bigint({ mode: 'number' }),
  /** When the set-up began: one not confirmed within 15 minutes starts again. */
  startedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
})

/** The ten single-use recovery codes of a second factor, as SHA-256 digests (decision 035). */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    usedAt: timestamp({ withTimezone: true, mode: 'date' }),
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
  expiresAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  usedAt: timestamp({ withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
})

export const partners = pgTable(
  'partners',
  {
    businessPartner: text().primaryKey(),
    companyCode: text().notNull(),
    name1: text().notNull(),
    name2: text().notNull().default(''),
    street: text(),
    houseNumber: text(),
    houseNumberSuffix: text(),
    postalCode: text(),
    city: text(),
    mail: text(),
    phone: text(),
  },
  (t) => [index().on(t.companyCode)],
)

export const products = pgTable('products', {
  product: text().primaryKey(),
  companyCode: text().notNull(),
  name: text().notNull(),
  productVersion: text().notNull(),
})

export const productTariffAssignments = pgTable(
  'product_tariff_assignments',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    companyCode: text().notNull(),
    product: text()
      .notNull()
      .references(() => products.product),
    supplySegment: text().notNull(),
    tariffComponent: text().notNull(),
    active: boolean().notNull().default(true),
  },
  (t) => [index().on(t.product)],
)

export const connections = pgTable(
  'connections',
  {
    connection: text().primaryKey(),
    companyCode: text().notNull(),
    parentConnection: text(),
    /** The top-level connection (property) this one belongs to; itself for a property. */
    propertyConnection: text().notNull(),
    name1: text().notNull(),
    name2: text().notNull().default(''),
    street: text().notNull(),
    houseNumber: text().notNull(),
    houseNumberSuffix: text(),
    postalCode: text().notNull(),
    city: text().notNull(),
  },
  (t) => [
    // the default order of connections-search (name1, name2, connection): pages without a sort
    index().on(t.companyCode, t.name1, t.name2, t.connection),
    index().on(t.parentConnection),
    index().on(t.propertyConnection),
  ],
)

export const connectionFeatures = pgTable(
  'connection_features',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    connection: text()
      .notNull()
      .references(() => connections.connection, { onDelete: 'cascade' }),
    /** The feature code (HW active, HE owner partner …); the wire name of section 3. */
    connectionAttributes: text().notNull(),
    value: text(),
    from: day(),
    until: day(),
  },
  (t) => [
    index().on(t.connection),
    index().on(t.connectionAttributes, t.value),
    // visiblePartner: the features that name a partner
    index().on(t.value),
  ],
)

/** Coded master data of a connection or a point of delivery (PR product, HF, WF, GNA …). */
export const objectAttributes = pgTable(
  'object_attributes',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    companyCode: text().notNull(),
    propertyConnection: text().notNull(),
    objectType: text().notNull(),
    objectKey: text().notNull(),
    name: text().notNull(),
    value: text().notNull(),
  },
  (t) => [index().on(t.objectType, t.objectKey)],
)

export const pointsOfDelivery = pgTable(
  'points_of_delivery',
  {
    pointOfDelivery: text().primaryKey(),
    companyCode: text().notNull(),
    propertyConnection: text().notNull(),
    connection: text()
      .notNull()
      .references(() => connections.connection),
    reference: text().notNull(),
    street: text().notNull(),
    houseNumber: text().notNull(),
    houseNumberSuffix: text(),
    position: text(),
    locationAddendum: text(),
  },
  (t) => [index().on(t.connection), index().on(t.propertyConnection)],
)

/** Links of a connection or point of delivery to contracts, partners (contacts) and billing objects. */
export const objectRelations = pgTable(
  'object_relations',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    companyCode: text().notNull(),
    propertyConnection: text().notNull(),
    sourceType: text().notNull(),
    sourceKey: text().notNull(),
    targetType: text().notNull(),
    targetKey: text().notNull(),
    role: text(),
    from: day(),
    until: day(),
  },
  (t) => [
    index().on(t.sourceType, t.sourceKey),
    // visiblePartner: the relations that name a partner
    index().on(t.targetType, t.targetKey),
  ],
)

export const contractAccounts = pgTable(
  'contract_accounts',
  {
    contractAccount: text().primaryKey(),
    companyCode: text().notNull(),
    propertyConnection: text().notNull(),
    businessPartner: text().notNull(),
    reference: text().notNull(),
    contractAccountType: text().notNull(),
  },
  (t) => [index().on(t.propertyConnection)],
)

export const contracts = pgTable(
  'contracts',
  {
    key: text().primaryKey(),
    companyCode: text().notNull(),
    propertyConnection: text().notNull(),
    pointOfDelivery: text()
      .notNull()
      .references(() => pointsOfDelivery.pointOfDelivery),
    contractAccount: text()
      .notNull()
      .references(() => contractAccounts.contractAccount),
    businessPartner: text().notNull(),
    contractStatus: text().notNull(),
    externalNumber: text(),
    from: day().notNull(),
    until: day(),
  },
  (t) => [
    index().on(t.pointOfDelivery),
    index().on(t.propertyConnection),
    // visiblePartner: the contracts of a partner
    index().on(t.businessPartner),
  ],
)

export const contractTariffs = pgTable(
  'contract_tariffs',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    contract: text()
      .notNull()
      .references(() => contracts.key, { onDelete: 'cascade' }),
    tariffComponent: text().notNull(),
    billingVoucher: text(),
    from: day(),
    until: day(),
  },
  (t) => [index().on(t.contract)],
)

export const contractFeatures = pgTable(
  'contract_features',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    contract: text()
      .notNull()
      .references(() => contracts.key, { onDelete: 'cascade' }),
    contractAttribute: text().notNull(),
    value: text(),
    from: day(),
    until: day(),
  },
  (t) => [index().on(t.contract)],
)

export const billingObjects = pgTable(
  'billing_objects',
  {
    key: text().primaryKey(),
    companyCode: text().notNull(),
    propertyConnection: text().notNull(),
    pointOfDelivery: text()
      .notNull()
      .references(() => pointsOfDelivery.pointOfDelivery),
  },
  (t) => [index().on(t.pointOfDelivery)],
)

export const devices = pgTable(
  'devices',
  {
    key: text().primaryKey(),
    companyCode: text().notNull(),
    propertyConnection: text().notNull(),
    serialNumber: text().notNull(),
    segment: text().notNull(),
    typeClass: text().notNull(),
    room: text(),
    installationDate: day(),
    removalDate: day(),
    calibrationYear: integer(),
    meterClass: text(),
  },
  (t) => [index().on(t.propertyConnection)],
)

export const deviceTimeSlices = pgTable(
  'device_time_slices',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    device: text()
      .notNull()
      .references(() => devices.key, { onDelete: 'cascade' }),
    from: day().notNull(),
    until: day(),
    counterPosition: text().notNull(),
  },
  (t) => [index().on(t.device)],
)

export const deviceAssignments = pgTable(
  'device_assignments',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    device: text()
      .notNull()
      .references(() => devices.key, { onDelete: 'cascade' }),
    billingObject: text()
      .notNull()
      .references(() => billingObjects.key),
    mainMeter: boolean().notNull().default(false),
    from: day().notNull(),
    until: day(),
  },
  (t) => [index().on(t.device), index().on(t.billingObject)],
)

export const readingOrders = pgTable(
  'reading_orders',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    companyCode: text().notNull(),
    propertyConnection: text().notNull(),
    pointOfDelivery: text().notNull(),
    device: text(),
    readingDate: day().notNull(),
    readingReason: text().notNull(),
  },
  (t) => [index().on(t.pointOfDelivery, t.readingDate), index().on(t.device, t.readingDate)],
)

export const measurements = pgTable(
  'measurements',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    companyCode: text().notNull(),
    propertyConnection: text().notNull(),
    device: text()
      .notNull()
      .references(() => devices.key, { onDelete: 'cascade' }),
    pointOfDelivery: text().notNull(),
    readingDate: day().notNull(),
    reading: numeric({ precision: 14, scale: 3 }).notNull(),
    difference: numeric({ precision: 14, scale: 3 }),
    readingType: text().notNull(),
    readingReason: text().notNull(),
  },
  (t) => [index().on(t.pointOfDelivery, t.readingDate), index().on(t.device, t.readingDate)],
)

export const operatingCostsDistributions = pgTable(
  'operating_costs_distributions',
  {
    operatingCostsDistribution: text().primaryKey(),
    companyCode: text().notNull(),
    propertyConnection: text().notNull(),
    connection: text()
      .notNull()
      .references(() => connections.connection),
    businessPartner: text(),
    product: text()
      .notNull()
      .references(() => products.product),
    productVersion: text().notNull(),
    from: day().notNull(),
    until: day().notNull(),
    operatingCostsDistributionStatus: text().notNull(),
    /** When the status last changed; the one-year automatic approval counts from the release. */
    statusChangedAt: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    version: integer().notNull().default(1),
  },
  (t) => [
    index().on(t.propertyConnection),
    // operating-costs-search by connection, newest period first
    index().on(t.connection, t.until),
    index().on(t.operatingCostsDistributionStatus, t.statusChangedAt),
  ],
)

/** Heating (`kind` heating) and working (`kind` working) expense lines of a distribution. */
export const operatingCostsExpenses = pgTable(
  'operating_costs_expenses',
  {
    guid: uuid().primaryKey().defaultRandom(),
    companyCode: text().notNull(),
    propertyConnection: text().notNull(),
    operatingCostsDistribution: text()
      .notNull()
      .references(() => operatingCostsDistributions.operatingCostsDistribution),
    kind: text({ enum: ['heating', 'working'] }).notNull(),
    tariffComponent: text().notNull(),
    supplyArea: text(),
    object: text(),
    key: text(),
    allocationObject: text(),
    allocationRef: text(),
    from: day(),
    until: day(),
    quantity: numeric({ precision: 14, scale: 3 }),
    unit: text(),
    /** A fuel line's energy carrier (ENERGY_CARRIER_CODES of the domain); null on other lines. */
    energyCarrier: text(),
    amountTransactionCurrency: amount(),
    apportionableAmount: amount(),
    deductibleAmount: amount(),
    amountNet: amount(),
    amountNetApportionable: amount(),
    note: text(),
    createdBy: text(),
    version: integer().notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.operatingCostsDistribution, t.kind)],
)

/**
 * What a user corrected of a heating distribution's CO2 split from the invoice (decision 032);
 * a null column takes the default back (the fuel lines, the master data, the price table).
 */
export const co2SplitInputs = pgTable('co2_split_inputs', {
  operatingCostsDistribution: text()
    .primaryKey()
    .references(() => operatingCostsDistributions.operatingCostsDistribution),
  companyCode: text().notNull(),
  propertyConnection: text().notNull(),
  quantity: numeric({ precision: 14, scale: 3 }),
  energyCarrier: text(),
  emissionsKgInvoice: numeric({ precision: 14, scale: 3 }),
  co2CostInvoice: amount(),
  areaKind: text(),
  restriction: text(),
  version: integer().notNull().default(1),
  updatedBy: text().notNull(),
  updatedAt: createdAt(),
})

/** Catalogue of cost types, allocation keys, objects and relations per product and period. */
export const valueListEntries = pgTable(
  'value_list_entries',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    companyCode: text().notNull(),
    tableName: text().notNull(),
    fieldName: text().notNull(),
    product: text().notNull(),
    productVersion: text().notNull(),
    validFrom: day().notNull(),
    validUntil: day().notNull(),
    tariffComponent: text(),
    object: text(),
    key: text().notNull(),
    obj: text(),
    name: text().notNull(),
  },
  (t) => [index().on(t.tableName, t.product, t.productVersion)],
)

export const attachments = pgTable(
  'attachments',
  {
    attachment: uuid().primaryKey().defaultRandom(),
    companyCode: text().notNull(),
    propertyConnection: text().notNull(),
    objectType: text().notNull(),
    objectKey: text().notNull(),
    fileName: text().notNull(),
    mediaType: text().notNull(),
    size: integer().notNull(),
    sha256: text().notNull(),
    note: text(),
    link: text(),
    uploadedBy: text(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.objectType, t.objectKey), index().on(t.propertyConnection)],
)

/**
 * File bytes apart from the record, so that lists never read them: chunks of 1 MB
 * (`ATTACHMENT_CHUNK_BYTES`) numbered from 0, every file at least chunk 0, so that uploads are
 * written and downloads read one chunk at a time (issue 14, migration 0009).
 */
export const attachmentContents = pgTable(
  'attachment_contents',
  {
    attachment: uuid()
      .notNull()
      .references(() => attachments.attachment, { onDelete: 'cascade' }),
    chunk: integer().notNull(),
    content: bytea().notNull(),
  },
  (t) => [primaryKey({ columns: [t.attachment, t.chunk] })],
)

export const correspondences = pgTable(
  'correspondences',
  {
    id: text().primaryKey(),
    companyCode: text().notNull(),
    propertyConnection: text().notNull(),
    form: text().notNull(),
    key: text().notNull(),
    voucherNumber: text().notNull(),
    contract: text(),
    businessPartner: text(),
    pointOfDelivery: text(),
    from: day(),
    until: day(),
    documentDate: day().notNull(),
    dueDate: day(),
    attachment: uuid().references(() => attachments.attachment),
  },
  (t) => [index().on(t.form, t.key)],
)

export const billingVouchers = pgTable(
  'billing_vouchers',
  {
    billingVoucher: text().primaryKey(),
    invoiceVoucher: text().notNull(),
    companyCode: text().notNull(),
    propertyConnection: text().notNull(),
    operatingCostsDistribution: text().notNull(),
    contract: text(),
    contractAccount: text(),
    businessPartner: text(),
    pointOfDelivery: text(),
    from: day(),
    until: day(),
    documentDate: day().notNull(),
    dueDate: day(),
    amount: amount(),
    attachment: uuid().references(() => attachments.attachment),
  },
  (t) => [index().on(t.operatingCostsDistribution)],
)

export const vouchers = pgTable(
  'vouchers',
  {
    voucherNr: text().notNull(),
    position: integer().notNull(),
    companyCode: text().notNull(),
    propertyConnection: text().notNull(),
    voucherDate: day().notNull(),
    dueDate: day(),
    contract: text(),
    contractAccount: text(),
    pointsOfDeliveryReference: text(),
    locationAddendum: text(),
    utilisationUnit: text(),
    contractExternalNumber: text(),
    name1: text(),
    name2: text(),
    amount: amount(),
  },
  (t) => [primaryKey({ columns: [t.voucherNr, t.position] })],
)

/** What users submit for internal processing: tenant changes, declined distributions. */
export const activities = pgTable(
  'activities',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyCode: text().notNull(),
    propertyConnection: text().notNull(),
    activityType: text().notNull(),
    objectType: text().notNull(),
    objectKey: text().notNull(),
    status: text().notNull().default('EINGEGANGEN'),
    payload: jsonb().notNull(),
    attachment: uuid().references(() => attachments.attachment),
    createdBy: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.propertyConnection), index().on(t.createdBy)],
)

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    at: createdAt(),
    userName: text().notNull(),
    companyCode: text(),
    action: text().notNull(),
    entity: text().notNull(),
    entityKey: text().notNull(),
    before: jsonb(),
    after: jsonb(),
    /**
     * The hash chain (issue 17, decision 034), set in the writer's transaction under the chain's
     * lock: the entry's place, its predecessor's hash, SHA-256 of its canonical content and
     * SHA-256 over the three. Null only before the entry is chained.
     */
    seq: bigint({ mode: 'number' }).unique(),
    prevHash: text(),
    contentHash: text(),
    hash: text(),
  },
  (t) => [index().on(t.entity, t.entityKey)],
)

/**
 * What a user's deletion (DSGVO Art. 17) changed in chained audit entries: per entry the hash of
 * its pseudonymised content. The deletion's own audit entry, in the chain, holds the digest of
 * its rows, so that these rows cannot be added to or changed unnoticed.
 */
export const auditErasures = pgTable(
  'audit_erasures',
  {
    erasureSeq: bigint({ mode: 'number' }).notNull(),
    seq: bigint({ mode: 'number' }).notNull(),
    contentHash: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.erasureSeq, t.seq] })],
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
 * §4: the user's current decision on an invoice (a billing voucher AR…), one row per decided
 * invoice: approved (final) or declined with its reason (an ABLEHNUNG activity carries it to the
 * provider). Every decision is also in the audit log; the provider's own voucher row stays as
 * imported.
 */
export const invoiceApprovals = pgTable('invoice_approvals', {
  billingVoucher: text()
    .primaryKey()
    .references(() => billingVouchers.billingVoucher, { onDelete: 'cascade' }),
  companyCode: text().notNull(),
  propertyConnection: text().notNull(),
  status: text({ enum: ['approved', 'declined'] }).notNull(),
  reason: text(),
  decidedBy: text().notNull(),
  decidedAt: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  activity: uuid().references(() => activities.id),
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
  lastUsedAt: timestamp({ withTimezone: true, mode: 'date' }),
  revokedAt: timestamp({ withTimezone: true, mode: 'date' }),
})

/**
 * The notifications a user has read (decision 023), one row per user and notification. The
 * notifications themselves are worked out from activities and distributions on every request; a
 * notification whose news changes (a tenant change's status) has another id and is unread again.
 */
export const notificationReads = pgTable(
  'notification_reads',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    notification: text().notNull(),
    readAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.notification] })],
)

/**
 * Sign-in attempts per key (user name, client address) in the throttle's window, shared by every
 * server process (issue 15, decision 029). An attempt is a row per key, written before its
 * password is verified; a right password deletes it, a wrong one leaves it until it is old.
 */
export const signInAttempts = pgTable(
  'sign_in_attempts',
  {
    attemptId: uuid().notNull(),
    key: text().notNull(),
    at: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.key] }), index().on(t.key, t.at)],
)

/** Fixed-window counters of `@fastify/rate-limit` (password reset), shared by every process. */
export const rateLimitWindows = pgTable('rate_limit_windows', {
  key: text().primaryKey(),
  hits: integer().notNull(),
  windowEndsAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
})

/** The last run of each scheduled job, so that one process runs it per interval (issue 15). */
export const jobRuns = pgTable('job_runs', {
  job: text().primaryKey(),
  lastRunAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
})
