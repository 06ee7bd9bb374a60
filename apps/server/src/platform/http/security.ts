import { randomBytes } from 'node:crypto'
import rateLimit from '@fastify/rate-limit'
import helmet, { type HelmetOptions } from 'helmet'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { postgresRateLimitStore } from '../auth/rate-limit-store'
import type { Database } from '../persistence/database'

/** Helmet's default: a year, subdomains included. */
const HSTS = 'max-age=31536000; includeSubDomains'

declare module 'fastify' {
  interface FastifyReply {
    /** The nonce of this answer's `style-src` (routes with `config.styleNonce`); null otherwise. */
    cspNonce: { style: string } | null
  }
  interface FastifyContextConfig {
    /** The answer is a page whose styles Emotion adds with this answer's own nonce. */
    styleNonce?: boolean
  }
}

/** The security headers; `styleNonce` admits the styles of a page that carry it. */
function headerOptions(connectSources: string[], styleNonce?: string): HelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", ...(styleNonce ? [`'nonce-${styleNonce}'`] : [])],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...connectSources],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // set below, for HTTPS requests only
    strictTransportSecurity: false,
  }
}

/**
 * Security headers with a strict Content-Security-Policy: scripts only from the portal's own
 * origin, no inline script; styles from the origin or, on the portal's page, with the per-response
 * nonce that MUI's Emotion cache is given. `connectSources` are the origins besides its own that the portal calls
 * (another backend named by the customer configuration). Rate limits apply to the routes that ask
 * for one in their config, counted in PostgreSQL. Answers of the API carry personal data: no cache keeps them
 * (`Cache-Control: no-store`) unless a route says otherwise (the file download, the customer
 * configuration); the swagger-ui files and the portal's own files stay cacheable.
 * `Strict-Transport-Security` goes only with answers to requests that came over TLS: to the server
 * itself, or to a proxy of `TRUST_PROXY` that says so in `X-Forwarded-Proto` (Fastify's
 * `request.protocol` takes that header from trusted proxies only).
 *
 * Helmet's headers are worked out once (decision 077): every answer but the page gets the same
 * ones; only the page, with its nonce, gets its own.
 */
export default fp(async function securityPlugin(
  app: FastifyInstance,
  { connectSources = [], database }: { connectSources?: string[]; database: Database },
) {
  const headers = helmet(headerOptions(connectSources))
  app.decorateReply('cspNonce', null)
  app.addHook('onRequest', (request, reply, hookDone) => {
    const done = (error?: unknown) => hookDone(error as Error | undefined)
    if (!request.routeOptions.config.styleNonce) return headers(request.raw, reply.raw, done)
    const style = randomBytes(16).toString('hex')
    reply.cspNonce = { style }
    helmet(headerOptions(connectSources, style))(request.raw, reply.raw, done)
  })
  app.addHook('onRequest', (request, reply, done) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS)
    done()
  })
  app.addHook('onSend', (request, reply, _payload, done) => {
    const url = request.url
    if (
      /^\/api(?:[/?]|$)/.test(url) &&
      !url.startsWith('/api/docs/static/') &&
      !reply.hasHeader('cache-control')
    ) {
      reply.header('cache-control', 'no-store')
    }
    done()
  })
  await app.register(rateLimit, {
    global: false,
    // counted in PostgreSQL: every server process on the database sees the same windows
    store: postgresRateLimitStore(database),
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      code: 'TOO_MANY_REQUESTS',
      detail: 'Zu viele Anfragen. Bitte warten Sie einen Moment und versuchen Sie es erneut.',
    }),
  })
})
