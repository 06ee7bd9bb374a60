/**
 * Wire shapes of the monthly consumption information (§6a HeizkostenV, decision 033): a unit's months
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

/** A user of the unit (decision 033): a business partner and his contracts on it. */
export const ConsumptionUserSchema = z.object({
  businessPartner: z.string(),
  name: z.string(),
  periods: z.array(
    z.object({ contract: z.string(), from: z.string(), until: z.string().nullable() }),
  ),
})

export const UnitConsumptionSchema = z.object({
  pointOfDelivery: z.string(),
  area: decimal,
  /** The user the months are his; null when no user had the unit in the twelve months. */
  user: ConsumptionUserSchema.nullable(),
  /** The unit's users in the twelve months, oldest first: whom the information can be for. */
  users: z.array(ConsumptionUserSchema),
  /** The months of the twelve that are the user's, oldest first. */
  months: z.array(z.string()),
  series: z.array(
    z.object({
      typeClass,
      medium: z.enum(['heating', 'hotWater']),
      unit,
      kwhPerUnit: z.number().nullable(),
      kwhBasisYear: z.number().nullable(),
      months: z.array(ConsumptionMonthSchema),
    }),
  ),
})
/** The answer for one user of a unit. */
export type UserConsumption = z.infer<typeof UnitConsumptionSchema>

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
