import { TokenRequestSchema, TokenResponseSchema } from '@portal/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { LoginThrottle } from '../auth/login-throttle'
import { revokeTokens, signIn } from '../processes/sign-in'

/** §7 "Session and account": sign-in and logout. */
const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const throttle = new LoginThrottle()

  app.post(
    '/api/token',
    {
      config: { public: true },
      schema: {
        description: 'Anmeldung: Benutzername und Passwort gegen ein Token (8 Stunden gültig).',
        tags: ['session'],
        body: TokenRequestSchema,
        response: { 200: TokenResponseSchema },
      },
    },
    async (request) => {
      const token = await signIn(
        { db: app.db, jwtSecret: app.config.jwtSecret, throttle },
        { ...request.body, clientAddress: request.ip },
      )
      return { token }
    },
  )

  app.post(
    '/api/token/revoke',
    {
      schema: {
        description: 'Abmeldung: alle bisher ausgestellten Token des Benutzers werden ungültig.',
        tags: ['session'],
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await revokeTokens(app.db, request.user.userName)
      return reply.status(204).send(null)
    },
  )
}

export default sessionRoutes
