/**
 * The bved consumption-data service, version 1.1 (decision 062), as `arge-consumption-data-1.1.yaml`
 * defines it: a billing unit is a property named by its 9-digit `bvedPropertyNumber`, a residential
 * unit a usage unit named by its 4-digit `bvedUnitNumber`. HTTP Basic with a credential that a
 * user created (platform/auth/consumption-credentials.ts); the call sees what that user sees, and
 * a property he does not see is 404 like one that does not exist.
 */
import {
  BVED_PERIOD_PATTERN,
  BvedConsumptionDataSchema,
  BvedConsumptionSummarySchema,
  CONSUMPTION_MONTHS,
  TIME_ZONE,
  addMonthsTo,
  allocatorConversion,
  bvedResidentialUnitFigures,
  estimatedMonths,
  lastCompleteMonth,
  monthEnd,
  monthsUntil,
  toIsoDate,
  unitConsumption,
  type BvedConsumptionData,
} from '@portal/domain'
import { and, asc, eq, isNotNull } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { notFound } from '../../../platform/http-errors'
import type { Executor } from '../../../platform/persistence/database'
import { connections, pointsOfDelivery } from '../../../platform/persistence/schema'
import { visibleThroughProperty, type SessionUser } from '../../../platform/persistence/scope'
import { propertyConsumptionUnits, propertyMainHeatReadings } from '../repositories/consumption'

export const CONSUMPTION_DATA_PREFIX = '/api/bved/consumption-data/v1.1'
const PERIODS = `${CONSUMPTION_DATA_PREFIX}/billingunits/:mscnumber/consumptions/periods`

const BILLING_UNIT_NOT_FOUND =
  'Eine Liegenschaft mit dieser Liegenschaftsnummer gibt es für diesen Zugang nicht.'
const PERIOD_NOT_FOUND = 'Für diesen Monat liegen keine Verbrauchsdaten vor.'

/** All of a unit's months count: the service gives the unit's consumption, whoever used it. */
const WHOLE_TIME = [{ contract: '', from: '0001-01-01', until: null }]

const MscNumber = z
  .string()
  .regex(/^\d{1,9}$/, 'Die Liegenschaftsnummer besteht aus höchstens neun Ziffern.')

/** Midnight of an ISO day in Berlin, as an RFC 3339 date-time with its offset. */
function berlinMidnight(day: string): string {
  // one o'clock or two in Berlin: before either switch of the clocks on that day
  const offset = new Intl.DateTimeFormat('en', { timeZone: TIME_ZONE, timeZoneName: 'longOffset' })
    .formatToParts(new Date(`${day}T00:00:00Z`))
    .find((part) => part.type === 'timeZoneName')!
    .value.slice(3)
  return `${day}T00:00:00${offset || 'Z'}`
}

/** The property the user sees under this number, with its references; 404 otherwise. */
async function billingUnit(db: Executor, user: SessionUser, mscnumber: string) {
  const [property] = await db
    .select({ connection: connections.connection, erpReference: connections.erpReference })
    .from(connections)
    .where(
      and(
        eq(connections.bvedPropertyNumber, mscnumber),
        visibleThroughProperty(user, {
          companyCode: connections.companyCode,
          propertyConnection: connections.connection,
        }),
      ),
    )
    .orderBy(asc(connections.connection))
    .limit(1)
  if (!property) throw notFound(BILLING_UNIT_NOT_FOUND)
  return {
    connection: property.connection,
    reference: {
      mscnumber,
      ...(property.erpReference ? { pmnumber: property.erpReference } : {}),
    },
  }
}

/**
 * The property's units with a bved number, each with its series of the monthly information over
 * every month (decision 033's figures, not one user's), the estimated months, and the months
 * offered: the last twelve complete ones.
 */
async function propertyFigures(db: Executor, user: SessionUser, connection: string) {
  const lastMonth = lastCompleteMonth(toIsoDate(new Date()))
  const [units, mainHeat, numbers] = await Promise.all([
    propertyConsumptionUnits(db, user, connection, lastMonth),
    propertyMainHeatReadings(db, user, connection, lastMonth),
    db
      .select({
        pointOfDelivery: pointsOfDelivery.pointOfDelivery,
        bvedUnitNumber: pointsOfDelivery.bvedUnitNumber,
        erpReference: pointsOfDelivery.erpReference,
      })
      .from(pointsOfDelivery)
      .where(
        and(
          eq(pointsOfDelivery.propertyConnection, connection),
          isNotNull(pointsOfDelivery.bvedUnitNumber),
          visibleThroughProperty(user, pointsOfDelivery),
        ),
      ),
  ])
  const numberOf = new Map(numbers.map((n) => [n.pointOfDelivery, n]))
  const months = monthsUntil(lastMonth, CONSUMPTION_MONTHS)
  const allocators = allocatorConversion(mainHeat, units, lastMonth)
  const figures = units
    .filter((unit) => numberOf.has(unit.pointOfDelivery))
    .map((unit) => ({
      unit,
      numbers: numberOf.get(unit.pointOfDelivery)!,
      series: unitConsumption(unit, units, lastMonth, WHOLE_TIME, allocators).series,
      estimated: estimatedMonths(unit.readings, months),
    }))
    .sort((a, b) => a.numbers.bvedUnitNumber!.localeCompare(b.numbers.bvedUnitNumber!))
  return { months, figures }
}

