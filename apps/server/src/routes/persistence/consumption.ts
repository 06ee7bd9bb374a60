import {
  CONSUMPTION_MONTHS,
  FAR_ABOVE_AVERAGE_PERCENT,
  PropertyConsumptionSchema,
  UnitConsumptionSchema,
  addMonthsTo,
  lastCompleteMonth,
  propertyConsumptionOverview,
  unitConsumption,
  type UnitConsumption,
} from '@portal/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { and, eq } from 'drizzle-orm'
import { z } from 'zod'
import { contentDisposition } from '../../files/file-name'
import { notFound } from '../../http-errors'
import type { Executor } from '../../persistence/database'
import { propertyConsumptionUnits } from '../../persistence/repositories/consumption'
import {
  CONNECTION_OBJECT,
  isVisibleObject,
} from '../../persistence/repositories/points-of-delivery'
import { pointsOfDelivery } from '../../persistence/schema'
import { visibleThroughProperty, type SessionUser } from '../../persistence/scope'
import { consumptionInformationPdf } from '../../processes/consumption-information'
import { berlinToday } from '../../seed/calendar'

const UNIT_NOT_FOUND = 'Die Verbrauchsstelle wurde nicht gefunden.'
const MONTH_NOT_AVAILABLE = 'Für diesen Monat liegt keine Verbrauchsinformation vor.'

async function unitReport(
  db: Executor,
  user: SessionUser,
  id: string,
): Promise<{ report: UnitConsumption; reference: string; address: string }> {
  const [unit] = await db
    .select()
    .from(pointsOfDelivery)
    .where(
      and(eq(pointsOfDelivery.pointOfDelivery, id), visibleThroughProperty(user, pointsOfDelivery)),
    )
  if (!unit) throw notFound(UNIT_NOT_FOUND)
  const lastMonth = lastCompleteMonth(berlinToday())
  const units = await propertyConsumptionUnits(db, user, unit.propertyConnection, lastMonth)
  const own = units.find((u) => u.pointOfDelivery === id)
  if (!own) throw notFound(UNIT_NOT_FOUND)
  return {
    report: unitConsumption(own, units, lastMonth),
    reference: unit.reference,
    address: `${unit.street} ${unit.houseNumber}${unit.houseNumberSuffix ?? ''}`,
  }
}

/** Issue 16: the monthly consumption information of §6a HeizkostenV (docs/decisions/033). */
const consumptionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/persistence/points-of-delivery/:id/monthly-consumption',
    {
      config: { cachedAnswer: { per: 'scope' } },
      schema: {
        description:
          'Verbrauch je Monat (§ 6a HeizkostenV) einer Verbrauchsstelle über die letzten zwölf vollständigen Monate: je Zählerart der Verbrauch, kWh, Vormonat, Vorjahresmonat und Durchschnitt der Liegenschaft je m².',
        tags: ['points-of-delivery'],
        params: z.strictObject({ id: z.string().min(1).max(40) }),
        response: { 200: UnitConsumptionSchema },
      },
    },
    async (request) => (await unitReport(app.db, request.user, request.params.id)).report,
  )

  app.get(
    '/api/persistence/points-of-delivery/:id/monthly-consumption/:month/pdf',
    {
      compress: false,
      schema: {
        description:
          'Die Verbrauchsinformation einer Verbrauchsstelle für einen der letzten zwölf Monate als einseitiges PDF.',
        tags: ['points-of-delivery'],
        params: z.strictObject({
          id: z.string().min(1).max(40),
          month: z
            .string()
            .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Bitte geben Sie den Monat als JJJJ-MM an.'),
        }),
      },
    },
    async (request, reply) => {
      const { report, reference, address } = await unitReport(
        app.db,
        request.user,
        request.params.id,
      )
      const { month } = request.params
      if (!report.months.includes(month)) throw notFound(MONTH_NOT_AVAILABLE)
      const pdf = consumptionInformationPdf({ reference, address }, report, month)
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
      const lastMonth = lastCompleteMonth(berlinToday())
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
