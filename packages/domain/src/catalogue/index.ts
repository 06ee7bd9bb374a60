/**
 * The catalogue: one description of each entity's plain fields (wire name, kind, null or not,
 * searchable, left out or not in the interchange format, example). The interchange format's record
 * schemas and examples, the API's wire shapes of these fields and the searchable properties are
 * read off it; a server test holds every Drizzle table against it. See the README for how to add a
 * field.
 */
import { contractAccounts, contractFeatures, contracts, contractTariffs } from './contracts'
import { operatingCostsDistributions, operatingCostsExpenses, valueListEntries } from './costs'
import {
  billingObjects,
  degreeDays,
  deviceAssignments,
  devices,
  deviceTimeSlices,
  measurements,
  readingOrders,
} from './devices'
import { attachments, billingVouchers, correspondences, vouchers } from './files'
import {
  companyCodes,
  connectionFeatures,
  connections,
  objectAttributes,
  objectRelations,
  partners,
  pointsOfDelivery,
  productTariffAssignments,
  products,
} from './master-data'

/**
 * Every entity of the catalogue, by the name the interchange format gives it, in the format's
 * dependency order: an entity refers only to those before it, but for the exceptions that
 * `interchange/entities.ts` names.
 */
export const CATALOGUE = {
  companyCodes,
  partners,
  products,
  productTariffAssignments,
  connections,
  connectionFeatures,
  objectAttributes,
  pointsOfDelivery,
  objectRelations,
  contractAccounts,
  contracts,
  contractTariffs,
  contractFeatures,
  billingObjects,
  devices,
  deviceTimeSlices,
  deviceAssignments,
  readingOrders,
  measurements,
  degreeDays,
  operatingCostsDistributions,
  operatingCostsExpenses,
  valueListEntries,
  attachments,
  correspondences,
  billingVouchers,
  vouchers,
}

export type CatalogueEntityName = keyof typeof CATALOGUE

export { catalogueDisagreements, COLUMN_TYPES, type ColumnFacts } from './compare'
export {
  columnNameOf,
  defaultedFields,
  exampleRecord,
  searchableProperties,
  snakeCase,
  type CatalogueEntity,
  type Fields,
} from './entity'
export { NOW, type ColumnDefault, type ExampleValue, type Field, type FieldKind } from './field'
