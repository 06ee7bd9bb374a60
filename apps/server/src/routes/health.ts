import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { sql } from 'drizzle-orm'
import { z } from 'zod'

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      config: { public: true },
      schema: {
        description: 'Betriebsbereitschaft: der Server läuft und erreicht die Datenbank.',
        tags: ['operations'],
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => {
      await app.db.execute(sql`select 1`)
      return { status: 'ok' as const }
    },
  )
}

export default healthRoutes
