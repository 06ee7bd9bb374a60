import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { bvedChangesArchive } from '../bved-changes'
import { readChanges } from '../changes'
import { TAR_MEDIA_TYPE } from './interchange'
import { ChangesAnswerSchema, ChangesQuerySchema } from '../schemas'
import { PROVIDER_SECURITY, PROVIDER_TAG } from './security'

/**
 * Decision 018: the changes feed, a page at a time (the command line writes all of it as NDJSON),
 * and the same page as bved DTK files of the changed distributions (decision 061).
 */
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
          'Was die Benutzer des Portals getan haben, in der Reihenfolge des Geschehens: Kostenzeilen (hinzugefügt, geändert, gelöscht), „Kosten erfasst“, Genehmigungen und Ablehnungen mit Begründung (Verteilungen und Rechnungen), Mieterwechsel mit Anhang, Serviceaufträge (auch die Zwischenablesung eines Mieterwechsels; Status melden: POST /api/provider/service-orders/{id}/status), hochgeladene und gelöschte Kostenbelege. Höchstens `limit` Ereignisse nach `since`; `cursor` der Antwort ist das `since` des nächsten Abrufs, `more` sagt, ob sofort weitere folgen. Bereich `export`.',
        tags: [PROVIDER_TAG],
        security: PROVIDER_SECURITY,
        querystring: ChangesQuerySchema,
        response: { 200: ChangesAnswerSchema },
      },
    },
    async (request) => readChanges(app.db, request.query),
  )

  app.get(
    '/api/provider/changes/bved-costs',
    {
      config: { providerScope: 'export' },
      schema: {
        operationId: 'providerListChangesAsBvedFiles',
        summary: 'Geänderte Kosten als bved-Dateien (DTK) abrufen',
        errors: [403],
        description:
          'Dieselbe Seite des Änderungsfeeds (`since`, `limit`) in der Form des bved-Datenaustauschs: ein tar-Archiv mit je geänderter Verteilung (Kostenzeilen hinzugefügt, geändert, gelöscht; CO2-Aufteilung korrigiert) ihren erfassten Kostenzeilen als DTK-Datei (`<Verteilung>/DTK305_….DAT`, B- und K-Sätze wie GET …/bved-costs) und `changes.json` mit `cursor`, `more`, den Dateien und den übersprungenen Verteilungen mit Grund (ohne Liegenschaftsnummer). `cursor` steht auch im Header X-Changes-Cursor. Bereich `export`.',
        tags: [PROVIDER_TAG],
        security: PROVIDER_SECURITY,
        querystring: ChangesQuerySchema,
      },
    },
    async (request, reply) => {
      const { archive, manifest } = await bvedChangesArchive(app.db, request.query)
      return reply
        .header('Content-Type', TAR_MEDIA_TYPE)
        .header('Content-Disposition', 'attachment; filename="bved-changes.tar"')
        .header('X-Changes-Cursor', manifest.cursor)
        .header('X-Changes-More', String(manifest.more))
        .send(archive)
    },
  )
}

export default providerChangesRoutes
