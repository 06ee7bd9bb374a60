import {
  SearchQuerySchema,
  SearchRequestSchema,
  searchResultSchema,
  type SearchRequest,
} from '@portal/domain'
import type { SQL } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import type { Executor } from '../persistence/database'
import { search, searchAnswer, type SearchableEntity } from '../persistence/search'

/**
 * Sends an answer the database wrote as JSON text (decision 026): a string is sent as it is, past the
 * response schema's serializer, whose output it equals byte for byte (persistence/json-text.ts).
 */
export function sendJsonText(reply: FastifyReply, text: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(text)
}

/**
 * Registers `POST <url>` as a search over `entity` (ARCHITECTURE 3.1): body `{filters, sort}`,
 * query `limit` and `next`, answer `{items, next}`. An entity whose items the database writes
 * (`itemJson`, the JSON text of a row of its table) is answered by one statement without the ORM
 * (decision 026); otherwise `toItems` turns rows into the wire shape. Either way the answer is kept
 * and validated by the data's version per visibility scope (answer-cache.ts).
 */
export function searchRoute<Item extends z.ZodType, Row extends Record<string, unknown>>(
  app: FastifyInstance,
  options: {
    url: string
    /** The operation's stable id and German summary in the API document. */
    operationId: string
    summary: string
    entity: SearchableEntity
    item: Item
    description: string
    /** Whom a kept answer is shared with (answer-cache.ts); false: never kept. */
    cachedAnswer?: 'scope' | false
    /**
     * `none`: the answer reads no cost line, so a cost line's change keeps it (decision 060). Only
     * for an entity whose rows, visibility and item JSON join no cost line.
     */
    costLines?: 'none'
    /** Decision 065: a resident may call it too (his own user record, his company code's name). */
    residents?: true
  } & (
    | { itemJson: SQL; toItems?: never }
    | {
        itemJson?: never
        toItems: (db: Executor, rows: Row[]) => Promise<z.output<Item>[]> | z.output<Item>[]
      }
  ),
) {
  app.withTypeProvider<ZodTypeProvider>().post(
    options.url,
    {
      config: {
        ...(options.residents ? { residents: true } : {}),
        ...(options.cachedAnswer === false
          ? {}
          : { cachedAnswer: { per: 'scope' as const, costLines: options.costLines } }),
      },
      schema: {
        operationId: options.operationId,
        summary: options.summary,
        description: options.description,
        tags: ['search'],
        querystring: SearchQuerySchema,
        body: SearchRequestSchema.optional(),
        response: { 200: searchResultSchema(options.item) },
      },
    },
    async (request, reply) => {
      const body: SearchRequest = request.body ?? { filters: [], sort: [] }
      if (options.itemJson) {
        const text = await searchAnswer(app.db, options.entity, request.user, body, request.query, {
          field: 'items',
          item: options.itemJson,
        })
        return sendJsonText(reply, text)
      }
      const page = await search<Row>(app.db, options.entity, request.user, body, request.query)
      return { items: await options.toItems(app.db, page.rows), next: page.next }
    },
  )
}
