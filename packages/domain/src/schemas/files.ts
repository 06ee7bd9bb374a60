/**
 * Wire shapes of files, invoices, the tenant change and notifications (spec §3, §7 "Files and
 * activities", "Invoices", §8; ARCHITECTURE 3.1, 3.2). Dates are 'YYYY-MM-DD', timestamps ISO. The
 * tenant change carries the German messages of §5 so that the portal's form shows them at the fields
 * and the server answers 400 with the same text.
 */
import { z } from 'zod'
import { CATALOGUE } from '../catalogue'
import { wireShapeWithout } from '../catalogue/wire'
import { SALUTATIONS, TITLES } from '../codes/partner'
import { ALLOWED_UPLOAD_TYPES } from '../codes/upload'
import type { Salutation, Title } from '../codes/partner'
import { REQUIRED_MESSAGE, VALIDATION_MESSAGES } from '../validation/messages'
import { filledText, requiredDate, requiredText } from './form-fields'
import { InvoiceApprovalSchema } from './invoices'

const de = VALIDATION_MESSAGES.de

export { ALLOWED_UPLOAD_TYPES, MAX_UPLOAD_BYTES, type UploadType } from '../codes/upload'
/** The `accept` attribute of a file input: media types and extensions of the allowed types. */
export const UPLOAD_ACCEPT =
  '.pdf,.jpg,.jpeg,.png,.xlsx,.docx,.csv,' + Object.values(ALLOWED_UPLOAD_TYPES).join(',')
export const FILE_TOO_LARGE_MESSAGE = 'Die Datei ist größer als 20 MB.'
/** Decision 044: a chosen file of 0 bytes (not "no file chosen"). */
export const FILE_EMPTY_MESSAGE = 'Die Datei ist leer.'
export const FILE_TYPE_NOT_ALLOWED_MESSAGE =
  'Dieser Dateityp ist nicht erlaubt. Erlaubt sind PDF, JPEG, PNG, XLSX, DOCX und CSV.'
export const FILE_TOO_LARGE_CODE = 'FILE_TOO_LARGE'
export const FILE_TYPE_NOT_ALLOWED_CODE = 'FILE_TYPE_NOT_ALLOWED'
/** The longest stored file name. */
export const FILE_NAME_MAX_LENGTH = 200
/** The longest note of an upload. */
export const UPLOAD_NOTE_MAX_LENGTH = 500
/** Object types of attachments; users upload only KOSTENBELEG. */
export const ATTACHMENT_OBJECT_TYPES = [
  'KOSTENBELEG',
  'RECHNUNG',
  'KORRESPONDENZ',
  'MIETERWECHSEL',
] as const
export const USER_UPLOAD_OBJECT_TYPE = 'KOSTENBELEG'

const { attachments, billingVouchers, correspondences, vouchers } = CATALOGUE

export const AttachmentSchema = z.object(
  wireShapeWithout(attachments, ['companyCode', 'propertyConnection', 'link']),
)
export type Attachment = z.infer<typeof AttachmentSchema>

/** The text fields of `file-upload` next to the `file` part. */
export const FileUploadFieldsSchema = z.strictObject({
  objectType: z.literal(USER_UPLOAD_OBJECT_TYPE, { error: REQUIRED_MESSAGE }),
  objectKey: filledText(),
  note: z
    .string()
    .trim()
    .max(UPLOAD_NOTE_MAX_LENGTH, de.maxLength(UPLOAD_NOTE_MAX_LENGTH))
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional(),
})
export type FileUploadFields = z.infer<typeof FileUploadFieldsSchema>

export const CorrespondenceSchema = z.object(
  wireShapeWithout(correspondences, ['companyCode', 'propertyConnection']),
)
export type Correspondence = z.infer<typeof CorrespondenceSchema>

export const BillingVoucherSchema = z.object({
  ...wireShapeWithout(billingVouchers, ['companyCode', 'propertyConnection']),
  /** §4: the user's decision on an invoice (AR…); null while undecided and for other vouchers. */
  approval: InvoiceApprovalSchema.nullable(),
})
export type BillingVoucher = z.infer<typeof BillingVoucherSchema>

export const VoucherSchema = z.object(
  wireShapeWithout(vouchers, ['companyCode', 'propertyConnection']),
)
export type Voucher = z.infer<typeof VoucherSchema>

export const CUSTOMER_TYPES = ['private', 'company'] as const
export type CustomerType = (typeof CUSTOMER_TYPES)[number]

const SALUTATION_CODES = Object.keys(SALUTATIONS) as [Salutation, ...Salutation[]]
const TITLE_CODES = Object.keys(TITLES) as [Title, ...Title[]]

const optionalText = (max: number) => z.string().trim().max(max, de.maxLength(max)).optional()
const optionalPattern = (pattern: RegExp, message: string, max?: number) => {
  const base = z.string().trim()
  return (max === undefined ? base : base.max(max, de.maxLength(max)))
    .refine((value) => value === '' || pattern.test(value), { message })
    .optional()
}

