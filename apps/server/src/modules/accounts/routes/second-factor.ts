import type { FastifyReply, FastifyRequest, FastifySchema } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { PostgresLoginThrottle } from '../../../platform/auth/login-throttle'
import {
  confirmSecondFactorSetup,
  disableSecondFactor,
  renewRecoveryCodes,
  secondFactorStatus,
  startSecondFactorSetup,
} from '../second-factor'
import { requiresSecondFactor } from '../../../platform/auth/second-factor-policy'
import { HttpError, tooManyRequests } from '../../../platform/http-errors'
import {
  idempotent,
  idempotentNoContent,
  IdempotencyHeadersSchema,
} from '../../../platform/http/idempotency'
import { CHANGE } from '../../../platform/http/openapi-operations'
import type { Executor } from '../../../platform/persistence/database'

const TAGS = ['account']

/** A change of the user's second factor: reachable while only its set-up is allowed. */
const changeRoute = <Schema extends FastifySchema>(schema: Schema) => ({
  config: { secondFactorSetup: true },
  schema: { tags: TAGS, headers: IdempotencyHeadersSchema, ...schema },
})
const CodeSchema = z.strictObject({
  code: z
    .string({ error: 'Bitte geben Sie den Bestätigungscode ein.' })
    .trim()
    .min(1, { error: 'Bitte geben Sie den Bestätigungscode ein.' })
    .max(100, { error: 'Der Bestätigungscode ist falsch oder abgelaufen.' }),
})
const RecoveryCodesSchema = z.object({
  recoveryCodes: z.array(z.string()).meta({
    description:
      'Zehn Wiederherstellungscodes, je einmal verwendbar; nur in dieser Antwort im Klartext.',
  }),
})

/**
 * Decision 035: the signed-in user's second factor. Set-up, confirmation, turning it off
 * and new recovery codes are reachable while the customer's switch holds every other route back
 * (`secondFactorSetup`). Answers with secrets are kept for a repeat only encrypted (`sealWith`).
 * Turning off and new recovery codes take a code: wrong ones count toward the sign-in throttle of
 * the user's name, so that a taken-over session cannot guess codes.
 */
const secondFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const throttle = new PostgresLoginThrottle(app.db)
  const key = app.config.secondFactorKey
  /**
   * Runs a step that takes a code under the throttle of the user's name: 429 beyond ten failures
   * a minute; a wrong code counts as a failure. Reserved before the step's transaction (PGlite runs
   * one transaction at a time).
   */
  async function throttled<T>(userName: string, step: () => Promise<T>): Promise<T> {
    const attempt = await throttle.reserve([`user:${userName.toLowerCase()}`])
    if (!attempt) throw tooManyRequests()
    try {
      const result = await step()
      await attempt.release()
      return result
    } catch (error) {
      if (error instanceof HttpError && error.code === 'SECOND_FACTOR_INVALID') {
        await attempt.countAsFailure()
      } else {
        await attempt.release()
      }
      throw error
    }
  }

  /** Ten new recovery codes, answered once and kept for a repeat only encrypted. */
  const recoveryCodesAnswer = (
    request: FastifyRequest,
    reply: FastifyReply,
    make: (tx: Executor) => Promise<string[]>,
  ) =>
    idempotent(request, reply, async (db) => ({ recoveryCodes: await db.transaction(make) }), {
      sealWith: key,
    })

  app.get(
    '/api/processes/second-factor',
    {
      config: { secondFactorSetup: true },
      schema: {
        operationId: 'getSecondFactor',
        summary: 'Stand der Zwei-Faktor-Anmeldung lesen',
        description:
          'Stand der Zwei-Faktor-Anmeldung des angemeldeten Benutzers: eingerichtet (seit), vom Kunden vorgeschrieben, übrige Wiederherstellungscodes.',
        tags: TAGS,
        response: {
          200: z.object({
            enabled: z.boolean(),
            required: z.boolean(),
            enabledAt: z.string().nullable(),
            recoveryCodesLeft: z.number().int(),
          }),
        },
      },
    },
    async (request) => ({
      ...(await secondFactorStatus(app.db, request.user.userId)),
      required: requiresSecondFactor(app.config.customer),
    }),
  )

  app.post(
    '/api/processes/second-factor/setup',
    changeRoute({
      operationId: 'startSecondFactorSetup',
      summary: 'Zwei-Faktor-Anmeldung einrichten (Schlüssel und QR-Code)',
      errors: CHANGE,
      description:
        'Beginnt die Einrichtung: ein neuer Schlüssel (oder der einer vor weniger als 15 Minuten begonnenen Einrichtung) als Text, otpauth-Adresse und QR-Code (SVG). 409 SECOND_FACTOR_ENABLED, wenn sie schon eingerichtet ist.',
      response: {
        200: z.object({ secret: z.string(), uri: z.string(), qrCode: z.string() }),
      },
    }),
    async (request, reply) =>
      idempotent(
        request,
        reply,
        (db) =>
          db.transaction((tx) =>
            startSecondFactorSetup(
              tx,
              key,
              request.user,
              app.config.customer.config.applicationTitle,
            ),
          ),
        { sealWith: key },
      ),
  )

  app.post(
    '/api/processes/second-factor/confirm',
    changeRoute({
      operationId: 'confirmSecondFactorSetup',
      summary: 'Einrichtung mit dem ersten Code abschließen (Wiederherstellungscodes)',
      errors: CHANGE,
      description:
        'Schließt die Einrichtung mit dem ersten Code aus der App ab und liefert zehn Wiederherstellungscodes. 400 SECOND_FACTOR_INVALID für einen falschen Code, 409 SECOND_FACTOR_NOT_STARTED ohne begonnene Einrichtung.',
      body: CodeSchema,
      response: { 200: RecoveryCodesSchema },
    }),
    async (request, reply) =>
      recoveryCodesAnswer(request, reply, (tx) =>
        confirmSecondFactorSetup(tx, key, request.user, request.body.code),
      ),
  )

  app.post(
    '/api/processes/second-factor/disable',
    changeRoute({
      operationId: 'disableSecondFactor',
      summary: 'Zwei-Faktor-Anmeldung ausschalten',
      errors: [...CHANGE, 429],
      description:
        'Schaltet die Zwei-Faktor-Anmeldung mit einem aktuellen Code oder einem Wiederherstellungscode aus. Schreibt der Kunde sie vor, ist sie danach neu einzurichten. 400 SECOND_FACTOR_INVALID, 429 nach zehn Fehlversuchen in einer Minute.',
      body: CodeSchema,
      response: { 204: z.null() },
    }),
    async (request, reply) =>
      throttled(request.user.userName, () =>
        idempotentNoContent(request, reply, (db) =>
          db.transaction((tx) => disableSecondFactor(tx, key, request.user, request.body.code)),
        ),
      ),
  )

  app.post(
    '/api/processes/second-factor/recovery-codes',
    changeRoute({
      operationId: 'renewRecoveryCodes',
      summary: 'Neue Wiederherstellungscodes erzeugen',
      errors: [...CHANGE, 429],
      description:
        'Zehn neue Wiederherstellungscodes gegen einen aktuellen Code (oder einen Wiederherstellungscode); die bisherigen gelten nicht mehr. 400 SECOND_FACTOR_INVALID, 429 nach zehn Fehlversuchen in einer Minute.',
      body: CodeSchema,
      response: { 200: RecoveryCodesSchema },
    }),
    async (request, reply) =>
      throttled(request.user.userName, () =>
        recoveryCodesAnswer(request, reply, (tx) =>
          renewRecoveryCodes(tx, key, request.user, request.body.code),
        ),
      ),
  )
}

export default secondFactorRoutes
