/**
 * The annual billing information of § 6a Abs. 3 HeizkostenV for a heating distribution (decision
 * 067): the energy carriers, taxes and fees from its lines and CO2 split, the contacts and the
 * dispute-resolution text of the customer configuration, and for one user of one unit his energy
 * in the period against the average user and his previous period, adjusted for the weather where
 * the provider delivered degree days. The rules are the domain's (`costs/billing-information.ts`).
 */
import {
  DEFAULT_BILLING_INFORMATION,
  addYears,
  dayBefore,
  FUEL_COST_TYPES,
  assumedEnergyCarrier,
  changePercent,
  consumptionUsers,
  energyCarrierShares,
  isEnergyCarrierCode,
  kwhText,
  meteringFees,
  monthOf,
  monthsOfPeriod,
  periodAllocatorKwhPerUnit,
  periodConsumption,
  periodEnergy,
  scaleThousandths,
  taxesAndLevies,
  weatherFactor,
  type BillingInformation,
  type BillingInformationConfig,
  type BillingInformationPeriod,
  type BillingInformationUser,
  type ContractPeriod,
  type DegreeDayMonth,
  type DeviceReading,
  type EnergyCarrierCode,
  type PeriodEnergy,
} from '@portal/domain'
import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm'
import { notFound } from '../../platform/http-errors'
import type { Executor } from '../../platform/persistence/database'
import {
  degreeDays,
  operatingCostsExpenses,
  valueListEntries,
} from '../../platform/persistence/schema'
import type { SessionUser } from '../../platform/persistence/scope'
import {
  mainHeatReadingsBetween,
  propertyUnitsBetween,
  unitContracts,
  type ConsumptionUnit,
} from '../consumption/index'
import { co2SplitOf } from './co2-split-figures'
import type { DistributionRow } from './repositories/operating-costs'
import { VALUE_LIST_FIELD, VALUE_LIST_TABLE_OF } from './value-list'

export const UNIT_NOT_IN_PROPERTY_MESSAGE =
  'Die Nutzeinheit gehört nicht zur Liegenschaft dieser Abrechnung.'
/** The statuses whose figures are not final: open, recorded, released (§4). */
const PROVISIONAL_STATUSES = new Set(['O', 'E', 'F'])

const NO_DEGREE_DAYS =
  'Für diesen Zeitraum hat der Messdienstleister keine Gradtagzahlen geliefert; der Heizenergieverbrauch ist daher nicht witterungsbereinigt.'
const PREVIOUS_NOT_WHOLE =
  'Ein Vergleich mit dem vorherigen Abrechnungszeitraum ist nur möglich, wenn dieselbe Person die Nutzeinheit in beiden Zeiträumen ganz genutzt hat.'

/** Whose figures: a unit and, for a manager, a partner; a resident's are fixed by his contract. */
export interface BillingInformationChoice {
  pointOfDelivery?: string | undefined
  businessPartner?: string | undefined
  /** A resident: only this unit, only this partner; no other unit is offered. */
  onlyOwn?: boolean
}

const maxDay = (a: string, b: string) => (a > b ? a : b)
const minDay = (a: string, b: string) => (a < b ? a : b)

/** The cost types of the lines with their names and bved keys (the service fee included). */
async function costTypeNames(db: Executor, row: DistributionRow, keys: readonly string[]) {
  if (keys.length === 0) return new Map<string, { name: string; bvedCode: string | null }>()
  const rows = await db
    .select({
      key: valueListEntries.key,
      name: valueListEntries.name,
      bvedCode: valueListEntries.bvedCode,
    })
    .from(valueListEntries)
    .where(
      and(
        eq(valueListEntries.companyCode, row.companyCode),
        eq(valueListEntries.tableName, VALUE_LIST_TABLE_OF.heating),
        eq(valueListEntries.fieldName, VALUE_LIST_FIELD),
        eq(valueListEntries.product, row.product),
        eq(valueListEntries.productVersion, row.productVersion),
        eq(valueListEntries.obj, 'TARIF'),
        inArray(valueListEntries.key, [...keys]),
      ),
    )
    .orderBy(asc(valueListEntries.validFrom))
  // the newest validity wins
  return new Map(rows.map((r) => [r.key, { name: r.name, bvedCode: r.bvedCode }]))
}

