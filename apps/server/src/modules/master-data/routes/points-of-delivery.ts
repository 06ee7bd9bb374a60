import { ObjectRelationsSchema, PointOfDeliverySchema } from '@portal/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { entityRoute } from '../../../platform/http/entity-route'
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

  entityRoute(app, {
    url: '/api/persistence/points-of-delivery/:id',
    operationId: 'getPointOfDelivery',
    summary: 'Verbrauchsstelle lesen',
    description: 'Eine Verbrauchsstelle (Nutzeinheit).',
    tags: ['points-of-delivery'],
    item: PointOfDeliverySchema,
    notFoundMessage: 'Die Verbrauchsstelle wurde nicht gefunden.',
    find: findVisiblePointOfDelivery,
  })

  entityRoute(app, {
    url: '/api/persistence/connection-object-relations/:connection',
    operationId: 'getConnectionObjectRelations',
    summary: 'Beziehungen eines Anschlusses lesen',
    description: 'Beziehungen eines Anschlusses (Eigentümer, Verwalter, Hausmeister …).',
    tags: ['connections'],
    item: ObjectRelationsSchema,
    notFoundMessage: 'Der Anschluss wurde nicht gefunden.',
    find: async (db, user, key) => {
      const items = await findVisibleRelations(db, user, CONNECTION_OBJECT, key)
      return items && { items }
    },
  })

  entityRoute(app, {
    url: '/api/persistence/point-of-delivery-object-relations/:id',
    operationId: 'getPointOfDeliveryObjectRelations',
    summary: 'Beziehungen einer Verbrauchsstelle lesen',
    description: 'Beziehungen einer Verbrauchsstelle (Verträge, Abrechnungsobjekte).',
    tags: ['points-of-delivery'],
    item: ObjectRelationsSchema,
    notFoundMessage: 'Die Verbrauchsstelle wurde nicht gefunden.',
    find: async (db, user, key) => {
      const items = await findVisibleRelations(db, user, POINT_OF_DELIVERY_OBJECT, key)
      return items && { items }
    },
  })
}

export default pointOfDeliveryRoutes
