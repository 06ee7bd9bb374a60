/** Devices, their time slices and assignments, reading orders, measurements and degree days. */
import { boolean, index, integer, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { day, partOf, propertyScope, refersTo, serialId, validitySince } from './columns'
import { billingObjects } from './master-data'

export const devices = pgTable(
  'devices',
  {
    key: text().primaryKey(),
    ...propertyScope(),
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
    id: serialId(),
    device: partOf(() => devices.key),
    ...validitySince(),
    counterPosition: text().notNull(),
  },
  (t) => [index().on(t.device)],
)

export const deviceAssignments = pgTable(
  'device_assignments',
  {
    id: serialId(),
    device: partOf(() => devices.key),
    billingObject: refersTo(() => billingObjects.key),
    mainMeter: boolean().notNull().default(false),
    ...validitySince(),
  },
  (t) => [index().on(t.device), index().on(t.billingObject)],
)

export const readingOrders = pgTable(
  'reading_orders',
  {
    id: serialId(),
    ...propertyScope(),
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
    id: serialId(),
    ...propertyScope(),
    device: partOf(() => devices.key),
    pointOfDelivery: text().notNull(),
    readingDate: day().notNull(),
    reading: numeric({ precision: 14, scale: 3 }).notNull(),
    difference: numeric({ precision: 14, scale: 3 }),
    readingType: text().notNull(),
    readingReason: text().notNull(),
  },
  (t) => [index().on(t.pointOfDelivery, t.readingDate), index().on(t.device, t.readingDate)],
)

/** Degree days of a property's month and their long-term mean (decision 067). */
export const degreeDays = pgTable(
  'degree_days',
  {
    ...propertyScope(),
    month: text().notNull(),
    degreeDays: numeric({ precision: 14, scale: 3 }).notNull(),
    longTermDegreeDays: numeric({ precision: 14, scale: 3 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.propertyConnection, t.month] })],
)
