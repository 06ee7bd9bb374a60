/**
 * ARCHITECTURE 3.5: the interchange format, the one way the provider's data enters or leaves the
 * portal in bulk. One NDJSON file per entity (one JSON object a line, UTF-8), the files of the
 * attachments beside them in `attachments/`. A record is the row of the data model in the API's
 * field names; its key (`key`) is the provider's own id and stays the same from one import to the
 * next, so an import is an upsert and running it twice changes nothing.
 *
 * A record's fields, their types and the example come from the catalogue (`../catalogue`); here
 * are what it does not say: each entity's file, key and references, and the rules over fields.
 *
 * The entities are listed in dependency order: a record refers only to records of entities before
 * it (and, for a building, to its property in the same file), except a contract tariff's billing
 * voucher. `references` names every reference the import checks: the referenced record must be in
 * the import or in the database, and where `same` says so it must belong to the same company code
 * (and property): the same property where both entities have one, else the same company code where
 * both have one. Every entity with `companyCode` refers to a company code, every entity with
 * `propertyConnection` to that property (a connection whose own `propertyConnection` is itself).
 */
import { z } from 'zod'
import {
  CATALOGUE,
  defaultedFields,
  exampleRecord,
  snakeCase,
  type CatalogueEntityName,
} from '../catalogue'
import { recordShape } from './records'

/** The message for a property whose `propertyConnection` is not itself, or a building's that is. */
export const PROPERTY_CONNECTION_MESSAGE =
  'Eine Liegenschaft (ohne parentConnection) ist ihre eigene propertyConnection; ein Gebäude gehört zur Liegenschaft seines übergeordneten Anschlusses.'
export const CONTENT_FILE_MESSAGE =
  'Bitte den Pfad der Datei im Ordner attachments/ angeben, z. B. "attachments/5eed0002-0000-4000-8000-000000000001.pdf".'

const ConnectionRecordSchema = z
  .strictObject(recordShape(CATALOGUE.connections))
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

/** The message for a month that is not 'YYYY-MM'. */
export const MONTH_MESSAGE = 'Bitte den Monat als JJJJ-MM angeben, z. B. "2025-01".'

const DegreeDaysRecordSchema = z.strictObject({
  ...recordShape(CATALOGUE.degreeDays),
  month: z
    .string({ error: MONTH_MESSAGE })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: MONTH_MESSAGE }),
})

/** A file right inside `attachments/`: one name, not '.' or '..', no separator. */
const CONTENT_FILE = /^attachments\/(?!\.\.?$)[^/\\]+$/

const AttachmentRecordSchema = z.strictObject({
  ...recordShape(CATALOGUE.attachments),
  /** Where the bytes are: a file in `attachments/` beside the NDJSON files. */
  contentFile: z
    .string({ error: CONTENT_FILE_MESSAGE })
    .regex(CONTENT_FILE, { error: CONTENT_FILE_MESSAGE }),
})

/**
 * The entities of the format in dependency order (see the module comment): the catalogue lists them
 * in that order.
 */
export const INTERCHANGE_ENTITY_NAMES = Object.keys(CATALOGUE) as readonly CatalogueEntityName[]

export type InterchangeEntityName = CatalogueEntityName

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
  /** The file in the folder of an import, named after the entity: 'contract-tariffs.ndjson'. */
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

/**
 * An entity as the catalogue does not describe it. `references`: the fields beside the implicit
 * ones that the import checks. `schema` where the record is more than its catalogue fields (a rule
 * over several fields, a field without a column), `example` for the values of those further fields.
 */
interface EntityDescription extends Pick<EntityDefinition, 'title' | 'description' | 'key'> {
  references?: readonly ReferenceField[]
  schema?: z.ZodObject<Record<string, z.ZodType>>
  example?: Record<string, unknown>
}

const ref = (
  field: string,
  entity: InterchangeEntityName,
  same?: ReferenceScope,
): InterchangeReference => (same ? { field, entity, same } : { field, entity })

/** The entity whose key a reference field holds. */
const REFERENCE_TARGETS = {
  parentConnection: 'connections',
  connection: 'connections',
  product: 'products',
  businessPartner: 'partners',
  pointOfDelivery: 'pointsOfDelivery',
  contractAccount: 'contractAccounts',
  contract: 'contracts',
  billingVoucher: 'billingVouchers',
  billingObject: 'billingObjects',
  device: 'devices',
  operatingCostsDistribution: 'operatingCostsDistributions',
  attachment: 'attachments',
} as const satisfies Readonly<Record<string, InterchangeEntityName>>

