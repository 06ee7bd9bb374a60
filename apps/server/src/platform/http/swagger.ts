import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { documentObject, documentTransform } from './openapi-document'

const DOCS_PREFIX = '/api/docs'

/** The OpenAPI document generated from the routes' zod schemas: UI at /api/docs, JSON at /api/docs/json. */
export default fp(async function swaggerPlugin(
  app: FastifyInstance,
  options: { publicUrl: string },
) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Kundenportal API',
        description:
          'Die Schnittstelle des Kundenportals (Spezifikation Abschnitt 7). Alle Routen außer Anmeldung und Passwort-Zurücksetzen verlangen `Authorization: Bearer <token>`; die Routen unter /api/provider/ verlangen statt dessen einen Provider-Schlüssel (`Authorization: Bearer pk_…`), die bved-Verbrauchsdaten unter /api/bved/ einen Zugang aus „Mein Konto“ (HTTP Basic).',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // decision 018: the only credential of /api/provider/*, refused everywhere else
          providerKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'pk_…',
            description:
              'Provider-Schlüssel (`npm run provider -- key create <Name> --scope …`), nur für /api/provider/*.',
          },
          // decision 062: the only credential of /api/bved/*, as arge-consumption-data-1.1.yaml names it
          basicAuth: {
            type: 'http',
            scheme: 'basic',
            description:
              'Zugang für die bved-Verbrauchsdaten (Benutzername vd-…, Passwort cd_…), angelegt in „Mein Konto“ oder mit `npm run provider -- consumption-access create`; nur für /api/bved/*.',
          },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: documentTransform,
    transformObject: documentObject(options.publicUrl) as never,
  })
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith(DOCS_PREFIX)) route.config = { ...route.config, public: true }
  })
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    staticCSP: true,
    uiConfig: { docExpansion: 'list', deepLinking: true },
    uiHooks: {
      // swagger-ui redirects static/index.html to the page by cutting the name off the end of the
      // address, which a query string keeps from matching: it redirected to itself for ever
      onRequest: (request, reply, done) => {
        if (request.routeOptions.url === `${DOCS_PREFIX}/static/index.html`) {
          void reply.redirect(`${DOCS_PREFIX}/`)
          return
        }
        done()
      },
    },
  })
})
