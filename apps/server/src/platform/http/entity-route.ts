import type { FastifyInstance, FastifySchema } from 'fastify'
import { z } from 'zod'
import { notFound } from '../http-errors'
import type { Executor } from '../persistence/database'
import type { SessionUser } from '../persistence/scope'

/**
 * Registers `GET <url>` that answers one entity by the key in the url's last segment (`:name`, 1 to
 * 40 characters), or 404 with `notFoundMessage` when the user may not see it (or it does not exist:
 * the answer is the same, so that another company's key tells nothing). The answer is kept per
 * visibility scope (answer-cache.ts).
 */
export function entityRoute<Item extends z.ZodType>(
  app: FastifyInstance,
  options: {
    url: string
    operationId: string
    summary: string
    description: string
    tags: string[]
    item: Item
    notFoundMessage: string
    find: (
      db: Executor,
      user: SessionUser,
      key: string,
    ) => Promise<z.input<Item> | undefined | null>
  },
) {
  const param = /:(\w+)$/.exec(options.url)?.[1]
  if (!param) throw new Error(`${options.url} names no key in its last segment`)
  const schema: FastifySchema = {
    operationId: options.operationId,
    summary: options.summary,
    description: options.description,
    tags: options.tags,
    params: z.strictObject({ [param]: z.string().min(1).max(40) }),
    response: { 200: options.item },
  }
  app.get(options.url, { config: { cachedAnswer: { per: 'scope' } }, schema }, async (request) => {
    const key = (request.params as Record<string, string>)[param]!
    const found = await options.find(app.db, request.user, key)
    if (!found) throw notFound(options.notFoundMessage)
    return found
  })
}
