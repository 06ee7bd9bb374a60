/**
 * Wire shapes of the CO2 split of a heating distribution (decision 032):
 * `GET /api/persistence/operating-costs/{id}/co2-split` answers the figures the server computed,
 * `PUT` on the same path stores what the user corrected from the invoice. Amounts are decimal
 * strings with two decimals, kg with one, like every figure of the API.
 */
import { z } from 'zod'
import { CO2_AREA_KINDS, CO2_RESTRICTIONS } from '../costs/co2-codes'
import { ENERGY_CARRIER_CODES } from '../costs/energy-carriers'
import { VALIDATION_MESSAGES } from '../validation/messages'
import { decimalViolation } from '../validation/values'

const INVALID_FORMAT = VALIDATION_MESSAGES.de.invalidFormat()
/** A quantity or kg: at most 11 integer and 3 fraction digits (numeric(14,3)). */
const QUANTITY = { integerDigits: 11, fractionDigits: 3 }
/** A primary energy factor: at most 3 integer and 3 fraction digits (numeric(6,3)). */
const FACTOR = { integerDigits: 3, fractionDigits: 3 }
export const PRIMARY_ENERGY_FACTOR_NEGATIVE_MESSAGE =
  'Der Primärenergiefaktor darf nicht negativ sein.'
/** A CO2 cost: at most 13 integer and 2 fraction digits. */
const AMOUNT = { integerDigits: 13, fractionDigits: 2 }
/**
 * Decision 044: the fuel quantity from the invoice is larger than zero; an empty field (null) takes
 * the fuel lines' sum back, so zero never stands for "not filled in".
 */
export const FUEL_QUANTITY_NOT_POSITIVE_MESSAGE = 'Die Brennstoffmenge muss größer als 0 sein.'
/** The invoice's kg CO2 and CO2 costs are not negative (zero: wood and pellets emit none). */
export const CO2_FIGURE_NEGATIVE_MESSAGE = 'Der Wert laut Rechnung darf nicht negativ sein.'

export const Co2StageSchema = z.object({
  stage: z.number().int(),
  from: z.number(),
  below: z.number().nullable(),
  landlordPercent: z.number(),
  tenantPercent: z.number(),
})

export const Co2FuelFigureSchema = z.object({
  energyCarrier: z.enum(ENERGY_CARRIER_CODES),
  quantity: z.string(),
  quantityUnit: z.string(),
  heatingValueBasis: z.enum(['Hs', 'Hi']).nullable(),
  emissionFactor: z.string().nullable(),
  emissionsKg: z.string().nullable(),
})

/** What the user corrected, as stored: null where the default applies. */
export const Co2SplitCorrectionsSchema = z.object({
  quantity: z.string().nullable(),
  energyCarrier: z.enum(ENERGY_CARRIER_CODES).nullable(),
  emissionsKgInvoice: z.string().nullable(),
  co2CostInvoice: z.string().nullable(),
  areaKind: z.enum(CO2_AREA_KINDS).nullable(),
  restriction: z.enum(CO2_RESTRICTIONS).nullable(),
  /** District heating: the network's primary energy factor (§ 6a Abs. 3 Nr. 1 a HeizkostenV). */
  primaryEnergyFactor: z.string().nullable(),
})
export type Co2SplitCorrections = z.infer<typeof Co2SplitCorrectionsSchema>

export const Co2SplitAnswerSchema = z.object({
  operatingCostsDistribution: z.string(),
  /** The one carrier and its quantity; null when the fuel lines have several. */
  energyCarrier: z.enum(ENERGY_CARRIER_CODES).nullable(),
  quantity: z.string().nullable(),
  quantityUnit: z.string().nullable(),
  heatingValueBasis: z.enum(['Hs', 'Hi']).nullable(),
  emissionFactor: z.string().nullable(),
  /** Whether a fuel line named no carrier and the default was assumed. */
  energyCarrierAssumed: z.boolean(),
  fuels: z.array(Co2FuelFigureSchema),
  emissionsKg: z.string().nullable(),
  emissionsSource: z.enum(['invoice', 'fuel']),
  areaKind: z.enum(CO2_AREA_KINDS),
  areaSquareMetres: z.string().nullable(),
  days: z.number().int(),
  kgPerSquareMetreYear: z.string().nullable(),
  residential: z.boolean(),
  restriction: z.enum(CO2_RESTRICTIONS),
  stage: Co2StageSchema.nullable(),
  landlordPercent: z.number().nullable(),
  co2Cost: z.string().nullable(),
  co2CostSource: z.enum(['invoice', 'price']),
  landlordAmount: z.string().nullable(),
  tenantAmount: z.string().nullable(),
  /** The credit line the landlord's share asks for ('-546.13'); null while incomplete. */
  expectedLandlordLine: z.string().nullable(),
  /** The sum of the recorded CO2 lines; null without one. */
  enteredLandlordLine: z.string().nullable(),
  missing: z.array(z.string()),
  steps: z.array(z.string()),
  corrections: Co2SplitCorrectionsSchema,
  version: z.number().int(),
})
export type Co2SplitAnswer = z.infer<typeof Co2SplitAnswerSchema>

const correction = <T extends z.ZodType>(schema: T) => schema.nullable().optional()
const decimalText = (
  digits: { integerDigits: number; fractionDigits: number },
  sign: 'positive' | 'nonNegative',
  signMessage: string,
) =>
  z
    .string()
    .trim()
    .superRefine((value, context) => {
      const message = decimalViolation(value, digits, {
        formatMessage: INVALID_FORMAT,
        sign,
        signMessage,
      })
      if (message) context.addIssue({ code: 'custom', message })
    })

/**
 * A correction of the split: a field left out stays as stored, `null` takes the default back.
 * `energyCarrier` and `quantity` replace the fuel lines' figures (one fuel as on the invoice).
 */
export const Co2SplitUpdateSchema = z.strictObject({
  quantity: correction(decimalText(QUANTITY, 'positive', FUEL_QUANTITY_NOT_POSITIVE_MESSAGE)),
  energyCarrier: correction(z.enum(ENERGY_CARRIER_CODES, { error: INVALID_FORMAT })),
  emissionsKgInvoice: correction(decimalText(QUANTITY, 'nonNegative', CO2_FIGURE_NEGATIVE_MESSAGE)),
  co2CostInvoice: correction(decimalText(AMOUNT, 'nonNegative', CO2_FIGURE_NEGATIVE_MESSAGE)),
  areaKind: correction(z.enum(CO2_AREA_KINDS, { error: INVALID_FORMAT })),
  restriction: correction(z.enum(CO2_RESTRICTIONS, { error: INVALID_FORMAT })),
  primaryEnergyFactor: correction(
    decimalText(FACTOR, 'nonNegative', PRIMARY_ENERGY_FACTOR_NEGATIVE_MESSAGE),
  ),
})
export type Co2SplitUpdate = z.infer<typeof Co2SplitUpdateSchema>