type ReferenceField = keyof typeof REFERENCE_TARGETS

/**
 * The reference of `field` of `entity`: the referenced record must belong to the narrowest scope
 * that both entities have, the same property or else the same company code.
 */
function referenceOf(entity: InterchangeEntityName, field: ReferenceField): InterchangeReference {
  const target = REFERENCE_TARGETS[field]
  const bothHave = (scopeField: string) =>
    scopeField in CATALOGUE[entity].fields && scopeField in CATALOGUE[target].fields
  if (bothHave('propertyConnection')) return ref(field, target, 'property')
  return ref(field, target, bothHave('companyCode') ? 'companyCode' : undefined)
}

/** What the catalogue does not say of each entity: its title, its key, its references. */
const DESCRIPTIONS: Readonly<Record<InterchangeEntityName, EntityDescription>> = {
  companyCodes: {
    title: 'Buchungskreise',
    description: 'Die Buchungskreise (Kunden des Anbieters); jede andere Zeile nennt ihren.',
    key: ['companyCode'],
  },
  partners: {
    title: 'Geschäftspartner',
    description: 'Eigentümer, Verwalter, Mieter und Ansprechpartner.',
    key: ['businessPartner'],
  },
  products: {
    title: 'Produkte',
    description: 'Abrechnungsprodukte mit ihrer Version (Heiz- und Betriebskosten, Heizkosten).',
    key: ['product'],
  },
  productTariffAssignments: {
    title: 'Tarifzuordnungen der Produkte',
    description: 'Welche Kostenarten (Tarifbestandteile) ein Produkt abrechnet.',
    key: ['id'],
    references: ['product'],
  },
  connections: {
    title: 'Anschlussobjekte',
    description:
      'Liegenschaften (ohne parentConnection) und ihre Gebäude (mit parentConnection) mit Anschrift.',
    key: ['connection'],
    schema: ConnectionRecordSchema,
    references: ['parentConnection'],
  },
  connectionFeatures: {
    title: 'Merkmale der Anschlussobjekte',
    description:
      'Zeitabhängige Merkmale: HW (Heizkostenabrechnung aktiv), HE (Eigentümer: value ist der Geschäftspartner) …',
    key: ['id'],
    references: ['connection'],
  },
  objectAttributes: {
    title: 'Stammdaten-Attribute',
    description:
      'Codierte Stammdaten einer Liegenschaft oder Nutzeinheit (PR Produkt, WF Wohnfläche, BJ Baujahr …).',
    key: ['id'],
  },
  pointsOfDelivery: {
    title: 'Verbrauchsstellen (Nutzeinheiten)',
    description: 'Die Nutzeinheiten einer Liegenschaft oder eines ihrer Gebäude.',
    key: ['pointOfDelivery'],
    references: ['connection'],
  },
  objectRelations: {
    title: 'Objektbeziehungen',
    description:
      'Verknüpfungen einer Liegenschaft oder Nutzeinheit mit Verträgen, Ansprechpartnern und Abrechnungsobjekten.',
    key: ['id'],
  },
  contractAccounts: {
    title: 'Vertragskonten',
    description: 'Vertragskonten der Geschäftspartner (VKW Wohnen, VKG Gewerbe, VKT technisch).',
    key: ['contractAccount'],
    references: ['businessPartner'],
  },
  contracts: {
    title: 'Verträge',
    description: 'Miet- und Leerstandsverträge einer Nutzeinheit.',
    key: ['key'],
    references: ['pointOfDelivery', 'contractAccount', 'businessPartner'],
  },
  contractTariffs: {
    title: 'Tarife der Verträge',
    description: 'Tarifbestandteile (Vorauszahlungen) eines Vertrags, mit dem abrechnenden Beleg.',
    key: ['id'],
    references: ['contract', 'billingVoucher'],
  },
  contractFeatures: {
    title: 'Merkmale der Verträge',
    description: 'Zeitabhängige Merkmale eines Vertrags (NUTZEINH …).',
    key: ['id'],
    references: ['contract'],
  },
  billingObjects: {
    title: 'Abrechnungsobjekte',
    description: 'Über sie erreichen die Geräte ihre Nutzeinheit.',
    key: ['key'],
    references: ['pointOfDelivery'],
  },
  devices: {
    title: 'Geräte',
    description: 'Zähler und Heizkostenverteiler, auch ausgebaute.',
    key: ['key'],
  },
  deviceTimeSlices: {
    title: 'Zeitscheiben der Geräte',
    description: 'Zählwerke eines Geräts über die Zeit.',
    key: ['id'],
    references: ['device'],
  },
  deviceAssignments: {
    title: 'Gerätezuordnungen',
    description:
      'Welches Gerät wann an welchem Abrechnungsobjekt hängt; mainMeter für Hauptzähler.',
    key: ['id'],
    references: ['device', 'billingObject'],
  },
  readingOrders: {
    title: 'Ableseaufträge',
    description: 'Geplante und erledigte Ablesungen einer Nutzeinheit.',
    key: ['id'],
    references: ['pointOfDelivery', 'device'],
  },
  measurements: {
    title: 'Ablesungen',
    description: 'Zählerstände mit Ableseart und -grund.',
    key: ['id'],
    references: ['device', 'pointOfDelivery'],
  },
  degreeDays: {
    title: 'Gradtagzahlen',
    description:
      'Gradtagzahlen (Gt20/15 nach VDI 3807) eines Monats (JJJJ-MM) der Liegenschaft und ihr langjähriges Mittel für denselben Kalendermonat; die Abrechnungsinformation nach § 6a Abs. 3 HeizkostenV bereinigt damit den Heizenergieverbrauch um die Witterung.',
    key: ['propertyConnection', 'month'],
    schema: DegreeDaysRecordSchema,
  },
  operatingCostsDistributions: {
    title: 'Kostenverteilungen',
    description:
      'Die Abrechnung eines Jahres einer Liegenschaft mit ihrem Status (O, E, V, F, G, S).',
    key: ['operatingCostsDistribution'],
    references: ['connection', 'product', 'businessPartner'],
  },
  operatingCostsExpenses: {
    title: 'Kostenpositionen',
    description:
      'Heiz- (kind heating) und Betriebskostenpositionen (kind working) einer Verteilung, die des Anbieters (HK_DLP) wie die der Benutzer.',
    key: ['guid'],
    references: ['operatingCostsDistribution'],
  },
  valueListEntries: {
    title: 'Wertelisten',
    description:
      'Kostenarten, Verteilerschlüssel, Objekttypen und Beziehungen je Produkt, Version und Zeitraum.',
    key: ['id'],
    references: ['product'],
  },
  attachments: {
    title: 'Anhänge',
    description:
      'Dateien (PDF, JPEG, PNG, XLSX, DOCX, CSV, höchstens 20 MB); die Bytes liegen in der Datei contentFile, size und sha256 müssen zu ihr passen, mediaType zu ihrem Inhalt.',
    key: ['attachment'],
    schema: AttachmentRecordSchema,
    example: { contentFile: 'attachments/5eed0002-0000-4000-8000-000000000001.pdf' },
  },
  correspondences: {
    title: 'Korrespondenz',
    description: 'Schreiben an die Geschäftspartner, mit ihrem Anhang.',
    key: ['id'],
    references: ['contract', 'businessPartner', 'pointOfDelivery', 'attachment'],
  },
  billingVouchers: {
    title: 'Abrechnungsbelege',
    description:
      'Belege einer Verteilung: Rechnungen (AR…) und andere Belege, mit Betrag und Anhang.',
    key: ['billingVoucher'],
    references: [
      'operatingCostsDistribution',
      'contract',
      'contractAccount',
      'businessPartner',
      'pointOfDelivery',
      'attachment',
    ],
  },
  vouchers: {
    title: 'Belegpositionen',
    description: 'Die Positionen der Rechnungen, je Beleg und Position.',
    key: ['voucherNr', 'position'],
    references: ['contract', 'contractAccount'],
  },
}

/** Each entity of the format: file, key, schema, references, an example. */
export const INTERCHANGE_ENTITIES = Object.fromEntries(
  INTERCHANGE_ENTITY_NAMES.map((name) => {
    const { schema, example, references = [], ...description } = DESCRIPTIONS[name]
    const catalogue = CATALOGUE[name]
    const definition: EntityDefinition = {
      file: `${snakeCase(name).replaceAll('_', '-')}.ndjson`,
      ...description,
      references: references.map((field) => referenceOf(name, field)),
      schema: schema ?? z.strictObject(recordShape(catalogue)),
      defaulted: defaultedFields(catalogue),
      example: { ...exampleRecord(catalogue), ...example },
    }
    return [name, definition]
  }),
) as Readonly<Record<InterchangeEntityName, EntityDefinition>>

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
