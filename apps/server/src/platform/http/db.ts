import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { ServerConfig } from '../config'
import type { Mailer } from '../mailer'
import type { Database, DatabaseHandle } from '../persistence/database'

declare module 'fastify' {
  interface FastifyInstance {
    db: Database
    config: ServerConfig
    mailer: Mailer
  }
}

/** Makes database, configuration and mailer available to every route. */
export default fp(function contextPlugin(
  app: FastifyInstance,
  options: { database: DatabaseHandle; config: ServerConfig; mailer: Mailer },
) {
  app.decorate('db', options.database.db)
  app.decorate('config', options.config)
  app.decorate('mailer', options.mailer)
})
