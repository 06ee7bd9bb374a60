/**
 * The data model of specification section 3 and ARCHITECTURE 3.2.
 *
 * Column names follow the wire names of section 7 (mapped to snake_case by Drizzle's `casing`).
 * Every row that belongs to a customer carries its `companyCode` and, below the connection level,
 * the `propertyConnection` (the top-level connection it belongs to): visibility is decided on these
 * two columns alone, in `scope.ts`.
 *
 * One file per area; this index is what Drizzle, drizzle-kit and the code import.
 */
export * from './accounts'
export * from './master-data'
export * from './devices'
export * from './costs'
export * from './documents'
export * from './operations'
export * from './residents'
export * from './care'
