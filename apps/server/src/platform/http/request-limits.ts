/**
 * "Slow bodies hold connections for ever": how long a client may take to send a request,
 * how long an idle connection stays, how many connections are open, and how large an
 * unauthenticated body may be. Node's server enforces the per-server limits (`serverOptions`); the
 * plugin adds what differs per route: the body deadline (short for every route, long for the file
 * uploads) and the small body limit of the public routes.
 */
import type { Server } from 'node:http'
import type { FastifyHttpOptions, FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { DEFAULT_HTTP_LIMITS, type HttpLimits } from '../config'
import { HttpError } from '../http-errors'

/** The most an unauthenticated call (sign-in, password reset, the legacy endpoint) may send. */
export const PUBLIC_BODY_LIMIT = 16 * 1024

/** Requests on one keep-alive connection before the server asks the client for a new one. */
export const MAX_REQUESTS_PER_SOCKET = 1000

export const REQUEST_TIMEOUT_MESSAGE =
  'Die Anfrage wurde nicht rechtzeitig vollständig gesendet. Bitte versuchen Sie es erneut.'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Milliseconds from the route's start until the whole request must have arrived. */
    bodyTimeoutMs?: number
  }
}

/** The Fastify server options of `limits`; `applyConnectionLimit` sets the rest on the server. */
export function serverOptions(limits: HttpLimits = DEFAULT_HTTP_LIMITS) {
  const longest = Math.max(limits.requestTimeoutMs, limits.uploadTimeoutMs)
  const headersTimeout = Math.min(limits.requestTimeoutMs, limits.uploadTimeoutMs)
  return {
    // Node's own deadline for a whole request, the backstop of the per-route one below (an upload
    // is the longest request there is)
    requestTimeout: longest,
    // no data in either direction this long, also a client that stopped reading the answer
    connectionTimeout: limits.idleTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    maxRequestsPerSocket: MAX_REQUESTS_PER_SOCKET,
    http: {
      headersTimeout,
      requestTimeout: longest,
      // Node checks the header and request deadlines at this interval (its default: 30 s)
      connectionsCheckingInterval: Math.max(100, Math.min(1000, Math.floor(headersTimeout / 4))),
    },
  } satisfies Partial<FastifyHttpOptions<Server>>
}

/** `MAX_CONNECTIONS`: Node closes connections beyond it as soon as they are accepted. */
export function applyConnectionLimit(app: FastifyInstance, limits = DEFAULT_HTTP_LIMITS): void {
  app.server.maxConnections = limits.maxConnections
}

/** Routes that take files: the multipart uploads, and the provider's import of a tar archive. */
const isUpload = (consumes: unknown) =>
  Array.isArray(consumes) &&
  consumes.some((type) => String(type).startsWith('multipart/') || type === 'application/x-tar')

/**
 * Per route: the body deadline (`uploadTimeoutMs` for routes that take multipart uploads,
 * `requestTimeoutMs` for all others) and, for public routes, `PUBLIC_BODY_LIMIT`. A request that
 * misses its deadline is answered 408; an answer given before the request arrived whole (a 401,
 * 408 or 413 to a body still coming) closes the connection instead of reading the rest.
 */
export default fp(function requestLimitsPlugin(
  app: FastifyInstance,
  { limits = DEFAULT_HTTP_LIMITS }: { limits?: HttpLimits },
) {
  app.addHook('onRoute', (route) => {
    const upload = isUpload((route.schema as { consumes?: unknown } | undefined)?.consumes)
    const bodyTimeoutMs = upload ? limits.uploadTimeoutMs : limits.requestTimeoutMs
    route.config = { ...route.config, bodyTimeoutMs }
    if (route.config.public === true && route.bodyLimit === undefined) {
      route.bodyLimit = PUBLIC_BODY_LIMIT
    }
  })

  app.addHook('onRequest', (request, reply, done) => {
    // app.inject's requests have no `complete`; a real request without a body is complete at once
    const timeoutMs = request.routeOptions.config.bodyTimeoutMs
    if (request.raw.complete !== false || timeoutMs === undefined) return done()
    const timer = setTimeout(() => {
      if (request.raw.complete) return
      if (!reply.sent) {
        reply.send(new HttpError(408, 'REQUEST_TIMEOUT', REQUEST_TIMEOUT_MESSAGE))
      } else {
        // answered already (and asked to close): the body still trickles in
        request.raw.socket?.destroy()
      }
    }, timeoutMs)
    timer.unref()
    const stop = () => clearTimeout(timer)
    request.raw.once('end', stop)
    request.raw.once('close', stop)
    done()
  })

  app.addHook('onSend', (request, reply, _payload, done) => {
    if (request.raw.complete === false) reply.header('connection', 'close')
    done()
  })
})
