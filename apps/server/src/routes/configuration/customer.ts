import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import {
  ClientCustomerConfigSchema,
  FaqSchema,
  type ClientCustomerConfig,
  type Faq,
} from '@portal/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { assetsDir, type LoadedCustomer } from '../../customer/load-customer'

/** The address of an asset with its content hash, so that a changed file gets a new address. */
function versionedAssetUrl(folder: string, file: string): string {
  const hash = createHash('sha256')
    .update(readFileSync(path.join(folder, file)))
    .digest('hex')
  return `/customer-assets/${encodeURIComponent(file)}?v=${hash.slice(0, 12)}`
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

/**
 * §1: the customer configuration and the FAQ, which the portal loads before it renders; public,
 * because the sign-in page is themed too. Neither holds data of a user.
 */
const customerConfigurationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config: answer, faq } = clientCustomerData(app.config.customer)

  app.get(
    '/api/configuration/customer',
    {
      config: { public: true },
      schema: {
        description:
          'Die Kundenkonfiguration (Titel, Farben, Favicon, Logo, Legacy-Endpunkt, Schalter, Kundenservice, Rechtstexte).',
        tags: ['configuration'],
        security: [],
        response: { 200: ClientCustomerConfigSchema },
      },
    },
    async (_request, reply) => {
      // a new deployment may bring a new configuration: revalidate, but the answer is tiny
      void reply.header('cache-control', 'no-cache')
      return answer
    },
  )

  app.get(
    '/api/configuration/faq',
    {
      config: { public: true },
      schema: {
        description: 'Die häufigen Fragen (de-DE) des Kunden.',
        tags: ['configuration'],
        security: [],
        response: { 200: FaqSchema },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-cache')
      return faq
    },
  )
}

export default customerConfigurationRoutes
