/**
 * Decision 062: the signed-in user's credentials for the bved consumption-data service, in
 * "Mein Konto". Creating one takes the current password (decision 040: a token alone grants no
 * access that outlives it); its password is in that answer only, never kept for a repeat (a
 * repeat with the same Idempotency-Key answers 409). Revoking deletes it at once.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  ConsumptionCredentialInputSchema,
  ConsumptionCredentialsSchema,
  CreatedConsumptionCredentialSchema,
} from '@portal/domain'
import { conflict } from '../../../platform/http-errors'
import {
  idempotent,
  idempotentNoContent,
  IdempotencyHeadersSchema,
} from '../../../platform/http/idempotency'
import { CHANGE } from '../../../platform/http/openapi-operations'
import {
  createConsumptionCredential,
  listConsumptionCredentials,
  revokeConsumptionCredential,
} from '../consumption-credentials'
import { currentPassword, passwordGuard, SECRET_FIELDS } from './current-password'

export const CONSUMPTION_CREDENTIAL_SHOWN_MESSAGE =
  'Das Passwort dieses Zugangs wurde bereits angezeigt und ist nicht mehr abrufbar. Widerrufen Sie den Zugang, wenn Sie es nicht notiert haben, und legen Sie einen neuen an.'

const TAGS = ['account']
const URL = '/api/persistence/consumption-credentials'

const consumptionCredentialRoutes: FastifyPluginAsyncZod = async (app) => {
  const { withPassword } = passwordGuard(app)

  app.get(
    URL,
    {
      schema: {
        operationId: 'getConsumptionCredentials',
        summary: 'Zugänge für die Verbrauchsdaten-Schnittstelle lesen',
        description:
          'Die Zugänge des angemeldeten Benutzers zur bved-Verbrauchsdaten-Schnittstelle (/api/bved/consumption-data/v1.1/): Name, Benutzername, angelegt, zuletzt benutzt; nie das Passwort.',
        tags: TAGS,
        response: { 200: ConsumptionCredentialsSchema },
      },
    },
    async (request) => ({ items: await listConsumptionCredentials(app.db, request.user) }),
  )

  app.post(
    URL,
    {
      schema: {
        operationId: 'createConsumptionCredential',
        summary: 'Zugang für die Verbrauchsdaten-Schnittstelle anlegen',
        errors: [...CHANGE, 429],
        description:
          'Legt gegen das aktuelle Passwort einen Zugang (HTTP Basic) zur bved-Verbrauchsdaten-Schnittstelle an, der sieht, was der Benutzer sieht (201). Das Passwort steht nur in dieser Antwort; eine Wiederholung mit demselben Idempotency-Key: 409 CONSUMPTION_CREDENTIAL_SHOWN. 400 CURRENT_PASSWORD_WRONG (zählt als Fehlversuch der Anmeldung), 429 nach zehn Fehlversuchen in einer Minute.',
        tags: TAGS,
        headers: IdempotencyHeadersSchema,
        body: ConsumptionCredentialInputSchema.extend({ currentPassword }),
        response: { 201: CreatedConsumptionCredentialSchema },
      },
    },
    async (request, reply) =>
      withPassword(request, () =>
        idempotent(
          request,
          reply,
          async (db) => {
            const created = await db.transaction((tx) =>
              createConsumptionCredential(tx, request.user, request.body.name),
            )
            reply.status(201)
            return created
          },
          {
            secretFields: SECRET_FIELDS,
            replayWith: () =>
              Promise.reject(
                conflict(CONSUMPTION_CREDENTIAL_SHOWN_MESSAGE, 'CONSUMPTION_CREDENTIAL_SHOWN'),
              ),
          },
        ),
      ),
  )

  app.delete(
    `${URL}/:id`,
    {
      schema: {
        operationId: 'revokeConsumptionCredential',
        summary: 'Zugang für die Verbrauchsdaten-Schnittstelle widerrufen',
        errors: [422],
        description:
          'Widerruft einen eigenen Zugang sofort (204); die nächste Anfrage mit ihm wird abgelehnt. Fremde und unbekannte Zugänge: 404.',
        tags: TAGS,
        params: z.strictObject({ id: z.string().min(1).max(64) }),
        headers: IdempotencyHeadersSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) =>
      idempotentNoContent(request, reply, (db) =>
        db.transaction((tx) => revokeConsumptionCredential(tx, request.user, request.params.id)),
      ),
  )
}

export default consumptionCredentialRoutes
