import { readFileSync } from 'node:fs'
import path from 'node:path'
import {
  ClientCustomerConfigSchema,
  FaqSchema,
  type ClientCustomerConfig,
  type Faq,
} from '@portal/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { z } from 'zod'
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
  const { billingInformation: _serverOnly, ...clientFields } = customer.config
  const config = ClientCustomerConfigSchema.parse({
    ...clientFields,
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

  /** A document under its plain address (revalidated) and its hashed one (cached for a year). */
  function versionedDocumentRoute(
    url: string,
    operation: { operationId: string; summary: string; description: string },
    schema: z.ZodType,
    document: unknown,
    hash: string,
  ) {
    app.get(
      url,
      {
        config: { public: true },
        schema: {
          ...operation,
          tags: ['configuration'],
          security: [],
          querystring: versionQuery,
          response: { 200: schema },
        },
      },
      async (request, reply) => {
        const { v } = request.query
        if (answeredNotModified(request, reply, hash, v)) return reply
        if (v !== hash) void reply.header('content-location', hashedUrl(url, hash))
        return document
      },
    )
  }

  versionedDocumentRoute(
    CUSTOMER_CONFIGURATION_PATH,
    {
      operationId: 'getCustomerConfiguration',
      summary: 'Kundenkonfiguration lesen',
      description: `Die Kundenkonfiguration (Titel, Farben, Favicon, Logo, Legacy-Endpunkt, Schalter, Kundenservice, Rechtstexte). ${cacheable}`,
    },
    ClientCustomerConfigSchema,
    config,
    hashes.config,
  )
  versionedDocumentRoute(
    FAQ_PATH,
    {
      operationId: 'getFaq',
      summary: 'Häufige Fragen lesen',
      description: `Die häufigen Fragen (de-DE) des Kunden. ${cacheable}`,
    },
    FaqSchema,
    faq,
    hashes.faq,
  )
}

export default customerConfigurationRoutes