/** §3: the tenant change form (activity MIETERWECHSEL on a point of delivery). */
export const TenantChangeSchema = z.strictObject({
  customerType: z.enum(CUSTOMER_TYPES, { error: REQUIRED_MESSAGE }),
  salutation: z.enum(SALUTATION_CODES, { error: REQUIRED_MESSAGE }),
  title: z.union([z.enum(TITLE_CODES), z.literal('')]).optional(),
  /** First name (private) or company name (company). */
  NAME1: requiredText(40),
  /** Last name (private) or legal form (company). */
  NAME2: requiredText(40),
  /** Move-out date of the old tenant. */
  AUSZUG: requiredDate(),
  PLZ: filledText().regex(/^\d*$/, de.numbersOnly()).length(5, de.exactLength(5)),
  ORT: requiredText(40),
  STRASSE: requiredText(60),
  HAUSNR: requiredText(10),
  ZUSATZ: optionalText(40),
  POSTFACH: optionalPattern(/^\d+$/, de.numbersOnly(), 10),
  EMAIL: z
    .string()
    .trim()
    .refine((value) => value === '' || z.email().safeParse(value).success, { message: de.email() })
    .optional(),
  TEL: optionalPattern(/^[\d\s+/-]+$/, de.numbersOnly()),
  information: optionalText(1000),
})
export type TenantChange = z.infer<typeof TenantChangeSchema>
/** What the form holds before parsing. */
export type TenantChangeDraft = z.input<typeof TenantChangeSchema>

export const TENANT_CHANGE_ACTIVITY = 'MIETERWECHSEL'
export const TENANT_CHANGE_OBJECT_TYPE = 'VSTELLE'
export const TENANT_CHANGE_SUCCESS_MESSAGE =
  'Vielen Dank. Ihre Meldung wird intern geprüft; bis die Änderung im Portal erscheint, kann es einige Tage dauern.'

/** The `activity` field of `POST activities`. */
export const ActivityInputSchema = z.strictObject({
  activityType: z.literal(TENANT_CHANGE_ACTIVITY),
  objectType: z.literal(TENANT_CHANGE_OBJECT_TYPE),
  objectKey: filledText(),
  payload: TenantChangeSchema,
})
export type ActivityInput = z.infer<typeof ActivityInputSchema>

export const ActivityCreatedSchema = z.object({
  id: z.string(),
  activityType: z.string(),
  objectType: z.string(),
  objectKey: z.string(),
  status: z.string(),
  createdAt: z.string(),
  successMessage: z.string(),
})
export type ActivityCreated = z.infer<typeof ActivityCreatedSchema>

export const NOTIFICATION_KINDS = [
  'TENANT_CHANGE',
  'RELEASED',
  'APPROVAL_DUE',
  'ALARM',
  'SERVICE_ORDER',
] as const
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]
/** Days before the automatic approval in which an approval is reported as due. */
export const APPROVAL_DUE_WITHIN_DAYS = 60

/** The property a notification is about, named as people know it: its name and address. */
export const NotificationPropertySchema = z.object({
  connection: z.string(),
  /** name1 and name2 of the property. */
  name: z.string(),
  /** 'Hauptstraße 12, 04109 Leipzig'. */
  address: z.string(),
})
export type NotificationProperty = z.infer<typeof NotificationPropertySchema>

/** The usage unit a notification is about (a tenant change). */
export const NotificationUnitSchema = z.object({
  pointOfDelivery: z.string(),
  /** The unit's reference ('NE-0001'). */
  reference: z.string(),
  /** Position and location addendum ('2. OG · links'); null when the unit has neither. */
  location: z.string().nullable(),
  /** The unit's street and house number ('Hauptstraße 12b'). */
  address: z.string(),
})
export type NotificationUnit = z.infer<typeof NotificationUnitSchema>

export const NotificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  text: z.string(),
  date: z.string(),
  link: z.string().nullable(),
  /** Null only when the property is no longer visible to the user. */
  property: NotificationPropertySchema.nullable(),
  /** The usage unit of a tenant change; null for the notices about a distribution. */
  unit: NotificationUnitSchema.nullable(),
  /** Whether this user has read the notification as it is now (decision 023). */
  read: z.boolean(),
})
export type Notification = z.infer<typeof NotificationSchema>
export const NotificationsSchema = z.object({ items: z.array(NotificationSchema) })
export type Notifications = z.infer<typeof NotificationsSchema>

/** The most notifications one request marks by id; `all` marks any number. */
export const MAX_NOTIFICATIONS_MARKED = 1000
export const NOTIFICATIONS_READ_TARGET_MESSAGE =
  'Bitte nennen Sie die gelesenen Benachrichtigungen (ids) oder alle (all: true), nicht beides.'

/**
 * Decision 023: marks notifications of the signed-in user as read, those named by their `id`, or
 * all of them. Ids that are not the user's notifications mark nothing.
 */
export const NotificationsReadRequestSchema = z
  .strictObject({
    ids: z.array(z.string().min(1).max(200)).min(1).max(MAX_NOTIFICATIONS_MARKED).optional(),
    all: z.literal(true).optional(),
  })
  .superRefine((value, context) => {
    if ((value.ids === undefined) === (value.all === undefined)) {
      context.addIssue({ code: 'custom', message: NOTIFICATIONS_READ_TARGET_MESSAGE, path: [] })
    }
  })
export type NotificationsReadRequest = z.infer<typeof NotificationsReadRequestSchema>

/** The answer: the ids of the request (or all) that are now read, and how many are left unread. */
export const NotificationsReadSchema = z.object({
  read: z.array(z.string()),
  unread: z.number().int(),
})
export type NotificationsRead = z.infer<typeof NotificationsReadSchema>
