import formbody from '@fastify/formbody'
import multipart from '@fastify/multipart'
import { MAX_UPLOAD_BYTES } from '@portal/domain'
import Fastify, { type FastifyServerOptions } from 'fastify'
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { ServerConfig } from './platform/config'
import { withSafeErrorLogging } from './platform/logging'
import { externalOrigins } from './platform/load-customer'
import { createMailer, type Mailer } from './platform/mailer'
import type { DatabaseHandle } from './platform/persistence/database'
import answerCachePlugin from './platform/http/answer-cache'
import backPressurePlugin, { type BackPressureOptions } from './platform/http/back-pressure'
import authPlugin from './platform/http/auth'
import compressionPlugin from './platform/http/compression'
import contextPlugin from './platform/http/db'
import errorsPlugin, { answerFrameworkError } from './platform/http/errors'
import idempotencyPlugin from './platform/http/idempotency'
import metricsPlugin from './platform/http/metrics'
import securityPlugin from './platform/http/security'
import { createFastSerializerCompiler, type ZodSerializedRoute } from './platform/http/serializer'
import requestLimitsPlugin, {
  applyConnectionLimit,
  serverOptions,
} from './platform/http/request-limits'
import swaggerPlugin from './platform/http/swagger'
import textInputPlugin from './platform/http/text-input'
import companyCodeRoutes from './modules/configuration/routes/company-codes'
import customerConfigurationRoutes from './modules/configuration/routes/customer'
import customerAssetRoutes from './modules/configuration/routes/customer-assets'
import healthRoutes from './platform/http/health'
import legacyRoutes from './modules/master-data/routes/legacy'
import connectionRoutes from './modules/master-data/routes/connections'
import contractRoutes from './modules/master-data/routes/contracts'
import deviceRoutes from './modules/master-data/routes/devices'
import fileRoutes from './modules/files/routes/files'
import bvedUsersRoutes from './modules/files/routes/bved-users'
import operatingCostsRoutes from './modules/costs/routes/operating-costs'
import bvedCostsRoutes from './modules/costs/routes/bved-costs'
import partnerAndProductRoutes from './modules/master-data/routes/partners'
import consumptionRoutes from './modules/consumption/routes/consumption'
import consumptionDataRoutes from './modules/consumption/routes/bved-consumption-data'
import pointOfDeliveryRoutes from './modules/master-data/routes/points-of-delivery'
import userRoutes from './modules/accounts/routes/users'
import portalRoutes, { portalIndexFile } from './modules/configuration/routes/portal'
import providerApiRoutes from './modules/provider/routes/provider-api'
import operatingCostsProcessRoutes from './modules/costs/routes/operating-cost-processes'
import fileProcessRoutes from './modules/files/routes/file-processes'
import passwordRoutes from './modules/accounts/routes/password'
import secondFactorRoutes from './modules/accounts/routes/second-factor'
import consumptionCredentialRoutes from './modules/accounts/routes/consumption-credentials'
import sessionRoutes from './modules/accounts/routes/session'
import residentRoutes from './modules/residents/routes/residents'
import deviceAlarmRoutes from './modules/care/routes/device-alarms'
import serviceOrderRoutes from './modules/care/routes/service-orders'

z.config(z.locales.de())

/** A registered route, as the authorization test walks them. */
export interface RouteEntry {
  method: string
  url: string
  public: boolean
  /** Decision 065: a resident may call it. */
  residents: boolean
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: readonly RouteEntry[]
    /** Routes whose answer schema JSON Schema cannot express: they keep the zod serializer. */
    zodSerializedRoutes: readonly ZodSerializedRoute[]
  }
}

export interface AppOptions {
  config: ServerConfig
  database: DatabaseHandle
  mailer?: Mailer
  logger?: FastifyServerOptions['logger']
  /** Thresholds of the overload answer (tests lower them). */
  backPressure?: BackPressureOptions
}

