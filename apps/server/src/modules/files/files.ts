/**
 * §7 "Files and activities": storing an upload and deleting it. The content (chunk by chunk from
 * the upload's temporary copy), its sha256 and the record are written in one transaction together
 * with the audit entry, after the whole file arrived, so that a refused or aborted upload leaves
 * nothing behind.
 */
import { USER_UPLOAD_OBJECT_TYPE, type Attachment } from '@portal/domain'
import { eq } from 'drizzle-orm'
import type { UploadedFile } from '../../platform/files/multipart'
import { conflict, notFound } from '../../platform/http-errors'
import { writeAudit } from '../../platform/persistence/audit'
import type { Database, Executor } from '../../platform/persistence/database'
import {
  ATTACHMENT_CHUNK_BYTES,
  ATTACHMENT_ENTITY,
  ATTACHMENT_NOT_FOUND_MESSAGE,
  findVisibleAttachment,
  toAttachment,
  writeAttachmentContent,
} from '../../platform/persistence/files'
import { findVisibleDistribution } from '../costs/index'
import { attachments } from '../../platform/persistence/schema'
import type { SessionUser } from '../../platform/persistence/scope'
import { DISTRIBUTION_NOT_FOUND_MESSAGE } from '../costs/index'

export const ATTACHMENT_UPLOADED = 'ATTACHMENT_UPLOADED'
export const ATTACHMENT_DELETED = 'ATTACHMENT_DELETED'
export const ATTACHMENT_NOT_DELETABLE_MESSAGE =
  'Diese Datei gehört zu einer Meldung oder Rechnung und kann nicht gelöscht werden.'

/** Writes record, content and audit entry; call it inside a transaction. */
export async function insertAttachment(
  tx: Executor,
  user: SessionUser,
  target: { companyCode: string; propertyConnection: string },
  values: { objectType: string; objectKey: string; note: string | null; file: UploadedFile },
): Promise<Attachment> {
  const [row] = await tx
    .insert(attachments)
    .values({
      companyCode: target.companyCode,
      propertyConnection: target.propertyConnection,
      objectType: values.objectType,
      objectKey: values.objectKey,
      fileName: values.file.fileName,
      mediaType: values.file.mediaType,
      size: values.file.size,
      sha256: values.file.sha256,
      note: values.note,
      uploadedBy: user.userName,
    })
    .returning()
  await writeAttachmentContent(tx, row!.attachment, values.file.chunks(ATTACHMENT_CHUNK_BYTES))
  const attachment = toAttachment(row!)
  await writeAudit(tx, {
    userName: user.userName,
    companyCode: target.companyCode,
    action: ATTACHMENT_UPLOADED,
    entity: ATTACHMENT_ENTITY,
    entityKey: attachment.attachment,
    after: attachment,
  })
  return attachment
}

/** A cost document (KOSTENBELEG) of a visible distribution; 404 for any other distribution. */
export async function uploadCostDocument(
  db: Database,
  user: SessionUser,
  input: { objectKey: string; note: string | null; file: UploadedFile },
): Promise<Attachment> {
  return db.transaction(async (tx) => {
    const distribution = await findVisibleDistribution(tx, user, input.objectKey)
    if (!distribution) throw notFound(DISTRIBUTION_NOT_FOUND_MESSAGE)
    return insertAttachment(tx, user, distribution, {
      objectType: USER_UPLOAD_OBJECT_TYPE,
      objectKey: distribution.operatingCostsDistribution,
      note: input.note,
      file: input.file,
    })
  })
}

/**
 * Deletes a file the user uploaded; anyone else's (and an invisible one) is 404. Files that belong
 * to a tenant change or an invoice stay (409).
 */
export async function deleteAttachment(db: Database, user: SessionUser, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await findVisibleAttachment(tx, user, id, { forUpdate: true })
    if (row?.uploadedBy !== user.userName) throw notFound(ATTACHMENT_NOT_FOUND_MESSAGE)
    if (row.objectType !== USER_UPLOAD_OBJECT_TYPE) {
      throw conflict(ATTACHMENT_NOT_DELETABLE_MESSAGE, 'ATTACHMENT_IN_USE')
    }
    await tx.delete(attachments).where(eq(attachments.attachment, row.attachment))
    await writeAudit(tx, {
      userName: user.userName,
      companyCode: row.companyCode,
      action: ATTACHMENT_DELETED,
      entity: ATTACHMENT_ENTITY,
      entityKey: row.attachment,
      before: toAttachment(row),
    })
  })
}