/** The user of the unit in the period: the chosen partner, else who had it on its last day. */
function periodUser(
  contracts: Awaited<ReturnType<typeof unitContracts>>,
  row: DistributionRow,
  partner: string | undefined,
) {
  const users = consumptionUsers(contracts, monthOf(row.from), monthOf(row.until))
  if (partner !== undefined) return users.find((u) => u.businessPartner === partner) ?? null
  const onLastDay = users.find((u) =>
    u.periods.some((p) => p.from <= row.until && (p.until === null || p.until >= row.until)),
  )
  return onLastDay ?? users.at(-1) ?? null
}

/** The user's first and last day within a period; null when he had no day of it. */
function spanWithin(periods: readonly ContractPeriod[], from: string, until: string) {
  const inside = periods.filter((p) => p.from <= until && (p.until === null || p.until >= from))
  if (inside.length === 0) return null
  const first = maxDay(from, inside.map((p) => p.from).sort()[0]!)
  const ends = inside.map((p) => p.until ?? until).sort()
  return { first, last: minDay(until, ends.at(-1)!) }
}

interface PeriodFigures {
  energy: PeriodEnergy
  period: BillingInformationPeriod
}

function periodFigures(
  unit: ConsumptionUnit,
  allUnits: readonly ConsumptionUnit[],
  mainHeat: readonly DeviceReading[],
  span: { first: string; last: string },
  balance: { from: string; until: string },
  days: readonly DegreeDayMonth[],
): PeriodFigures {
  const perUnit = periodAllocatorKwhPerUnit(
    mainHeat,
    allUnits.map((u) => u.readings),
    balance.from,
    balance.until,
  )
  const energy = periodEnergy(periodConsumption(unit.readings, span.first, span.last), perUnit)
  const weather = weatherFactor(monthsOfPeriod(span.first, span.last), days)
  return {
    energy,
    period: {
      from: span.first,
      until: span.last,
      heatingKwh: energy.heating === null ? null : kwhText(energy.heating),
      hotWaterKwh: energy.hotWater === null ? null : kwhText(energy.hotWater),
      heatingKwhWeatherAdjusted:
        energy.heating === null || weather.factor === null
          ? null
          : kwhText(scaleThousandths(energy.heating, weather.factor)),
      weatherFactor: weather.factor === null ? null : weather.factorText,
      degreeDays: weather.factor === null ? null : weather.degreeDays,
      longTermDegreeDays: weather.factor === null ? null : weather.longTermDegreeDays,
    },
  }
}

/** Nr. 4: the property's units with an area and complete figures, per m², applied to the unit. */
function averageUser(
  unit: ConsumptionUnit,
  allUnits: readonly ConsumptionUnit[],
  mainHeat: readonly DeviceReading[],
  span: { first: string; last: string },
  balance: { from: string; until: string },
): BillingInformationUser['average'] {
  const perUnit = periodAllocatorKwhPerUnit(
    mainHeat,
    allUnits.map((u) => u.readings),
    balance.from,
    balance.until,
  )
  const totals = { heating: { kwh: 0, area: 0 }, hotWater: { kwh: 0, area: 0 } }
  for (const other of allUnits) {
    const area = other.area === null ? 0 : Number(other.area)
    if (!(area > 0)) continue
    const energy = periodEnergy(periodConsumption(other.readings, span.first, span.last), perUnit)
    for (const medium of ['heating', 'hotWater'] as const) {
      const value = energy[medium]
      if (value === null) continue
      totals[medium].kwh += value
      totals[medium].area += area
    }
  }
  const ownArea = unit.area === null ? null : Number(unit.area)
  const perSquareMetre = (medium: 'heating' | 'hotWater') =>
    totals[medium].area > 0 ? totals[medium].kwh / totals[medium].area : null
  const text = (thousandths: number | null, digits: number) =>
    thousandths === null ? null : (thousandths / 1000).toFixed(digits)
  const heating = perSquareMetre('heating')
  const hotWater = perSquareMetre('hotWater')
  return {
    heatingKwhPerSquareMetre: text(heating, 2),
    hotWaterKwhPerSquareMetre: text(hotWater, 2),
    heatingKwh: heating === null || !ownArea ? null : text(heating * ownArea, 1),
    hotWaterKwh: hotWater === null || !ownArea ? null : text(hotWater * ownArea, 1),
  }
}

