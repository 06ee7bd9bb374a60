import { BillingObjectSchema, DeviceSchema, ReadingOrderSchema } from '@portal/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { notFound } from '../../../platform/http-errors'
import {
  findVisibleBillingObject,
  findVisibleDevice,
  readingOrderEntity,
  toReadingOrders,
} from '../repositories/devices'
import { searchRoute } from '../../../platform/http/search-route'

/** §7 "Connections, contracts, devices": devices, billing objects and reading orders. */
const deviceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/persistence/devices/:key',
    {
      config: { cachedAnswer: { per: 'scope' } },
      schema: {
        operationId: 'getDevice',
        summary: 'Gerät lesen',
        description:
          'Ein Gerät mit Zählwerken (Zeitscheiben) und Zuordnungen zu Abrechnungsobjekten.',
        tags: ['devices'],
        params: z.strictObject({ key: z.string().min(1).max(40) }),
        response: { 200: DeviceSchema },
      },
    },
    async (request) => {
      const found = await findVisibleDevice(app.db, request.user, request.params.key)
      if (!found) throw notFound('Das Gerät wurde nicht gefunden.')
      return found
    },
  )

  app.get(
    '/api/persistence/billing-objects/:key',
    {
      config: { cachedAnswer: { per: 'scope' } },
      schema: {
        operationId: 'getBillingObject',
        summary: 'Abrechnungsobjekt lesen',
        description: 'Ein Abrechnungsobjekt mit den ihm zugeordneten Geräten.',
        tags: ['devices'],
        params: z.strictObject({ key: z.string().min(1).max(40) }),
        response: { 200: BillingObjectSchema },
      },
    },
    async (request) => {
      const found = await findVisibleBillingObject(app.db, request.user, request.params.key)
      if (!found) throw notFound('Das Abrechnungsobjekt wurde nicht gefunden.')
      return found
    },
  )

  searchRoute(app, {
    url: '/api/persistence/reading-orders-search',
    operationId: 'searchReadingOrders',
    summary: 'Ableseaufträge suchen',
    entity: readingOrderEntity,
    item: ReadingOrderSchema,
    description: 'Ableseaufträge der sichtbaren Verbrauchsstellen, neueste zuerst.',
    toItems: toReadingOrders,
  })
}

export default deviceRoutes
