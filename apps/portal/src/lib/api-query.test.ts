import { QueryClient, queryOptions } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { versionedServer } from '../testing/versioned-server'
import { ApiError } from './api-client'
import { dataOf, INVALID_ANSWER, readAnswer, readPages, readRecord, type Answer } from './api-query'
import { queryClient } from './query-client'
import { clearSession, storeToken } from './session'

const ItemSchema = z.object({ key: z.string(), version: z.number() })
const PageSchema = z.object({ items: z.array(ItemSchema), next: z.string().nullable() })
const PATH = '/api/persistence/connections/1'

const recordQuery = (path = PATH, schema: z.ZodType = PageSchema) =>
  queryOptions({
    queryKey: ['test', path],
    queryFn: (context) => readAnswer(context, path, schema, { errorCode: 110 }),
    select: dataOf,
  })

let client: QueryClient
beforeEach(() => {
  storeToken('t0k3n')
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
})
afterEach(() => {
  client.clear()
  vi.unstubAllGlobals()
})

describe('the query cache keeps each answer with its ETag (decision 047)', () => {
  it('revalidates with the kept ETag and keeps the very same data on a 304', async () => {
    const server = versionedServer()
    vi.stubGlobal('fetch', server.fetch)
    const first = await client.fetchQuery(recordQuery())
    expect(server.lastIfNoneMatch()).toBeUndefined()
    await client.invalidateQueries({ queryKey: ['test'] })
    const again = await client.fetchQuery(recordQuery())
    expect(server.lastIfNoneMatch()).toBe(first.etag)
    expect(again).toBe(first)
  })

  it('keeps the new answer and its ETag after a change', async () => {
    const server = versionedServer()
    vi.stubGlobal('fetch', server.fetch)
    await client.fetchQuery(recordQuery())
    server.change('GET', PATH)
    await client.invalidateQueries({ queryKey: ['test'] })
    const changed = await client.fetchQuery(recordQuery())
    expect(changed.etag).toMatch(/^"v2-/)
    expect(client.getQueryData<Answer>(['test', PATH])).toEqual(changed)
  })

  it('never sends the ETag kept under another key', async () => {
    const server = versionedServer()
    vi.stubGlobal('fetch', server.fetch)
    await client.fetchQuery(recordQuery())
    await client.fetchQuery(recordQuery('/api/persistence/connections/2'))
    expect(server.lastIfNoneMatch()).toBeUndefined()
  })

  it('makes an answer that does not fit its schema the call’s §8 error', async () => {
    const server = versionedServer({ answer: () => ({ items: [{ key: 1 }] }) })
    vi.stubGlobal('fetch', server.fetch)
    const error = await client.fetchQuery(recordQuery()).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ errorCode: 110, serverCode: INVALID_ANSWER, detail: null })
    expect(client.getQueryData(['test', PATH])).toBeUndefined()
  })

  it('forgets every answer when the session ends', async () => {
    const server = versionedServer()
    vi.stubGlobal('fetch', server.fetch)
    await queryClient.fetchQuery(recordQuery())
    clearSession()
    storeToken('t0k3n')
    await queryClient.fetchQuery(recordQuery())
    expect(server.lastIfNoneMatch()).toBeUndefined()
    queryClient.clear()
  })
})

describe('readPages', () => {
  const LIST = '/api/persistence/points-of-delivery-search'
  const pagesQuery = queryOptions({
    queryKey: ['test', 'pages'],
    queryFn: (context) =>
      readPages(context, LIST, { filters: [] }, PageSchema, (page) => page.items, 127),
  })

  it('keeps the ETag of a list of one page and revalidates it', async () => {
    const server = versionedServer()
    vi.stubGlobal('fetch', server.fetch)
    const first = await client.fetchQuery(pagesQuery)
    expect(first.data).toHaveLength(1)
    await client.invalidateQueries({ queryKey: ['test'] })
    expect(await client.fetchQuery(pagesQuery)).toBe(first)
    expect(server.lastIfNoneMatch()).toBe(first.etag)
  })

  it('follows `next` and keeps no ETag for a list of several pages', async () => {
    const server = versionedServer({
      answer: (key, version) => ({
        items: [{ key, version }],
        next: key.includes('&next=') ? null : 'seite-2',
      }),
    })
    vi.stubGlobal('fetch', server.fetch)
    const first = await client.fetchQuery(pagesQuery)
    expect(server.sent.map((request) => request.url)).toEqual([
      `${LIST}?limit=9999`,
      `${LIST}?limit=9999&next=seite-2`,
    ])
    expect(first).toMatchObject({ etag: null, data: [expect.anything(), expect.anything()] })
    await client.invalidateQueries({ queryKey: ['test'] })
    await client.fetchQuery(pagesQuery)
    expect(server.sent[2]!.ifNoneMatch).toBeUndefined()
  })
})

describe('readRecord', () => {
  const combined = queryOptions({
    queryKey: ['test', 'combined'],
    queryFn: ({ client: cache }) => readRecord(cache, 'partners/7', PageSchema, 110),
  })

  it('revalidates a part each time the combined query runs, even while the part is fresh', async () => {
    const server = versionedServer()
    vi.stubGlobal('fetch', server.fetch)
    const first = await client.fetchQuery(combined)
    await client.invalidateQueries({ queryKey: ['test'] })
    expect(await client.fetchQuery(combined)).toBe(first)
    expect(server.sent).toHaveLength(2)
    expect(server.lastIfNoneMatch()).toMatch(/^"v1-/)
    server.change('GET', '/api/persistence/partners/7')
    await client.invalidateQueries({ queryKey: ['test'] })
    expect((await client.fetchQuery(combined)).items[0]!.version).toBe(2)
  })
})
