import { toIsoDate, UserSchema } from '@portal/domain'
import type { FastifyPluginAsync } from 'fastify'
import { personalDataZip } from '../personal-data'
import { contentDisposition } from '../../../platform/files/file-name'
import { userEntity } from '../repositories/users'
import type { users } from '../../../platform/persistence/schema'
import { searchRoute } from '../../../platform/http/search-route'

const userRoutes: FastifyPluginAsync = async (app) => {
  searchRoute(app, {
    url: '/api/persistence/users-search',
    operationId: 'searchUsers',
    summary: 'Angemeldeten Benutzer lesen',
    entity: userEntity,
    item: UserSchema,
    description: 'Der Datensatz des angemeldeten Benutzers (ohne Passwort).',
    // the users table raises no data version (a sign-in writes it): never kept
    cachedAnswer: false,
    residents: true,
    toItems: (_db, rows: (typeof users.$inferSelect)[]) =>
      rows.map((u) => ({
        userName: u.userName,
        companyCode: u.companyCode,
        businessPartner: u.businessPartner,
        name: u.name,
        mail: u.mail,
        resident: u.residentContract !== null,
      })),
  })

  app.get(
    '/api/persistence/personal-data',
    {
      compress: false,
      config: { residents: true },
      schema: {
        operationId: 'downloadPersonalData',
        summary: 'Meine Daten als ZIP laden (Art. 15 und 20 DSGVO)',
        description:
          'Meine Daten herunterladen (Art. 15 und 20 DSGVO): ein ZIP mit dem Benutzerkonto, den eigenen Aktionen aus dem Protokoll, den eigenen Meldungen und den selbst hochgeladenen Dateien, nur für den angemeldeten Benutzer.',
        tags: ['account'],
      },
    },
    async (request, reply) => {
      const zip = await personalDataZip(app.db, request.user.userName)
      const day = toIsoDate(new Date())
      return reply
        .header('Content-Type', 'application/zip')
        .header(
          'Content-Disposition',
          contentDisposition(`Meine Daten ${request.user.userName} ${day}.zip`),
        )
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(zip)
    },
  )
}

export default userRoutes
