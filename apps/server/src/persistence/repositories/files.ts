/**
 * Attachments, invoices (correspondences, billing vouchers) and vouchers (spec §3, §7 "Files and
 * activities", "Invoices"). Every read goes through `visibleThroughProperty`; the bytes live in
 * `attachment_contents` and are read only by the download.
 */
import type { Attachment, BillingVoucher, Correspondence, Voucher } from '@portal/domain'
import { and, eq } from 'drizzle-orm'
import type { Executor } from '../database'
import {
  attachmentContents,
  attachments,
  billingVouchers,
  correspondences,
  vouchers,
} from '../schema'
import { visibleThroughProperty, type SessionUser } from '../scope'
import type { SearchableEntity } from '../search'

export type AttachmentRow = typeof attachments.$inferSelect
export type CorrespondenceRow = typeof correspondences.$inferSelect
export type BillingVoucherRow = typeof billingVouchers.$inferSelect
export type VoucherRow = typeof vouchers.$inferSelect

/** The audit entities of this module. */
export const ATTACHMENT_ENTITY = 'attachment'
export const ACTIVITY_ENTITY = 'activity'
export const ATTACHMENT_NOT_FOUND_MESSAGE = 'Die Datei wurde nicht gefunden.'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const attachmentEntity: SearchableEntity = {
  label: 'Dateien',
  table: attachments,
  properties: {
    attachment: attachments.attachment,
    objectType: attachments.objectType,
    objectKey: attachments.objectKey,
    uploadedBy: attachments.uploadedBy,
    fileName: attachments.fileName,
    createdAt: attachments.createdAt,
  },
  uniqueOrder: [attachments.attachment],
  defaultSort: [{ property: 'createdAt', order: 'desc' }],
  visibleTo: (user) => visibleThroughProperty(user, attachments),
}

export const correspondenceEntity: SearchableEntity = {
  label: 'Korrespondenzen',
  table: correspondences,
  properties: {
    id: correspondences.id,
    form: correspondences.form,
    key: correspondences.key,
    voucherNumber: correspondences.voucherNumber,
    contract: correspondences.contract,
    pointOfDelivery: correspondences.pointOfDelivery,
    documentDate: correspondences.documentDate,
    dueDate: correspondences.dueDate,
  },
  uniqueOrder: [correspondences.id],
  defaultSort: [
    { property: 'documentDate', order: 'desc' },
    { property: 'voucherNumber', order: 'asc' },
  ],
  visibleTo: (user) => visibleThroughProperty(user, correspondences),
}

export const billingVoucherEntity: SearchableEntity = {
  label: 'Abrechnungsbelege',
  table: billingVouchers,
  properties: {
    billingVoucher: billingVouchers.billingVoucher,
    invoiceVoucher: billingVouchers.invoiceVoucher,
    operatingCostsDistribution: billingVouchers.operatingCostsDistribution,
    contract: billingVouchers.contract,
    contractAccount: billingVouchers.contractAccount,
    pointOfDelivery: billingVouchers.pointOfDelivery,
    documentDate: billingVouchers.documentDate,
    dueDate: billingVouchers.dueDate,
  },
  uniqueOrder: [billingVouchers.billingVoucher],
  defaultSort: [
    { property: 'documentDate', order: 'desc' },
    { property: 'invoiceVoucher', order: 'asc' },
  ],
  visibleTo: (user) => visibleThroughProperty(user, billingVouchers),
}

export const voucherEntity: SearchableEntity = {
  label: 'Belege',
  table: vouchers,
  properties: {
    voucherNr: vouchers.voucherNr,
    position: vouchers.position,
    voucherDate: vouchers.voucherDate,
    contract: vouchers.contract,
    contractAccount: vouchers.contractAccount,
  },
  uniqueOrder: [vouchers.voucherNr, vouchers.position],
  defaultSort: [
    { property: 'voucherNr', order: 'asc' },
    { property: 'position', order: 'asc' },
  ],
  visibleTo: (user) => visibleThroughProperty(user, vouchers),
}

export function toAttachment(row: AttachmentRow): Attachment {
  return {
    attachment: row.attachment,
    objectType: row.objectType,
    objectKey: row.objectKey,
    fileName: row.fileName,
    mediaType: row.mediaType,
    size: row.size,
    sha256: row.sha256,
    note: row.note,
    uploadedBy: row.uploadedBy,
    createdAt: new Date(row.createdAt).toISOString(),
  }
}

export function toCorrespondence(row: CorrespondenceRow): Correspondence {
  return {
    id: row.id,
    form: row.form,
    key: row.key,
    voucherNumber: row.voucherNumber,
    contract: row.contract,
    businessPartner: row.businessPartner,
    pointOfDelivery: row.pointOfDelivery,
    from: row.from,
    until: row.until,
    documentDate: row.documentDate,
    dueDate: row.dueDate,
    attachment: row.attachment,
  }
}

/** `approval`: the user's decision on the invoice (see repositories/invoices), null if none. */
export function toBillingVoucher(
  row: BillingVoucherRow,
  approval: BillingVoucher['approval'],
): BillingVoucher {
  return {
    billingVoucher: row.billingVoucher,
    invoiceVoucher: row.invoiceVoucher,
    operatingCostsDistribution: row.operatingCostsDistribution,
    contract: row.contract,
    contractAccount: row.contractAccount,
    businessPartner: row.businessPartner,
    pointOfDelivery: row.pointOfDelivery,
    from: row.from,
    until: row.until,
    documentDate: row.documentDate,
    dueDate: row.dueDate,
    amount: row.amount,
    attachment: row.attachment,
    approval,
  }
}

export function toVoucher(row: VoucherRow): Voucher {
  return {
    voucherNr: row.voucherNr,
    position: row.position,
    voucherDate: row.voucherDate,
    dueDate: row.dueDate,
    contract: row.contract,
    contractAccount: row.contractAccount,
    pointsOfDeliveryReference: row.pointsOfDeliveryReference,
    locationAddendum: row.locationAddendum,
    utilisationUnit: row.utilisationUnit,
    contractExternalNumber: row.contractExternalNumber,
    name1: row.name1,
    name2: row.name2,
    amount: row.amount,
  }
}

/** The attachment record if the user sees it (a malformed id is simply not found). */
export async function findVisibleAttachment(
  db: Executor,
  user: SessionUser,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<AttachmentRow | undefined> {
  if (!UUID.test(id)) return undefined
  const query = db
    .select()
    .from(attachments)
    .where(and(eq(attachments.attachment, id), visibleThroughProperty(user, attachments)))
  const rows = options.forUpdate ? await query.for('update') : await query
  return rows[0]
}

/** The bytes of an attachment; call it only for a record found visible. */
export async function readAttachmentContent(
  db: Executor,
  id: string,
): Promise<Uint8Array | undefined> {
  const [row] = await db
    .select({ content: attachmentContents.content })
    .from(attachmentContents)
    .where(eq(attachmentContents.attachment, id))
  return row?.content
}
