import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Readable } from 'node:stream'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { dumpFolder } from '../interchange/dump'
import { importFolder, InterchangeImportError } from '../interchange/import'
import { badRequest, HttpError } from '../../../platform/http-errors'
import { ImportLimitError, importLimits } from '../interchange/limits'
import { providerActor } from '../../../platform/auth/provider-keys'
import { ArchiveError, extractArchive, packFolder } from '../folder-archive'
import { ImportAnswerSchema, ImportQuerySchema, ImportRefusedSchema } from '../schemas'
import { PROVIDER_SECURITY, PROVIDER_TAG } from './security'

export const TAR_MEDIA_TYPE = 'application/x-tar'

export const ARCHIVE_REQUIRED_MESSAGE =
  'Erwartet wird der Ordner des Austauschformats als tar-Archiv (Content-Type: application/x-tar).'

/**
 * The body of an import: the stream behind a private field, so that what walks a body's fields
 * (the text check of every input) does not walk into the request's socket.
 */
class ArchiveBody {
  readonly #stream: Readable
  constructor(stream: Readable) {
    this.#stream = stream
  }
  get stream(): Readable {
    return this.#stream
  }
}

/** A folder of its own under the system's temporary folder (TMPDIR), removed afterwards. */
const temporaryFolder = (purpose: string) => mkdtemp(path.join(tmpdir(), `portal-${purpose}-`))

/**
 * Decision 018: the interchange folder over HTTP, as one tar archive. The import checks every
 * record before it writes anything, like `provider import`; the dump is `provider dump`.
 */
const providerInterchangeRoutes: FastifyPluginAsyncZod = async (app) => {
  // the archive reaches the handler as the request stream (decoded, if sent with a
  // Content-Encoding), written to disk as it arrives
  app.addContentTypeParser(TAR_MEDIA_TYPE, (_request, payload, done) =>
    done(null, new ArchiveBody(payload)),
  )

  app.post(
    '/api/provider/import',
    {
      config: { providerScope: 'import' },
      schema: {
        operationId: 'providerImport',
        summary: 'Daten im Austauschformat importieren',
        errors: [403, 413, 415],
        description:
          'Importiert einen Ordner des Austauschformats (docs/interchange.md) als tar-Archiv (`tar -C <Ordner> -cf - .`, Content-Type application/x-tar): erst wird jeder Datensatz geprüft, dann alles in einer Transaktion geschrieben, oder nichts (422 mit jedem Fehler). Grenzen (413): entpackt höchstens 4 GB je Archiv und 2 GB je Datei, 1 MB je NDJSON-Zeile, 10 Millionen Datensätze je Import (IMPORT_MAX_BYTES, IMPORT_MAX_FILE_BYTES, IMPORT_MAX_LINE_BYTES, IMPORT_MAX_RECORDS). Ein zweiter Import derselben Daten ändert nichts; ein Idempotency-Key ist nicht nötig. Bereich `import`.',
        tags: [PROVIDER_TAG],
        security: PROVIDER_SECURITY,
        consumes: [TAR_MEDIA_TYPE],
        querystring: ImportQuerySchema,
        // the stream itself; the handler refuses anything else (JSON, a form)
        body: z.unknown().meta({
          type: 'string',
          format: 'binary',
          description: 'Der Ordner des Austauschformats als tar-Archiv.',
        }),
        response: { 200: ImportAnswerSchema, 422: ImportRefusedSchema },
      },
    },
    async (request, reply) => {
      if (!(request.body instanceof ArchiveBody)) {
        throw badRequest(ARCHIVE_REQUIRED_MESSAGE, 'INVALID_ARCHIVE')
      }
      const limits = importLimits()
      const folder = await temporaryFolder('import')
      try {
        try {
          await extractArchive(request.body.stream, folder, limits)
          return await importFolder(app.db, folder, {
            prune: request.query.prune,
            auditAs: providerActor(request.providerKey!.name),
            limits,
          })
        } catch (error) {
          if (error instanceof ArchiveError || error instanceof ImportLimitError) {
            // the rest of the body is not read: the connection ends after the answer
            void reply.header('connection', 'close')
          }
          if (error instanceof ArchiveError) throw badRequest(error.message, 'INVALID_ARCHIVE')
          if (error instanceof ImportLimitError) {
            throw new HttpError(413, 'PAYLOAD_TOO_LARGE', error.message)
          }
          if (!(error instanceof InterchangeImportError)) throw error
          return reply.code(422).send({
            detail: `Import abgelehnt, nichts wurde geschrieben (${error.issues.length + error.omitted} Fehler).`,
            code: 'IMPORT_REFUSED' as const,
            issues: [...error.issues],
            omitted: error.omitted,
          })
        }
      } finally {
        await rm(folder, { recursive: true, force: true })
      }
    },
  )

  app.get(
    '/api/provider/dump',
    {
      schema: {
        operationId: 'providerDump',
        summary: 'Gesamten Datenbestand exportieren',
        errors: [403],
        description:
          'Der ganze Datenbestand im Austauschformat als tar-Archiv (wie `provider dump`: eine NDJSON-Datei je Entität, die Bytes der Anhänge in attachments/), aus einem Lesestand. Bereich `export`.',
        tags: [PROVIDER_TAG],
        security: PROVIDER_SECURITY,
      },
      config: { providerScope: 'export' },
    },
    async (_request, reply) => {
      const folder = await temporaryFolder('dump')
      try {
        await dumpFolder(app.db, path.join(folder, 'dump'))
      } catch (error) {
        await rm(folder, { recursive: true, force: true })
        throw error
      }
      const archive = packFolder(path.join(folder, 'dump'))
      const cleanUp = () => void rm(folder, { recursive: true, force: true })
      archive.once('close', cleanUp)
      const day = new Date().toISOString().slice(0, 10)
      return reply
        .header('Content-Type', TAR_MEDIA_TYPE)
        .header('Content-Disposition', `attachment; filename="portal-dump-${day}.tar"`)
        .send(archive)
    },
  )
}

export default providerInterchangeRoutes
