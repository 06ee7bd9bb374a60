/**
 * ARCHITECTURE 3.5: the interchange format, the one way the provider's data enters or leaves the
 * portal in bulk. One NDJSON file per entity (one JSON object a line, UTF-8), the files of the
 * attachments beside them in `attachments/`. A record is the row of the data model in the API's
 * field names; its key (`key`) is the provider's own id and stays the same from one import to the
 * next, so an import is an upsert and running it twice changes nothing.
 *
 * The entities are listed in dependency order: a record refers only to records of entities before
 * it (and, for a building, to its property in the same file), except a contract tariff's billing
 * voucher. `references` names every reference the import checks: the referenced record must be in
 * the import or in the database, and where `same` says so it must belong to the same company code
 * (and property). Every entity with `companyCode` refers to a company code, every entity with
 * `propertyConnection` to that property (a connection whose own `propertyConnection` is itself).
 */
import { z } from 'zod'
import { CONTRACT_ACCOUNT_TYPES, CONTRACT_STATUS } from '../codes/contract'
import { DISTRIBUTION_STATUS } from '../codes/distribution'
import { ENERGY_CARRIER_CODES } from '../costs/energy-carriers'
import { codesOf } from '../codes/label'
import { ALLOWED_UPLOAD_TYPES, MAX_UPLOAD_BYTES } from '../schemas/files'
import {
  amount,
  boolean,
  code,
  date,
  integer,
  key,
  optional,
  quantity,
  serialId,
  sha256,
  text,
  timestamp,
  uuid,
} from './fields'

/** The message for a property whose `propertyConnection` is not itself, or a building's that is. */
export const PROPERTY_CONNECTION_MESSAGE =
  'Eine Liegenschaft (ohne parentConnection) ist ihre eigene propertyConnection; ein Gebäude gehört zur Liegenschaft seines übergeordneten Anschlusses.'
export const CONTENT_FILE_MESSAGE =
  'Bitte den Pfad der Datei im Ordner attachments/ angeben, z. B. "attachments/5eed0002-0000-4000-8000-000000000001.pdf".'

const companyCode = key

const CompanyCodeRecordSchema = z.strictObject({
  companyCode: key(),
  name: text(),
  city: text(),
})

const PartnerRecordSchema = z.strictObject({
  businessPartner: key(),
  companyCode: companyCode(),
  name1: text(),
  name2: text().optional(),
  street: optional(text()),
  houseNumber: optional(text()),
  houseNumberSuffix: optional(text()),
  postalCode: optional(text()),
  city: optional(text()),
  mail: optional(text()),
  phone: optional(text()),
})

const ProductRecordSchema = z.strictObject({
  product: key(),
  companyCode: companyCode(),
  name: text(),
  productVersion: text(),
})

const ProductTariffAssignmentRecordSchema = z.strictObject({
  id: serialId(),
  companyCode: companyCode(),
  product: key(),
  supplySegment: text(),
  tariffComponent: text(),
  active: boolean().optional(),
})

const ConnectionRecordSchema = z
  .strictObject({
    connection: key(),
    companyCode: companyCode(),
    parentConnection: optional(key()),
    propertyConnection: key(),
    name1: text(),
    name2: text().optional(),
    street: text(),
    houseNumber: text(),
    houseNumberSuffix: optional(text()),
    postalCode: text(),
    city: text(),
  })
  .superRefine((record, context) => {
    const isProperty = record.parentConnection == null
    if (isProperty !== (record.propertyConnection === record.connection)) {
      context.addIssue({
        code: 'custom',
        path: ['propertyConnection'],
        message: PROPERTY_CONNECTION_MESSAGE,
      })
    }
  })

const ConnectionFeatureRecordSchema = z.strictObject({
  id: serialId(),
  connection: key(),
  connectionAttributes: text(),
  value: optional(text()),
  from: optional(date()),
  until: optional(date()),
})

const ObjectAttributeRecordSchema = z.strictObject({
  id: serialId(),
  companyCode: companyCode(),
  propertyConnection: key(),
  objectType: text(),
  objectKey: text(),
  name: text(),
  value: text(),
})

const PointOfDeliveryRecordSchema = z.strictObject({
  pointOfDelivery: key(),
  companyCode: companyCode(),
  propertyConnection: key(),
  connection: key(),
  reference: text(),
  street: text(),
  houseNumber: text(),
  houseNumberSuffix: optional(text()),
  position: optional(text()),
  locationAddendum: optional(text()),
})

