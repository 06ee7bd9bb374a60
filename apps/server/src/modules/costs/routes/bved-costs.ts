/** Decision 061: a distribution's costs as a bved DTK file, taken over (POST) and written (GET). */
import { createHash } from 'node:crypto'
import { BvedCostPreviewSchema } from '@portal/domain'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { contentDisposition } from '../../../platform/files/file-name'
import { readSmallFile } from '../../../platform/files/multipart'
import { notFound } from '../../../platform/http-errors'
import { idempotent, IdempotencyHeadersSchema } from '../../../platform/http/idempotency'
import { CHANGE, UPLOAD } from '../../../platform/http/openapi-operations'
import { BVED_FILE_MAX_BYTES, bvedCostFile, takeOverBvedCosts } from '../bved-costs'
import { DISTRIBUTION_NOT_FOUND_MESSAGE } from '../distribution-status'
import { findVisibleDistribution } from '../repositories/operating-costs'

const params = z.strictObject({ id: z.string().min(1).max(40) })
const URL = '/api/persistence/operating-costs/:id/bved-costs'

/** 404 for an invisible distribution before the body is read: another company learns nothing. */
async function assertVisible(request: FastifyRequest) {
  const { id } = request.params as { id: string }
  if (!(await findVisibleDistribution(request.server.db, request.user, id))) {
    throw notFound(DISTRIBUTION_NOT_FOUND_MESSAGE)
  }
}

const bvedCostsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    URL,
    {
      preValidation: [assertVisible],
      schema: {
        operationId: 'takeOverBvedCosts',
        summary: 'Kosten aus einer bved-Datei (DTK) übernehmen',
        description:
          'Liest eine Kostendatei des bved-Datenaustauschs 3.05 (multipart/form-data, Feld file; B- und K-Sätze, höchstens 2 MB) gegen die Verteilung: je Satz die Kostenzeilen, die er ergibt, oder seine Fehler mit Zeile und Feld. Mit ?dryRun=true nur die Vorschau (200, schreibt nichts); sonst übernimmt sie alle Zeilen in einer Transaktion (201) oder keine (422 BVED_FILE_INVALID). Dieselbe Datei ein zweites Mal fügt nichts hinzu (alreadyImported). Nur solange die Verteilung offen ist (409).',
        tags: ['operating-costs'],
        errors: [...UPLOAD, ...CHANGE],
        consumes: ['multipart/form-data'],
        params,
        querystring: z.strictObject({ dryRun: z.enum(['true', 'false']).optional() }),
        headers: IdempotencyHeadersSchema,
        response: { 200: BvedCostPreviewSchema, 201: BvedCostPreviewSchema },
      },
    },
    async (request, reply) => {
      const file = await readSmallFile(request, BVED_FILE_MAX_BYTES)
      const dryRun = request.query.dryRun === 'true'
      const takeOver = (db: typeof app.db) =>
        takeOverBvedCosts(db, request.user, request.params.id, file, { dryRun })
      if (dryRun) return takeOver(app.db)
      return idempotent(
        request,
        reply,
        async (db) => {
          const taken = await takeOver(db)
          if (taken.created > 0) reply.status(201)
          return taken
        },
        {
          extra: JSON.stringify([
            file.fileName,
            createHash('sha256').update(file.bytes).digest('hex'),
          ]),
        },
      )
    },
  )

  app.get(
    URL,
    {
      compress: false,
      schema: {
        operationId: 'downloadBvedCosts',
        summary: 'Kostenzeilen einer Verteilung als bved-Datei (DTK) laden',
        description:
          'Die Kostenzeilen der Verteilung als Kostendatei des bved-Datenaustauschs 3.05 (ISO 8859-15, CR LF): ein B-Satz je Brennstoff, ein K-Satz je Zeile, Dateiname nach dem Standard (DTK305_JJJJMMTThhmmss.DAT). 409, wenn die Liegenschaft keine Liegenschaftsnummer des Abrechnungsunternehmens hat.',
        tags: ['operating-costs'],
        errors: [409],
        params,
      },
    },
    async (request, reply) => {
      const file = await bvedCostFile(app.db, request.user, request.params.id, new Date())
      return reply
        .header('Content-Type', 'application/octet-stream')
        .header('Content-Disposition', contentDisposition(file.fileName))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(Buffer.from(file.bytes))
    },
  )
}

export default bvedCostsRoutes
