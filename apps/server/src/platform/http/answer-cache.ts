/**
 * Answers validated by the data's version (decision 026). A read whose answer depends
 * only on the billing data, the request and who asks carries a strong `ETag`: the data version
 * (migration 0008 raises it with every committed change of a table the portal reads) and a hash
 * of who asks (the visibility scope or the user, and the calendar day that decides visibility), the
 * method, the address and the body. A request with that ETag in `If-None-Match` gets a 304 at the
 * cost of the token check, which reads the version in the same statement. Identical requests of
 * the same scope are answered from memory while the version holds, compressed once per encoding.
 *
 * The version is read before the answer's data, so a kept answer is never older than the version
 * it is kept under; several processes each keep their own answers and all validate them against
 * the one database.
 *
 * One computation per miss (single flight, decision 053): requests for an answer that another request
 * of the same key and version is computing wait for that computation and are served its answer;
 * only when it keeps none (an error, a non-200) does each compute its own.
 */
import { createHash } from 'node:crypto'
import { toIsoDate } from '@portal/domain'
import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { LRUCache } from 'lru-cache'
import {
  acceptedEncoding,
  COMPRESS_FROM,
  compressed as compressedWith,
  varyOnEncoding,
  type Encoding,
} from './compression'

declare module 'fastify' {
  interface FastifyRequest {
    /** The data version read with the token check; null on public routes. */
    dataVersion: string | null
    /** The kept answer's key and ETag of a cacheable read; null otherwise. */
    answerKey: { hash: string; etag: string } | null
    /** The computation this request runs for others waiting on the same answer; null otherwise. */
    answerFlight: Flight | null
  }
  interface FastifyContextConfig {
    /**
     * The answer depends only on the billing data, the request and who asks: `scope` shares it
     * between users with the same company code and business partner, `user` keeps it per user.
     * `when` limits it to the reads of a route that also writes (the expense lists).
     * `costLines`: of the table kept per distribution (the cost lines) the answer reads no row
     * (`none`: validated by the company code's shared version, decision 060, so that no cost
     * line's change ends it) or only the rows of the distribution `:id` (`own-distribution`:
     * validated by that distribution's version and the shared version, decision 057). Without
     * it, any cost line's change of the company code ends the answer.
     */
    cachedAnswer?: {
      per: 'scope' | 'user'
      when?: (request: FastifyRequest) => boolean
      costLines?: 'none' | 'own-distribution'
    }
  }
}

/** What the cache may hold, in bytes (answers and their compressed forms). */
const CACHE_BYTES = 64 * 1024 * 1024
const JSON_TYPE = 'application/json; charset=utf-8'

interface KeptAnswer {
  version: string
  body: Buffer
  compressed: Partial<Record<Encoding, Promise<Buffer>>>
}

/** A computation of an answer that other requests of the same key and version wait for. */
interface Flight {
  key: string
  answer: Promise<KeptAnswer | null>
  settle(answer: KeptAnswer | null): void
}

function startFlight(key: string): Flight {
  let settle!: (answer: KeptAnswer | null) => void
  const answer = new Promise<KeptAnswer | null>((resolve) => (settle = resolve))
  return { key, answer, settle }
}

/** Whether `If-None-Match` names the ETag (weak comparison, as RFC 9110 asks for GET and HEAD). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false
  if (header.trim() === '*') return true
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
}

/** Who an answer is for: the visibility scope of the user (or the user) on the provider's day. */
function audience(request: FastifyRequest, per: 'scope' | 'user'): string {
  const user = request.user
  const day = toIsoDate(new Date())
  // a resident's answers are his alone (decision 065), whatever the route declares
  return per === 'user' || user.residentContract
    ? `user ${user.userId} ${day}`
    : `scope ${user.companyCode} ${user.businessPartner ?? ''} ${day}`
}

