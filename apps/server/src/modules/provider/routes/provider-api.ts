import type { FastifyPluginAsync } from 'fastify'
import providerChangesRoutes from './changes'
import providerInterchangeRoutes from './interchange'
import providerStepRoutes from './steps'
import providerResidentRoutes from './residents'
import providerUserRoutes from './users'
import providerServiceOrderRoutes from './service-orders'

/**
 * Decision 018: `/api/provider/*`, reachable with a provider key only (platform/auth/provider-auth.ts),
 * each route with the scope it needs in `config.providerScope`.
 */
const providerApiRoutes: FastifyPluginAsync = async (app) => {
  await app.register(providerChangesRoutes)
  await app.register(providerStepRoutes)
  await app.register(providerInterchangeRoutes)
  await app.register(providerUserRoutes)
  await app.register(providerResidentRoutes)
  await app.register(providerServiceOrderRoutes)
}

export default providerApiRoutes
