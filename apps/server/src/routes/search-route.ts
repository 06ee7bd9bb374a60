import {
  SearchQuerySchema,
  SearchRequestSchema,
  searchResultSchema,
  type SearchRequest,
} from '@portal/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import type { Executor } from '../persistence/database'
import { search, type SearchableEntity } from '../persistence/search'

/**
 * Registers `POST <url>` as a search over `entity` (ARCHITECTURE 3.1): body `{filters, sort}`,
 * query `limit` and `next`, answer `{items, next}`; `toItems` turns rows into the wire shape.
 */
export function searchRoute<Item extends z.ZodType, Row extends Record<string, unknown>>(
  app: FastifyInstance,
  options: {
    url: string
    entity: SearchableEntity
    item: Item
    description: string
    toItems: (db: Executor, rows: Row[]) => Promise<z.output<Item>[]> | z.output<Item>[]
  },
) {
  app.withTypeProvider<ZodTypeProvider>().post(
    options.url,
    {
      schema: {
        description: options.description,
        tags: ['search'],
        querystring: SearchQuerySchema,
        body: SearchRequestSchema.optional(),
        response: { 200: searchResultSchema(options.item) },
      },
    },
    async (request) => {
      const body: SearchRequest = request.body ?? { filters: [], sort: [] }
      const page = await search<Row>(app.db, options.entity, request.user, body, request.query)
      return { items: await options.toItems(app.db, page.rows), next: page.next }
    },
  )
}
