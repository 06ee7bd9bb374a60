import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { CUSTOMER_ASSET_FILE_NAME, customerAssetMediaType } from '@portal/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { assetsDir } from '../../../platform/load-customer'
import { notFound } from '../../../platform/http-errors'
import { answeredNotModified, contentHash, versionQuery } from './content-version'

/**
 * §1: the files of the customer's assets folder (favicon, logo). Only plain file names of known
 * image types: the pattern leaves no way out of the folder. Under the hashed address of the
 * configuration (`?v=` the file's content hash) a file is cached for a year; the plain address is
 * revalidated (ETag, 304), so a changed file is seen at once.
 */
const customerAssetRoutes: FastifyPluginAsyncZod = async (app) => {
  const folder = assetsDir(app.config.customer)

  app.get(
    '/customer-assets/:file',
    {
      config: { public: true },
      schema: {
        operationId: 'getCustomerAsset',
        summary: 'Datei der Kundenkonfiguration lesen',
        description:
          'Eine Datei aus dem assets-Ordner des Kunden (Favicon, Logo). Mit `?v=` (aus der Kundenkonfiguration) unveränderlich zwischenspeicherbar.',
        tags: ['configuration'],
        security: [],
        params: z.strictObject({ file: z.string().max(100).regex(CUSTOMER_ASSET_FILE_NAME) }),
        querystring: versionQuery,
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
      // hashed as read: a file changed while the server runs no longer matches the `?v=` the
      // configuration named at start, so it is revalidated, never kept for a year under it
      if (answeredNotModified(request, reply, contentHash(content), request.query.v)) return reply
      return reply.type(mediaType).send(content)
    },
  )
}

export default customerAssetRoutes