function keyOf(request: FastifyRequest, per: 'scope' | 'user'): { hash: string; etag: string } {
  const hash = createHash('sha256')
    .update(audience(request, per))
    .update('\n')
    .update(`${request.method} ${request.url}`)
    .update('\n')
    .update(JSON.stringify(request.body ?? null))
    .digest('base64url')
  return { hash, etag: `"${request.dataVersion}-${hash.slice(0, 27)}"` }
}

export default fp(
  function answerCachePlugin(app, _options, done) {
    const kept = new LRUCache<string, KeptAnswer>({
      maxSize: CACHE_BYTES,
      // room for the compressed forms, added later: a JSON list shrinks to well under a half
      sizeCalculation: (answer) => Math.ceil(answer.body.length * 1.5) + 1,
    })
    /** The answers being computed, by key and version. */
    const flights = new Map<string, Flight>()
    app.decorateRequest('dataVersion', null)
    app.decorateRequest('answerKey', null)
    app.decorateRequest('answerFlight', null)

    async function sendKept(
      request: FastifyRequest,
      reply: FastifyReply,
      answer: KeptAnswer,
      etag: string,
    ) {
      const encoding =
        answer.body.length >= COMPRESS_FROM
          ? acceptedEncoding(request.headers['accept-encoding'])
          : null
      reply.type(JSON_TYPE).header('etag', etag)
      if (!encoding) return reply.send(answer.body)
      const compressed = (answer.compressed[encoding] ??= compressedWith(answer.body, encoding))
      // as the compression plugin does: Vary only on an answer it compresses
      return varyOnEncoding(reply)
        .header('content-encoding', encoding)
        .send(await compressed)
    }

    /** Ends the request's computation: its waiters get `answer`, or compute their own on null. */
    function land(request: FastifyRequest, answer: KeptAnswer | null) {
      const flight = request.answerFlight
      if (!flight) return
      request.answerFlight = null
      if (flights.get(flight.key) === flight) flights.delete(flight.key)
      flight.settle(answer)
    }

    // before the route's own checks (a kept answer was only kept after they passed for the same
    // request, scope and version); the body is parsed but not yet validated
    app.addHook('preValidation', async (request: FastifyRequest, reply: FastifyReply) => {
      const cached = request.routeOptions.config.cachedAnswer
      if (!cached || !request.dataVersion || !request.user) return
      if (cached.when && !cached.when(request)) return
      const key = keyOf(request, cached.per)
      if (matchesEtag(request.headers['if-none-match'], key.etag)) {
        app.metrics.answerServed('not_modified')
        return reply.code(304).header('etag', key.etag).send()
      }
      const answer = kept.get(key.hash)
      if (answer && answer.version === request.dataVersion) {
        app.metrics.answerServed('kept')
        return sendKept(request, reply, answer, key.etag)
      }
      const flightKey = `${request.dataVersion} ${key.hash}`
      const flight = flights.get(flightKey)
      if (flight) {
        const shared = await flight.answer
        if (shared) {
          app.metrics.answerServed('shared')
          return sendKept(request, reply, shared, key.etag)
        }
      }
      app.metrics.answerServed('computed')
      request.answerKey = key
      if (!flights.has(flightKey)) {
        request.answerFlight = startFlight(flightKey)
        flights.set(flightKey, request.answerFlight)
      }
    })

    app.addHook(
      'onSend',
      async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
        const key = request.answerKey
        if (!key || reply.statusCode !== 200 || reply.hasHeader('content-encoding')) return payload
        if (typeof payload === 'string' || Buffer.isBuffer(payload)) {
          const body = typeof payload === 'string' ? Buffer.from(payload) : payload
          const answer: KeptAnswer = { version: request.dataVersion!, body, compressed: {} }
          kept.set(key.hash, answer)
          reply.header('etag', key.etag)
          land(request, answer)
        }
        return payload
      },
    )
    // a computation that kept nothing (an error, a non-200, a request given up) lets its waiters
    // compute their own
    app.addHook('onResponse', async (request: FastifyRequest) => land(request, null))
    app.addHook('onRequestAbort', async (request: FastifyRequest) => land(request, null))
    done()
  },
  { name: 'answer-cache' },
)
