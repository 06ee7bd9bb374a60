import { TokenRequestSchema, TokenResponseSchema } from '@portal/domain'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { PostgresLoginThrottle } from '../../../platform/auth/login-throttle'
import { ConcurrencyLimit } from '../../../platform/concurrency-limit'
import { requiresSecondFactor } from '../../../platform/auth/second-factor-policy'
import { HttpError } from '../../../platform/http-errors'
import { idempotentNoContent, IdempotencyHeadersSchema } from '../../../platform/http/idempotency'
import type { Database } from '../../../platform/persistence/database'
import { revokeSession, revokeTokens, signIn } from '../sign-in'

/** §7 "Session and account": sign-in, logout, and logout on every device (decision 022). */
const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  // in PostgreSQL: every server process on the database counts the same attempts (decision 029)
  const throttle = new PostgresLoginThrottle(app.db)
  // Argon2id takes 19 MiB and about 10 ms of a core per verification, on libuv's thread pool
  // (four threads) that file, DNS and compression work share. Two at once leave threads for that
  // work and a core for the event loop, so that other requests and the health check keep
  // answering during a burst; on two cores about 150 sign-ins a second still pass, 64 more wait.
  const verifications = new ConcurrencyLimit({ concurrency: 2, maxWaiting: 64 })

  app.post(
    '/api/token',
    {
      config: { public: true },
      schema: {
        operationId: 'signIn',
        summary: 'Anmelden',
        errors: [401, 429],
        description:
          'Anmeldung: Benutzername und Passwort gegen ein Token (8 Stunden gültig). Mit eingerichteter Zwei-Faktor-Anmeldung auch `code` (sechs Ziffern aus der App oder ein Wiederherstellungscode): ohne ihn 401 SECOND_FACTOR_REQUIRED, mit einem falschen 401 SECOND_FACTOR_INVALID (zählt als Fehlversuch). `secondFactorSetupRequired`: der Kunde verlangt die Zwei-Faktor-Anmeldung, das Token erlaubt nur ihre Einrichtung.',
        tags: ['session'],
        body: TokenRequestSchema,
        response: { 200: TokenResponseSchema },
      },
    },
    async (request, reply) => {
      try {
        return await signIn(
          {
            db: app.db,
            jwtSecret: app.config.jwtSecret,
            secondFactorKey: app.config.secondFactorKey,
            requireSecondFactor: requiresSecondFactor(app.config.customer),
            throttle,
            verifications,
          },
          { ...request.body, clientAddress: request.ip },
        )
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 503)
          void reply.header('retry-after', 1)
        // the password was right and the code is still to come: not a failure
        if (error instanceof HttpError && error.code === 'SECOND_FACTOR_REQUIRED') throw error
        if (error instanceof HttpError && (error.statusCode === 401 || error.statusCode === 429))
          app.metrics.signInFailed(
            error.statusCode === 429
              ? 'throttled'
              : error.code === 'SECOND_FACTOR_INVALID'
                ? 'wrong_code'
                : 'wrong_credentials',
          )
        throw error
      }
    },
  )

  /** A sign-out: `end` ends the sessions; answered 204, also while only the set-up is allowed. */
  function signOutRoute(
    url: string,
    operation: { operationId: string; summary: string; description: string },
    end: (db: Database, request: FastifyRequest) => Promise<unknown>,
  ) {
    app.post(
      url,
      {
        config: { secondFactorSetup: true, residents: true },
        schema: {
          ...operation,
          errors: [422],
          tags: ['session'],
          headers: IdempotencyHeadersSchema,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => idempotentNoContent(request, reply, (db) => end(db, request)),
    )
  }

  signOutRoute(
    '/api/token/revoke',
    {
      operationId: 'signOut',
      summary: 'Abmelden (diese Sitzung beenden)',
      description:
        'Abmeldung: die Token dieser Sitzung werden ungültig; andere Sitzungen des Benutzers (andere Geräte und Browser) bleiben angemeldet.',
    },
    (db, request) =>
      revokeSession(db, { userId: request.user.userId, sessionId: request.sessionId! }),
  )
  signOutRoute(
    '/api/token/revoke-all',
    {
      operationId: 'signOutEverywhere',
      summary: 'Auf allen Geräten abmelden (alle Token widerrufen)',
      description:
        'Abmeldung auf allen Geräten: alle bisher ausgestellten Token des Benutzers werden ungültig, auch das dieser Anfrage.',
    },
    (db, request) => revokeTokens(db, request.user.userId),
  )
}

export default sessionRoutes
