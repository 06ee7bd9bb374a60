import { ObjectRelationsSchema, PointOfDeliverySchema, type ObjectRelations } from '@portal/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { entityRoute } from '../../../platform/http/entity-route'
import type { Executor } from '../../../platform/persistence/database'
import type { SessionUser } from '../../../platform/persistence/scope'
import {
  CONNECTION_OBJECT,
  POINT_OF_DELIVERY_OBJECT,
  findVisiblePointOfDelivery,
  findVisibleRelations,
  pointOfDeliveryEntity,
  toPointsOfDelivery,
} from '../repositories/points-of-delivery'
import { searchRoute } from '../../../platform/http/search-route'

/** The visible object relations of a connection or point of delivery, as one answer. */
const relationsOf =
  (objectType: typeof CONNECTION_OBJECT | typeof POINT_OF_DELIVERY_OBJECT) =>
  async (db: Executor, user: SessionUser, key: string): Promise<ObjectRelations | undefined> => {
    const items = await findVisibleRelations(db, user, objectType, key)
    return items && { items }
  }

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
    costLines: 'none',
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
    find: relationsOf(CONNECTION_OBJECT),
  })

  entityRoute(app, {
    url: '/api/persistence/point-of-delivery-object-relations/:id',
    operationId: 'getPointOfDeliveryObjectRelations',
    summary: 'Beziehungen einer Verbrauchsstelle lesen',
    description: 'Beziehungen einer Verbrauchsstelle (Verträge, Abrechnungsobjekte).',
    tags: ['points-of-delivery'],
    item: ObjectRelationsSchema,
    notFoundMessage: 'Die Verbrauchsstelle wurde nicht gefunden.',
    find: relationsOf(POINT_OF_DELIVERY_OBJECT),
  })
}

export default pointOfDeliveryRoutes
