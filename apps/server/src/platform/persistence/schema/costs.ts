/** Operating costs distributions, their expense lines and CO2 split, the value lists, the bved imports. */
import { index, integer, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { amount, day, createdAt, propertyScope, refersTo, serialId, validity } from './columns'
import { connections, products } from './master-data'

export const operatingCostsDistributions = pgTable(
  'operating_costs_distributions',
  {
    operatingCostsDistribution: text().primaryKey(),
    ...propertyScope(),
    connection: refersTo(() => connections.connection),
    businessPartner: text(),
    product: refersTo(() => products.product),
    productVersion: text().notNull(),
    from: day().notNull(),
    until: day().notNull(),
    operatingCostsDistributionStatus: text().notNull(),
    /** When the status last changed; the one-year automatic approval counts from the release. */
    statusChangedAt: createdAt(),
    version: integer().notNull().default(1),
  },
  (t) => [
    index().on(t.propertyConnection),
    // operating-costs-search by connection, newest period first
    index().on(t.connection, t.until),
    index().on(t.operatingCostsDistributionStatus, t.statusChangedAt),
  ],
)

/** Heating (`kind` heating) and working (`kind` working) expense lines of a distribution. */
export const operatingCostsExpenses = pgTable(
  'operating_costs_expenses',
  {
    guid: uuid().primaryKey().defaultRandom(),
    ...propertyScope(),
    operatingCostsDistribution: refersTo(
      () => operatingCostsDistributions.operatingCostsDistribution,
    ),
    kind: text({ enum: ['heating', 'working'] }).notNull(),
    tariffComponent: text().notNull(),
    supplyArea: text(),
    object: text(),
    key: text(),
    allocationObject: text(),
    allocationRef: text(),
    ...validity(),
    quantity: numeric({ precision: 14, scale: 3 }),
    unit: text(),
    /** A fuel line's energy carrier (ENERGY_CARRIER_CODES of the domain); null on other lines. */
    energyCarrier: text(),
    amountTransactionCurrency: amount(),
    apportionableAmount: amount(),
    deductibleAmount: amount(),
    amountNet: amount(),
    amountNetApportionable: amount(),
    note: text(),
    createdBy: text(),
    version: integer().notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.operatingCostsDistribution, t.kind)],
)

/**
 * What a user corrected of a heating distribution's CO2 split from the invoice (decision 032);
 * a null column takes the default back (the fuel lines, the master data, the price table).
 */
export const co2SplitInputs = pgTable('co2_split_inputs', {
  operatingCostsDistribution: refersTo(
    () => operatingCostsDistributions.operatingCostsDistribution,
  ).primaryKey(),
  ...propertyScope(),
  quantity: numeric({ precision: 14, scale: 3 }),
  energyCarrier: text(),
  emissionsKgInvoice: numeric({ precision: 14, scale: 3 }),
  co2CostInvoice: amount(),
  areaKind: text(),
  restriction: text(),
  /** District heating: the primary energy factor of the network as its supplier states it (decision 067). */
  primaryEnergyFactor: numeric({ precision: 6, scale: 3 }),
  version: integer().notNull().default(1),
  updatedBy: text().notNull(),
  updatedAt: createdAt(),
})

/** Catalogue of cost types, allocation keys, objects and relations per product and period. */
export const valueListEntries = pgTable(
  'value_list_entries',
  {
    id: serialId(),
    companyCode: text().notNull(),
    tableName: text().notNull(),
    fieldName: text().notNull(),
    product: text().notNull(),
    productVersion: text().notNull(),
    validFrom: day().notNull(),
    validUntil: day().notNull(),
    tariffComponent: text(),
    object: text(),
    key: text().notNull(),
    obj: text(),
    name: text().notNull(),
    /** A cost type's key of table K of the bved exchange (decision 061). */
    bvedCode: text(),
  },
  // decision 078: every read of the catalogue names the company code, product, version and obj
  (t) => [
    index('value_list_entries_catalogue_index').on(
      t.companyCode,
      t.product,
      t.productVersion,
      t.obj,
      t.tableName,
    ),
  ],
)

/**
 * The bved cost files (DTK) taken over into a distribution (decision 061): by their SHA-256, so
 * that the same file taken over again adds nothing.
 */
export const bvedCostImports = pgTable(
  'bved_cost_imports',
  {
    id: serialId(),
    operatingCostsDistribution: refersTo(
      () => operatingCostsDistributions.operatingCostsDistribution,
    ),
    ...propertyScope(),
    sha256: text().notNull(),
    fileName: text().notNull(),
    lines: integer().notNull(),
    importedBy: text().notNull(),
    importedAt: createdAt(),
  },
  (t) => [uniqueIndex().on(t.operatingCostsDistribution, t.sha256)],
)
