/**
 * Wire shapes of the property / usage-unit routes (spec §7 "Connections, contracts, devices") and of
 * the legacy transaction endpoint (spec §7 "Legacy transaction endpoint").
 */
import { z } from 'zod'
import { CATALOGUE } from '../catalogue'
import { wireShape, wireShapeWithout } from '../catalogue/wire'

const {
  billingObjects,
  contractAccounts,
  contractFeatures,
  contracts,
  contractTariffs,
  deviceAssignments,
  devices,
  deviceTimeSlices,
  objectRelations,
  pointsOfDelivery,
  readingOrders,
} = CATALOGUE

export const PointOfDeliverySchema = z.object(
  wireShapeWithout(pointsOfDelivery, ['companyCode', 'propertyConnection']),
)
export type PointOfDelivery = z.infer<typeof PointOfDeliverySchema>

export const ObjectRelationSchema = z.object(
  wireShapeWithout(objectRelations, ['id', 'companyCode', 'propertyConnection']),
)
export type ObjectRelation = z.infer<typeof ObjectRelationSchema>

/** The answer of the `*-object-relations/:id` routes. */
export const ObjectRelationsSchema = z.object({ items: z.array(ObjectRelationSchema) })
export type ObjectRelations = z.infer<typeof ObjectRelationsSchema>

export const ContractTariffSchema = z.object(
  wireShape(contractTariffs, ['tariffComponent', 'billingVoucher', 'from', 'until']),
)
export type ContractTariff = z.infer<typeof ContractTariffSchema>

export const ContractFeatureSchema = z.object(
  wireShape(contractFeatures, ['contractAttribute', 'value', 'from', 'until']),
)
export type ContractFeature = z.infer<typeof ContractFeatureSchema>

export const ContractSchema = z.object({
  ...wireShape(contracts, [
    'key',
    'contractAccount',
    'businessPartner',
    'contractStatus',
    'pointOfDelivery',
    'externalNumber',
    'from',
    'until',
  ]),
  contractTariff: z.array(ContractTariffSchema),
  contractFeature: z.array(ContractFeatureSchema),
})
export type Contract = z.infer<typeof ContractSchema>

export const ContractAccountSchema = z.object(
  wireShape(contractAccounts, [
    'contractAccount',
    'reference',
    'contractAccountType',
    'businessPartner',
  ]),
)
export type ContractAccount = z.infer<typeof ContractAccountSchema>

export const DeviceTimeSliceSchema = z.object(
  wireShape(deviceTimeSlices, ['from', 'until', 'counterPosition']),
)
export type DeviceTimeSlice = z.infer<typeof DeviceTimeSliceSchema>

/** An assignment as seen from the device. */
export const DeviceAssignmentSchema = z.object(
  wireShape(deviceAssignments, ['billingObject', 'mainMeter', 'from', 'until']),
)
export type DeviceAssignment = z.infer<typeof DeviceAssignmentSchema>

export const DeviceSchema = z.object({
  ...wireShapeWithout(
    devices,
    ['companyCode', 'propertyConnection'],
    // the API document has always called it a number
    { calibrationYear: z.number().nullable() },
  ),
  deviceTimeSlice: z.array(DeviceTimeSliceSchema),
  deviceAssignment: z.array(DeviceAssignmentSchema),
})
export type Device = z.infer<typeof DeviceSchema>

/** An assignment as seen from the billing object. */
export const BillingObjectAssignmentSchema = z.object(
  wireShape(deviceAssignments, ['device', 'mainMeter', 'from', 'until']),
)
export type BillingObjectAssignment = z.infer<typeof BillingObjectAssignmentSchema>

export const BillingObjectSchema = z.object({
  ...wireShapeWithout(billingObjects, ['companyCode', 'propertyConnection']),
  deviceAssignment: z.array(BillingObjectAssignmentSchema),
})
export type BillingObject = z.infer<typeof BillingObjectSchema>

export const ReadingOrderSchema = z.object({
  ...wireShape(readingOrders, ['id', 'pointOfDelivery', 'device', 'readingDate']),
  readingOrderReadingReason: z.array(z.object({ readingReason: z.string() })),
})
export type ReadingOrder = z.infer<typeof ReadingOrderSchema>

// --- Legacy transaction endpoint (POST /api/legacy) ---

/** The object of the form field `json`. */
export const LegacyRequestSchema = z.object({
  action: z.string().default('trans'),
  code: z.string(),
  data: z.unknown().optional(),
  obj: z.string().optional(),
  key: z.string().optional(),
  token: z.string().nullable().optional(),
})
export type LegacyRequest = z.infer<typeof LegacyRequestSchema>
/** What a caller writes (action may be left out). */
export type LegacyRequestInput = z.input<typeof LegacyRequestSchema>

export const LegacyAnswerSchema = z.object({
  success: z.boolean(),
  data: z.unknown(),
  message: z.string(),
  token: z.string().nullable(),
})
export type LegacyAnswer = z.infer<typeof LegacyAnswerSchema>

/** One entry of the data of code ATTRIBUTES. */
export const AttributeRecordSchema = z.object({ ATTRIBUT: z.string(), WERT: z.string() })
export type AttributeRecord = z.infer<typeof AttributeRecordSchema>

/** One entry of the data of code MEASUREMENTS. */
export const MeasurementRecordSchema = z.object({
  SERIALNR: z.string(),
  /** German type-class text (DEVICE_TYPE_CLASSES). */
  TYPKL_TXT: z.string(),
  /** Counter position text, e.g. 'Zählwerk 1'. */
  ZHLPOS_TXT: z.string(),
  /** Reading, decimal string. */
  ASTAND: z.string(),
  /** Reading date, ISO date. */
  ADAT: z.string(),
  /** Difference to the previous reading, decimal string. */
  DIFFREAD: z.string().nullable(),
  MASSREAD_TXT: z.string(),
  /** Reading reason code (READING_REASONS). */
  ABLESEGRUND: z.string(),
})
export type MeasurementRecord = z.infer<typeof MeasurementRecordSchema>