const ObjectRelationRecordSchema = z.strictObject({
  id: serialId(),
  companyCode: companyCode(),
  propertyConnection: key(),
  sourceType: text(),
  sourceKey: text(),
  targetType: text(),
  targetKey: text(),
  role: optional(text()),
  from: optional(date()),
  until: optional(date()),
})

const MEDIA_TYPES = Object.values(ALLOWED_UPLOAD_TYPES) as [string, ...string[]]

const ContractAccountRecordSchema = z.strictObject({
  contractAccount: key(),
  companyCode: companyCode(),
  propertyConnection: key(),
  businessPartner: key(),
  reference: text(),
  contractAccountType: code(codesOf(CONTRACT_ACCOUNT_TYPES)),
})

const ContractRecordSchema = z.strictObject({
  key: key(),
  companyCode: companyCode(),
  propertyConnection: key(),
  pointOfDelivery: key(),
  contractAccount: key(),
  businessPartner: key(),
  contractStatus: code(codesOf(CONTRACT_STATUS)),
  externalNumber: optional(text()),
  from: date(),
  until: optional(date()),
})

const ContractTariffRecordSchema = z.strictObject({
  id: serialId(),
  contract: key(),
  tariffComponent: text(),
  billingVoucher: optional(key()),
  from: optional(date()),
  until: optional(date()),
})

const ContractFeatureRecordSchema = z.strictObject({
  id: serialId(),
  contract: key(),
  contractAttribute: text(),
  value: optional(text()),
  from: optional(date()),
  until: optional(date()),
})

const BillingObjectRecordSchema = z.strictObject({
  key: key(),
  companyCode: companyCode(),
  propertyConnection: key(),
  pointOfDelivery: key(),
})

const DeviceRecordSchema = z.strictObject({
  key: key(),
  companyCode: companyCode(),
  propertyConnection: key(),
  serialNumber: text(),
  segment: text(),
  typeClass: text(),
  room: optional(text()),
  installationDate: optional(date()),
  removalDate: optional(date()),
  calibrationYear: optional(integer()),
  meterClass: optional(text()),
})

const DeviceTimeSliceRecordSchema = z.strictObject({
  id: serialId(),
  device: key(),
  from: date(),
  until: optional(date()),
  counterPosition: text(),
})

const DeviceAssignmentRecordSchema = z.strictObject({
  id: serialId(),
  device: key(),
  billingObject: key(),
  mainMeter: boolean().optional(),
  from: date(),
  until: optional(date()),
})

const ReadingOrderRecordSchema = z.strictObject({
  id: serialId(),
  companyCode: companyCode(),
  propertyConnection: key(),
  pointOfDelivery: key(),
  device: optional(key()),
  readingDate: date(),
  readingReason: text(),
})

const MeasurementRecordSchema = z.strictObject({
  id: serialId(),
  companyCode: companyCode(),
  propertyConnection: key(),
  device: key(),
  pointOfDelivery: key(),
  readingDate: date(),
  reading: quantity(),
  difference: optional(quantity()),
  readingType: text(),
  readingReason: text(),
})

const OperatingCostsDistributionRecordSchema = z.strictObject({
  operatingCostsDistribution: key(),
  companyCode: companyCode(),
  propertyConnection: key(),
  connection: key(),
  businessPartner: optional(key()),
  product: key(),
  productVersion: text(),
  from: date(),
  until: date(),
  operatingCostsDistributionStatus: code(codesOf(DISTRIBUTION_STATUS)),
  statusChangedAt: timestamp().optional(),
  version: integer({ min: 1 }).optional(),
})

const OperatingCostsExpenseRecordSchema = z.strictObject({
  guid: uuid(),
  companyCode: companyCode(),
  propertyConnection: key(),
  operatingCostsDistribution: key(),
  kind: code(['heating', 'working']),
  tariffComponent: text(),
  supplyArea: optional(text()),
  object: optional(text()),
  key: optional(text()),
  allocationObject: optional(text()),
  allocationRef: optional(text()),
  from: optional(date()),
  until: optional(date()),
  quantity: optional(quantity()),
  unit: optional(text()),
  energyCarrier: optional(code(ENERGY_CARRIER_CODES)),
  amountTransactionCurrency: optional(amount()),
  apportionableAmount: optional(amount()),
  deductibleAmount: optional(amount()),
  amountNet: optional(amount()),
  amountNetApportionable: optional(amount()),
  note: optional(text()),
  createdBy: optional(text()),
  version: integer({ min: 1 }).optional(),
  createdAt: timestamp().optional(),
})

