/**
 * What the provider API and the `changes` command exchange (decision 018): the events of the
 * changes feed, and the inputs and answers of the provider's routes. Server-side only: the portal
 * never calls these routes.
 */
import {
  AttachmentSchema,
  DISTRIBUTION_STATUS,
  EXPENSE_TYPES,
  SERVICE_ORDER_STATUS_CODES,
  type DistributionStatus,
} from '@portal/domain'
import { z } from 'zod'

/** A recorded value as it was written then: later fields may be missing in older entries. */
const RecordedSchema = z.record(z.string(), z.unknown())

const STATUSES = Object.keys(DISTRIBUTION_STATUS) as [DistributionStatus, ...DistributionStatus[]]

/** An uploaded file, and where `provider dump` puts its bytes. */
export const ChangedFileSchema = AttachmentSchema.omit({ uploadedBy: true, createdAt: true })
  .extend({
    contentFile: z.string().meta({
      description:
        'Wo `provider dump` (und `GET /api/provider/dump`) die Bytes der Datei ablegt, z. B. `attachments/<id>.pdf`.',
    }),
  })
  .meta({ description: 'Eine hochgeladene Datei (Metadaten; die Bytes liegen im Export).' })
export type ChangedFile = z.infer<typeof ChangedFileSchema>

const envelope = {
  cursor: z.string().meta({
    description: 'Die Position direkt nach diesem Ereignis: `since` setzt hier fort.',
  }),
  at: z.string().meta({ description: 'Zeitpunkt (ISO 8601, UTC).' }),
  user: z.string().meta({ description: 'Der Benutzername im Portal.' }),
  companyCode: z.string().nullable(),
  entity: z.string(),
  key: z.string().meta({ description: 'Der Schlüssel des Datensatzes (entity).' }),
}

const expenseData = {
  operatingCostsDistribution: z.string(),
  kind: z.enum(EXPENSE_TYPES),
  line: RecordedSchema.meta({
    description: 'Die Kostenzeile wie in den Antworten der Kostenerfassung (nach der Änderung).',
  }),
}

const invoiceData = z.object({
  billingVoucher: z.string(),
  invoiceVoucher: z.string().nullable(),
  operatingCostsDistribution: z.string().nullable(),
  status: z.string().nullable(),
  reason: z.string().nullable(),
  previousStatus: z.string().nullable(),
})

const event = <A extends string, D extends z.ZodType>(action: A, data: D, description: string) =>
  z.object({ ...envelope, action: z.literal(action), data }).meta({ description })

/** One event of the changes feed: one thing a portal user did, in the order it happened. */
export const ChangeEventSchema = z.discriminatedUnion('action', [
  event('EXPENSE_ADDED', z.object(expenseData), 'Kostenzeile hinzugefügt.'),
  event(
    'EXPENSE_UPDATED',
    z.object({
      ...expenseData,
      previous: RecordedSchema.meta({ description: 'Die Kostenzeile vor der Änderung.' }),
    }),
    'Kostenzeile geändert.',
  ),
  event(
    'EXPENSE_DELETED',
    z.object({
      ...expenseData,
      line: RecordedSchema.meta({ description: 'Die gelöschte Kostenzeile.' }),
    }),
    'Kostenzeile gelöscht.',
  ),
  event(
    'DISTRIBUTION_STATUS_CHANGED',
    z.object({
      operatingCostsDistribution: z.string(),
      from: z.enum(STATUSES).nullable(),
      to: z.enum(STATUSES).nullable(),
    }),
    'Status einer Kostenverteilung durch den Benutzer geändert: „Kosten erfasst“ (O → E) oder genehmigt (F → G).',
  ),
  event(
    'DISTRIBUTION_DECLINED',
    z.object({
      operatingCostsDistribution: z.string(),
      reason: z.string(),
      activity: z.string().nullable(),
    }),
    'Kostenverteilung mit Begründung abgelehnt (Status bleibt F).',
  ),
  event(
    'CO2_SPLIT_UPDATED',
    z.object({
      operatingCostsDistribution: z.string(),
      corrections: RecordedSchema.meta({
        description:
          'Die Korrekturen der CO2-Kostenaufteilung laut Rechnung nach der Änderung (null: Standard).',
      }),
      previous: RecordedSchema.meta({ description: 'Die Korrekturen vor der Änderung.' }),
    }),
    'Angaben der CO2-Kostenaufteilung laut Rechnung korrigiert.',
  ),
  event('INVOICE_APPROVED', invoiceData, 'Rechnung genehmigt.'),
  event('INVOICE_DECLINED', invoiceData, 'Rechnung mit Begründung abgelehnt.'),
  event(
    'ACTIVITY_CREATED',
    z.object({
      activityType: z.string(),
      objectType: z.string(),
      objectKey: z.string(),
      payload: RecordedSchema.meta({ description: 'Die Angaben der Meldung (Mieterwechsel).' }),
      attachment: ChangedFileSchema.nullable(),
    }),
    'Mieterwechsel gemeldet, mit seinem Anhang.',
  ),
  event(
    'SERVICE_ORDER_CREATED',
    z.object({
      serviceOrder: z
        .string()
        .meta({ description: 'Die Id des Auftrags (für die Statusmeldung).' }),
      kind: z.string().meta({ description: 'ZM, ZO, WH, GT oder NR.' }),
      propertyConnection: z.string(),
      pointOfDelivery: z.string().nullable(),
      devices: z.array(z.string()),
      wishedDate: z.string().nullable(),
      note: z.string(),
      activity: z.string().nullable().meta({
        description: 'Der Mieterwechsel, der den Auftrag selbst erteilt hat; sonst null.',
      }),
    }),
    'Serviceauftrag erteilt (auch die Zwischenablesung eines gemeldeten Mieterwechsels).',
  ),
  event(
    'ATTACHMENT_UPLOADED',
    z.object({ attachment: ChangedFileSchema }),
    'Kostenbeleg hochgeladen.',
  ),
  event(
    'ATTACHMENT_DELETED',
    z.object({ attachment: ChangedFileSchema }),
    'Eigenen Kostenbeleg gelöscht.',
  ),
])
export type ChangeEvent = z.infer<typeof ChangeEventSchema>
export type ChangeAction = ChangeEvent['action']

