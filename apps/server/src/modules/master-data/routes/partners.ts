import { PartnerSchema, ProductSchema } from '@portal/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { notFound } from '../../../platform/http-errors'
import { findVisiblePartner } from '../repositories/partners'
import { findVisibleProduct } from '../repositories/products'

const partnerAndProductRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/persistence/partners/:id',
    {
      config: { cachedAnswer: { per: 'scope' } },
      schema: {
        operationId: 'getPartner',
        summary: 'Geschäftspartner lesen',
        description: 'Ein Geschäftspartner (Name und Anschrift).',
        tags: ['partners'],
        params: z.strictObject({ id: z.string().min(1).max(40) }),
        response: { 200: PartnerSchema },
      },
    },
    async (request) => {
      const found = await findVisiblePartner(app.db, request.user, request.params.id)
      if (!found) throw notFound('Der Geschäftspartner wurde nicht gefunden.')
      return found
    },
  )

  app.get(
    '/api/persistence/products/:id',
    {
      config: { cachedAnswer: { per: 'scope' } },
      schema: {
        operationId: 'getProduct',
        summary: 'Produkt lesen',
        description: 'Ein Produkt mit seinen Tarifzuordnungen.',
        tags: ['products'],
        params: z.strictObject({ id: z.string().min(1).max(40) }),
        response: { 200: ProductSchema },
      },
    },
    async (request) => {
      const found = await findVisibleProduct(app.db, request.user, request.params.id)
      if (!found) throw notFound('Das Produkt wurde nicht gefunden.')
      return found
    },
  )
}

export default partnerAndProductRoutes
