/**
 * Attachments, invoices (correspondences, billing vouchers) and vouchers (spec §3, §7 "Files and
 * activities", "Invoices"). Every read goes through `visibleThroughProperty`; the bytes live in
 * `attachment_contents`, in chunks written one at a time and read only by the download, one at a
 * time (decision 028).
 */
import {
  CATALOGUE,
  type Attachment,
  type BillingVoucher,
  type Correspondence,
  type SearchSort,
  type Voucher,
} from '@portal/domain'
import { and, eq, sql } from 'drizzle-orm'
import { Readable } from 'node:stream'
import { setImmediate } from 'node:timers/promises'
import { UUID } from '../uuid'
import { propertySearch } from './catalogue-search'
import { firstRow } from './rows'
import type { Executor } from './database'
import {
  attachmentContents,
  attachments,
  billingVouchers,
  correspondences,
  vouchers,
} from './schema'
import { visibleThroughProperty, type SessionUser } from './scope'

export type AttachmentRow = typeof attachments.$inferSelect
export type CorrespondenceRow = typeof correspondences.$inferSelect
export type BillingVoucherRow = typeof billingVouchers.$inferSelect
export type VoucherRow = typeof vouchers.$inferSelect

/** The audit entities of this module. */
export const ATTACHMENT_ENTITY = 'attachment'
export const ACTIVITY_ENTITY = 'activity'
export const ATTACHMENT_NOT_FOUND_MESSAGE = 'Die Datei wurde nicht gefunden.'

export const attachmentEntity = propertySearch(CATALOGUE.attachments, attachments, {
  label: 'Dateien',
  uniqueOrder: [attachments.attachment],
  defaultSort: [{ property: 'createdAt', order: 'desc' }],
})

/** Documents newest first, those of one day by `number`. */
const newestDocumentsFirst = (number: string): SearchSort[] => [
  { property: 'documentDate', order: 'desc' },
  { property: number, order: 'asc' },
]

export const correspondenceEntity = propertySearch(CATALOGUE.correspondences, correspondences, {
  label: 'Korrespondenzen',
  uniqueOrder: [correspondences.id],
  defaultSort: newestDocumentsFirst('voucherNumber'),
})

export const billingVoucherEntity = propertySearch(CATALOGUE.billingVouchers, billingVouchers, {
  label: 'Abrechnungsbelege',
  uniqueOrder: [billingVouchers.billingVoucher],
  defaultSort: newestDocumentsFirst('invoiceVoucher'),
})

export const voucherEntity = propertySearch(CATALOGUE.vouchers, vouchers, {
  label: 'Belege',
  uniqueOrder: [vouchers.voucherNr, vouchers.position],
  defaultSort: [
    { property: 'voucherNr', order: 'asc' },
    { property: 'position', order: 'asc' },
  ],
})

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

/** Whom and which period a correspondence or billing voucher concerns, when issued and due. */
function documentDetailsOf(row: CorrespondenceRow | BillingVoucherRow) {
  return {
    businessPartner: row.businessPartner,
    pointOfDelivery: row.pointOfDelivery,
    from: row.from,
    until: row.until,
    documentDate: row.documentDate,
    dueDate: row.dueDate,
  }
}

export function toCorrespondence(row: CorrespondenceRow): Correspondence {
  return {
    id: row.id,
    form: row.form,
    key: row.key,
    voucherNumber: row.voucherNumber,
    contract: row.contract,
    ...documentDetailsOf(row),
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
    ...documentDetailsOf(row),
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
  return firstRow(
    db,
    attachments,
    [eq(attachments.attachment, id), visibleThroughProperty(user, attachments)],
    options,
  )
}

/** A file's bytes are stored and read in chunks of this size (decision 028, migration 0009). */
export const ATTACHMENT_CHUNK_BYTES = 1024 * 1024

/** The chunks of a content of `size` bytes: an empty one is one empty chunk. */
export const chunkCountOf = (size: number) => Math.max(1, Math.ceil(size / ATTACHMENT_CHUNK_BYTES))

/*
 * The bytes cross both drivers as base64 text: PGlite converts a bytea value byte by byte in
 * JavaScript (measured for one megabyte: 0.3 s to read, 0.9 s to write, with as many small
 * strings on the heap), base64 is converted natively on both sides.
 */

/**
 * Writes an attachment's content, given in chunks of ATTACHMENT_CHUNK_BYTES (the last one
 * shorter), within the caller's transaction; holds one chunk at a time.
 */
export async function writeAttachmentContent(
  tx: Executor,
  attachment: string,
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
): Promise<void> {
  let chunk = 0
  let previous = ATTACHMENT_CHUNK_BYTES
  for await (const bytes of chunks) {
    if (previous !== ATTACHMENT_CHUNK_BYTES || bytes.length > ATTACHMENT_CHUNK_BYTES) {
      throw new Error(`Der Inhalt der Datei ${attachment} kommt nicht in Teilen zu 1 MB.`)
    }
    previous = bytes.length
    await writeChunk(tx, attachment, chunk++, bytes)
    // PGlite answers through promises alone: let timers and I/O in between two chunks
    await setImmediate()
  }
  if (chunk === 0) await writeChunk(tx, attachment, 0, new Uint8Array(0))
}

async function writeChunk(tx: Executor, attachment: string, chunk: number, bytes: Uint8Array) {
  const base64 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')
  await tx
    .insert(attachmentContents)
    .values({ attachment, chunk, content: sql`decode(${base64}, 'base64')` })
}

/** One chunk of an attachment's bytes; call it only for a record found visible. */
export async function readAttachmentChunk(
  db: Executor,
  attachment: string,
  chunk: number,
): Promise<Buffer | undefined> {
  const [row] = await db
    .select({ content: sql<string>`encode(${attachmentContents.content}, 'base64')` })
    .from(attachmentContents)
    .where(and(eq(attachmentContents.attachment, attachment), eq(attachmentContents.chunk, chunk)))
  return row ? Buffer.from(row.content, 'base64') : undefined
}

/**
 * The bytes of an attachment of `size` bytes whose first chunk was read already, as a stream that
 * reads the next chunk only when the answer has taken the one before (at most one chunk ahead).
 * Every chunk is read on its own, outside a transaction, so a slow client holds no connection and
 * no lock; a chunk that is missing or of the wrong length (the file was deleted meanwhile) ends
 * the stream with an error, and the answer is cut short instead of completed with other bytes.
 */
export function attachmentContentStream(
  db: Executor,
  { attachment, size }: { attachment: string; size: number },
  first: Buffer,
): Readable {
  const count = chunkCountOf(size)
  const expectedLength = (chunk: number) =>
    chunk < count - 1 ? ATTACHMENT_CHUNK_BYTES : size - (count - 1) * ATTACHMENT_CHUNK_BYTES
  let firstChunk: Buffer | undefined = first
  async function* chunks() {
    for (let chunk = 0; chunk < count; chunk++) {
      const bytes = firstChunk ?? (await readAttachmentChunk(db, attachment, chunk))
      // not kept for the rest of the answer
      firstChunk = undefined
      if (bytes?.length !== expectedLength(chunk)) {
        throw new Error(`Der Inhalt der Datei ${attachment} ist unvollständig (Teil ${chunk}).`)
      }
      yield bytes
    }
  }
  // a byte stream whose buffer counts as full with one chunk in it
  return Readable.from(chunks(), { objectMode: false, highWaterMark: 1 })
}
