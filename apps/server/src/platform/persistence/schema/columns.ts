/**
 * The column types, defaults and column groups the tables share. A group is a function returning
 * fresh column builders, spread into a table where its columns stand.
 */
import {
  bigserial,
  customType,
  date,
  numeric,
  text,
  timestamp,
  type PgColumn,
} from 'drizzle-orm/pg-core'

export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
})

/** Exact money amounts: numeric in PostgreSQL, decimal strings in TypeScript. */
export const amount = (name?: string) =>
  name ? numeric(name, { precision: 15, scale: 2 }) : numeric({ precision: 15, scale: 2 })
export const day = () => date({ mode: 'string' })
export const createdAt = () =>
  timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow()
/** An instant the server reads as a `Date` (sessions, sign-in, jobs). */
export const instant = () => timestamp({ withTimezone: true, mode: 'date' })

/** The number of a numbered row. */
export const serialId = () => bigserial({ mode: 'number' }).primaryKey()

/** A reference to the key of another table's row. */
export const refersTo = (parent: () => PgColumn) => text().notNull().references(parent)

/** A reference to the row this one is part of: deleting that row deletes this one. */
export const partOf = (parent: () => PgColumn) =>
  text().notNull().references(parent, { onDelete: 'cascade' })

/**
 * The scope of a row that belongs to a customer below the connection level: its company code and
 * the top-level connection (property) it belongs to, what `scope.ts` decides visibility on.
 */
export const propertyScope = () => ({
  companyCode: text().notNull(),
  propertyConnection: text().notNull(),
})

/** A period from a day until a day (inclusive), either end open when missing. */
export const validity = () => ({ from: day(), until: day() })

/** A period that starts on a day and is open while `until` is missing. */
export const validitySince = () => ({ from: day().notNull(), until: day() })

/** A name in two lines, the second one empty when there is none. */
export const twoLineName = () => ({ name1: text().notNull(), name2: text().notNull().default('') })

/** Street and house number of a building, with the number's suffix when there is one. */
export const streetAddress = () => ({
  street: text().notNull(),
  houseNumber: text().notNull(),
  houseNumberSuffix: text(),
})
