/** Devices, their time slices and assignments, reading orders and measurements. */
import { bigserial, boolean, index, integer, numeric, pgTable, text } from 'drizzle-orm/pg-core'
import { day } from './columns'
import { billingObjects } from './master-data'

export const devices = pgTable(
  'devices',
  {
    key: text().primaryKey(),
    companyCode: text().notNull(),
    propertyConnection: text().notNull(),
    serialNumber: text().notNull(),
    segment: text().notNull(),
    typeClass: text().notNull(),
    room: text(),
    installationDate: day(),
    removalDate: day(),
    calibrationYear: integer(),
    meterClass: text(),
  },
  (t) => [index().on(t.propertyConnection)],
)

export const deviceTimeSlices = pgTable(
  'device_time_slices',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    device: text()
      .notNull()
      .references(() => devices.key, { onDelete: 'cascade' }),
    from: day().notNull(),
    until: day(),
    counterPosition: text().notNull(),
  },
  (t) => [index().on(t.device)],
)

export const deviceAssignments = pgTable(
  'device_assignments',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    device: text()
      .notNull()
      .references(() => devices.key, { onDelete: 'cascade' }),
    billingObject: text()
      .notNull()
      .references(() => billingObjects.key),
    mainMeter: boolean().notNull().default(false),
    from: day().notNull(),
    until: day(),
  },
  (t) => [index().on(t.device), index().on(t.billingObject)],
)

export const readingOrders = pgTable(
  'reading_orders',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    companyCode: text().notNull(),
    propertyConnection: text().notNull(),
    pointOfDelivery: text().notNull(),
    device: text(),
    readingDate: day().notNull(),
    readingReason: text().notNull(),
  },
  (t) => [index().on(t.pointOfDelivery, t.readingDate), index().on(t.device, t.readingDate)],
)

export const measurements = pgTable(
  'measurements',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    companyCode: text().notNull(),
    propertyConnection: text().notNull(),
    device: text()
      .notNull()
      .references(() => devices.key, { onDelete: 'cascade' }),
    pointOfDelivery: text().notNull(),
    readingDate: day().notNull(),
    reading: numeric({ precision: 14, scale: 3 }).notNull(),
    difference: numeric({ precision: 14, scale: 3 }),
    readingType: text().notNull(),
    readingReason: text().notNull(),
  },
  (t) => [index().on(t.pointOfDelivery, t.readingDate), index().on(t.device, t.readingDate)],
)
