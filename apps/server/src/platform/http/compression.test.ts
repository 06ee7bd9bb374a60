import { Readable } from 'node:stream'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import compressionPlugin, { acceptedEncoding, compressed } from './compression'

/** A JSON answer of `count` rows, about 60 bytes each. */
const rows = (count: number) =>
  Array.from({ length: count }, (_, index) => ({ guid: `line-${index}`, amount: `${index}.50` }))

describe('compression of whole answers (decision 073)', () => {
  const app = Fastify({ logger: false })
  const small = rows(5)
  const large = rows(100)
  const huge = rows(4000)

  beforeAll(async () => {
    await app.register(compressionPlugin)
    app.get('/small', async () => small)
    app.get('/large', async () => large)
    app.get('/huge', async () => huge)
    app.get('/vary', async (_request, reply) => reply.header('vary', 'origin').send(large))
    app.get('/text', async (_request, reply) => reply.type('text/csv').send('a;b\n'.repeat(500)))
    app.get('/as-stored', { compress: false }, async () => large)
    app.get('/stream', async (_request, reply) =>
      reply.type('text/plain').send(Readable.from(['x'.repeat(2000)])),
    )
    await app.ready()
  })
  afterAll(() => app.close())

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers })

  it('sends a JSON answer of 1 kB and more as brotli, with its length and Vary', async () => {
    const answer = await get('/large', { 'accept-encoding': 'gzip, deflate, br' })
    expect(answer.headers['content-encoding']).toBe('br')
    expect(answer.headers.vary).toBe('accept-encoding')
    expect(Number(answer.headers['content-length'])).toBe(answer.rawPayload.length)
    expect(answer.headers['transfer-encoding']).toBeUndefined()
    expect(JSON.parse(brotliDecompressSync(answer.rawPayload).toString())).toEqual(large)
  })

  it('sends gzip to a client without brotli, and a large answer from the thread pool alike', async () => {
    for (const [url, body] of [
      ['/large', large],
      ['/huge', huge],
    ] as const) {
      const answer = await get(url, { 'accept-encoding': 'gzip' })
      expect(answer.headers['content-encoding']).toBe('gzip')
      expect(JSON.parse(gunzipSync(answer.rawPayload).toString())).toEqual(body)
    }
    const brotli = await get('/huge', { 'accept-encoding': 'br' })
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(huge)
  })

  it('leaves small answers, refused encodings, x-no-compression and `compress: false` uncompressed', async () => {
    const cases = [
      ['/small', { 'accept-encoding': 'br, gzip' }],
      ['/large', {}],
      ['/large', { 'accept-encoding': 'br;q=0, gzip;q=0' }],
      ['/large', { 'accept-encoding': 'br', 'x-no-compression': '1' }],
      ['/as-stored', { 'accept-encoding': 'br' }],
    ] as const
    for (const [url, headers] of cases) {
      const answer = await get(url, headers)
      expect(
        answer.headers['content-encoding'],
        `${url} ${JSON.stringify(headers)}`,
      ).toBeUndefined()
      expect(answer.json()).toEqual(url === '/small' ? small : large)
    }
  })

  it('adds Accept-Encoding to a Vary the route set', async () => {
    const answer = await get('/vary', { 'accept-encoding': 'br' })
    expect(answer.headers.vary).toBe('origin, accept-encoding')
  })

  it('compresses text answers whole and leaves streams to the plugin', async () => {
    const text = await get('/text', { 'accept-encoding': 'br' })
    expect(text.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(text.rawPayload).toString()).toBe('a;b\n'.repeat(500))
    const stream = await get('/stream', { 'accept-encoding': 'gzip' })
    expect(stream.headers['content-encoding']).toBe('gzip')
    expect(stream.headers['content-length']).toBeUndefined()
    expect(gunzipSync(stream.rawPayload).toString()).toBe('x'.repeat(2000))
  })

  it('reads Accept-Encoding as the answer cache does', async () => {
    expect(acceptedEncoding('gzip, br')).toBe('br')
    expect(acceptedEncoding('gzip;q=1, br;q=0')).toBe('gzip')
    expect(acceptedEncoding('identity')).toBeNull()
    const body = Buffer.from(JSON.stringify(large))
    expect(gunzipSync(await compressed(body, 'gzip'))).toEqual(body)
  })
})
