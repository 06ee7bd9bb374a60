/** Decision 063: a property's users from the ERP as a bved DTM file, taken over as tenant changes. */
import { createHash } from 'node:crypto'
import { BvedUserPreviewSchema } from '@portal/domain'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { readSmallFile } from '../../../platform/files/multipart'
import { notFound } from '../../../platform/http-errors'
import { idempotent, IdempotencyHeadersSchema } from '../../../platform/http/idempotency'
import { UPLOAD } from '../../../platform/http/openapi-operations'
import {
  BVED_USERS_FILE_MAX_BYTES,
  findVisibleProperty,
  PROPERTY_NOT_FOUND_MESSAGE,
  takeOverBvedUsers,
} from '../bved-users'

/** 404 for an invisible property before the body is read: another company learns nothing. */
async function assertVisible(request: FastifyRequest) {
  const { connection } = request.params as { connection: string }
  if (!(await findVisibleProperty(request.server.db, request.user, connection))) {
    throw notFound(PROPERTY_NOT_FOUND_MESSAGE)
  }
}

const bvedUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/persistence/connections/:connection/bved-users',
    {
      preValidation: [assertVisible],
      schema: {
        operationId: 'takeOverBvedUsers',
        summary: 'Mieterwechsel aus einer bved-Datei (DTM) übernehmen',
        description:
          'Liest eine Nutzerdatei des bved-Datenaustauschs 3.05 oder 3.10 (multipart/form-data, Feld file; L- und M-Sätze, höchstens 2 MB) gegen die Liegenschaft: je M-Satz die Nutzeinheit (über die Wohnungsnummer) und ob er unverändert ist, einen Mieterwechsel ergibt (wie ihn das Formular meldet) oder Fehler mit Zeile und Feld hat. Mit ?dryRun=true nur die Vorschau (200, schreibt nichts); sonst meldet sie alle Mieterwechsel in einer Transaktion (201) oder keinen (422 BVED_FILE_INVALID). Dieselbe Datei ein zweites Mal meldet nichts (alreadyImported).',
        tags: ['activities'],
        errors: UPLOAD,
        consumes: ['multipart/form-data'],
        params: z.strictObject({ connection: z.string().min(1).max(40) }),
        querystring: z.strictObject({ dryRun: z.enum(['true', 'false']).optional() }),
        headers: IdempotencyHeadersSchema,
        response: { 200: BvedUserPreviewSchema, 201: BvedUserPreviewSchema },
      },
    },
    async (request, reply) => {
      const file = await readSmallFile(request, BVED_USERS_FILE_MAX_BYTES)
      const dryRun = request.query.dryRun === 'true'
      const takeOver = (db: typeof app.db) =>
        takeOverBvedUsers(db, request.user, request.params.connection, file, { dryRun })
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
}

export default bvedUsersRoutes
