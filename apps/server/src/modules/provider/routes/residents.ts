import { ResidentInvitationsSchema } from '@portal/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { contentDisposition } from '../../../platform/files/file-name'
import { notFound } from '../../../platform/http-errors'
import { idempotent, IdempotencyHeadersSchema } from '../../../platform/http/idempotency'
import { providerInvite, providerLetters, providerProperty } from '../../residents/index'
import { PROVIDER_SECURITY, PROVIDER_TAG } from './security'

const PropertySchema = z.string().min(1).max(40)

/**
 * Decision 065: the provider invites the residents of a property and prints their letters, as
 * `npm run provider -- residents invite|letters` does (scope `users`).
 */
const providerResidentRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = { publicUrl: app.config.publicUrl, sealKey: app.config.secondFactorKey }
  const propertyOf = async (connection: string) => {
    const found = await providerProperty(app.db, connection)
    if (!found) throw notFound('Die Liegenschaft wurde nicht gefunden.')
    return { connection, companyCode: found.companyCode }
  }

  app.post(
    '/api/provider/residents/invitations',
    {
      config: { providerScope: 'users' },
      schema: {
        operationId: 'providerInviteResidents',
        summary: 'Bewohner einer Liegenschaft einladen',
        description:
          'Wie `residents invite`: ein Registrierungscode je heute laufendem Vertrag ohne Zugang, per E-Mail oder als Brief (`GET /api/provider/residents/letters`). Mit Idempotency-Key wiederholbar.',
        tags: [PROVIDER_TAG],
        security: PROVIDER_SECURITY,
        headers: IdempotencyHeadersSchema,
        body: z.strictObject({ connection: PropertySchema }),
        response: { 201: ResidentInvitationsSchema },
      },
    },
    async (request, reply) => {
      const property = await propertyOf(request.body.connection)
      const invited = await providerInvite(app.db, app.mailer, settings, property, (run) =>
        idempotent(request, reply, (db) => run(db)),
      )
      return reply.status(201).send(invited)
    },
  )

  app.get(
    '/api/provider/residents/letters',
    {
      compress: false,
      config: { providerScope: 'users' },
      schema: {
        operationId: 'providerResidentLetters',
        summary: 'Registrierungsschreiben einer Einladung als PDF laden',
        description:
          'Wie `residents letters`: die Briefe der Bewohner ohne E-Mail-Adresse einer Einladung, je Bewohner eine Seite und seine neueste Verbrauchsinformation.',
        tags: [PROVIDER_TAG],
        security: PROVIDER_SECURITY,
        querystring: z.strictObject({
          connection: PropertySchema,
          batch: z.uuid({ error: 'Diese Einladung gibt es nicht.' }),
        }),
      },
    },
    async (request, reply) => {
      const property = await propertyOf(request.query.connection)
      const letters = await providerLetters(app.db, settings, property, request.query.batch)
      if (letters.residents === 0)
        throw notFound('Zu dieser Einladung gibt es keine offenen Briefe.')
      return reply
        .header('Content-Type', 'application/pdf')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .header(
          'Content-Disposition',
          contentDisposition(`Registrierungsschreiben ${property.connection}.pdf`),
        )
        .send(letters.pdf.content)
    },
  )
}

export default providerResidentRoutes