/** The user part (Nr. 4 and 5) for the chosen unit; null for a unit nobody used in the period. */
async function userFigures(
  db: Executor,
  user: SessionUser,
  row: DistributionRow,
  unit: ConsumptionUnit,
  allUnits: readonly ConsumptionUnit[],
  choice: BillingInformationChoice,
): Promise<BillingInformationUser | null> {
  const contracts = await unitContracts(db, user, unit.pointOfDelivery)
  const chosen = periodUser(contracts, row, choice.businessPartner)
  if (!chosen) return null
  const span = spanWithin(chosen.periods, row.from, row.until)
  if (!span) return null
  const previousFrom = addYears(row.from, -1)
  const previousUntil = addYears(row.until, -1)
  const [mainHeat, days] = await Promise.all([
    mainHeatReadingsBetween(
      db,
      user,
      row.propertyConnection,
      dayBefore(addYears(row.from, -1)),
      row.until,
    ),
    db
      .select({
        month: degreeDays.month,
        degreeDays: degreeDays.degreeDays,
        longTermDegreeDays: degreeDays.longTermDegreeDays,
      })
      .from(degreeDays)
      .where(
        and(
          eq(degreeDays.propertyConnection, row.propertyConnection),
          eq(degreeDays.companyCode, row.companyCode),
          gte(degreeDays.month, monthOf(previousFrom)),
          lte(degreeDays.month, monthOf(row.until)),
        ),
      ),
  ])
  const balance = { from: row.from, until: row.until }
  const current = periodFigures(unit, allUnits, mainHeat, span, balance, days)
  const wholeCurrent = span.first === row.from && span.last === row.until
  const previousSpan = spanWithin(chosen.periods, previousFrom, previousUntil)
  const wholePrevious =
    previousSpan !== null &&
    previousSpan.first === previousFrom &&
    previousSpan.last === previousUntil
  const previous =
    wholeCurrent && wholePrevious
      ? periodFigures(
          unit,
          allUnits,
          mainHeat,
          previousSpan,
          { from: previousFrom, until: previousUntil },
          days,
        )
      : null
  // weather-adjusted where both periods have degree days, else as measured (the note says so)
  const bothAdjusted =
    current.period.heatingKwhWeatherAdjusted !== null &&
    previous?.period.heatingKwhWeatherAdjusted != null
  const heatingOf = (figures: PeriodFigures | null) =>
    (bothAdjusted ? figures?.period.heatingKwhWeatherAdjusted : figures?.period.heatingKwh) ?? null
  const currentHeating = heatingOf(current)
  const previousHeating = heatingOf(previous)
  return {
    pointOfDelivery: unit.pointOfDelivery,
    reference: unit.reference,
    area: unit.area,
    current: current.period,
    previous: previous?.period ?? null,
    previousMissing: previous === null ? PREVIOUS_NOT_WHOLE : null,
    heatingChangePercent:
      currentHeating === null || previousHeating === null
        ? null
        : changePercent(
            Math.round(Number(currentHeating) * 1000),
            Math.round(Number(previousHeating) * 1000),
          ),
    heatingChangeWeatherAdjusted: bothAdjusted,
    average: averageUser(unit, allUnits, mainHeat, span, balance),
    weatherNote:
      current.period.weatherFactor === null ||
      (previous !== null && previous.period.weatherFactor === null)
        ? NO_DEGREE_DAYS
        : null,
  }
}

