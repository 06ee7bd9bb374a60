/**
 * Wire shape of the annual billing information of § 6a Abs. 3 HeizkostenV (decision 067):
 * `GET /api/persistence/operating-costs/{id}/billing-information` for the managers,
 * `GET /api/resident/billing-information/{id}` for a resident. Amounts are decimal strings with two
 * decimals, kWh with one, percentages with one, like every figure of the API.
 */
import { z } from 'zod'
import { ENERGY_CARRIER_CODES } from '../costs/energy-carriers'

export const BillingInformationPeriodSchema = z.object({
  /** The user's first and last day within the billing period (or the period before). */
  from: z.string(),
  until: z.string(),
  /** kWh; null where a reading needed is missing or no device measures the medium. */
  heatingKwh: z.string().nullable(),
  hotWaterKwh: z.string().nullable(),
  /** The heating kWh adjusted for the weather by degree days; null without degree days. */
  heatingKwhWeatherAdjusted: z.string().nullable(),
  /** Long-term over counted degree days of the period's months, four decimals. */
  weatherFactor: z.string().nullable(),
  degreeDays: z.string().nullable(),
  longTermDegreeDays: z.string().nullable(),
})

export const BillingInformationUserSchema = z.object({
  pointOfDelivery: z.string(),
  reference: z.string(),
  /** The heated (else living) area of the unit, m². */
  area: z.string().nullable(),
  current: BillingInformationPeriodSchema,
  /** The same user's previous billing period; null when he did not use the unit all of it. */
  previous: BillingInformationPeriodSchema.nullable(),
  /** Why there is no previous period, in German; null when there is one. */
  previousMissing: z.string().nullable(),
  /** Heating against the previous period, percent; null without both periods' figures. */
  heatingChangePercent: z.string().nullable(),
  /** Whether that change compares weather-adjusted figures (both periods have degree days). */
  heatingChangeWeatherAdjusted: z.boolean(),
  /** The property's units together per m², applied to this unit's area (Nr. 4). */
  average: z.object({
    heatingKwh: z.string().nullable(),
    hotWaterKwh: z.string().nullable(),
    heatingKwhPerSquareMetre: z.string().nullable(),
    hotWaterKwhPerSquareMetre: z.string().nullable(),
  }),
  /** Why the figures are not adjusted for the weather, in German; null when they are. */
  weatherNote: z.string().nullable(),
})

export const BillingInformationSchema = z.object({
  operatingCostsDistribution: z.string(),
  from: z.string(),
  until: z.string(),
  operatingCostsDistributionStatus: z.string(),
  /** Provisional while the distribution is open, recorded or released (O, E, F). */
  provisional: z.boolean(),
  energyCarriers: z.array(
    z.object({
      energyCarrier: z.enum(ENERGY_CARRIER_CODES),
      name: z.string(),
      quantity: z.string(),
      quantityUnit: z.string(),
      kWhHi: z.string(),
      sharePercent: z.string(),
    }),
  ),
  /** Nr. 1 a for district heating: the supplier's kg CO2 and the network's primary energy factor. */
  districtHeating: z
    .object({ emissionsKg: z.string().nullable(), primaryEnergyFactor: z.string().nullable() })
    .nullable(),
  taxes: z.object({
    vat: z.string().nullable(),
    co2Cost: z.string().nullable(),
    energyTax: z.array(
      z.object({
        energyCarrier: z.enum(ENERGY_CARRIER_CODES),
        name: z.string(),
        amount: z.string().nullable(),
        rate: z.string(),
      }),
    ),
  }),
  meteringFees: z.object({
    kinds: z.array(
      z.object({
        kind: z.string(),
        label: z.string(),
        amount: z.string(),
        lines: z.array(z.object({ name: z.string(), amount: z.string() })),
      }),
    ),
    total: z.string(),
  }),
  consumerAdvice: z.array(
    z.object({ name: z.string(), url: z.string(), phone: z.string().optional() }),
  ),
  disputeResolution: z.array(z.string()),
  /** The units a manager may choose; a resident's own only. */
  units: z.array(z.object({ pointOfDelivery: z.string(), reference: z.string() })),
  /** The comparison for the chosen unit's user of the period; null for a unit without devices. */
  user: BillingInformationUserSchema.nullable(),
})
export type BillingInformation = z.infer<typeof BillingInformationSchema>
export type BillingInformationUser = z.infer<typeof BillingInformationUserSchema>
export type BillingInformationPeriod = z.infer<typeof BillingInformationPeriodSchema>

/** A resident's list: the heating distributions of his property that overlap his tenancy. */
export const ResidentBillingPeriodsSchema = z.object({
  items: z.array(
    z.object({ operatingCostsDistribution: z.string(), from: z.string(), until: z.string() }),
  ),
})
export type ResidentBillingPeriods = z.infer<typeof ResidentBillingPeriodsSchema>
