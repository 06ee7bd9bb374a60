import compress from '@fastify/compress'
import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { promisify } from 'node:util'
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib'

/**
 * Compresses answers of 1 kB and more for clients that accept it (the portal's page, JSON).
 * Brotli at quality 4: close to gzip's speed, smaller answers; the built portal's files are
 * compressed once at build time instead (see routes/portal.ts).
 *
 * An answer the route hands over whole (a JSON text, an HTML page) is compressed in one call and
 * sent with its length (decision 073): at once on the event loop up to `COMPRESS_AT_ONCE_UP_TO`
 * (brotli of 80 kB takes about a quarter of a millisecond), above it on the thread pool. Streams
 * (files, exports) go through `@fastify/compress`, which compresses them as they flow; for a
 * small JSON answer its stream cost more than half a millisecond, a sixth of a cost line's change.
 */

/** Answers below this size are sent uncompressed. */
export const COMPRESS_FROM = 1024
/** Larger answers are compressed on the thread pool, so that one never holds the event loop long. */
const COMPRESS_AT_ONCE_UP_TO = 128 * 1024
/** What `compressed` compresses itself; other types (streams, binary files) are the plugin's. */
const WHOLE_TYPES = /^(?:application\/json|text\/)/

export type Encoding = 'br' | 'gzip'

const brotliOptions = (body: Buffer) => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: 4,
    [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
  },
})
const brotliOnPool = promisify(brotliCompress)
const gzipOnPool = promisify(gzip)

/** `body` compressed with `encoding`: at once when it is small, on the thread pool when large. */
export async function compressed(body: Buffer, encoding: Encoding): Promise<Buffer> {
  if (body.length <= COMPRESS_AT_ONCE_UP_TO) {
    return encoding === 'br' ? brotliCompressSync(body, brotliOptions(body)) : gzipSync(body)
  }
  return encoding === 'br' ? brotliOnPool(body, brotliOptions(body)) : gzipOnPool(body)
}

/** The encoding to send: brotli, else gzip, when the client accepts it (q=0 refuses). */
export function acceptedEncoding(header: string | undefined): Encoding | null {
  if (!header) return null
  const accepted = new Set(
    header
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || !/^\s*q=0(?:\.0*)?\s*$/.test(q))
      .map(([name]) => name!.trim().toLowerCase()),
  )
  if (accepted.has('br')) return 'br'
  if (accepted.has('gzip')) return 'gzip'
  return null
}

/** Adds `Accept-Encoding` to the answer's `Vary`, as the plugin does for what it compresses. */
export function varyOnEncoding(reply: FastifyReply): FastifyReply {
  const vary = reply.getHeader('vary')
  if (vary === undefined) return reply.header('vary', 'accept-encoding')
  const listed = String(vary)
  if (listed === '*' || /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(listed)) return reply
  return reply.header('vary', `${listed}, accept-encoding`)
}

/** The route's last `onSend` but the plugin's: compresses a whole answer in one call. */
async function compressWhole(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload
  if (reply.hasHeader('content-encoding') || reply.statusCode === 304) return payload
  if (request.headers['x-no-compression'] !== undefined) return payload
  if (!WHOLE_TYPES.test(String(reply.getHeader('content-type') ?? 'application/json'))) {
    return payload
  }
  const body = typeof payload === 'string' ? Buffer.from(payload) : payload
  if (body.length < COMPRESS_FROM) return payload
  const encoding = acceptedEncoding(request.headers['accept-encoding'])
  if (!encoding) return payload
  const answer = await compressed(body, encoding)
  varyOnEncoding(reply).header('content-encoding', encoding).header('content-length', answer.length)
  return answer
}

export default fp(
  async (app) => {
    // before the plugin's own onRoute hook, so that this route hook runs before its one: the
    // plugin then sees the Content-Encoding and passes the answer on
    // a route that sends its bytes as stored says `compress: false`, as the plugin reads it
    app.addHook('onRoute', (route) => {
      if ((route as { compress?: unknown }).compress === false) return
      const own = route.onSend
      route.onSend = [...(own === undefined ? [] : Array.isArray(own) ? own : [own]), compressWhole]
    })
    await app.register(compress, {
      global: true,
      threshold: COMPRESS_FROM,
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    })
  },
  { name: 'compression' },
)