/**
 * The billing information of a distribution the caller may see (the caller checked it). `user` is
 * the scope the figures are read in; `choice` names the unit and user of the comparison.
 */
export async function billingInformationOf(
  db: Executor,
  user: SessionUser,
  row: DistributionRow,
  choice: BillingInformationChoice,
  config: BillingInformationConfig | undefined,
): Promise<BillingInformation> {
  const [split, lines] = await Promise.all([
    co2SplitOf(db, row),
    db
      .select({
        tariffComponent: operatingCostsExpenses.tariffComponent,
        quantity: operatingCostsExpenses.quantity,
        unit: operatingCostsExpenses.unit,
        energyCarrier: operatingCostsExpenses.energyCarrier,
        amount: operatingCostsExpenses.amountTransactionCurrency,
        amountNet: operatingCostsExpenses.amountNet,
        from: operatingCostsExpenses.from,
        until: operatingCostsExpenses.until,
      })
      .from(operatingCostsExpenses)
      .where(
        and(
          eq(operatingCostsExpenses.operatingCostsDistribution, row.operatingCostsDistribution),
          eq(operatingCostsExpenses.kind, 'heating'),
        ),
      )
      .orderBy(operatingCostsExpenses.createdAt, operatingCostsExpenses.guid),
  ])
  const types = await costTypeNames(db, row, [...new Set(lines.map((l) => l.tariffComponent))])
  const carrierOf = (line: (typeof lines)[number]): EnergyCarrierCode =>
    split.corrections.energyCarrier ??
    (isEnergyCarrierCode(line.energyCarrier) ? line.energyCarrier : assumedEnergyCarrier(line.unit))
  const fuelLines = lines.filter((line) => FUEL_COST_TYPES.includes(line.tariffComponent))
  const districtHeating = split.fuels.some((fuel) => fuel.energyCarrier === 'FERNWAERME')

  const units = await propertyUnitsBetween(
    db,
    user,
    row.propertyConnection,
    dayBefore(addYears(row.from, -1)),
    row.until,
  )
  const offered = choice.onlyOwn
    ? units.filter((u) => u.pointOfDelivery === choice.pointOfDelivery)
    : units
  const wanted = choice.pointOfDelivery ?? offered[0]?.pointOfDelivery
  const unit = offered.find((u) => u.pointOfDelivery === wanted)
  if (choice.pointOfDelivery !== undefined && !unit) throw notFound(UNIT_NOT_IN_PROPERTY_MESSAGE)
  const contacts = config ?? DEFAULT_BILLING_INFORMATION

  return {
    operatingCostsDistribution: row.operatingCostsDistribution,
    from: row.from,
    until: row.until,
    operatingCostsDistributionStatus: row.operatingCostsDistributionStatus,
    provisional: PROVISIONAL_STATUSES.has(row.operatingCostsDistributionStatus),
    energyCarriers: energyCarrierShares(split.fuels),
    districtHeating: districtHeating
      ? {
          emissionsKg: split.emissionsSource === 'invoice' ? split.emissionsKg : null,
          primaryEnergyFactor: split.corrections.primaryEnergyFactor,
        }
      : null,
    taxes: taxesAndLevies(
      fuelLines.map((line) => ({
        energyCarrier: carrierOf(line),
        quantity: line.quantity,
        amount: line.amount,
        amountNet: line.amountNet,
        from: line.from ?? row.from,
        until: line.until ?? row.until,
      })),
      split.co2Cost,
    ),
    meteringFees: meteringFees(
      lines.map((line) => ({
        bvedCode: types.get(line.tariffComponent)?.bvedCode ?? null,
        name: types.get(line.tariffComponent)?.name ?? line.tariffComponent,
        amount: line.amount,
      })),
    ),
    consumerAdvice: contacts.consumerAdvice,
    disputeResolution: contacts.disputeResolution,
    units: offered.map((u) => ({ pointOfDelivery: u.pointOfDelivery, reference: u.reference })),
    user: unit ? await userFigures(db, user, row, unit, units, choice) : null,
  }
}
