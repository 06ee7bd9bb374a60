/**
 * The bved consumption-data service, version 1.1 (ARGE HeiWaKo, `arge-consumption-data-1.1.yaml`;
 * decision 062): a property's monthly consumption per residential unit, as an ERP fetches it to
 * inform its residents (§6a HeizkostenV). The figures are those of the monthly information
 * (decision 033) of the unit as a whole, whoever used it: the ERP knows its tenants.
 */
import {
  CONSUMPTION_TYPE_CLASSES,
  type ConsumptionSeries,
  type ConsumptionTypeClass,
} from '../consumption/monthly-consumption'

export const BVED_SERVICES = ['HEATING', 'HOT_WATER', 'COOLING', 'COLD_WATER'] as const
export type BvedService = (typeof BVED_SERVICES)[number]
export const BVED_UNITS_OF_MEASURE = ['KWH', 'HCU', 'M3'] as const
export type BvedUnitOfMeasure = (typeof BVED_UNITS_OF_MEASURE)[number]

/** The service and unit of each series of the monthly information. */
export const BVED_SERIES: Readonly<
  Record<ConsumptionTypeClass, { service: BvedService; unitofmeasure: BvedUnitOfMeasure }>
> = {
  HZ: { service: 'HEATING', unitofmeasure: 'KWH' },
  HV: { service: 'HEATING', unitofmeasure: 'HCU' },
  WA: { service: 'HOT_WATER', unitofmeasure: 'KWH' },
  WW: { service: 'HOT_WATER', unitofmeasure: 'M3' },
}

export interface BvedConsumption {
  service: BvedService
  unitofmeasure: BvedUnitOfMeasure
  /** Absent when `errors`: no consumption can be given. */
  amount?: number
  /** Allocator units or hot water in m³ converted to kWh (§6a Abs. 2 Nr. 1: "in Kilowattstunden"). */
  converted: boolean
  estimated: boolean
  errors: boolean
}

export interface BvedBenchmark {
  service: BvedService
  unitofmeasure: BvedUnitOfMeasure
  amount: number
}

export interface BvedResidentialUnitFigures {
  consumptions: BvedConsumption[]
  benchmarks: BvedBenchmark[]
}

/** A decimal string of the monthly information (three decimals) as the service's number. */
const amountOf = (value: string) => Number(value)

/** `value` × `factor` to three decimals, half away from zero (the monthly information's rounding). */
function times(value: string, factor: number): number {
  const product = Number(value) * factor
  return (Math.sign(product) * Math.round(Math.abs(product) * 1000)) / 1000
}

/**
 * One residential unit's consumptions and benchmarks in `month`, from its series of the monthly
 * information computed over every month (not one user's):
 * - each series in its own unit (`converted: false`); a month whose value is missing has
 *   `errors: true` and no amount;
 * - allocator units and hot water in m³ also in kWh (`converted: true`) where the factor is known
 *   (the property's heat per allocator unit, 125 kWh per m³ of §9 Abs. 2);
 * - `estimated` where a value of the month is the provider's estimate (`estimated` of the class);
 * - the benchmark of each: the property's average unit of this unit's size
 *   (`averageForArea`, §6a Abs. 2 Nr. 3 "Durchschnittsendnutzer"), in the same units.
 */
export function bvedResidentialUnitFigures(
  series: readonly ConsumptionSeries[],
  month: string,
  estimated: ReadonlyMap<ConsumptionTypeClass, ReadonlySet<string>>,
): BvedResidentialUnitFigures {
  const consumptions: BvedConsumption[] = []
  const benchmarks: BvedBenchmark[] = []
  const ordered = [...series].sort(
    (a, b) =>
      CONSUMPTION_TYPE_CLASSES.indexOf(a.typeClass) - CONSUMPTION_TYPE_CLASSES.indexOf(b.typeClass),
  )
  for (const one of ordered) {
    const values = one.months.find((m) => m.month === month)
    if (!values) continue
    const { service, unitofmeasure } = BVED_SERIES[one.typeClass]
    const isEstimated = estimated.get(one.typeClass)?.has(month) ?? false
    const convertible = unitofmeasure !== 'KWH' && one.kwhPerUnit !== null
    if (values.consumption === null) {
      consumptions.push({
        service,
        unitofmeasure,
        converted: false,
        estimated: isEstimated,
        errors: true,
      })
    } else {
      consumptions.push({
        service,
        unitofmeasure,
        amount: amountOf(values.consumption),
        converted: false,
        estimated: isEstimated,
        errors: false,
      })
      if (convertible && values.kwh !== null) {
        consumptions.push({
          service,
          unitofmeasure: 'KWH',
          amount: amountOf(values.kwh),
          converted: true,
          estimated: isEstimated,
          errors: false,
        })
      }
    }
    if (values.averageForArea !== null) {
      benchmarks.push({ service, unitofmeasure, amount: amountOf(values.averageForArea) })
      if (convertible) {
        benchmarks.push({
          service,
          unitofmeasure: 'KWH',
          amount: times(values.averageForArea, one.kwhPerUnit!),
        })
      }
    }
  }
  return { consumptions, benchmarks }
}

/** `2026-10` as the service's period id and back: the monthly information's months as they are. */
export const BVED_PERIOD_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/
