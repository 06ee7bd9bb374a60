import compress from '@fastify/compress'
import fp from 'fastify-plugin'
import { constants } from 'node:zlib'

/**
 * Compresses answers of 1 kB and more for clients that accept it (the portal's page, large JSON
 * lists). Brotli at quality 4: close to gzip's speed, smaller answers; the built portal's files
 * are compressed once at build time instead (see routes/portal.ts).
 */
export default fp(
  async (app) => {
    await app.register(compress, {
      global: true,
      threshold: 1024,
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    })
  },
  { name: 'compression' },
)
