import { LegacyAnswerSchema, LegacyRequestSchema } from '@portal/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { HttpError, badRequest, validationFailed } from '../../../platform/http-errors'
import { assertValidText } from '../../../platform/http/text-input'
import { legacyTransaction } from '../legacy-transaction'
import { requiresSecondFactor } from '../../../platform/auth/second-factor-policy'

const FORM = 'application/x-www-form-urlencoded'

/**
 * §7 "Legacy transaction endpoint". Public for the auth plugin because the token travels in the
 * body: `legacyTransaction` checks it with the same function as the bearer header.
 */
const legacyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/legacy',
    {
      config: { public: true },
      schema: {
        operationId: 'legacyTransaction',
        summary: 'Altschnittstelle aufrufen',
        description:
          'Altschnittstelle: Formularfeld json mit action, code, obj, key und token; ' +
          'Vorgänge ATTRIBUTES (ANSCHLUSS/VSTELLE) und MEASUREMENTS (VSTELLE).',
        tags: ['legacy'],
        consumes: [FORM],
        body: z.strictObject({ json: z.string().min(1).max(100_000) }),
        response: { 200: LegacyAnswerSchema },
      },
      preValidation: async (request) => {
        if (!(request.headers['content-type'] ?? '').toLowerCase().startsWith(FORM)) {
          throw new HttpError(
            415,
            'UNSUPPORTED_MEDIA_TYPE',
            `Erwartet wird ein Formular (${FORM}) mit dem Feld json.`,
          )
        }
      },
    },
    async (request) => {
      let parsed: unknown
      try {
        parsed = JSON.parse(request.body.json)
      } catch {
        throw badRequest('Das Feld json enthält kein gültiges JSON.', 'INVALID_JSON', 'json')
      }
      assertValidText(parsed, 'json')
      const result = LegacyRequestSchema.safeParse(parsed)
      if (!result.success) {
        throw validationFailed(result.error.issues, 'json')
      }
      return legacyTransaction(
        {
          db: app.db,
          jwtSecret: app.config.jwtSecret,
          requireSecondFactor: requiresSecondFactor(app.config.customer),
        },
        result.data,
      )
    },
  )
}

export default legacyRoutes
