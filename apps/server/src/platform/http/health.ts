import type { FastifyInstance } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { HttpError } from '../http-errors'
import { serializeError } from '../logging'
import type { DatabaseHandle } from '../persistence/database'
import { DATABASE_UNAVAILABLE, isMissingTable } from '../persistence/database-errors'

const MIGRATIONS_PENDING_MESSAGE =
  'Die Datenbank ist noch nicht auf dem Stand dieses Servers (Migrationen ausstehend).'

const DRAINING_MESSAGE = 'Der Server wird beendet.'

/**
 * Decision 038: the HTTP servers told to drain (SIGTERM). Keyed by the Node server, which every
 * encapsulated instance of one app shares: their ready probe answers 503 while they still serve.
 */
const drainingServers = new WeakSet<object>()

/** From now on the ready probe of this app answers 503 (the load balancer takes it out). */
export function startDraining(app: FastifyInstance): void {
  drainingServers.add(app.server)
}

const StatusSchema = z.object({ status: z.literal('ok') })

/**
 * Decision 029: probes for a load balancer or an orchestrator. `live`: the process answers (restart it
 * when not); `ready`: it can serve (the database answers and holds every migration of this build;
 * send it no traffic when not). `/api/health` is the ready probe under its former address.
 */
const healthRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle }> = async (
  app,
  { database },
) => {
  const ready = async () => {
    // decision 038: a server that drains is not ready, whatever its database says
    if (drainingServers.has(app.server)) {
      throw new HttpError(503, 'SHUTTING_DOWN', DRAINING_MESSAGE)
    }
    let pending: number
    try {
      await app.db.execute(sql`select 1`)
      pending = await database.pendingMigrations()
    } catch (error) {
      // the database answers but has no migrations table yet: reachable, not migrated
      if (isMissingTable(error))
        throw new HttpError(503, 'MIGRATIONS_PENDING', MIGRATIONS_PENDING_MESSAGE)
      // whatever keeps the database from answering (closed, refused, restarting): not ready
      app.log.warn({ err: serializeError(error) }, 'ready probe: database not answering')
      throw new HttpError(503, DATABASE_UNAVAILABLE.code, DATABASE_UNAVAILABLE.detail)
    }
    if (pending > 0) {
      throw new HttpError(503, 'MIGRATIONS_PENDING', MIGRATIONS_PENDING_MESSAGE)
    }
    return { status: 'ok' as const }
  }
  const readyDescription =
    'Bereitschaft: die Datenbank antwortet und hat jede Migration dieses Servers; sonst 503 (auch sobald der Server beendet wird).'

  app.get(
    '/api/health/live',
    {
      config: { public: true, unpressured: true },
      schema: {
        operationId: 'getLiveness',
        summary: 'Lebenszeichen des Prozesses',
        description: 'Lebenszeichen: der Prozess antwortet (ohne die Datenbank zu fragen).',
        tags: ['operations'],
        response: { 200: StatusSchema },
      },
    },
    async () => ({ status: 'ok' as const }),
  )
  app.get(
    '/api/health/ready',
    {
      config: { public: true },
      schema: {
        operationId: 'getReadiness',
        summary: 'Bereitschaft prüfen (Datenbank und Migrationen)',
        description: readyDescription,
        tags: ['operations'],
        response: { 200: StatusSchema },
      },
    },
    ready,
  )
  app.get(
    '/api/health',
    {
      config: { public: true },
      schema: {
        operationId: 'getHealth',
        summary: 'Betriebsbereitschaft prüfen',
        description: `${readyDescription} Frühere Adresse von /api/health/ready.`,
        tags: ['operations'],
        response: { 200: StatusSchema },
      },
    },
    ready,
  )
}

export default healthRoutes