export const CHANGES_DEFAULT_LIMIT = 1000
export const CHANGES_MAX_LIMIT = 10_000

export const ChangesQuerySchema = z.strictObject({
  since: z
    .string()
    .max(200)
    .optional()
    .meta({ description: 'Der `cursor` der vorigen Antwort; ohne: vom Anfang.' }),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(CHANGES_MAX_LIMIT)
    .default(CHANGES_DEFAULT_LIMIT)
    .meta({ description: `Höchstens so viele Ereignisse (Vorgabe ${CHANGES_DEFAULT_LIMIT}).` }),
})

export const ChangesAnswerSchema = z.object({
  items: z.array(ChangeEventSchema),
  cursor: z.string().meta({
    description:
      'Für den nächsten Abruf (`since`): hinter dem letzten Ereignis, oder am Ende des Protokolls, wenn keines mehr folgt.',
  }),
  more: z.boolean().meta({ description: 'Es folgen weitere Ereignisse (sofort erneut abrufen).' }),
})

export const ProviderStepRequestSchema = z.strictObject({
  operatingCostsDistribution: z.string().trim().min(1).max(200),
})

export const ProviderStepAnswerSchema = z.object({
  operatingCostsDistribution: z.string(),
  operatingCostsDistributionStatus: z.enum(STATUSES),
  version: z.number().int(),
  successMessage: z.string(),
})

/** The provider's report of a service order's state: the order as it is now. */
export const ServiceOrderStatusAnswerSchema = z.object({
  id: z.string(),
  status: z.enum(SERVICE_ORDER_STATUS_CODES),
  statusLabel: z.string(),
  plannedDate: z.string().nullable(),
  cancelReason: z.string().nullable(),
  statusChangedAt: z.string(),
  successMessage: z.string(),
})

const EntityCountsSchema = z.object({
  rows: z.number().int(),
  inserted: z.number().int(),
  updated: z.number().int(),
  deleted: z.number().int().meta({ description: 'Entfernt (nur mit `prune=true`).' }),
})

export const ImportQuerySchema = z.strictObject({
  prune: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true')
    .meta({
      description:
        'Entfernt in den Buchungskreisen des Imports, was er bei den enthaltenen Entitäten nicht mehr enthält (wie `--prune`).',
    }),
})

export const ImportAnswerSchema = z.object({
  entities: z
    .record(z.string(), EntityCountsSchema)
    .meta({ description: 'Je Entität des Formats (z. B. `connections`).' }),
  total: EntityCountsSchema.extend({ unchanged: z.number().int() }),
})

export const ImportRefusedSchema = z
  .object({
    detail: z.string(),
    code: z.literal('IMPORT_REFUSED'),
    issues: z.array(
      z.object({
        file: z.string(),
        line: z.number().int().nullable(),
        field: z.string(),
        message: z.string(),
      }),
    ),
    omitted: z.number().int().meta({ description: 'Weitere Fehler, die nicht aufgeführt sind.' }),
  })
  .meta({
    description:
      'Der Import wurde abgelehnt, nichts wurde geschrieben: jeder Fehler mit Datei, Zeile, Feld und Regel.',
  })
