import type { FastifyReply, FastifyRequest, FastifySchema } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  confirmSecondFactorSetup,
  disableSecondFactor,
  pendingSecondFactorSetup,
  RECOVERY_CODES_SHOWN_MESSAGE,
  renewRecoveryCodes,
  SECOND_FACTOR_CONFIRMED_MESSAGE,
  secondFactorStatus,
  startSecondFactorSetup,
} from '../second-factor'
import { currentPassword, passwordGuard, SECRET_FIELDS } from './current-password'
import { requiresSecondFactor } from '../../../platform/auth/second-factor-policy'
import { conflict } from '../../../platform/http-errors'
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
  config: { secondFactorSetup: true, residents: true },
  schema: { tags: TAGS, headers: IdempotencyHeadersSchema, ...schema },
})
const code = z
  .string({ error: 'Bitte geben Sie den Bestätigungscode ein.' })
  .trim()
  .min(1, { error: 'Bitte geben Sie den Bestätigungscode ein.' })
  .max(100, { error: 'Der Bestätigungscode ist falsch oder abgelaufen.' })
const CodeSchema = z.strictObject({ code })
const PasswordSchema = z.strictObject({ currentPassword })
const PasswordAndCodeSchema = z.strictObject({ currentPassword, code })
const RecoveryCodesSchema = z.object({
  recoveryCodes: z.array(z.string()).meta({
    description:
      'Zehn Wiederherstellungscodes, je einmal verwendbar; nur in dieser Antwort im Klartext.',
  }),
})

/**
 * Decision 035: the signed-in user's second factor. Set-up, confirmation, turning it off
 * and new recovery codes are reachable while the customer's switch holds every other route back
 * (`secondFactorSetup`).
 *
 * Decision 040: a token alone changes nothing here. The set-up, turning it off and new recovery
 * codes take the current password (the latter two a code as well); a wrong password or code counts
 * toward the sign-in throttle of the user's name, so that a taken-over session can guess neither.
 * Answers with secrets (the secret, recovery codes) are never kept for a repeat: a repeat of the
 * set-up answers the same pending set-up from the database, a repeat of the confirmation or of new
 * recovery codes is refused with 409 (the codes are shown once).
 */
const secondFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { withPassword } = passwordGuard(app)
  const key = app.config.secondFactorKey

  /** Ten new recovery codes, answered once: never kept, a repeat is refused with `shown`. */
  const recoveryCodesAnswer = (
    request: FastifyRequest,
    reply: FastifyReply,
    make: (tx: Executor) => Promise<string[]>,
    shown: string,
  ) =>
    idempotent(request, reply, async (db) => ({ recoveryCodes: await db.transaction(make) }), {
      secretFields: SECRET_FIELDS,
      replayWith: () => Promise.reject(conflict(shown, 'SECOND_FACTOR_ANSWER_SHOWN')),
    })

  app.get(
    '/api/processes/second-factor',
    {
      config: { secondFactorSetup: true, residents: true },
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
      errors: [...CHANGE, 429],
      description:
        'Beginnt die Einrichtung gegen das aktuelle Passwort: ein neuer Schlüssel (oder der einer vor weniger als 15 Minuten begonnenen Einrichtung) als Text, otpauth-Adresse und QR-Code (SVG). Die Antwort wird nicht gespeichert; eine Wiederholung mit demselben Idempotency-Key zeigt die noch offene Einrichtung aus der Datenbank. 400 CURRENT_PASSWORD_WRONG (zählt als Fehlversuch der Anmeldung), 409 SECOND_FACTOR_ENABLED, wenn sie schon eingerichtet ist, 429 nach zehn Fehlversuchen in einer Minute.',
      body: PasswordSchema,
      response: {
        200: z.object({ secret: z.string(), uri: z.string(), qrCode: z.string() }),
      },
    }),
    async (request, reply) => {
      const issuer = app.config.customer.config.applicationTitle
      return withPassword(request, () =>
        idempotent(
          request,
          reply,
          (db) => db.transaction((tx) => startSecondFactorSetup(tx, key, request.user, issuer)),
          {
            secretFields: SECRET_FIELDS,
            replayWith: (db) =>
              db.transaction((tx) => pendingSecondFactorSetup(tx, key, request.user, issuer)),
          },
        ),
      )
    },
  )

  app.post(
    '/api/processes/second-factor/confirm',
    changeRoute({
      operationId: 'confirmSecondFactorSetup',
      summary: 'Einrichtung mit dem ersten Code abschließen (Wiederherstellungscodes)',
      errors: CHANGE,
      description:
        'Schließt die Einrichtung mit dem ersten Code aus der App ab und liefert zehn Wiederherstellungscodes, nur in dieser Antwort (das Passwort verlangte schon der Beginn, der den Schlüssel zeigte). 400 SECOND_FACTOR_INVALID für einen falschen Code, 409 SECOND_FACTOR_NOT_STARTED ohne begonnene Einrichtung, 409 SECOND_FACTOR_ENABLED, wenn sie schon eingerichtet ist, 409 SECOND_FACTOR_ANSWER_SHOWN für eine Wiederholung: die Codes werden nicht noch einmal gezeigt.',
      body: CodeSchema,
      response: { 200: RecoveryCodesSchema },
    }),
    async (request, reply) =>
      recoveryCodesAnswer(
        request,
        reply,
        (tx) => confirmSecondFactorSetup(tx, key, request.user, request.body.code),
        SECOND_FACTOR_CONFIRMED_MESSAGE,
      ),
  )

  app.post(
    '/api/processes/second-factor/disable',
    changeRoute({
      operationId: 'disableSecondFactor',
      summary: 'Zwei-Faktor-Anmeldung ausschalten',
      errors: [...CHANGE, 429],
      description:
        'Schaltet die Zwei-Faktor-Anmeldung gegen das aktuelle Passwort und einen aktuellen Code oder einen Wiederherstellungscode aus. Schreibt der Kunde sie vor, ist sie danach neu einzurichten. 400 CURRENT_PASSWORD_WRONG, 400 SECOND_FACTOR_INVALID (beide zählen als Fehlversuch der Anmeldung), 429 nach zehn Fehlversuchen in einer Minute.',
      body: PasswordAndCodeSchema,
      response: { 204: z.null() },
    }),
    async (request, reply) =>
      withPassword(request, () =>
        idempotentNoContent(
          request,
          reply,
          (db) =>
            db.transaction((tx) => disableSecondFactor(tx, key, request.user, request.body.code)),
          { secretFields: SECRET_FIELDS },
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
        'Zehn neue Wiederherstellungscodes gegen das aktuelle Passwort und einen aktuellen Code (oder einen Wiederherstellungscode); die bisherigen gelten nicht mehr. Die Codes stehen nur in dieser Antwort; eine Wiederholung mit demselben Idempotency-Key: 409 SECOND_FACTOR_ANSWER_SHOWN. 400 CURRENT_PASSWORD_WRONG, 400 SECOND_FACTOR_INVALID (beide zählen als Fehlversuch der Anmeldung), 429 nach zehn Fehlversuchen in einer Minute.',
      body: PasswordAndCodeSchema,
      response: { 200: RecoveryCodesSchema },
    }),
    async (request, reply) =>
      withPassword(request, () =>
        recoveryCodesAnswer(
          request,
          reply,
          (tx) => renewRecoveryCodes(tx, key, request.user, request.body.code),
          RECOVERY_CODES_SHOWN_MESSAGE,
        ),
      ),
  )
}

export default secondFactorRoutes
