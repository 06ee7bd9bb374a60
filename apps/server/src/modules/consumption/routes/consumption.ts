import {
  CONSUMPTION_MONTHS,
  FAR_ABOVE_AVERAGE_PERCENT,
  PropertyConsumptionSchema,
  UnitConsumptionSchema,
  addMonthsTo,
  lastCompleteMonth,
  toIsoDate,
  propertyConsumptionOverview,
} from '@portal/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { contentDisposition } from '../../../platform/files/file-name'
import { notFound } from '../../../platform/http-errors'
import { propertyConsumptionUnits } from '../repositories/consumption'
import { CONNECTION_OBJECT, isVisibleObject } from '../../master-data/index'
import { consumptionInformationPdf } from '../consumption-information'
import { MONTH_NOT_AVAILABLE, unitReport } from '../unit-report'

/** `?partner=`: the user (business partner) the information is for; unset: the current one. */
const UserQuery = z.strictObject({ partner: z.string().min(1).max(40).optional() })

/** Decision 033: the monthly consumption information of §6a HeizkostenV (docs/decisions/033). */
const consumptionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/persistence/points-of-delivery/:id/monthly-consumption',
    {
      config: { cachedAnswer: { per: 'scope' } },
      schema: {
        operationId: 'getMonthlyConsumption',
        summary: 'Verbrauch je Monat einer Verbrauchsstelle lesen (§ 6a HeizkostenV)',
        description:
          'Verbrauch je Monat (§ 6a HeizkostenV) eines Nutzers einer Verbrauchsstelle in den letzten zwölf vollständigen Monaten: nur seine Monate, je Zählerart der Verbrauch, kWh, Vormonat und Vorjahresmonat desselben Nutzers und Durchschnitt der Liegenschaft je m². Ohne `partner` der heutige Nutzer.',
        tags: ['points-of-delivery'],
        params: z.strictObject({ id: z.string().min(1).max(40) }),
        querystring: UserQuery,
        response: { 200: UnitConsumptionSchema },
      },
    },
    async (request) =>
      (await unitReport(app.db, request.user, request.params.id, request.query.partner)).report,
  )

  app.get(
    '/api/persistence/points-of-delivery/:id/monthly-consumption/:month/pdf',
    {
      compress: false,
      schema: {
        operationId: 'downloadConsumptionInformation',
        summary: 'Verbrauchsinformation eines Monats als PDF laden',
        description:
          'Die Verbrauchsinformation eines Nutzers einer Verbrauchsstelle für einen seiner Monate der letzten zwölf als einseitiges PDF. Ohne `partner` der heutige Nutzer.',
        tags: ['points-of-delivery'],
        params: z.strictObject({
          id: z.string().min(1).max(40),
          month: z
            .string()
            .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Bitte geben Sie den Monat als JJJJ-MM an.'),
        }),
        querystring: UserQuery,
      },
    },
    async (request, reply) => {
      const { report, reference, address } = await unitReport(
        app.db,
        request.user,
        request.params.id,
        request.query.partner,
      )
      const { month } = request.params
      // a month of another user is not this user's information (§6b)
      if (!report.user || !report.months.includes(month)) throw notFound(MONTH_NOT_AVAILABLE)
      const pdf = consumptionInformationPdf({ reference, address }, report.user, report, month)
      return reply
        .header('Content-Type', 'application/pdf')
        .header(
          'Content-Disposition',
          contentDisposition(`Verbrauchsinformation ${reference} ${month}.pdf`),
        )
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(pdf.content)
    },
  )

  app.get(
    '/api/persistence/connections/:connection/monthly-consumption',
    {
      config: { cachedAnswer: { per: 'scope' } },
      schema: {
        operationId: 'getPropertyConsumption',
        summary: 'Verbrauch der Nutzeinheiten einer Liegenschaft gegen ihren Durchschnitt lesen',
        description:
          'Übersicht einer Liegenschaft: Verbrauch je Nutzeinheit und Zählerart über die letzten zwölf Monate je m² gegen den Durchschnitt der Liegenschaft; weit darüber liegende Einheiten sind markiert.',
        tags: ['connections'],
        params: z.strictObject({ connection: z.string().min(1).max(40) }),
        response: { 200: PropertyConsumptionSchema },
      },
    },
    async (request) => {
      const { connection } = request.params
      if (!(await isVisibleObject(app.db, request.user, CONNECTION_OBJECT, connection))) {
        throw notFound('Der Anschluss wurde nicht gefunden.')
      }
      const lastMonth = lastCompleteMonth(toIsoDate(new Date()))
      const units = await propertyConsumptionUnits(app.db, request.user, connection, lastMonth)
      const references = new Map(units.map((u) => [u.pointOfDelivery, u.reference]))
      return {
        firstMonth: addMonthsTo(lastMonth, 1 - CONSUMPTION_MONTHS),
        lastMonth,
        farAbovePercent: FAR_ABOVE_AVERAGE_PERCENT,
        items: propertyConsumptionOverview(units, lastMonth).map((item) => ({
          ...item,
          reference: references.get(item.pointOfDelivery)!,
        })),
      }
    },
  )
}

export default consumptionRoutes
