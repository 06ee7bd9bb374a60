/**
 * The monthly consumption information of one user of a usage unit (decision 033), for the
 * manager's routes and the resident's (decision 065).
 */
import {
  CONSUMPTION_MONTHS,
  addMonthsTo,
  allocatorConversion,
  consumptionUsers,
  defaultConsumptionUser,
  lastCompleteMonth,
  toIsoDate,
  unitConsumption,
  type UserConsumption,
} from '@portal/domain'
import { and, eq } from 'drizzle-orm'
import { notFound } from '../../platform/http-errors'
import type { Executor } from '../../platform/persistence/database'
import { pointsOfDelivery } from '../../platform/persistence/schema'
import { visibleThroughProperty, type SessionUser } from '../../platform/persistence/scope'
import {
  propertyConsumptionUnits,
  propertyMainHeatReadings,
  unitContracts,
} from './repositories/consumption'

export const UNIT_NOT_FOUND = 'Die Verbrauchsstelle wurde nicht gefunden.'
const USER_NOT_FOUND =
  'Dieser Geschäftspartner war in den letzten zwölf Monaten nicht Nutzer dieser Nutzeinheit.'
export const MONTH_NOT_AVAILABLE = 'Für diesen Monat liegt keine Verbrauchsinformation vor.'

/**
 * The information for one user of the unit (decision 033): his months only, his comparisons only
 * from them (§6a Abs. 2 HeizkostenV, §6b; docs/decisions/033).
 */
export async function unitReport(
  db: Executor,
  user: SessionUser,
  id: string,
  partner: string | undefined,
  /** false: a partner who was no user in the twelve months gets no months, not a 404. */
  partnerMustBeUser = true,
): Promise<{ report: UserConsumption; reference: string; address: string }> {
  const [unit] = await db
    .select()
    .from(pointsOfDelivery)
    .where(
      and(eq(pointsOfDelivery.pointOfDelivery, id), visibleThroughProperty(user, pointsOfDelivery)),
    )
  if (!unit) throw notFound(UNIT_NOT_FOUND)
  const today = toIsoDate(new Date())
  const lastMonth = lastCompleteMonth(today)
  const [units, mainHeat, contracts] = await Promise.all([
    propertyConsumptionUnits(db, user, unit.propertyConnection, lastMonth),
    propertyMainHeatReadings(db, user, unit.propertyConnection, lastMonth),
    unitContracts(db, user, id),
  ])
  const own = units.find((u) => u.pointOfDelivery === id)
  if (!own) throw notFound(UNIT_NOT_FOUND)
  const users = consumptionUsers(
    contracts,
    addMonthsTo(lastMonth, 1 - CONSUMPTION_MONTHS),
    lastMonth,
  )
  const chosen =
    partner === undefined
      ? defaultConsumptionUser(users, today)
      : (users.find((u) => u.businessPartner === partner) ?? null)
  if (partner !== undefined && !chosen && partnerMustBeUser) throw notFound(USER_NOT_FOUND)
  const report = unitConsumption(
    own,
    units,
    lastMonth,
    chosen?.periods ?? [],
    allocatorConversion(mainHeat, units, lastMonth),
  )
  return {
    report: { ...report, user: chosen, users },
    reference: unit.reference,
    address: `${unit.street} ${unit.houseNumber}${unit.houseNumberSuffix ?? ''}`,
  }
}
