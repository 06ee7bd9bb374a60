import type { FastifyError, FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { HttpError } from '../http-errors'

const STATUS_DETAILS: Record<number, { code: string; detail: string }> = {
  400: { code: 'BAD_REQUEST', detail: 'Die Anfrage ist ungültig.' },
  401: { code: 'UNAUTHORIZED', detail: 'Bitte melden Sie sich an.' },
  403: { code: 'FORBIDDEN', detail: 'Diese Aktion ist nicht erlaubt.' },
  404: { code: 'NOT_FOUND', detail: 'Die Adresse wurde nicht gefunden.' },
  405: { code: 'METHOD_NOT_ALLOWED', detail: 'Diese Methode ist hier nicht erlaubt.' },
  406: { code: 'NOT_ACCEPTABLE', detail: 'Dieses Antwortformat wird nicht angeboten.' },
  413: { code: 'PAYLOAD_TOO_LARGE', detail: 'Die Anfrage ist zu groß.' },
  415: { code: 'UNSUPPORTED_MEDIA_TYPE', detail: 'Dieser Inhaltstyp wird nicht unterstützt.' },
  429: {
    code: 'TOO_MANY_REQUESTS',
    detail: 'Zu viele Anfragen. Bitte warten Sie einen Moment und versuchen Sie es erneut.',
  },
}

/**
 * One error handler for the whole server: every error becomes `{detail, code}` with a German
 * detail; 5xx answers never carry the cause, which goes to the log only.
 */
export default fp(function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ detail: error.detail, code: error.code })
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation
        .map((issue) => {
          const where = issue.instancePath.replace(/^\//, '').replaceAll('/', '.')
          const place = [error.validationContext, where].filter(Boolean).join('.')
          return place ? `${place}: ${issue.message}` : issue.message
        })
        .join('; ')
      return reply
        .status(400)
        .send({ detail: `Die Anfrage ist ungültig: ${issues}`, code: 'VALIDATION_FAILED' })
    }
    const status = error.statusCode ?? 500
    if (status >= 400 && status < 500) {
      const known = STATUS_DETAILS[status] ?? STATUS_DETAILS[400]!
      return reply.status(status).send(known)
    }
    request.log.error({ err: error }, 'request failed')
    return reply.status(500).send({
      detail: 'Leider ist ein Fehler aufgetreten. Bitte versuchen Sie es später erneut.',
      code: 'INTERNAL_ERROR',
    })
  })

  app.setNotFoundHandler((_request, reply) => {
    return reply.status(404).send(STATUS_DETAILS[404])
  })
})
