import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { HttpError } from '../http-errors'
import { serializeError } from '../logging'
import {
  DATABASE_UNAVAILABLE,
  isDatabaseUnavailable,
  isTransactionConflict,
  TRANSACTION_CONFLICT,
} from '../persistence/database-errors'

const STATUS_DETAILS: Record<number, { code: string; detail: string }> = {
  400: { code: 'BAD_REQUEST', detail: 'Die Anfrage ist ungültig.' },
  401: { code: 'UNAUTHORIZED', detail: 'Bitte melden Sie sich an.' },
  403: { code: 'FORBIDDEN', detail: 'Diese Aktion ist nicht erlaubt.' },
  404: { code: 'NOT_FOUND', detail: 'Die Adresse wurde nicht gefunden.' },
  405: { code: 'METHOD_NOT_ALLOWED', detail: 'Diese Methode ist hier nicht erlaubt.' },
  406: { code: 'NOT_ACCEPTABLE', detail: 'Dieses Antwortformat wird nicht angeboten.' },
  413: { code: 'PAYLOAD_TOO_LARGE', detail: 'Die Anfrage ist zu groß.' },
  414: { code: 'URI_TOO_LONG', detail: 'Die Adresse ist zu lang.' },
  415: { code: 'UNSUPPORTED_MEDIA_TYPE', detail: 'Dieser Inhaltstyp wird nicht unterstützt.' },
  429: {
    code: 'TOO_MANY_REQUESTS',
    detail: 'Zu viele Anfragen. Bitte warten Sie einen Moment und versuchen Sie es erneut.',
  },
}

const INTERNAL_ERROR = {
  detail: 'Leider ist ein Fehler aufgetreten. Bitte versuchen Sie es später erneut.',
  code: 'INTERNAL_ERROR',
}

/**
 * Fastify's `frameworkErrors`: errors before routing, such as a path with malformed percent-encoding
 * ('/api/x/%', 400) or a path parameter longer than the router takes (414), answer in the
 * contract's form too.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = error.statusCode ?? 500
  if (status >= 400 && status < 500) {
    void reply.status(status).send(STATUS_DETAILS[status] ?? STATUS_DETAILS[400])
    return
  }
  request.log.error({ err: serializeError(error) }, 'request failed before routing')
  void reply.status(500).send(INTERNAL_ERROR)
}

/** The error answer: `{detail, code}`, and `field` when the detail is about one input. */
function errorBody(detail: string, code: string, field: string | undefined) {
  return field === undefined ? { detail, code } : { detail, code, field }
}

/**
 * One error handler for the whole server: every error becomes `{detail, code}` with a German
 * detail; 5xx answers never carry the cause, which goes to the log only.
 */
export default fp(function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send(errorBody(error.detail, error.code, error.field))
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // The first issue is answered: its German message as the detail, and where it is as `field`
      // (the path inside the body, query or path parameters), so that a form shows it at the field.
      // An unknown property is named by its own path, not by the path of its object.
      const [issue] = error.validation
      const unknownKey =
        issue?.keyword === 'unrecognized_keys'
          ? (issue.params as { keys?: string[] }).keys?.[0]
          : undefined
      const segments = [...(issue?.instancePath.split('/') ?? []), unknownKey]
      const field = segments.filter(Boolean).join('.') || undefined
      const detail = issue?.message ?? STATUS_DETAILS[400]!.detail
      return reply.status(400).send(errorBody(detail, 'VALIDATION_FAILED', field))
    }
    // a connection PostgreSQL ended or refused (a restart) fails this request only; the
    // pool opens a new connection for the next one. A write whose commit did not arrive is not
    // answered as done.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: serializeError(error) }, 'database unavailable')
      return reply.status(503).send(DATABASE_UNAVAILABLE)
    }
    // a deadlock or serialization failure rolled the whole transaction back: nothing was written
    if (isTransactionConflict(error)) {
      request.log.warn({ err: serializeError(error) }, 'transaction conflict')
      return reply.status(503).header('retry-after', 1).send(TRANSACTION_CONFLICT)
    }
    const status = error.statusCode ?? 500
    if (status >= 400 && status < 500) {
      const known = STATUS_DETAILS[status] ?? STATUS_DETAILS[400]!
      return reply.status(status).send(known)
    }
    request.log.error({ err: serializeError(error) }, 'request failed')
    return reply.status(500).send(INTERNAL_ERROR)
  })

  app.setNotFoundHandler((_request, reply) => {
    return reply.status(404).send(STATUS_DETAILS[404])
  })
})
