import { AttachmentSchema, FILE_REQUIRED_MESSAGE, FileUploadFieldsSchema } from '@portal/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { contentDisposition } from '../../files/file-name'
import { multipartFingerprint, readMultipart } from '../../files/multipart'
import { badRequest, notFound, validationFailed } from '../../http-errors'
import {
  ATTACHMENT_NOT_FOUND_MESSAGE,
  findVisibleAttachment,
  readAttachmentContent,
} from '../../persistence/repositories/files'
import { uploadCostDocument } from '../../processes/files'
import { idempotent, IdempotencyHeadersSchema } from '../../plugins/idempotency'

/** §7 "Files and activities": upload of cost documents and download of any visible file. */
const fileProcessRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/processes/system/file-upload',
    {
      schema: {
        description:
          'Lädt einen Kostenbeleg hoch (multipart/form-data: objectType KOSTENBELEG, objectKey = Kostenverteilung, note, file). Höchstens 20 MB (413), Typ nach Inhalt: PDF, JPEG, PNG, XLSX, DOCX, CSV (415).',
        tags: ['files'],
        consumes: ['multipart/form-data'],
        headers: IdempotencyHeadersSchema,
        response: { 200: AttachmentSchema },
      },
    },
    async (request, reply) => {
      const form = await readMultipart(request)
      const { fields, file } = form
      const parsed = FileUploadFieldsSchema.safeParse(fields)
      if (!parsed.success) {
        throw validationFailed(parsed.error.issues)
      }
      if (!file) throw badRequest(FILE_REQUIRED_MESSAGE, 'FILE_REQUIRED')
      return idempotent(
        request,
        reply,
        (db) =>
          uploadCostDocument(db, request.user, {
            objectKey: parsed.data.objectKey,
            note: parsed.data.note ?? null,
            file,
          }),
        { extra: multipartFingerprint(form) },
      )
    },
  )

  app.get(
    '/api/processes/system/file-download/:id',
    {
      // the stored bytes as they are, with their Content-Length (PDF and images do not shrink;
      // a CSV of up to 20 MB is not compressed on every download)
      compress: false,
      schema: {
        description:
          'Die Bytes einer sichtbaren Datei mit Content-Type, Content-Disposition (attachment) und nosniff; sonst 404.',
        tags: ['files'],
        params: z.strictObject({ id: z.string().min(1).max(64) }),
      },
    },
    async (request, reply) => {
      const row = await findVisibleAttachment(app.db, request.user, request.params.id)
      const content = row ? await readAttachmentContent(app.db, row.attachment) : undefined
      if (!row || !content) throw notFound(ATTACHMENT_NOT_FOUND_MESSAGE)
      const bytes = Buffer.from(content.buffer, content.byteOffset, content.byteLength)
      return reply
        .header('Content-Type', row.mediaType)
        .header('Content-Disposition', contentDisposition(row.fileName))
        .header('Content-Length', bytes.length)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(bytes)
    },
  )
}

export default fileProcessRoutes
