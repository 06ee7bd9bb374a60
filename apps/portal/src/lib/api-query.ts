/**
 * Decision 047: the query cache is the one cache of answers. A query's data is the `Answer` of its
 * request, the parsed answer with its ETag; its next read sends that ETag and a 304 keeps it. The
 * features' `queryOptions` factories hand their screens `data` through `select`. Kept apart from
 * `api-client.ts`, which the sign-in page loads without the query library and zod.
 */
import { searchResultSchema } from '@portal/domain'
import type { QueryClient, QueryKey } from '@tanstack/react-query'
import type { z } from 'zod'
import {
  ApiError,
  apiRead,
  apiRequest,
  SEARCH_ALL,
  type Answer,
  type ReadOptions,
} from './api-client'
import { legacyTransaction } from './legacy-client'

export type { Answer }

/** What a query function is given that a revalidated read needs: the cache and its own key. */
export type ReadContext = { client: QueryClient; queryKey: QueryKey }

/** The server code of an answer that does not have the shape its schema describes. */
export const INVALID_ANSWER = 'INVALID_ANSWER'

/**
 * An answer parsed with its schema; one that does not fit is the call's §8 error (the generic
 * message with its code), never a screen that breaks on a missing field.
 */
export function parseAnswer<S extends z.ZodType>(
  schema: S,
  answer: unknown,
  errorCode: number,
): z.output<S> {
  const parsed = schema.safeParse(answer)
  if (!parsed.success) throw new ApiError(200, errorCode, null, INVALID_ANSWER)
  return parsed.data
}

/** The screens' part of a kept answer (`select` of every read's query options). */
export const dataOf = <T>(answer: Answer<T>): T => answer.data

/** A read revalidated with the ETag of the answer the query cache keeps under the same key. */
export async function readAnswer<S extends z.ZodType>(
  { client, queryKey }: ReadContext,
  path: string,
  schema: S,
  options: ReadOptions,
): Promise<Answer<z.output<S>>> {
  const known = client.getQueryData<Answer<z.output<S>>>(queryKey)
  const answer = await apiRead(path, options, known)
  if (answer === known) return known
  return { data: parseAnswer(schema, answer.data, options.errorCode), etag: answer.etag }
}

/**
 * Every page of a paged list (ARCHITECTURE 3.1): `path?limit=9999`, then `&next=` from each answer
 * until it answers no `next`. Only a list of one page keeps its ETag (a 304 of the first page says
 * nothing of the others), which `?limit=9999` makes the rule.
 */
export async function readPages<S extends z.ZodType<{ next?: string | null }>, T>(
  { client, queryKey }: ReadContext,
  path: string,
  body: object,
  pageSchema: S,
  itemsOf: (page: z.output<S>) => T[],
  errorCode: number,
): Promise<Answer<T[]>> {
  const known = client.getQueryData<Answer<T[]>>(queryKey)
  const first = await apiRead(`${path}${SEARCH_ALL}`, { body, errorCode }, known)
  if (first === known) return known
  let page = parseAnswer(pageSchema, first.data, errorCode)
  const items = [...itemsOf(page)]
  if (!page.next) return { data: items, etag: first.etag }
  while (page.next) {
    const next = `${path}${SEARCH_ALL}&next=${encodeURIComponent(page.next)}`
    page = parseAnswer(pageSchema, await apiRequest(next, { body, errorCode }), errorCode)
    items.push(...itemsOf(page))
  }
  return { data: items, etag: null }
}

export const eq = (property: string, value: string | null) => ({ property, type: 'eq', value })

/** §7 `POST /api/persistence/<entity>-search?limit=9999` with filters, every page. */
export function searchAnswer<S extends z.ZodType>(
  context: ReadContext,
  entity: string,
  filters: object[],
  item: S,
  errorCode: number,
): Promise<Answer<z.output<S>[]>> {
  return readPages(
    context,
    `/api/persistence/${entity}-search`,
    { filters },
    searchResultSchema(item),
    (page) => page.items,
    errorCode,
  )
}

/**
 * Records that several screens read as parts of their own (partners, units, contracts): each
 * kept under its address, so that a screen built of many of them revalidates each one.
 */
export const recordKeys = {
  all: ['record'] as const,
  detail: (path: string) => [...recordKeys.all, path] as const,
}

/**
 * A record of `/api/persistence/<path>` as part of a query that combines several: always asked
 * again (with its ETag, so mostly a 304), because the combined query only runs when it is stale.
 */
export async function readRecord<S extends z.ZodType>(
  client: QueryClient,
  path: string,
  schema: S,
  errorCode: number,
): Promise<z.output<S>> {
  const queryKey = recordKeys.detail(path)
  const answer = await client.fetchQuery({
    queryKey,
    queryFn: () =>
      readAnswer({ client, queryKey }, `/api/persistence/${path}`, schema, { errorCode }),
    staleTime: 0,
  })
  return answer.data
}

/**
 * The records of a §7 search as part of a query that combines several (revalidated as
 * `readRecord` is).
 */
export async function readSearch<S extends z.ZodType>(
  client: QueryClient,
  entity: string,
  filters: object[],
  item: S,
  errorCode: number,
): Promise<z.output<S>[]> {
  const queryKey = recordKeys.detail(`${entity}-search ${JSON.stringify(filters)}`)
  const answer = await client.fetchQuery({
    queryKey,
    queryFn: () => searchAnswer({ client, queryKey }, entity, filters, item, errorCode),
    staleTime: 0,
  })
  return answer.data
}

/**
 * The data of one legacy transaction (§7), parsed. The legacy endpoint sends no ETag: its answer
 * is the query's data as it is.
 */
export async function readLegacy<S extends z.ZodType>(
  request: Parameters<typeof legacyTransaction>[0],
  schema: S,
  errorCode: number,
): Promise<z.output<S>> {
  return parseAnswer(schema, await legacyTransaction<unknown>(request, errorCode), errorCode)
}
