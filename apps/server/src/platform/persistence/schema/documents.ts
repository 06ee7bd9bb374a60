/** Attachments and their bytes, correspondences, invoices (billing vouchers) and vouchers, and the decisions on invoices. */
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { bytea, amount, day, createdAt, partOf, propertyScope, serialId, validity } from './columns'

/**
 * What an invoice document (a correspondence or a billing voucher) says about whom and which
 * period it concerns, and when it was issued and is due.
 */
const documentDetails = () => ({
  businessPartner: text(),
  pointOfDelivery: text(),
  ...validity(),
  documentDate: day().notNull(),
  dueDate: day(),
})

/** The attachment holding a document's file, when there is one. */
const attachmentFile = () => uuid().references(() => attachments.attachment)

export const attachments = pgTable(
  'attachments',
  {
    attachment: uuid().primaryKey().defaultRandom(),
    ...propertyScope(),
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
 * written and downloads read one chunk at a time (decision 028, migration 0009).
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
    ...propertyScope(),
    form: text().notNull(),
    key: text().notNull(),
    voucherNumber: text().notNull(),
    contract: text(),
    ...documentDetails(),
    attachment: attachmentFile(),
  },
  (t) => [index().on(t.form, t.key)],
)

export const billingVouchers = pgTable(
  'billing_vouchers',
  {
    billingVoucher: text().primaryKey(),
    invoiceVoucher: text().notNull(),
    ...propertyScope(),
    operatingCostsDistribution: text().notNull(),
    contract: text(),
    contractAccount: text(),
    ...documentDetails(),
    amount: amount(),
    attachment: attachmentFile(),
  },
  (t) => [index().on(t.operatingCostsDistribution)],
)

export const vouchers = pgTable(
  'vouchers',
  {
    voucherNr: text().notNull(),
    position: integer().notNull(),
    ...propertyScope(),
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
    ...propertyScope(),
    activityType: text().notNull(),
    objectType: text().notNull(),
    objectKey: text().notNull(),
    status: text().notNull().default('EINGEGANGEN'),
    payload: jsonb().notNull(),
    attachment: attachmentFile(),
    createdBy: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.propertyConnection), index().on(t.createdBy)],
)

/**
 * The bved users' files (DTM) taken over for a property (decision 063): by their SHA-256, so that
 * the same file taken over again reports nothing a second time. The reports are activities.
 */
export const bvedUserImports = pgTable(
  'bved_user_imports',
  {
    id: serialId(),
    ...propertyScope(),
    sha256: text().notNull(),
    fileName: text().notNull(),
    reports: integer().notNull(),
    importedBy: text().notNull(),
    importedAt: createdAt(),
  },
  (t) => [uniqueIndex().on(t.propertyConnection, t.sha256)],
)

/**
 * §4: the user's current decision on an invoice (a billing voucher AR…), one row per decided
 * invoice: approved (final) or declined with its reason (an ABLEHNUNG activity carries it to the
 * provider). Every decision is also in the audit log; the provider's own voucher row stays as
 * imported.
 */
export const invoiceApprovals = pgTable('invoice_approvals', {
  billingVoucher: partOf(() => billingVouchers.billingVoucher).primaryKey(),
  ...propertyScope(),
  status: text({ enum: ['approved', 'declined'] }).notNull(),
  reason: text(),
  decidedBy: text().notNull(),
  decidedAt: createdAt(),
  activity: uuid().references(() => activities.id),
})
