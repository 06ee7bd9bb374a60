import { ServiceOrderRequestSchema, ServiceOrderSchema, ServiceOrdersSchema } from '@portal/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { idempotent, IdempotencyHeadersSchema } from '../../../platform/http/idempotency'
import { createServiceOrder, listServiceOrders } from '../service-orders'

/** Decision 069: a manager's service orders with the provider, and their states. */
const serviceOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/persistence/service-orders',
    {
      schema: {
        operationId: 'createServiceOrder',
        summary: 'Serviceauftrag erteilen',
        errors: [404, 422],
        description:
          'Beauftragt den Messdienst: Zwischenablesung mit oder ohne Abrechnung (ZM, ZO) oder Wiederholungsablesung (WH) einer Nutzeinheit, Gerätetausch (GT) von Geräten, Nachrüstung auf Funk (NR) einer Liegenschaft, Nutzeinheit oder von Geräten; mit Wunschtermin (ab heute) und Bemerkung. Alles Genannte gehört zu einer sichtbaren Liegenschaft, sonst 404. 201 mit dem Auftrag (Status BESTELLT); der Messdienst erhält ihn über den Änderungsfeed.',
        tags: ['devices'],
        headers: IdempotencyHeadersSchema,
        body: ServiceOrderRequestSchema,
        response: { 201: ServiceOrderSchema },
      },
    },
    async (request, reply) =>
      idempotent(request, reply, async (db) => {
        const created = await createServiceOrder(db, request.user, request.body)
        reply.status(201)
        return created
      }),
  )

  app.get(
    '/api/persistence/service-orders',
    {
      schema: {
        operationId: 'listServiceOrders',
        summary: 'Serviceaufträge lesen',
        errors: [404],
        description:
          'Die Serviceaufträge der sichtbaren Liegenschaften mit Art, Status (bestellt, eingegangen, geplant mit Termin, erledigt, storniert mit Grund), Nutzeinheit, Geräten, Terminen und Besteller; neueste zuerst. Mit `connection` die einer Liegenschaft (nicht sichtbar: 404).',
        tags: ['devices'],
        querystring: z.strictObject({ connection: z.string().min(1).max(40).optional() }),
        response: { 200: ServiceOrdersSchema },
      },
    },
    async (request) => ({
      items: await listServiceOrders(app.db, request.user, request.query.connection),
    }),
  )
}

export default serviceOrderRoutes
