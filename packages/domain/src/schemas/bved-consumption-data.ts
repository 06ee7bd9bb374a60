/**
 * The answers of the bved consumption-data service 1.1 (decision 062), shaped as the schemas of
 * `arge-consumption-data-1.1.yaml` (its names, in lower case as there); the server's tests validate
 * every answer against that file itself.
 */
import { z } from 'zod'
import { BVED_SERVICES, BVED_UNITS_OF_MEASURE } from '../bved/consumption-data'

const PeriodIdSchema = z.string().regex(/^\d{4}-\d{2}$/)

const BillingUnitReferenceSchema = z.object({
  mscnumber: z.string().min(1).max(9),
  pmnumber: z.string().min(1).max(20).optional(),
})

export const BvedConsumptionSummarySchema = z.object({
  billingunit: z.object({
    reference: BillingUnitReferenceSchema,
    periods: z.array(z.object({ period: PeriodIdSchema, update: z.string() })),
  }),
})
export type BvedConsumptionSummary = z.infer<typeof BvedConsumptionSummarySchema>

export const BvedConsumptionDataSchema = z.object({
  billingunit: z.object({
    reference: BillingUnitReferenceSchema,
    period: PeriodIdSchema,
    residentialunits: z.array(
      z.object({
        reference: z.object({
          mscnumber: z.string().min(1).max(4),
          pmnumber: z.string().min(1).max(20).optional(),
        }),
        consumptions: z.array(
          z.object({
            service: z.enum(BVED_SERVICES),
            unitofmeasure: z.enum(BVED_UNITS_OF_MEASURE),
            amount: z.number().optional(),
            converted: z.boolean(),
            estimated: z.boolean(),
            errors: z.boolean(),
          }),
        ),
        benchmarks: z.array(
          z.object({
            service: z.enum(BVED_SERVICES),
            unitofmeasure: z.enum(BVED_UNITS_OF_MEASURE),
            amount: z.number(),
          }),
        ),
      }),
    ),
  }),
})
export type BvedConsumptionData = z.infer<typeof BvedConsumptionDataSchema>

/** A credential of the service as its owner sees it: never the password. */
export const ConsumptionCredentialSchema = z.object({
  id: z.string(),
  name: z.string(),
  userName: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
})
export type ConsumptionCredential = z.infer<typeof ConsumptionCredentialSchema>

export const ConsumptionCredentialsSchema = z.object({
  items: z.array(ConsumptionCredentialSchema),
})

/** The answer of the creation: the one time the password is shown. */
export const CreatedConsumptionCredentialSchema = ConsumptionCredentialSchema.extend({
  password: z.string(),
})
export type CreatedConsumptionCredential = z.infer<typeof CreatedConsumptionCredentialSchema>