/**
 * The months with a consumption of at least one unit, each with the day of the newest value it
 * rests on (the portal keeps no time of an import per reading; decision 062).
 */
function availablePeriods(
  months: readonly string[],
  figures: Awaited<ReturnType<typeof propertyFigures>>['figures'],
) {
  return months.flatMap((month) => {
    const counted = figures.some(({ series }) =>
      series.some((s) => s.months.some((m) => m.month === month && m.consumption !== null)),
    )
    if (!counted) return []
    const from = monthEnd(addMonthsTo(month, -1))
    const until = monthEnd(month)
    let newest = from
    for (const { unit } of figures) {
      for (const reading of unit.readings) {
        if (reading.readingDate > newest && reading.readingDate <= until) {
          newest = reading.readingDate
        }
      }
    }
    return [{ period: month, update: berlinMidnight(newest) }]
  })
}

const consumptionDataRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    PERIODS,
    {
      schema: {
        operationId: 'getConsumptionSummary',
        summary: 'bved-Verbrauchsdaten: verfügbare Monate einer Liegenschaft',
        description:
          'bved-Verbrauchsdatenschnittstelle 1.1 (ARGE HeiWaKo, EED): die Monate, für die Verbrauchsdaten der Liegenschaft vorliegen (die letzten zwölf vollständigen), mit dem Tag des neuesten Werts. `mscnumber` ist die 9-stellige Liegenschaftsnummer (bvedPropertyNumber). HTTP Basic mit einem Zugang aus „Mein Konto“.',
        tags: ['bved'],
        security: [{ basicAuth: [] }],
        params: z.strictObject({ mscnumber: MscNumber }),
        querystring: z.strictObject({
          year: z.coerce
            .number({ error: 'Das Jahr ist eine Zahl von 1900 bis 9999.' })
            .int('Das Jahr ist eine Zahl von 1900 bis 9999.')
            .min(1900, 'Das Jahr ist eine Zahl von 1900 bis 9999.')
            .max(9999, 'Das Jahr ist eine Zahl von 1900 bis 9999.')
            .optional(),
        }),
        response: { 200: BvedConsumptionSummarySchema },
      },
    },
    async (request) => {
      const { reference, connection } = await billingUnit(
        app.db,
        request.user,
        request.params.mscnumber,
      )
      const { months, figures } = await propertyFigures(app.db, request.user, connection)
      const { year } = request.query
      const periods = availablePeriods(
        year === undefined ? months : months.filter((m) => m.startsWith(`${year}-`)),
        figures,
      )
      return { billingunit: { reference, periods } }
    },
  )

  app.get(
    `${PERIODS}/:period`,
    {
      schema: {
        operationId: 'getConsumptionData',
        summary: 'bved-Verbrauchsdaten: Verbrauch je Nutzeinheit in einem Monat',
        description:
          'bved-Verbrauchsdatenschnittstelle 1.1: je Nutzeinheit mit bved-Nummer (bvedUnitNumber) der Verbrauch des Monats je Leistung (HEATING, HOT_WATER) in der Einheit des Zählers, Heizkostenverteiler und Warmwasser zusätzlich umgerechnet in kWh (`converted`), geschätzte Werte (`estimated`), fehlende (`errors`), und als `benchmark` der Durchschnitt einer Nutzeinheit gleicher Größe der Liegenschaft (§ 6a Abs. 2 HeizkostenV). 404 für einen Monat ohne Daten.',
        tags: ['bved'],
        security: [{ basicAuth: [] }],
        params: z.strictObject({
          mscnumber: MscNumber,
          period: z.string().regex(BVED_PERIOD_PATTERN, 'Der Monat hat die Form JJJJ-MM.'),
        }),
        response: { 200: BvedConsumptionDataSchema },
      },
    },
    async (request): Promise<BvedConsumptionData> => {
      const { mscnumber, period } = request.params
      const { reference, connection } = await billingUnit(app.db, request.user, mscnumber)
      const { months, figures } = await propertyFigures(app.db, request.user, connection)
      if (!availablePeriods(months, figures).some((p) => p.period === period)) {
        throw notFound(PERIOD_NOT_FOUND)
      }
      return {
        billingunit: {
          reference,
          period,
          residentialunits: figures.map(({ numbers, series, estimated }) => ({
            reference: {
              mscnumber: numbers.bvedUnitNumber!,
              ...(numbers.erpReference ? { pmnumber: numbers.erpReference } : {}),
            },
            ...bvedResidentialUnitFigures(series, period, estimated),
          })),
        },
      }
    },
  )
}

export default consumptionDataRoutes
