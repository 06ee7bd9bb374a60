/**
 * Decision 029: under overload the server answers 503 at once instead of queueing requests until their
 * clients give up (`@fastify/under-pressure`). Overload is the event loop running two seconds
 * behind: far above what a busy machine shows in normal work. The event loop's utilisation is not
 * a threshold: a process serving at full speed is near 100 % busy and still answers in
 * milliseconds. The load balancer sees the 503 and `Retry-After` and tries another process. The liveness probe and the metrics
 * stay answered, so that an overloaded process is not restarted for being slow and can be seen, and
 * so do the portal's own files (decision 083), so that a screen's code always loads.
 */
import underPressure from '@fastify/under-pressure'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Answered even under pressure (liveness, metrics). */
    unpressured?: boolean
  }
}

export const OVERLOADED = {
  code: 'SERVER_OVERLOADED',
  detail: 'Der Server ist gerade überlastet. Bitte versuchen Sie es in einem Moment erneut.',
}

export interface BackPressureOptions {
  maxEventLoopDelayMs?: number
  /** For tests: reports the process as unhealthy when it resolves to false. */
  healthCheck?: () => Promise<boolean>
}

export default fp(async function backPressurePlugin(
  app: FastifyInstance,
  { maxEventLoopDelayMs = 2000, healthCheck }: BackPressureOptions,
) {
  await app.register(underPressure, {
    maxEventLoopDelay: maxEventLoopDelayMs,
    retryAfter: 5,
    exposeStatusRoute: false,
    ...(healthCheck ? { healthCheck, healthCheckInterval: 100 } : {}),
    // Returning nothing lets the request through; returning a body sends it (the plugin's runtime
    // contract, which its types declare as void).
    pressureHandler: ((request: FastifyRequest, reply: FastifyReply) => {
      if (request.routeOptions.config.unpressured) return undefined
      void reply.status(503).header('retry-after', 5)
      return OVERLOADED
    }) as unknown as (request: FastifyRequest, reply: FastifyReply) => void,
  })
})
