/**
 * The answer of a bved cost file's preview and take-over (decision 061): per record of the file
 * the lines it becomes, the questions a typed line would ask, and its errors at their fields.
 */
import { z } from 'zod'
import { ENERGY_CARRIER_CODES } from '../costs/energy-carriers'
import { EXPENSE_TYPES } from './costs'

/** An error of a bved file: its line, the field with its positions where it is one field's. */
export const BvedErrorSchema = z.object({
  line: z.number().int(),
  field: z
    .object({ name: z.string(), key: z.string(), start: z.number(), end: z.number() })
    .optional(),
  message: z.string(),
})
export type BvedErrorAnswer = z.infer<typeof BvedErrorSchema>

const BvedCostLineSchema = z.object({
  kind: z.enum(EXPENSE_TYPES),
  costTypeName: z.string(),
  tariffComponent: z.string(),
  key: z.string(),
  from: z.string(),
  until: z.string(),
  quantity: z.string().nullable(),
  unit: z.string().nullable(),
  energyCarrier: z.enum(ENERGY_CARRIER_CODES).nullable(),
  amountTransactionCurrency: z.string(),
  apportionableAmount: z.string(),
  deductibleAmount: z.string().nullable(),
  amountNet: z.string().nullable(),
  note: z.string().nullable(),
  /** What a typed line would ask before it is saved (decision 036); taking the file over says yes. */
  questions: z.array(z.string()),
})
export type BvedCostLineAnswer = z.infer<typeof BvedCostLineSchema>

export const BvedCostPreviewSchema = z.object({
  fileName: z.string(),
  /** true: nothing was written. */
  dryRun: z.boolean(),
  /** The same file was taken over into this distribution before: nothing is added again. */
  alreadyImported: z.boolean(),
  /** Whether the file can be taken over: no error in it. */
  clean: z.boolean(),
  summary: z.string(),
  records: z.array(
    z.object({
      line: z.number().int(),
      type: z.string(),
      label: z.string(),
      lines: z.array(BvedCostLineSchema),
      errors: z.array(BvedErrorSchema),
    }),
  ),
  /** Errors of lines that are no record, and of the whole file. */
  errors: z.array(BvedErrorSchema),
  /** The fuel the CO2 split takes from the file, where it names one. */
  co2: z
    .object({ energyCarrier: z.enum(ENERGY_CARRIER_CODES), quantity: z.string().nullable() })
    .nullable(),
  /** The lines written (0 for a preview). */
  created: z.number().int(),
})
export type BvedCostPreview = z.infer<typeof BvedCostPreviewSchema>
