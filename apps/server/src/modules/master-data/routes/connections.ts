import { ConnectionSchema } from '@portal/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { entityRoute } from '../../../platform/http/entity-route'
import {
  connectionEntity,
  findVisibleConnection,
  storedConnectionJson,
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
    itemJson: storedConnectionJson,
    costLines: 'none',
  })

  entityRoute(app, {
    url: '/api/persistence/connections/:connection',
    operationId: 'getConnection',
    summary: 'Anschluss lesen',
    description: 'Ein Anschluss mit Merkmalen und Attributen.',
    tags: ['connections'],
    item: ConnectionSchema,
    notFoundMessage: 'Der Anschluss wurde nicht gefunden.',
    find: findVisibleConnection,
  })
}

export default connectionRoutes
