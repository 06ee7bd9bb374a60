/** The catalogue of the master data: company codes, partners, products, connections, units. */
import { entity } from './entity'
import { boolean, digits, key, serial, text } from './field'
import { EXAMPLE_PROPERTY, EXAMPLE_UNIT, period, propertyScope } from './field-groups'

export const companyCodes = entity('company_codes', {
  companyCode: key('1000').searchable(),
  name: text('Hausverwaltung Rhein-Main GmbH').searchable(),
  city: text('Frankfurt').searchable(),
})

export const partners = entity('partners', {
  businessPartner: key('P1000000001'),
  companyCode: key('1000'),
  name1: text('Helga'),
  name2: text('Sommerfeld').defaulted(''),
  street: text('Kettenhofweg').nullable(),
  houseNumber: text('112').nullable(),
  houseNumberSuffix: text(null).nullable(),
  postalCode: text('60325').nullable(),
  city: text('Frankfurt am Main').nullable(),
  mail: text('helga.sommerfeld@example.com').nullable(),
  phone: text('069 7238841').nullable(),
})

export const products = entity('products', {
  product: key('HBK1000'),
  companyCode: key('1000'),
  name: text('Heiz- und Betriebskostenabrechnung'),
  productVersion: text('0002'),
})

export const productTariffAssignments = entity('product_tariff_assignments', {
  id: serial('1'),
  companyCode: key('1000'),
  product: key('HBK1000'),
  supplySegment: text('HK'),
  tariffComponent: text('HK_BRENNSTOFF'),
  active: boolean(true).defaulted(true),
})

export const connections = entity('connections', {
  connection: key(EXAMPLE_PROPERTY).searchable(),
  companyCode: key('1000').searchable(),
  parentConnection: key(null).nullable().searchable(),
  propertyConnection: key(EXAMPLE_PROPERTY),
  name1: text('Sommerfeld, Helga').searchable(),
  name2: text('Mehrfamilienhaus').defaulted('').searchable(),
  street: text('Walter-Nernst-Str.').searchable(),
  houseNumber: text('35').searchable(),
  houseNumberSuffix: text('a').nullable(),
  postalCode: text('65185').searchable(),
  city: text('Wiesbaden').searchable(),
  /** The billing company's number of the property in the bved exchange (decision 061). */
  bvedPropertyNumber: digits(9, '471100001').nullable().searchable(),
  /** The property's number in the manager's ERP software (bved "Ordnungsbegriff des Auftraggebers"). */
  erpReference: text('WE 0815').maxLength(20).nullable().searchable(),
})

export const connectionFeatures = entity('connection_features', {
  id: serial('1'),
  connection: key(EXAMPLE_PROPERTY),
  connectionAttributes: text('HW'),
  value: text('X').nullable(),
  ...period('2012-07-01', '9999-12-31'),
})

export const objectAttributes = entity('object_attributes', {
  id: serial('1'),
  ...propertyScope(),
  objectType: text('VSTELLE'),
  objectKey: text(EXAMPLE_UNIT),
  name: text('WF'),
  value: text('72.20'),
})

export const pointsOfDelivery = entity('points_of_delivery', {
  pointOfDelivery: key(EXAMPLE_UNIT).searchable(),
  ...propertyScope(),
  connection: key(EXAMPLE_PROPERTY).searchable(),
  reference: text('NE-0001').searchable(),
  street: text('Walter-Nernst-Str.').searchable(),
  houseNumber: text('35').searchable(),
  houseNumberSuffix: text('a').nullable().searchable(),
  position: text('001').nullable().searchable(),
  locationAddendum: text('EG links').nullable(),
  /** The billing company's number of the unit within its property in the bved exchange. */
  bvedUnitNumber: digits(4, '0001').nullable().searchable(),
  /** The unit's number in the manager's ERP software. */
  erpReference: text('WE 0815/001').maxLength(20).nullable().searchable(),
})

export const objectRelations = entity('object_relations', {
  id: serial('1'),
  ...propertyScope(),
  sourceType: text('VSTELLE'),
  sourceKey: text(EXAMPLE_UNIT),
  targetType: text('VERTRAG'),
  targetKey: text('VT1000000001'),
  role: text(null).nullable(),
  ...period('2023-04-01', '2023-06-30'),
})
