/** What the two upload routes share: their schema's parts and the storing of the form. */
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify'
import {
  multipartFingerprint,
  withMultipart,
  type MultipartForm,
} from '../../../platform/files/multipart'
import { idempotent, IdempotencyHeadersSchema } from '../../../platform/http/idempotency'
import { UPLOAD } from '../../../platform/http/openapi-operations'
import type { Database } from '../../../platform/persistence/database'

/** A route taking a file (multipart/form-data): 413, 415 and 422 beyond the usual errors. */
const uploadRoute = <Schema extends FastifySchema>(schema: Schema) => ({
  schema: {
    errors: UPLOAD,
    consumes: ['multipart/form-data'],
    headers: IdempotencyHeadersSchema,
    ...schema,
  },
})

/**
 * Stores what the form brings once per idempotency key (the form's fingerprint stands for its
 * body) and counts the file in the metrics.
 */
async function storeUpload<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  form: MultipartForm,
  store: (db: Database) => Promise<T>,
): Promise<T> {
  const answer = await idempotent(request, reply, store, { extra: multipartFingerprint(form) })
  request.server.metrics.uploadAnswered(reply, form.file)
  return answer
}

/**
 * A POST route taking a file: `accept` checks the form's fields and names what to store, which
 * `storeUpload` stores once per idempotency key.
 */
export function uploadPost<T>(
  app: FastifyInstance,
  url: string,
  schema: FastifySchema,
  accept: (
    request: FastifyRequest,
    reply: FastifyReply,
    form: MultipartForm,
  ) => (db: Database) => Promise<T>,
) {
  app.post(url, uploadRoute(schema), async (request, reply) =>
    withMultipart(request, async (form) =>
      storeUpload(request, reply, form, accept(request, reply, form)),
    ),
  )
}
