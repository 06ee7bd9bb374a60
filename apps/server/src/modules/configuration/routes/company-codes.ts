import { CompanyCodeSchema } from '@portal/domain'
import type { FastifyPluginAsync } from 'fastify'
import { companyCodeEntity } from '../../accounts/index'
import type { companyCodes } from '../../../platform/persistence/schema'
import { searchRoute } from '../../../platform/http/search-route'

const companyCodeRoutes: FastifyPluginAsync = async (app) => {
  searchRoute(app, {
    url: '/api/configuration/company-code-search',
    operationId: 'searchCompanyCodes',
    summary: 'Buchungskreis des Benutzers lesen',
    entity: companyCodeEntity,
    item: CompanyCodeSchema,
    description: 'Der Buchungskreis des Benutzers mit seinen Texten.',
    residents: true,
    toItems: (_db, rows: (typeof companyCodes.$inferSelect)[]) =>
      rows.map((c) => ({
        companyCode: c.companyCode,
        text: [{ language: 'de', companyCodeName: c.name, city: c.city }],
      })),
  })
}

export default companyCodeRoutes