const ValueListEntryRecordSchema = z.strictObject({
  id: serialId(),
  companyCode: companyCode(),
  tableName: text(),
  fieldName: text(),
  product: key(),
  productVersion: text(),
  validFrom: date(),
  validUntil: date(),
  tariffComponent: optional(text()),
  object: optional(text()),
  key: text(),
  obj: optional(text()),
  name: text(),
})

/** A file right inside `attachments/`: one name, not '.' or '..', no separator. */
const CONTENT_FILE = /^attachments\/(?!\.\.?$)[^/\\]+$/

const AttachmentRecordSchema = z.strictObject({
  attachment: uuid(),
  companyCode: companyCode(),
  propertyConnection: key(),
  objectType: text(),
  objectKey: text(),
  fileName: text(),
  mediaType: code(MEDIA_TYPES),
  size: integer({ min: 0, max: MAX_UPLOAD_BYTES }),
  sha256: sha256(),
  note: optional(text()),
  link: optional(text()),
  uploadedBy: optional(text()),
  createdAt: timestamp().optional(),
  /** Where the bytes are: a file in `attachments/` beside the NDJSON files. */
  contentFile: z
    .string({ error: CONTENT_FILE_MESSAGE })
    .regex(CONTENT_FILE, { error: CONTENT_FILE_MESSAGE }),
})

const CorrespondenceRecordSchema = z.strictObject({
  id: key(),
  companyCode: companyCode(),
  propertyConnection: key(),
  form: text(),
  key: text(),
  voucherNumber: text(),
  contract: optional(key()),
  businessPartner: optional(key()),
  pointOfDelivery: optional(key()),
  from: optional(date()),
  until: optional(date()),
  documentDate: date(),
  dueDate: optional(date()),
  attachment: optional(uuid()),
})

const BillingVoucherRecordSchema = z.strictObject({
  billingVoucher: key(),
  invoiceVoucher: text(),
  companyCode: companyCode(),
  propertyConnection: key(),
  operatingCostsDistribution: key(),
  contract: optional(key()),
  contractAccount: optional(key()),
  businessPartner: optional(key()),
  pointOfDelivery: optional(key()),
  from: optional(date()),
  until: optional(date()),
  documentDate: date(),
  dueDate: optional(date()),
  amount: optional(amount()),
  attachment: optional(uuid()),
})

const VoucherRecordSchema = z.strictObject({
  voucherNr: key(),
  position: integer(),
  companyCode: companyCode(),
  propertyConnection: key(),
  voucherDate: date(),
  dueDate: optional(date()),
  contract: optional(key()),
  contractAccount: optional(key()),
  pointsOfDeliveryReference: optional(text()),
  locationAddendum: optional(text()),
  utilisationUnit: optional(text()),
  contractExternalNumber: optional(text()),
  name1: optional(text()),
  name2: optional(text()),
  amount: optional(amount()),
})

/** The entities of the format in dependency order (see the module comment). */
export const INTERCHANGE_ENTITY_NAMES = [
  'companyCodes',
  'partners',
  'products',
  'productTariffAssignments',
  'connections',
  'connectionFeatures',
  'objectAttributes',
  'pointsOfDelivery',
  'objectRelations',
  'contractAccounts',
  'contracts',
  'contractTariffs',
  'contractFeatures',
  'billingObjects',
  'devices',
  'deviceTimeSlices',
  'deviceAssignments',
  'readingOrders',
  'measurements',
  'operatingCostsDistributions',
  'operatingCostsExpenses',
  'valueListEntries',
  'attachments',
  'correspondences',
  'billingVouchers',
  'vouchers',
] as const

export type InterchangeEntityName = (typeof INTERCHANGE_ENTITY_NAMES)[number]

/** How a referenced record must belong with the referencing one. */
export type ReferenceScope = 'companyCode' | 'property'

export interface InterchangeReference {
  /** The referencing field. */
  field: string
  /** The referenced entity; the field holds its key. */
  entity: InterchangeEntityName
  /** Same company code, or same company code and property; absent: any. */
  same?: ReferenceScope
}

interface EntityDefinition {
  /** The file in the folder of an import. */
  file: string
  /** German name of the entity for messages and the documentation. */
  title: string
  description: string
  /** The fields that identify a record. */
  key: readonly string[]
  schema: z.ZodObject<Record<string, z.ZodType>>
  /** The references beside `companyCode` and `propertyConnection` (which every entity checks). */
  references: readonly InterchangeReference[]
  /**
   * Fields that may be left out although not null: a new record gets the database's default
   * (now, 1, '', true, false), an existing one keeps its value.
   */
  defaulted: readonly string[]
  /** A complete record, shown in docs/interchange.md and in the JSON Schema. */
  example: Record<string, unknown>
}

