import { BillingObjectSchema, DeviceSchema, ReadingOrderSchema } from '@portal/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { entityRoute } from '../../../platform/http/entity-route'
import {
  findVisibleBillingObject,
  findVisibleDevice,
  readingOrderEntity,
  toReadingOrders,
} from '../repositories/devices'
import { searchRoute } from '../../../platform/http/search-route'

/** §7 "Connections, contracts, devices": devices, billing objects and reading orders. */
const deviceRoutes: FastifyPluginAsyncZod = async (app) => {
  entityRoute(app, {
    url: '/api/persistence/devices/:key',
    operationId: 'getDevice',
    summary: 'Gerät lesen',
    description: 'Ein Gerät mit Zählwerken (Zeitscheiben) und Zuordnungen zu Abrechnungsobjekten.',
    tags: ['devices'],
    item: DeviceSchema,
    notFoundMessage: 'Das Gerät wurde nicht gefunden.',
    find: findVisibleDevice,
  })

  entityRoute(app, {
    url: '/api/persistence/billing-objects/:key',
    operationId: 'getBillingObject',
    summary: 'Abrechnungsobjekt lesen',
    description: 'Ein Abrechnungsobjekt mit den ihm zugeordneten Geräten.',
    tags: ['devices'],
    item: BillingObjectSchema,
    notFoundMessage: 'Das Abrechnungsobjekt wurde nicht gefunden.',
    find: findVisibleBillingObject,
  })

  searchRoute(app, {
    url: '/api/persistence/reading-orders-search',
    operationId: 'searchReadingOrders',
    summary: 'Ableseaufträge suchen',
    entity: readingOrderEntity,
    item: ReadingOrderSchema,
    description: 'Ableseaufträge der sichtbaren Verbrauchsstellen, neueste zuerst.',
    toItems: toReadingOrders,
    costLines: 'none',
  })
}

export default deviceRoutes
