import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { SESSION_EXPIRED_MESSAGE, userForToken } from '../auth/session-user'
import { unauthorized } from '../http-errors'
import type { SessionUser } from '../persistence/scope'

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user; set on every route that is not marked `config.public`. */
    user: SessionUser
  }
  interface FastifyContextConfig {
    /** Reachable without a token (sign-in, password reset, health, the legacy endpoint). */
    public?: boolean
  }
}

const BEARER = /^Bearer ([A-Za-z0-9_\-.]+)$/

/**
 * Every route requires a valid bearer token unless its config says `public: true`, so a new route
 * is protected without anyone remembering to protect it.
 */
export default fp(function authPlugin(app: FastifyInstance) {
  app.decorateRequest('user', null as unknown as SessionUser)
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.public || !request.routeOptions.url) return
    const match = BEARER.exec(request.headers.authorization ?? '')
    if (!match) throw unauthorized()
    const user = await userForToken(app.db, app.config.jwtSecret, match[1]!)
    if (!user) throw unauthorized(SESSION_EXPIRED_MESSAGE)
    request.user = user
  })
})
