import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { CUSTOMER_ASSET_FILE_NAME, customerAssetMediaType } from '@portal/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { assetsDir } from '../customer/load-customer'
import { notFound } from '../http-errors'

const ONE_DAY = 24 * 60 * 60
const ONE_YEAR = 365 * ONE_DAY

/**
 * §1: the files of the customer's assets folder (favicon, logo). Only plain file names of known
 * image types: the pattern leaves no way out of the folder.
 */
const customerAssetRoutes: FastifyPluginAsyncZod = async (app) => {
  const folder = assetsDir(app.config.customer)

  app.get(
    '/customer-assets/:file',
    {
      config: { public: true },
      schema: {
        description:
          'Eine Datei aus dem assets-Ordner des Kunden (Favicon, Logo). Mit `?v=` (aus der Kundenkonfiguration) unveränderlich zwischenspeicherbar.',
        tags: ['configuration'],
        security: [],
        params: z.strictObject({ file: z.string().max(100).regex(CUSTOMER_ASSET_FILE_NAME) }),
        querystring: z.strictObject({ v: z.string().max(64).optional() }),
      },
    },
    async (request, reply) => {
      const { file } = request.params
      const mediaType = customerAssetMediaType(file)
      const content =
        mediaType === undefined
          ? undefined
          : await readFile(path.join(folder, file)).catch(() => undefined)
      if (mediaType === undefined || content === undefined) {
        throw notFound('Die Datei wurde nicht gefunden.')
      }
      // a versioned address changes with the file; the plain one may be asked again after a day
      const cacheControl =
        request.query.v === undefined
          ? `public, max-age=${ONE_DAY}`
          : `public, max-age=${ONE_YEAR}, immutable`
      return reply.type(mediaType).header('cache-control', cacheControl).send(content)
    },
  )
}

export default customerAssetRoutes