/** Builds the server: external plugins, then the application's plugins, then the routes. */
export async function buildApp(options: AppOptions) {
  const app = Fastify({
    // logged errors name the statement and its code, never its parameter values
    logger: withSafeErrorLogging(options.logger),
    // only the listed proxies (or hops) may name the client; see trust-proxy.ts
    trustProxy: options.config.trustProxy ?? false,
    frameworkErrors: answerFrameworkError,
    // request, header, idle and keep-alive timeouts (see platform/http/request-limits.ts)
    ...serverOptions(options.config.limits),
  }).withTypeProvider<ZodTypeProvider>()
  applyConnectionLimit(app, options.config.limits)
  app.setValidatorCompiler(validatorCompiler)
  // decision 010: answers are checked and written from the JSON Schema of their zod schema
  const zodSerializedRoutes: ZodSerializedRoute[] = []
  app.setSerializerCompiler(createFastSerializerCompiler(zodSerializedRoutes))
  app.decorate('zodSerializedRoutes', zodSerializedRoutes)
  app.addHook('onReady', () => {
    for (const route of zodSerializedRoutes) {
      app.log.info(route, 'answer serialised with zod: its schema has no JSON Schema')
    }
  })
  const routeTable: RouteEntry[] = []
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      routeTable.push({
        method,
        url: route.url,
        public: route.config?.public === true,
        residents: route.config?.residents === true,
      })
    }
  })
  app.decorate('routeTable', routeTable)

  await app.register(errorsPlugin)
  // Decision 029: on close (SIGTERM) answers in flight finish and end their connection, so that the
  // close does not wait for clients' idle keep-alive connections; new requests get 503.
  let closing = false
  app.addHook('preClose', (done) => {
    closing = true
    done()
  })
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) void reply.header('connection', 'close')
    done(null, payload)
  })
  await app.register(metricsPlugin, {
    database: options.database,
    token: options.config.metricsToken,
  })
  await app.register(backPressurePlugin, options.backPressure ?? {})
  await app.register(requestLimitsPlugin, { limits: options.config.limits })
  await app.register(textInputPlugin)
  await app.register(securityPlugin, {
    connectSources: externalOrigins(options.config.customer.config),
    database: options.database.db,
  })
  await app.register(formbody)
  // ARCHITECTURE 3.2: one file of at most 20 MB and a few small fields; the routes spool the file
  // to a temporary file while checking and hashing it, and store it in 1 MB chunks only after the
  // whole body arrived (decision 028).
  await app.register(multipart, {
    limits: {
      fileSize: MAX_UPLOAD_BYTES,
      files: 1,
      fields: 8,
      parts: 9,
      fieldSize: 64 * 1024,
      headerPairs: 50,
    },
  })
  await app.register(compressionPlugin)
  await app.register(swaggerPlugin, { publicUrl: options.config.publicUrl })
  await app.register(contextPlugin, {
    database: options.database,
    config: options.config,
    mailer: options.mailer ?? createMailer(options.config),
  })
  await app.register(authPlugin)
  await app.register(answerCachePlugin)
  await app.register(idempotencyPlugin)

  await app.register(healthRoutes, { database: options.database })
  await app.register(sessionRoutes)
  await app.register(residentRoutes)
  await app.register(userRoutes)
  await app.register(companyCodeRoutes)
  await app.register(connectionRoutes)
  await app.register(partnerAndProductRoutes)
  await app.register(pointOfDeliveryRoutes)
  await app.register(consumptionRoutes)
  await app.register(consumptionDataRoutes)
  await app.register(contractRoutes)
  await app.register(deviceRoutes)
  await app.register(deviceAlarmRoutes)
  await app.register(serviceOrderRoutes)
  await app.register(operatingCostsRoutes)
  await app.register(bvedCostsRoutes)
  await app.register(operatingCostsProcessRoutes)
  await app.register(fileRoutes)
  await app.register(bvedUsersRoutes)
  await app.register(fileProcessRoutes)
  await app.register(legacyRoutes)
  await app.register(passwordRoutes)
  await app.register(secondFactorRoutes)
  await app.register(consumptionCredentialRoutes)
  await app.register(customerConfigurationRoutes)
  await app.register(customerAssetRoutes)
  await app.register(providerApiRoutes)

  const { portalDist } = options.config
  if (portalDist !== undefined && portalIndexFile(portalDist)) {
    await app.register(portalRoutes, { root: portalDist })
  } else if (portalDist !== undefined) {
    app.log.warn({ portalDist }, 'portal not built: serving the API only')
  }
  return app
}

export type App = Awaited<ReturnType<typeof buildApp>>
