import { ObjectRelationsSchema, PointOfDeliverySchema } from '@portal/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { notFound } from '../../../platform/http-errors'
import {
  CONNECTION_OBJECT,
  POINT_OF_DELIVERY_OBJECT,
  findVisiblePointOfDelivery,
  findVisibleRelations,
  pointOfDeliveryEntity,
  toPointsOfDelivery,
} from '../repositories/points-of-delivery'
import { searchRoute } from '../../../platform/http/search-route'

/** §7 "Connections, contracts, devices": points of delivery (usage units) and object relations. */
const pointOfDeliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  searchRoute(app, {
    url: '/api/persistence/points-of-delivery-search',
    operationId: 'searchPointsOfDelivery',
    summary: 'Verbrauchsstellen suchen',
    entity: pointOfDeliveryEntity,
    item: PointOfDeliverySchema,
    description: 'Verbrauchsstellen (Nutzeinheiten) der sichtbaren Anschlüsse.',
    toItems: toPointsOfDelivery,
  })

  app.get(
    '/api/persistence/points-of-delivery/:id',
    {
      config: { cachedAnswer: { per: 'scope' } },
      schema: {
        operationId: 'getPointOfDelivery',
        summary: 'Verbrauchsstelle lesen',
        description: 'Eine Verbrauchsstelle (Nutzeinheit).',
        tags: ['points-of-delivery'],
        params: z.strictObject({ id: z.string().min(1).max(40) }),
        response: { 200: PointOfDeliverySchema },
      },
    },
    async (request) => {
      const found = await findVisiblePointOfDelivery(app.db, request.user, request.params.id)
      if (!found) throw notFound('Die Verbrauchsstelle wurde nicht gefunden.')
      return found
    },
  )

  app.get(
    '/api/persistence/connection-object-relations/:connection',
    {
      config: { cachedAnswer: { per: 'scope' } },
      schema: {
        operationId: 'getConnectionObjectRelations',
        summary: 'Beziehungen eines Anschlusses lesen',
        description: 'Beziehungen eines Anschlusses (Eigentümer, Verwalter, Hausmeister …).',
        tags: ['connections'],
        params: z.strictObject({ connection: z.string().min(1).max(40) }),
        response: { 200: ObjectRelationsSchema },
      },
    },
    async (request) => {
      const items = await findVisibleRelations(
        app.db,
        request.user,
        CONNECTION_OBJECT,
        request.params.connection,
      )
      if (!items) throw notFound('Der Anschluss wurde nicht gefunden.')
      return { items }
    },
  )

  app.get(
    '/api/persistence/point-of-delivery-object-relations/:id',
    {
      config: { cachedAnswer: { per: 'scope' } },
      schema: {
        operationId: 'getPointOfDeliveryObjectRelations',
        summary: 'Beziehungen einer Verbrauchsstelle lesen',
        description: 'Beziehungen einer Verbrauchsstelle (Verträge, Abrechnungsobjekte).',
        tags: ['points-of-delivery'],
        params: z.strictObject({ id: z.string().min(1).max(40) }),
        response: { 200: ObjectRelationsSchema },
      },
    },
    async (request) => {
      const items = await findVisibleRelations(
        app.db,
        request.user,
        POINT_OF_DELIVERY_OBJECT,
        request.params.id,
      )
      if (!items) throw notFound('Die Verbrauchsstelle wurde nicht gefunden.')
      return { items }
    },
  )
}

export default pointOfDeliveryRoutes