const ref = (
  field: string,
  entity: InterchangeEntityName,
  same?: ReferenceScope,
): InterchangeReference => (same ? { field, entity, same } : { field, entity })

const PROPERTY = '1000000001'
const UNIT = 'V1000000001'

/** Each entity of the format: file, key, schema, references, an example. */
export const INTERCHANGE_ENTITIES: Readonly<Record<InterchangeEntityName, EntityDefinition>> = {
  companyCodes: {
    file: 'company-codes.ndjson',
    title: 'Buchungskreise',
    description: 'Die Buchungskreise (Kunden des Anbieters); jede andere Zeile nennt ihren.',
    key: ['companyCode'],
    schema: CompanyCodeRecordSchema,
    references: [],
    defaulted: [],
    example: { companyCode: '1000', name: 'Hausverwaltung Rhein-Main GmbH', city: 'Frankfurt' },
  },
  partners: {
    file: 'partners.ndjson',
    title: 'Geschäftspartner',
    description: 'Eigentümer, Verwalter, Mieter und Ansprechpartner.',
    key: ['businessPartner'],
    schema: PartnerRecordSchema,
    references: [],
    defaulted: ['name2'],
    example: {
      businessPartner: 'P1000000001',
      companyCode: '1000',
      name1: 'Helga',
      name2: 'Sommerfeld',
      street: 'Kettenhofweg',
      houseNumber: '112',
      houseNumberSuffix: null,
      postalCode: '60325',
      city: 'Frankfurt am Main',
      mail: 'helga.sommerfeld@example.com',
      phone: '069 7238841',
    },
  },
  products: {
    file: 'products.ndjson',
    title: 'Produkte',
    description: 'Abrechnungsprodukte mit ihrer Version (Heiz- und Betriebskosten, Heizkosten).',
    key: ['product'],
    schema: ProductRecordSchema,
    references: [],
    defaulted: [],
    example: {
      product: 'HBK1000',
      companyCode: '1000',
      name: 'Heiz- und Betriebskostenabrechnung',
      productVersion: '0002',
    },
  },
  productTariffAssignments: {
    file: 'product-tariff-assignments.ndjson',
    title: 'Tarifzuordnungen der Produkte',
    description: 'Welche Kostenarten (Tarifbestandteile) ein Produkt abrechnet.',
    key: ['id'],
    schema: ProductTariffAssignmentRecordSchema,
    references: [ref('product', 'products', 'companyCode')],
    defaulted: ['active'],
    example: {
      id: '1',
      companyCode: '1000',
      product: 'HBK1000',
      supplySegment: 'HK',
      tariffComponent: 'HK_BRENNSTOFF',
      active: true,
    },
  },
  connections: {
    file: 'connections.ndjson',
    title: 'Anschlussobjekte',
    description:
      'Liegenschaften (ohne parentConnection) und ihre Gebäude (mit parentConnection) mit Anschrift.',
    key: ['connection'],
    schema: ConnectionRecordSchema,
    references: [ref('parentConnection', 'connections', 'property')],
    defaulted: ['name2'],
    example: {
      connection: PROPERTY,
      companyCode: '1000',
      parentConnection: null,
      propertyConnection: PROPERTY,
      name1: 'Sommerfeld, Helga',
      name2: 'Mehrfamilienhaus',
      street: 'Walter-Nernst-Str.',
      houseNumber: '35',
      houseNumberSuffix: 'a',
      postalCode: '65185',
      city: 'Wiesbaden',
    },
  },
  connectionFeatures: {
    file: 'connection-features.ndjson',
    title: 'Merkmale der Anschlussobjekte',
    description:
      'Zeitabhängige Merkmale: HW (Heizkostenabrechnung aktiv), HE (Eigentümer: value ist der Geschäftspartner) …',
    key: ['id'],
    schema: ConnectionFeatureRecordSchema,
    references: [ref('connection', 'connections')],
    defaulted: [],
    example: {
      id: '1',
      connection: PROPERTY,
      connectionAttributes: 'HW',
      value: 'X',
      from: '2012-07-01',
      until: '9999-12-31',
    },
  },
  objectAttributes: {
    file: 'object-attributes.ndjson',
    title: 'Stammdaten-Attribute',
    description:
      'Codierte Stammdaten einer Liegenschaft oder Nutzeinheit (PR Produkt, WF Wohnfläche, BJ Baujahr …).',
    key: ['id'],
    schema: ObjectAttributeRecordSchema,
    references: [],
    defaulted: [],
    example: {
      id: '1',
      companyCode: '1000',
      propertyConnection: PROPERTY,
      objectType: 'VSTELLE',
      objectKey: UNIT,
      name: 'WF',
      value: '72.20',
    },
  },
  pointsOfDelivery: {
    file: 'points-of-delivery.ndjson',
    title: 'Verbrauchsstellen (Nutzeinheiten)',
    description: 'Die Nutzeinheiten einer Liegenschaft oder eines ihrer Gebäude.',
    key: ['pointOfDelivery'],
    schema: PointOfDeliveryRecordSchema,
    references: [ref('connection', 'connections', 'property')],
    defaulted: [],
    example: {
      pointOfDelivery: UNIT,
      companyCode: '1000',
      propertyConnection: PROPERTY,
      connection: PROPERTY,
      reference: 'NE-0001',
      street: 'Walter-Nernst-Str.',
      houseNumber: '35',
      houseNumberSuffix: 'a',
      position: '001',
      locationAddendum: 'EG links',
    },
  },
  objectRelations: {
    file: 'object-relations.ndjson',
    title: 'Objektbeziehungen',
    description:
      'Verknüpfungen einer Liegenschaft oder Nutzeinheit mit Verträgen, Ansprechpartnern und Abrechnungsobjekten.',
    key: ['id'],
    schema: ObjectRelationRecordSchema,
    references: [],
    defaulted: [],
    example: {
      id: '1',
      companyCode: '1000',
      propertyConnection: PROPERTY,
      sourceType: 'VSTELLE',
      sourceKey: UNIT,
      targetType: 'VERTRAG',
      targetKey: 'VT1000000001',
      role: null,
      from: '2023-04-01',
      until: '2023-06-30',
    },
  },
  contractAccounts: {
    file: 'contract-accounts.ndjson',
    title: 'Vertragskonten',
    description: 'Vertragskonten der Geschäftspartner (VKW Wohnen, VKG Gewerbe, VKT technisch).',
    key: ['contractAccount'],
    schema: ContractAccountRecordSchema,
    references: [ref('businessPartner', 'partners', 'companyCode')],
    defaulted: [],
    example: {
      contractAccount: 'VK1000000001',
      companyCode: '1000',
      propertyConnection: PROPERTY,
      businessPartner: 'P1000000001',
      reference: 'L1000-000001',
      contractAccountType: 'VKT',
    },
  },
  contracts: {
    file: 'contracts.ndjson',
    title: 'Verträge',
    description: 'Miet- und Leerstandsverträge einer Nutzeinheit.',
    key: ['key'],
    schema: ContractRecordSchema,
    references: [
      ref('pointOfDelivery', 'pointsOfDelivery', 'property'),
      ref('contractAccount', 'contractAccounts', 'property'),
      ref('businessPartner', 'partners', 'companyCode'),
    ],
    defaulted: [],
    example: {
      key: 'VT1000000001',
      companyCode: '1000',
      propertyConnection: PROPERTY,
      pointOfDelivery: UNIT,
      contractAccount: 'VK1000000001',
      businessPartner: 'P1000000001',
      contractStatus: 'L',
      externalNumber: 'MV-2023-00001',
      from: '2023-04-01',
      until: '2023-06-30',
    },
  },
  contractTariffs: {
    file: 'contract-tariffs.ndjson',
    title: 'Tarife der Verträge',
    description: 'Tarifbestandteile (Vorauszahlungen) eines Vertrags, mit dem abrechnenden Beleg.',
    key: ['id'],
    schema: ContractTariffRecordSchema,
    references: [ref('contract', 'contracts'), ref('billingVoucher', 'billingVouchers')],
    defaulted: [],
    example: {
      id: '1',
      contract: 'VT1000000001',
      tariffComponent: 'HKVOR',
      billingVoucher: 'AB1000000011',
      from: '2023-04-01',
      until: '2023-06-30',
    },
  },
  contractFeatures: {
    file: 'contract-features.ndjson',
    title: 'Merkmale der Verträge',
    description: 'Zeitabhängige Merkmale eines Vertrags (NUTZEINH …).',
    key: ['id'],
    schema: ContractFeatureRecordSchema,
    references: [ref('contract', 'contracts')],
    defaulted: [],
    example: {
      id: '1',
      contract: 'VT1000000001',
      contractAttribute: 'NUTZEINH',
      value: 'NE-0001',
      from: '2023-04-01',
      until: '2023-06-30',
    },
  },
  billingObjects: {
    file: 'billing-objects.ndjson',
    title: 'Abrechnungsobjekte',
    description: 'Über sie erreichen die Geräte ihre Nutzeinheit.',
    key: ['key'],
    schema: BillingObjectRecordSchema,
    references: [ref('pointOfDelivery', 'pointsOfDelivery', 'property')],
    defaulted: [],
    example: {
      key: 'AO1000000001',
      companyCode: '1000',
      propertyConnection: PROPERTY,
      pointOfDelivery: UNIT,
    },
  },
  devices: {
    file: 'devices.ndjson',
    title: 'Geräte',
    description: 'Zähler und Heizkostenverteiler, auch ausgebaute.',
    key: ['key'],
    schema: DeviceRecordSchema,
    references: [],
    defaulted: [],
    example: {
      key: 'G1000000001',
      companyCode: '1000',
      propertyConnection: PROPERTY,
      serialNumber: '3156710776',
      segment: '03',
      typeClass: 'KW',
      room: 'Bad',
      installationDate: '2017-06-15',
      removalDate: '2022-03-15',
      calibrationYear: 2017,
      meterClass: 'R100',
    },
  },
  deviceTimeSlices: {
    file: 'device-time-slices.ndjson',
    title: 'Zeitscheiben der Geräte',
    description: 'Zählwerke eines Geräts über die Zeit.',
    key: ['id'],
    schema: DeviceTimeSliceRecordSchema,
    references: [ref('device', 'devices')],
    defaulted: [],
    example: {
      id: '1',
      device: 'G1000000001',
      from: '2017-06-15',
      until: '2022-03-15',
      counterPosition: '1',
    },
  },
  deviceAssignments: {
    file: 'device-assignments.ndjson',
    title: 'Gerätezuordnungen',
    description:
      'Welches Gerät wann an welchem Abrechnungsobjekt hängt; mainMeter für Hauptzähler.',
    key: ['id'],
    schema: DeviceAssignmentRecordSchema,
    references: [ref('device', 'devices'), ref('billingObject', 'billingObjects')],
    defaulted: ['mainMeter'],
    example: {
      id: '1',
      device: 'G1000000001',
      billingObject: 'AO1000000001',
      mainMeter: false,
      from: '2017-06-15',
      until: '2022-03-15',
    },
  },
  readingOrders: {
    file: 'reading-orders.ndjson',
    title: 'Ableseaufträge',
    description: 'Geplante und erledigte Ablesungen einer Nutzeinheit.',
    key: ['id'],
    schema: ReadingOrderRecordSchema,
    references: [
      ref('pointOfDelivery', 'pointsOfDelivery', 'property'),
      ref('device', 'devices', 'property'),
    ],
    defaulted: [],
    example: {
      id: '1',
      companyCode: '1000',
      propertyConnection: PROPERTY,
      pointOfDelivery: UNIT,
      device: null,
      readingDate: '2021-12-31',
      readingReason: 'AB',
    },
  },
  measurements: {
    file: 'measurements.ndjson',
    title: 'Ablesungen',
    description: 'Zählerstände mit Ableseart und -grund.',
    key: ['id'],
    schema: MeasurementRecordSchema,
    references: [
      ref('device', 'devices', 'property'),
      ref('pointOfDelivery', 'pointsOfDelivery', 'property'),
    ],
    defaulted: [],
    example: {
      id: '1',
      companyCode: '1000',
      propertyConnection: PROPERTY,
      device: 'G1000000001',
      pointOfDelivery: UNIT,
      readingDate: '2021-06-30',
      reading: '175.428',
      difference: null,
      readingType: 'Funkablesung',
      readingReason: 'ZO',
    },
  },
  operatingCostsDistributions: {
    file: 'operating-costs-distributions.ndjson',
    title: 'Kostenverteilungen',
    description:
      'Die Abrechnung eines Jahres einer Liegenschaft mit ihrem Status (O, E, V, F, G, S).',
    key: ['operatingCostsDistribution'],
    schema: OperatingCostsDistributionRecordSchema,
    references: [
      ref('connection', 'connections', 'property'),
      ref('product', 'products', 'companyCode'),
      ref('businessPartner', 'partners', 'companyCode'),
    ],
    defaulted: ['statusChangedAt', 'version'],
    example: {
      operatingCostsDistribution: `${PROPERTY}-2020`,
      companyCode: '1000',
      propertyConnection: PROPERTY,
      connection: PROPERTY,
      businessPartner: 'P1000000001',
      product: 'HBK1000',
      productVersion: '0002',
      from: '2020-01-01',
      until: '2020-12-31',
      operatingCostsDistributionStatus: 'G',
      statusChangedAt: '2021-09-30T09:30:00+00:00',
      version: 1,
    },
  },
  operatingCostsExpenses: {
    file: 'operating-costs-expenses.ndjson',
    title: 'Kostenpositionen',
    description:
      'Heiz- (kind heating) und Betriebskostenpositionen (kind working) einer Verteilung, die des Anbieters (HK_DLP) wie die der Benutzer.',
    key: ['guid'],
    schema: OperatingCostsExpenseRecordSchema,
    references: [ref('operatingCostsDistribution', 'operatingCostsDistributions', 'property')],
    defaulted: ['version', 'createdAt'],
    example: {
      guid: '5eed0001-0000-4000-8000-000000000001',
      companyCode: '1000',
      propertyConnection: PROPERTY,
      operatingCostsDistribution: `${PROPERTY}-2020`,
      kind: 'heating',
      tariffComponent: 'HK_BRENNSTOFF',
      supplyArea: 'HK',
      object: 'ANSCHLUSS',
      key: 'VERB',
      allocationObject: PROPERTY,
      allocationRef: PROPERTY,
      from: '2020-01-01',
      until: '2020-12-31',
      quantity: '112514.000',
      unit: 'kWh',
      energyCarrier: 'ERDGAS_H',
      amountTransactionCurrency: '10530.82',
      apportionableAmount: '10530.82',
      deductibleAmount: '0.00',
      amountNet: '8849.43',
      amountNetApportionable: '8849.43',
      note: 'Erdgaslieferung Stadtwerke',
      createdBy: 'system',
      version: 1,
      createdAt: '2021-02-20T10:00:00+00:00',
    },
  },
  valueListEntries: {
    file: 'value-list-entries.ndjson',
    title: 'Wertelisten',
    description:
      'Kostenarten, Verteilerschlüssel, Objekttypen und Beziehungen je Produkt, Version und Zeitraum.',
    key: ['id'],
    schema: ValueListEntryRecordSchema,
    references: [ref('product', 'products', 'companyCode')],
    defaulted: [],
    example: {
      id: '1',
      companyCode: '1000',
      tableName: 'tb_uti_bkosten_h',
      fieldName: 'SCHLUESSEL',
      product: 'HBK1000',
      productVersion: '0002',
      validFrom: '2019-01-01',
      validUntil: '2022-12-31',
      tariffComponent: 'HK_BRENNSTOFF',
      object: null,
      key: 'HK_BRENNSTOFF',
      obj: 'TARIF',
      name: 'Brennstoffkosten',
    },
  },
  attachments: {
    file: 'attachments.ndjson',
    title: 'Anhänge',
    description:
      'Dateien (PDF, JPEG, PNG, XLSX, DOCX, CSV, höchstens 20 MB); die Bytes liegen in der Datei contentFile, size und sha256 müssen zu ihr passen, mediaType zu ihrem Inhalt.',
    key: ['attachment'],
    schema: AttachmentRecordSchema,
    references: [],
    defaulted: ['createdAt'],
    example: {
      attachment: '5eed0002-0000-4000-8000-000000000001',
      companyCode: '1000',
      propertyConnection: PROPERTY,
      objectType: 'KORRESPONDENZ',
      objectKey: `${PROPERTY}-2020`,
      fileName: `Gesamtabrechnung_${PROPERTY}-2020.pdf`,
      mediaType: 'application/pdf',
      size: 1393,
      sha256: 'e06cee429d8834d9ed5646d0450f200bcc44d4519d5d85ca4c2bad86f48c16f4',
      note: 'Gesamtabrechnung 2020',
      link: null,
      uploadedBy: null,
      createdAt: '2021-06-20T11:00:00+00:00',
      contentFile: 'attachments/5eed0002-0000-4000-8000-000000000001.pdf',
    },
  },
  correspondences: {
    file: 'correspondences.ndjson',
    title: 'Korrespondenz',
    description: 'Schreiben an die Geschäftspartner, mit ihrem Anhang.',
    key: ['id'],
    schema: CorrespondenceRecordSchema,
    references: [
      ref('contract', 'contracts', 'property'),
      ref('businessPartner', 'partners', 'companyCode'),
      ref('pointOfDelivery', 'pointsOfDelivery', 'property'),
      ref('attachment', 'attachments', 'property'),
    ],
    defaulted: [],
    example: {
      id: 'KR1000000001',
      companyCode: '1000',
      propertyConnection: PROPERTY,
      form: 'HVWZ_HV',
      key: `${PROPERTY}-2022`,
      voucherNumber: 'AR1000000001',
      contract: 'VT1000000004',
      businessPartner: 'P1000000007',
      pointOfDelivery: 'V1000000002',
      from: '2022-01-01',
      until: '2022-12-31',
      documentDate: '2023-06-20',
      dueDate: '2023-07-20',
      attachment: '5eed0002-0000-4000-8000-000000000004',
    },
  },
  billingVouchers: {
    file: 'billing-vouchers.ndjson',
    title: 'Abrechnungsbelege',
    description:
      'Belege einer Verteilung: Rechnungen (AR…) und andere Belege, mit Betrag und Anhang.',
    key: ['billingVoucher'],
    schema: BillingVoucherRecordSchema,
    references: [
      ref('operatingCostsDistribution', 'operatingCostsDistributions', 'property'),
      ref('contract', 'contracts', 'property'),
      ref('contractAccount', 'contractAccounts', 'property'),
      ref('businessPartner', 'partners', 'companyCode'),
      ref('pointOfDelivery', 'pointsOfDelivery', 'property'),
      ref('attachment', 'attachments', 'property'),
    ],
    defaulted: [],
    example: {
      billingVoucher: 'AB1000000001',
      invoiceVoucher: 'AR1000000001',
      companyCode: '1000',
      propertyConnection: PROPERTY,
      operatingCostsDistribution: `${PROPERTY}-2022`,
      contract: 'VT1000000004',
      contractAccount: 'VK1000000004',
      businessPartner: 'P1000000007',
      pointOfDelivery: 'V1000000002',
      from: '2022-01-01',
      until: '2022-12-31',
      documentDate: '2023-06-20',
      dueDate: '2023-07-20',
      amount: '-336.45',
      attachment: '5eed0002-0000-4000-8000-000000000004',
    },
  },
  vouchers: {
    file: 'vouchers.ndjson',
    title: 'Belegpositionen',
    description: 'Die Positionen der Rechnungen, je Beleg und Position.',
    key: ['voucherNr', 'position'],
    schema: VoucherRecordSchema,
    references: [
      ref('contract', 'contracts', 'property'),
      ref('contractAccount', 'contractAccounts', 'property'),
    ],
    defaulted: [],
    example: {
      voucherNr: 'AR1000000001',
      position: 1,
      companyCode: '1000',
      propertyConnection: PROPERTY,
      voucherDate: '2023-06-20',
      dueDate: '2023-07-20',
      contract: 'VT1000000004',
      contractAccount: 'VK1000000004',
      pointsOfDeliveryReference: 'NE-0002',
      locationAddendum: 'EG Mitte',
      utilisationUnit: '002',
      contractExternalNumber: 'MV-2021-00004',
      name1: 'Merle',
      name2: 'Lauckner',
      amount: '29.57',
    },
  },
}

