/**
 * Wire shapes of the service orders (decision 069): the manager's order
 * (`POST /api/persistence/service-orders`), the list (`GET …?connection=`) and the provider's
 * report of a state (`POST /api/provider/service-orders/{id}/status`). Days are 'YYYY-MM-DD',
 * timestamps ISO.
 */
import { z } from 'zod'
import {
  DEVICE_ORDER_KINDS,
  isWishedDateAllowed,
  SERVICE_ORDER_KIND_CODES,
  SERVICE_ORDER_STATUS_CODES,
  UNIT_ORDER_KINDS,
  WISHED_DATE_IN_PAST_MESSAGE,
} from '../devices/service-orders'
import { toIsoDate } from '../format/date'
import { VALIDATION_MESSAGES } from '../validation/messages'
import { isCalendarDate, IsoDateSchema } from '../validation/values'

const de = VALIDATION_MESSAGES.de

/** The longest note of an order and the longest reason of a cancellation. */
export const SERVICE_ORDER_NOTE_MAX_LENGTH = 500
/** The most devices one order names. */
export const SERVICE_ORDER_MAX_DEVICES = 100

export const SERVICE_ORDER_KIND_MESSAGE = 'Bitte wählen Sie die Art des Auftrags.'
export const SERVICE_ORDER_UNIT_REQUIRED_MESSAGE =
  'Für eine Ablesung wählen Sie bitte die Nutzeinheit.'
export const SERVICE_ORDER_DEVICE_REQUIRED_MESSAGE =
  'Für einen Gerätetausch wählen Sie bitte mindestens ein Gerät.'
export const SERVICE_ORDER_TARGET_REQUIRED_MESSAGE =
  'Bitte wählen Sie die Liegenschaft, eine Nutzeinheit oder Geräte.'
export const SERVICE_ORDER_STATUS_MESSAGE =
  'Bitte nennen Sie einen Status: EINGEGANGEN, GEPLANT, ERLEDIGT oder STORNIERT.'
export const PLANNED_DATE_REQUIRED_MESSAGE =
  'Für den Status „geplant“ ist ein Termin (plannedDate) erforderlich.'
export const PLANNED_DATE_NOT_ALLOWED_MESSAGE =
  'Ein Termin (plannedDate) gehört nur zum Status „geplant“.'
export const CANCEL_REASON_REQUIRED_MESSAGE =
  'Für eine Stornierung ist ein Grund (reason) erforderlich.'
export const CANCEL_REASON_NOT_ALLOWED_MESSAGE = 'Ein Grund (reason) gehört nur zur Stornierung.'

const key = () => z.string().trim().min(1, de.required()).max(40, de.maxLength(40))

/**
 * A manager's order. ZM, ZO and WH are readings of one usage unit; GT names the devices to
 * exchange; NR names a unit, devices or the whole property (`connection`). What is named must
 * belong to one property the user sees (the server checks it: 404 otherwise). The wished day is
 * today or later (Europe/Berlin).
 */
export const ServiceOrderRequestSchema = z
  .strictObject({
    kind: z.enum(SERVICE_ORDER_KIND_CODES, { error: SERVICE_ORDER_KIND_MESSAGE }),
    /** The property; needed only when neither a unit nor devices are named. */
    connection: key().optional(),
    pointOfDelivery: key().optional(),
    devices: z
      .array(key())
      .max(
        SERVICE_ORDER_MAX_DEVICES,
        `Es sind höchstens ${SERVICE_ORDER_MAX_DEVICES} Geräte erlaubt.`,
      )
      .transform((devices) => [...new Set(devices)])
      .optional(),
    wishedDate: IsoDateSchema.refine(
      // an impossible day has its own message
      (day) => !isCalendarDate(day) || isWishedDateAllowed(day, toIsoDate(new Date())),
      { message: WISHED_DATE_IN_PAST_MESSAGE },
    ).optional(),
    note: z
      .string()
      .trim()
      .max(SERVICE_ORDER_NOTE_MAX_LENGTH, de.maxLength(SERVICE_ORDER_NOTE_MAX_LENGTH))
      .default(''),
  })
  .superRefine((order, context) => {
    const devices = order.devices ?? []
    if (UNIT_ORDER_KINDS.includes(order.kind) && order.pointOfDelivery === undefined) {
      context.addIssue({
        code: 'custom',
        message: SERVICE_ORDER_UNIT_REQUIRED_MESSAGE,
        path: ['pointOfDelivery'],
      })
    } else if (DEVICE_ORDER_KINDS.includes(order.kind) && devices.length === 0) {
      context.addIssue({
        code: 'custom',
        message: SERVICE_ORDER_DEVICE_REQUIRED_MESSAGE,
        path: ['devices'],
      })
    } else if (
      order.connection === undefined &&
      order.pointOfDelivery === undefined &&
      devices.length === 0
    ) {
      context.addIssue({
        code: 'custom',
        message: SERVICE_ORDER_TARGET_REQUIRED_MESSAGE,
        path: ['connection'],
      })
    }
  })
