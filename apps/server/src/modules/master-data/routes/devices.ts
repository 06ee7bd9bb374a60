import {
  BillingObjectSchema,
  DeviceComplianceAnswerSchema,
  DeviceSchema,
  ReadingOrderSchema,
} from '@portal/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { deviceCompliance } from '../device-compliance'
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

  app.get(
    '/api/persistence/device-compliance',
    {
      config: { cachedAnswer: { per: 'scope' } },
      schema: {
        operationId: 'getDeviceCompliance',
        summary: 'Geräte: Fernablesung und Eichung (§ 5 HeizkostenV, § 34 MessEV)',
        description:
          'Je Liegenschaft die Geräte in Betrieb nach Stand der Fernablesung (bis 31.12.2026 nachzurüsten, seit Einbau fernablesbar vorgeschrieben) und der Eichung (in diesem Jahr fällig, abgelaufen), gezählt; mit `connection` die Geräte dieser Liegenschaft einzeln. Eine nicht sichtbare Liegenschaft: 404.',
        tags: ['devices'],
        querystring: z.strictObject({ connection: z.string().min(1).max(40).optional() }),
        response: { 200: DeviceComplianceAnswerSchema },
      },
    },
    async (request) => deviceCompliance(app.db, request.user, request.query.connection),
  )

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
