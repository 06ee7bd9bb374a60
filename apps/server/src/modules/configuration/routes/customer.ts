import { readFileSync } from 'node:fs'
import path from 'node:path'
import {
  ClientCustomerConfigSchema,
  FaqSchema,
  type ClientCustomerConfig,
  type Faq,
} from '@portal/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { assetsDir, type LoadedCustomer } from '../../../platform/load-customer'
import { answeredNotModified, contentHash, hashedUrl, versionQuery } from './content-version'

/** The address of an asset with its content hash, so that a changed file gets a new address. */
function versionedAssetUrl(folder: string, file: string): string {
  const hash = contentHash(readFileSync(path.join(folder, file)))
  return hashedUrl(`/customer-assets/${encodeURIComponent(file)}`, hash)
}

/**
 * What the portal gets of the customer: the configuration with the client's fields only, and the
 * FAQ. The same data answers the two routes below and is written into the portal's page.
 */
export function clientCustomerData(customer: LoadedCustomer): {
  config: ClientCustomerConfig
  faq: Faq
} {
  const config = ClientCustomerConfigSchema.parse({
    ...customer.config,
    id: customer.id,
    faviconUrl: versionedAssetUrl(assetsDir(customer), customer.config.favicon),
    logoUrl: versionedAssetUrl(assetsDir(customer), customer.config.logo),
  })
  return { config, faq: FaqSchema.parse(customer.faq) }
}

export const CUSTOMER_CONFIGURATION_PATH = '/api/configuration/customer'
export const FAQ_PATH = '/api/configuration/faq'

/**
 * The content hashes of the configuration and the FAQ, as served: a changed file, or a changed
 * asset (its hashed address is part of the configuration), changes them.
 */
export function customerDataHashes(data: { config: ClientCustomerConfig; faq: Faq }): {
  config: string
  faq: string
} {
  return {
    config: contentHash(JSON.stringify(data.config)),
    faq: contentHash(JSON.stringify(data.faq)),
  }
}

/**
 * §1: the customer configuration and the FAQ, which the portal loads before it renders; public,
 * because the sign-in page is themed too. Neither holds data of a user. Under their hashed address
 * (`?v=`, named by the `Content-Location` of the plain one) they are cached for a year; the plain
 * address is revalidated (ETag, 304), so a new deployment's configuration is seen at once.
 */
const customerConfigurationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, faq } = clientCustomerData(app.config.customer)
  const hashes = customerDataHashes({ config, faq })
  const cacheable = 'Mit `?v=` (Content-Location der Antwort) unveränderlich zwischenspeicherbar.'

  app.get(
    CUSTOMER_CONFIGURATION_PATH,
    {
      config: { public: true },
      schema: {
        operationId: 'getCustomerConfiguration',
        summary: 'Kundenkonfiguration lesen',
        description: `Die Kundenkonfiguration (Titel, Farben, Favicon, Logo, Legacy-Endpunkt, Schalter, Kundenservice, Rechtstexte). ${cacheable}`,
        tags: ['configuration'],
        security: [],
        querystring: versionQuery,
        response: { 200: ClientCustomerConfigSchema },
      },
    },
    async (request, reply) => {
      const { v } = request.query
      if (answeredNotModified(request, reply, hashes.config, v)) return reply
      if (v !== hashes.config) {
        void reply.header('content-location', hashedUrl(CUSTOMER_CONFIGURATION_PATH, hashes.config))
      }
      return config
    },
  )

  app.get(
    FAQ_PATH,
    {
      config: { public: true },
      schema: {
        operationId: 'getFaq',
        summary: 'Häufige Fragen lesen',
        description: `Die häufigen Fragen (de-DE) des Kunden. ${cacheable}`,
        tags: ['configuration'],
        security: [],
        querystring: versionQuery,
        response: { 200: FaqSchema },
      },
    },
    async (request, reply) => {
      const { v } = request.query
      if (answeredNotModified(request, reply, hashes.faq, v)) return reply
      if (v !== hashes.faq) void reply.header('content-location', hashedUrl(FAQ_PATH, hashes.faq))
      return faq
    },
  )
}

export default customerConfigurationRoutes
