import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { readChanges } from '../changes'
import { ChangesAnswerSchema, ChangesQuerySchema } from '../schemas'
import { PROVIDER_SECURITY, PROVIDER_TAG } from './security'

/** Decision 018: the changes feed, a page at a time (the command line writes all of it as NDJSON). */
const providerChangesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/provider/changes',
    {
      config: { providerScope: 'export' },
      schema: {
        operationId: 'providerListChanges',
        summary: 'Änderungen der Benutzer abrufen',
        errors: [403],
        description:
          'Was die Benutzer des Portals getan haben, in der Reihenfolge des Geschehens: Kostenzeilen (hinzugefügt, geändert, gelöscht), „Kosten erfasst“, Genehmigungen und Ablehnungen mit Begründung (Verteilungen und Rechnungen), Mieterwechsel mit Anhang, hochgeladene und gelöschte Kostenbelege. Höchstens `limit` Ereignisse nach `since`; `cursor` der Antwort ist das `since` des nächsten Abrufs, `more` sagt, ob sofort weitere folgen. Bereich `export`.',
        tags: [PROVIDER_TAG],
        security: PROVIDER_SECURITY,
        querystring: ChangesQuerySchema,
        response: { 200: ChangesAnswerSchema },
      },
    },
    async (request) => readChanges(app.db, request.query),
  )
}

export default providerChangesRoutes
