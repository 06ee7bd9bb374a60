import { UserSchema } from '@portal/domain'
import type { FastifyPluginAsync } from 'fastify'
import { userEntity } from '../../persistence/repositories/users'
import type { users } from '../../persistence/schema'
import { searchRoute } from '../search-route'

const userRoutes: FastifyPluginAsync = async (app) => {
  searchRoute(app, {
    url: '/api/persistence/users-search',
    entity: userEntity,
    item: UserSchema,
    description: 'Der Datensatz des angemeldeten Benutzers (ohne Passwort).',
    // the users table raises no data version (a sign-in writes it): never kept
    cachedAnswer: false,
    toItems: (_db, rows: (typeof users.$inferSelect)[]) =>
      rows.map((u) => ({
        userName: u.userName,
        companyCode: u.companyCode,
        businessPartner: u.businessPartner,
        name: u.name,
        mail: u.mail,
      })),
  })
}

export default userRoutes