export type ServiceOrderRequest = z.infer<typeof ServiceOrderRequestSchema>
/** What the form holds before parsing. */
export type ServiceOrderDraft = z.input<typeof ServiceOrderRequestSchema>

/**
 * The provider's report of an order's state: GEPLANT with its day, STORNIERT with its reason.
 * Which state may follow which is `SERVICE_ORDER_TRANSITIONS` (409 otherwise).
 */
export const ServiceOrderStatusReportSchema = z
  .strictObject({
    status: z.enum(SERVICE_ORDER_STATUS_CODES, { error: SERVICE_ORDER_STATUS_MESSAGE }),
    plannedDate: IsoDateSchema.optional(),
    reason: z
      .string()
      .trim()
      .max(SERVICE_ORDER_NOTE_MAX_LENGTH, de.maxLength(SERVICE_ORDER_NOTE_MAX_LENGTH))
      .optional(),
  })
  .superRefine((report, context) => {
    const planned = report.plannedDate !== undefined
    if (report.status === 'GEPLANT' && !planned) {
      context.addIssue({
        code: 'custom',
        message: PLANNED_DATE_REQUIRED_MESSAGE,
        path: ['plannedDate'],
      })
    } else if (report.status !== 'GEPLANT' && planned) {
      context.addIssue({
        code: 'custom',
        message: PLANNED_DATE_NOT_ALLOWED_MESSAGE,
        path: ['plannedDate'],
      })
    }
    const reason = report.reason !== undefined && report.reason !== ''
    if (report.status === 'STORNIERT' && !reason) {
      context.addIssue({
        code: 'custom',
        message: CANCEL_REASON_REQUIRED_MESSAGE,
        path: ['reason'],
      })
    } else if (report.status !== 'STORNIERT' && reason) {
      context.addIssue({
        code: 'custom',
        message: CANCEL_REASON_NOT_ALLOWED_MESSAGE,
        path: ['reason'],
      })
    }
  })
export type ServiceOrderStatusReport = z.infer<typeof ServiceOrderStatusReportSchema>

/** An order as the manager sees it. */
export const ServiceOrderSchema = z.object({
  id: z.string(),
  kind: z.enum(SERVICE_ORDER_KIND_CODES),
  /** 'Zwischenablesung mit Abrechnung' */
  kindLabel: z.string(),
  status: z.enum(SERVICE_ORDER_STATUS_CODES),
  /** 'geplant' */
  statusLabel: z.string(),
  propertyConnection: z.string(),
  /** name1 and name2 of the property. */
  propertyName: z.string(),
  pointOfDelivery: z.string().nullable(),
  /** The unit's reference ('NE-0001'); null for an order without a unit. */
  unitReference: z.string().nullable(),
  /** Position and location addendum of the unit ('2. OG · links'); null when it has neither. */
  unitLocation: z.string().nullable(),
  devices: z.array(
    z.object({
      device: z.string(),
      serialNumber: z.string().nullable(),
      typeClass: z.string().nullable(),
    }),
  ),
  wishedDate: z.string().nullable(),
  plannedDate: z.string().nullable(),
  cancelReason: z.string().nullable(),
  note: z.string(),
  /** The tenant change report that placed the order by itself; null for an order of a manager. */
  activity: z.string().nullable(),
  /** The user who ordered (for a tenant change's order: who reported it). */
  createdBy: z.string(),
  createdAt: z.string(),
  /** When the provider last reported a state; null while it is BESTELLT. */
  statusChangedAt: z.string().nullable(),
})
export type ServiceOrder = z.infer<typeof ServiceOrderSchema>

/** `GET /api/persistence/service-orders`: newest first. */
export const ServiceOrdersSchema = z.object({ items: z.array(ServiceOrderSchema) })
export type ServiceOrders = z.infer<typeof ServiceOrdersSchema>
