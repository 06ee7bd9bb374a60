import { AttachmentSchema, FILE_REQUIRED_MESSAGE, FileUploadFieldsSchema } from '@portal/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { contentDisposition } from '../../../platform/files/file-name'
import { badRequest, notFound, validationFailed } from '../../../platform/http-errors'
import {
  ATTACHMENT_NOT_FOUND_MESSAGE,
  attachmentContentStream,
  findVisibleAttachment,
  readAttachmentChunk,
} from '../../../platform/persistence/files'
import { uploadCostDocument } from '../files'
import { uploadPost } from './upload'

/** §7 "Files and activities": upload of cost documents and download of any visible file. */
const fileProcessRoutes: FastifyPluginAsyncZod = async (app) => {
  uploadPost(
    app,
    '/api/processes/system/file-upload',
    {
      operationId: 'uploadCostDocument',
      summary: 'Kostenbeleg hochladen',
      description:
        'Lädt einen Kostenbeleg hoch (multipart/form-data: objectType KOSTENBELEG, objectKey = Kostenverteilung, note, file). Höchstens 20 MB (413), Typ nach Inhalt: PDF, JPEG, PNG, XLSX, DOCX, CSV (415).',
      tags: ['files'],
      response: { 200: AttachmentSchema },
    },
    (request, _reply, { fields, file }) => {
      const parsed = FileUploadFieldsSchema.safeParse(fields)
      if (!parsed.success) {
        throw validationFailed(parsed.error.issues)
      }
      if (!file) throw badRequest(FILE_REQUIRED_MESSAGE, 'FILE_REQUIRED')
      return (db) =>
        uploadCostDocument(db, request.user, {
          objectKey: parsed.data.objectKey,
          note: parsed.data.note ?? null,
          file,
        })
    },
  )

  app.get(
    '/api/processes/system/file-download/:id',
    {
      // the stored bytes as they are, with their Content-Length (PDF and images do not shrink;
      // a CSV of up to 20 MB is not compressed on every download), streamed chunk by chunk
      compress: false,
      schema: {
        operationId: 'downloadFile',
        summary: 'Datei herunterladen',
        description:
          'Die Bytes einer sichtbaren Datei mit Content-Type, Content-Disposition (attachment) und nosniff; sonst 404.',
        tags: ['files'],
        params: z.strictObject({ id: z.string().min(1).max(64) }),
      },
    },
    async (request, reply) => {
      const row = await findVisibleAttachment(app.db, request.user, request.params.id)
      // the first chunk before the answer starts: a file without content is still a 404
      const first = row ? await readAttachmentChunk(app.db, row.attachment, 0) : undefined
      if (!row || !first) throw notFound(ATTACHMENT_NOT_FOUND_MESSAGE)
      return reply
        .header('Content-Type', row.mediaType)
        .header('Content-Disposition', contentDisposition(row.fileName))
        .header('Content-Length', row.size)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(first.length === row.size ? first : attachmentContentStream(app.db, row, first))
    },
  )
}

export default fileProcessRoutes
