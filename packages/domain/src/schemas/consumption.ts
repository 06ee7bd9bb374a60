/**
 * Wire shapes of the monthly consumption information (§6a HeizkostenV, issue 16): a unit's months
 * and the property overview. Figures are decimal strings with three decimals.
 */
import { z } from 'zod'

const decimal = z.string().nullable()
const typeClass = z.enum(['HZ', 'HV', 'WA', 'WW'])
const unit = z.enum(['kWh', 'm³', 'Einheiten'])

export const ConsumptionMonthSchema = z.object({
  month: z.string(),
  consumption: decimal,
  kwh: decimal,
  previousMonth: decimal,
  sameMonthLastYear: decimal,
  propertyAveragePerSquareMetre: decimal,
  averageForArea: decimal,
})

export const UnitConsumptionSchema = z.object({
  pointOfDelivery: z.string(),
  area: decimal,
  months: z.array(z.string()),
  series: z.array(
    z.object({
      typeClass,
      medium: z.enum(['heating', 'hotWater']),
      unit,
      kwhPerUnit: z.number().nullable(),
      months: z.array(ConsumptionMonthSchema),
    }),
  ),
})

export const PropertyConsumptionSchema = z.object({
  /** The twelve months summed up, 'YYYY-MM'. */
  firstMonth: z.string(),
  lastMonth: z.string(),
  farAbovePercent: z.number(),
  items: z.array(
    z.object({
      pointOfDelivery: z.string(),
      reference: z.string(),
      typeClass,
      unit,
      consumption: decimal,
      perSquareMetre: decimal,
      propertyPerSquareMetre: decimal,
      percentAboveAverage: z.number().nullable(),
      farAboveAverage: z.boolean(),
    }),
  ),
})
export type PropertyConsumption = z.infer<typeof PropertyConsumptionSchema>