export interface InterchangeEntity extends EntityDefinition {
  name: InterchangeEntityName
  /** Every checked reference, `companyCode` and `propertyConnection` included. */
  references: readonly InterchangeReference[]
  /** The record's field names, in the order of the schema. */
  fields: readonly string[]
}

/** The entities in dependency order, with all their checked references. */
export const INTERCHANGE_ENTITY_LIST: readonly InterchangeEntity[] = INTERCHANGE_ENTITY_NAMES.map(
  (name) => {
    const definition = INTERCHANGE_ENTITIES[name]
    const fields = Object.keys(definition.schema.shape)
    const implicit: InterchangeReference[] = []
    if (name !== 'companyCodes' && fields.includes('companyCode')) {
      implicit.push(ref('companyCode', 'companyCodes'))
    }
    if (fields.includes('propertyConnection')) {
      implicit.push(ref('propertyConnection', 'connections', 'property'))
    }
    return {
      ...definition,
      name,
      fields,
      references: [...implicit, ...definition.references],
    }
  },
)

/** The entity of a file name of an import folder, e.g. 'contracts.ndjson'. */
export function interchangeEntityOfFile(file: string): InterchangeEntity | undefined {
  return INTERCHANGE_ENTITY_LIST.find((entity) => entity.file === file)
}
