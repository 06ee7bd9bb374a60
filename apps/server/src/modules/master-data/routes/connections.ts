import { ConnectionSchema } from '@portal/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { notFound } from '../../../platform/http-errors'
import {
  connectionEntity,
  connectionJson,
  findVisibleConnection,
} from '../repositories/connections'
import { searchRoute } from '../../../platform/http/search-route'

const connectionRoutes: FastifyPluginAsyncZod = async (app) => {
  searchRoute(app, {
    url: '/api/persistence/connections-search',
    operationId: 'searchConnections',
    summary: 'Anschlüsse suchen',
    entity: connectionEntity,
    item: ConnectionSchema,
    description: 'Anschlüsse (Liegenschaften und Gebäude), die der Benutzer sehen darf.',
    itemJson: connectionJson,
  })

  app.get(
    '/api/persistence/connections/:connection',
    {
      config: { cachedAnswer: { per: 'scope' } },
      schema: {
        operationId: 'getConnection',
        summary: 'Anschluss lesen',
        description: 'Ein Anschluss mit Merkmalen und Attributen.',
        tags: ['connections'],
        params: z.strictObject({ connection: z.string().min(1).max(40) }),
        response: { 200: ConnectionSchema },
      },
    },
    async (request) => {
      const found = await findVisibleConnection(app.db, request.user, request.params.connection)
      if (!found) throw notFound('Der Anschluss wurde nicht gefunden.')
      return found
    },
  )
}

export default connectionRoutes
