/** The column types and defaults the tables share. */
import { customType, date, numeric, timestamp } from 'drizzle-orm/pg-core'

export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
})

/** Exact money amounts: numeric in PostgreSQL, decimal strings in TypeScript. */
export const amount = (name?: string) =>
  name ? numeric(name, { precision: 15, scale: 2 }) : numeric({ precision: 15, scale: 2 })
export const day = () => date({ mode: 'string' })
export const createdAt = () =>
  timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow()
