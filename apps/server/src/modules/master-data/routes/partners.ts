import { PartnerSchema, ProductSchema } from '@portal/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { entityRoute } from '../../../platform/http/entity-route'
import { findVisiblePartner } from '../repositories/partners'
import { findVisibleProduct } from '../repositories/products'

const partnerAndProductRoutes: FastifyPluginAsyncZod = async (app) => {
  entityRoute(app, {
    url: '/api/persistence/partners/:id',
    operationId: 'getPartner',
    summary: 'Geschäftspartner lesen',
    description: 'Ein Geschäftspartner (Name und Anschrift).',
    tags: ['partners'],
    item: PartnerSchema,
    notFoundMessage: 'Der Geschäftspartner wurde nicht gefunden.',
    find: findVisiblePartner,
  })

  entityRoute(app, {
    url: '/api/persistence/products/:id',
    operationId: 'getProduct',
    summary: 'Produkt lesen',
    description: 'Ein Produkt mit seinen Tarifzuordnungen.',
    tags: ['products'],
    item: ProductSchema,
    notFoundMessage: 'Das Produkt wurde nicht gefunden.',
    find: findVisibleProduct,
  })
}

export default partnerAndProductRoutes
