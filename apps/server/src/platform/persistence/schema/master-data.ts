/** Partners, products, connections, points of delivery, contracts and billing objects. */
import { boolean, index, pgTable, text } from 'drizzle-orm/pg-core'
import {
  partOf,
  propertyScope,
  refersTo,
  serialId,
  streetAddress,
  twoLineName,
  validity,
  validitySince,
} from './columns'

export const partners = pgTable(
  'partners',
  {
    businessPartner: text().primaryKey(),
    companyCode: text().notNull(),
    ...twoLineName(),
    street: text(),
    houseNumber: text(),
    houseNumberSuffix: text(),
    postalCode: text(),
    city: text(),
    mail: text(),
    phone: text(),
  },
  (t) => [index().on(t.companyCode)],
)

export const products = pgTable('products', {
  product: text().primaryKey(),
  companyCode: text().notNull(),
  name: text().notNull(),
  productVersion: text().notNull(),
})

export const productTariffAssignments = pgTable(
  'product_tariff_assignments',
  {
    id: serialId(),
    companyCode: text().notNull(),
    product: refersTo(() => products.product),
    supplySegment: text().notNull(),
    tariffComponent: text().notNull(),
    active: boolean().notNull().default(true),
  },
  (t) => [index().on(t.product)],
)

export const connections = pgTable(
  'connections',
  {
    connection: text().primaryKey(),
    companyCode: text().notNull(),
    parentConnection: text(),
    /** The top-level connection (property) this one belongs to; itself for a property. */
    propertyConnection: text().notNull(),
    ...twoLineName(),
    ...streetAddress(),
    postalCode: text().notNull(),
    city: text().notNull(),
    /** The property's reference numbers of the bved exchange (decision 061). */
    bvedPropertyNumber: text(),
    erpReference: text(),
  },
  (t) => [
    // the default order of connections-search (name1, name2, connection): pages without a sort
    index().on(t.companyCode, t.name1, t.name2, t.connection),
    index().on(t.parentConnection),
    index().on(t.propertyConnection),
    // a bved file names its property by these
    index().on(t.companyCode, t.bvedPropertyNumber),
    index().on(t.companyCode, t.erpReference),
  ],
)

export const connectionFeatures = pgTable(
  'connection_features',
  {
    id: serialId(),
    connection: partOf(() => connections.connection),
    /** The feature code (HW active, HE owner partner …); the wire name of section 3. */
    connectionAttributes: text().notNull(),
    value: text(),
    ...validity(),
  },
  (t) => [
    index().on(t.connection),
    index().on(t.connectionAttributes, t.value),
    // visiblePartner: the features that name a partner
    index().on(t.value),
  ],
)

/**
 * Each connection as the JSON text of its search answer (decision 058), kept by triggers on the
 * tables it is made of (migration 0017) in the transaction that changes them; the search joins it
 * instead of building each connection's JSON again.
 */
export const connectionAnswers = pgTable('connection_answers', {
  connection: partOf(() => connections.connection).primaryKey(),
  json: text().notNull(),
})

/** Coded master data of a connection or a point of delivery (PR product, HF, WF, GNA …). */
export const objectAttributes = pgTable(
  'object_attributes',
  {
    id: serialId(),
    ...propertyScope(),
    objectType: text().notNull(),
    objectKey: text().notNull(),
    name: text().notNull(),
    value: text().notNull(),
  },
  (t) => [index().on(t.objectType, t.objectKey)],
)

export const pointsOfDelivery = pgTable(
  'points_of_delivery',
  {
    pointOfDelivery: text().primaryKey(),
    ...propertyScope(),
    connection: refersTo(() => connections.connection),
    reference: text().notNull(),
    ...streetAddress(),
    position: text(),
    locationAddendum: text(),
    /** The unit's reference numbers of the bved exchange (decision 061). */
    bvedUnitNumber: text(),
    erpReference: text(),
  },
  (t) => [index().on(t.connection), index().on(t.propertyConnection)],
)

/** Links of a connection or point of delivery to contracts, partners (contacts) and billing objects. */
export const objectRelations = pgTable(
  'object_relations',
  {
    id: serialId(),
    ...propertyScope(),
    sourceType: text().notNull(),
    sourceKey: text().notNull(),
    targetType: text().notNull(),
    targetKey: text().notNull(),
    role: text(),
    ...validity(),
  },
  (t) => [
    index().on(t.sourceType, t.sourceKey),
    // visiblePartner: the relations that name a partner
    index().on(t.targetType, t.targetKey),
  ],
)

export const contractAccounts = pgTable(
  'contract_accounts',
  {
    contractAccount: text().primaryKey(),
    ...propertyScope(),
    businessPartner: text().notNull(),
    reference: text().notNull(),
    contractAccountType: text().notNull(),
  },
  (t) => [index().on(t.propertyConnection)],
)

export const contracts = pgTable(
  'contracts',
  {
    key: text().primaryKey(),
    ...propertyScope(),
    pointOfDelivery: refersTo(() => pointsOfDelivery.pointOfDelivery),
    contractAccount: refersTo(() => contractAccounts.contractAccount),
    businessPartner: text().notNull(),
    contractStatus: text().notNull(),
    externalNumber: text(),
    ...validitySince(),
  },
  (t) => [
    index().on(t.pointOfDelivery),
    index().on(t.propertyConnection),
    // visiblePartner: the contracts of a partner
    index().on(t.businessPartner),
  ],
)

export const contractTariffs = pgTable(
  'contract_tariffs',
  {
    id: serialId(),
    contract: partOf(() => contracts.key),
    tariffComponent: text().notNull(),
    billingVoucher: text(),
    ...validity(),
  },
  (t) => [index().on(t.contract)],
)

export const contractFeatures = pgTable(
  'contract_features',
  {
    id: serialId(),
    contract: partOf(() => contracts.key),
    contractAttribute: text().notNull(),
    value: text(),
    ...validity(),
  },
  (t) => [index().on(t.contract)],
)

export const billingObjects = pgTable(
  'billing_objects',
  {
    key: text().primaryKey(),
    ...propertyScope(),
    pointOfDelivery: refersTo(() => pointsOfDelivery.pointOfDelivery),
  },
  (t) => [index().on(t.pointOfDelivery)],
)
