import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { checkToken, type CostLinesRead } from '../auth/session-user'
import {
  requiresSecondFactor,
  SECOND_FACTOR_SETUP_REQUIRED_MESSAGE,
} from '../auth/second-factor-policy'
import { forbidden, notFound, unauthorized } from '../http-errors'
import { invalidCharacterAt } from './text-input'
import type { SessionUser } from '../persistence/scope'
import type { ProviderKey, ProviderScope } from '../auth/provider-keys'
import {
  authenticateProviderKey,
  isProviderRoute,
  recordProviderCall,
  refuseProviderKey,
} from '../auth/provider-auth'
import {
  authenticateConsumptionCredential,
  isBvedRoute,
  recordConsumptionCredentialUse,
} from '../auth/consumption-credentials'

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user; set on every route that is not marked `config.public`. */
    user: SessionUser
    /** The session (`sid`) of the user's token, which a logout ends (decision 022); null without. */
    sessionId: string | null
    /** The provider key of a call below /api/provider/ (decision 018); null on every other route. */
    providerKey: ProviderKey | null
  }
  interface FastifyContextConfig {
    /** Reachable without a token (sign-in, password reset, health, the legacy endpoint). */
    public?: boolean
    /** Below /api/provider/: the scope a key needs (default: only a key with scope `all`). */
    providerScope?: ProviderScope
    /**
     * Reachable by a user who must set up a second factor first (decision 035): its set-up and the
     * sign-out. Every other route answers 403 SECOND_FACTOR_SETUP_REQUIRED to him.
     */
    secondFactorSetup?: boolean
    /**
     * Decision 065: reachable by a resident (his tenancy, his months, his account). Every other
     * route answers 404 to a resident, as if it did not exist.
     */
    residents?: boolean
  }
}

const BEARER = /^Bearer ([A-Za-z0-9_\-.]+)$/

/**
 * Of which cost lines the route's kept answer depends (decisions 057, 060): none, those of the
 * distribution `:id`, or any. An id that the text check refuses later (400 INVALID_CHARACTER) is
 * not one: it must not reach the database here, before that check; the answer then counts as
 * reading any.
 */
function costLinesRead(request: FastifyRequest): CostLinesRead {
  const costLines = request.routeOptions.config.cachedAnswer?.costLines
  if (costLines === 'none') return { costLines }
  if (costLines !== 'own-distribution') return {}
  const { id } = request.params as { id?: string }
  return id !== undefined && invalidCharacterAt(id) === undefined
    ? { costLines, distribution: id }
    : {}
}

/**
 * Every route requires a valid bearer token unless its config says `public: true`, so a new route
 * is protected without anyone remembering to protect it. Routes below /api/provider/ take only a
 * provider key, and every other route refuses one (decision 018); routes below /api/bved/ take
 * only a consumption-data credential (HTTP Basic, decision 062).
 */
export default fp(function authPlugin(app: FastifyInstance) {
  app.decorateRequest('user', null as unknown as SessionUser)
  app.decorateRequest('sessionId', null)
  app.decorateRequest('providerKey', null)
  app.decorateRequest('consumptionCredential', null)
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.config.public || !request.routeOptions.url) return
    if (isProviderRoute(request.routeOptions.url)) return authenticateProviderKey(request)
    if (isBvedRoute(request.routeOptions.url)) {
      return authenticateConsumptionCredential(request, reply)
    }
    const match = BEARER.exec(request.headers.authorization ?? '')
    if (!match) throw unauthorized()
    refuseProviderKey(match[1]!)
    const checked = await checkToken(
      app.db,
      app.config.jwtSecret,
      match[1]!,
      costLinesRead(request),
    )
    // why the token is refused (expired, logged out, disabled): the portal shows it at the login
    if (!checked.user) throw unauthorized(checked.refusal)
    if (checked.user.residentContract && !request.routeOptions.config.residents) throw notFound()
    if (
      !checked.secondFactor &&
      requiresSecondFactor(app.config.customer) &&
      !request.routeOptions.config.secondFactorSetup
    ) {
      throw forbidden(SECOND_FACTOR_SETUP_REQUIRED_MESSAGE, 'SECOND_FACTOR_SETUP_REQUIRED')
    }
    request.user = checked.user
    request.sessionId = checked.sessionId
    request.dataVersion = checked.dataVersion
  })
  app.addHook('onResponse', recordProviderCall)
  app.addHook('onResponse', async (request) => {
    if (!request.consumptionCredential) return
    try {
      await recordConsumptionCredentialUse(app.db, request.consumptionCredential)
    } catch (error) {
      request.log.error({ err: error }, 'consumption credential use not recorded')
    }
  })
})
