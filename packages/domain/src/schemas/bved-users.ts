/**
 * The answer of a bved users' file's preview and take-over (decision 063): per M record its unit,
 * what it comes to (nothing, a tenant change report, a move-out reported with its successor) and
 * its errors at their fields. A module of its own, so that screens without the dialog do not carry
 * it.
 */
import { z } from 'zod'
import { BvedErrorSchema } from './bved'
import { CUSTOMER_TYPES } from './files'

/**
 * What an M record comes to: nothing (`unchanged`), a report (`tenantChange`), the move-out of
 * the user the report of another record replaces (`moveOut`), or errors (`error`).
 */
export const BVED_USER_ROW_KINDS = ['unchanged', 'tenantChange', 'moveOut', 'error'] as const
export type BvedUserRowKind = (typeof BVED_USER_ROW_KINDS)[number]

/**
 * The tenant change report a new user becomes, as the form sends it (`TenantChangeSchema`, which
 * checked it): plain texts here, so that the answer's JSON Schema stays exact.
 */
const BvedUserReportSchema = z.object({
  customerType: z.enum(CUSTOMER_TYPES),
  salutation: z.string(),
  NAME1: z.string(),
  NAME2: z.string(),
  AUSZUG: z.string(),
  PLZ: z.string(),
  ORT: z.string(),
  STRASSE: z.string(),
  HAUSNR: z.string(),
  information: z.string().optional(),
})

/** The preview's and the take-over's answer. */
export const BvedUserPreviewSchema = z.object({
  fileName: z.string(),
  /** true: nothing was written. */
  dryRun: z.boolean(),
  /** The same file was taken over for this property before: nothing is reported again. */
  alreadyImported: z.boolean(),
  /** Whether the file can be taken over: no error in it. */
  clean: z.boolean(),
  summary: z.string(),
  rows: z.array(
    z.object({
      line: z.number().int(),
      unitNumber: z.string().nullable(),
      unit: z.object({ pointOfDelivery: z.string(), reference: z.string() }).nullable(),
      name: z.string(),
      occupancyStart: z.string().nullable(),
      occupancyEnd: z.string().nullable(),
      kind: z.enum(BVED_USER_ROW_KINDS),
      /** The tenant change report a new user becomes, as the form sends it. */
      report: BvedUserReportSchema.nullable(),
      note: z.string().nullable(),
      errors: z.array(BvedErrorSchema),
    }),
  ),
  /** Errors of lines that are no M record (the L record, lines that are no record). */
  errors: z.array(BvedErrorSchema),
  /** The tenant change reports made (0 for a preview). */
  created: z.number().int(),
})
export type BvedUserPreview = z.infer<typeof BvedUserPreviewSchema>
