/**
 * Decision 066: the users of a property's units in one month, and whether the month's information
 * of each is complete (a value of at least one of his series). What the monthly notice is sent for.
 */
import {
  allocatorConversion,
  consumptionUsers,
  isUserMonth,
  monthEnd,
  unitConsumption,
} from '@portal/domain'
import type { Executor } from '../../platform/persistence/database'
import type { SessionUser } from '../../platform/persistence/scope'
import {
  propertyConsumptionUnits,
  propertyContracts,
  propertyMainHeatReadings,
} from './repositories/consumption'

export interface MonthUser {
  pointOfDelivery: string
  reference: string
  businessPartner: string
  name: string
  /** His contract that covers the month's last day. */
  contract: string
  /** The month's information has a value of at least one of his series. */
  complete: boolean
}

/**
 * The users who had a unit of `property` every day of `month` (decision 033), with whether their
 * information of the month is complete. Only units with devices the information reads count.
 */
export async function propertyMonthUsers(
  db: Executor,
  scope: SessionUser,
  property: string,
  month: string,
): Promise<MonthUser[]> {
  const [units, mainHeat, contracts] = await Promise.all([
    propertyConsumptionUnits(db, scope, property, month),
    propertyMainHeatReadings(db, scope, property, month),
    propertyContracts(db, scope, property),
  ])
  const conversion = allocatorConversion(mainHeat, units, month)
  const result: MonthUser[] = []
  for (const unit of units) {
    const own = contracts.filter((c) => c.pointOfDelivery === unit.pointOfDelivery)
    for (const user of consumptionUsers(own, month, month)) {
      if (!isUserMonth(user.periods, month)) continue
      const report = unitConsumption(unit, units, month, user.periods, conversion)
      if (report.series.length === 0) continue
      const complete = report.series.some(
        (series) => series.months.find((m) => m.month === month)?.consumption != null,
      )
      const end = monthEnd(month)
      // he had the unit every day of the month: a contract covers its last day
      const covering = user.periods.find(
        (p) => p.from <= end && (p.until === null || p.until >= end),
      )!
      result.push({
        pointOfDelivery: unit.pointOfDelivery,
        reference: unit.reference,
        businessPartner: user.businessPartner,
        name: user.name,
        contract: covering.contract,
        complete,
      })
    }
  }
  return result
}
