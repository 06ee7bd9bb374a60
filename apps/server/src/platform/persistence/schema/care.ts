/**
 * A manager's care between two bills (issue 31, decisions 068, 069 and 070): the service orders
 * he places with the provider (069), and the alarms the daily job computes from the readings (070).
 */
import { sql } from 'drizzle-orm'
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt, day, propertyScope } from './columns'

/**
 * A service order (interim reading with or without billing, repeat reading, device exchange,
 * retrofit) for a unit or a property's devices. The provider reports its status back; a tenant
 * change report creates its interim reading order itself (`activity`, one order per report).
 */
export const serviceOrders = pgTable(
  'service_orders',
  {
    id: uuid().primaryKey().defaultRandom(),
    ...propertyScope(),
    kind: text().notNull(),
    pointOfDelivery: text(),
    devices: jsonb()
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    wishedDate: day(),
    note: text().notNull().default(''),
    status: text().notNull().default('BESTELLT'),
    plannedDate: day(),
    cancelReason: text(),
    activity: uuid(),
    createdBy: text().notNull(),
    createdAt: createdAt(),
    statusChangedBy: text(),
    statusChangedAt: timestamp({ withTimezone: true, mode: 'string' }),
  },
  (t) => [
    index().on(t.propertyConnection),
    uniqueIndex()
      .on(t.activity)
      .where(sql`${t.activity} is not null`),
  ],
)

/**
 * An alarm the daily job found (a vacant unit that consumes, a silent remote device, a unit far
 * above the property's average, a reading that goes backwards). `alarmKey` names what it is about
 * (kind, unit, device and the reading or month), so that the next day's run finds it again instead
 * of raising it twice; the manager sets its state (open, seen, done).
 */
export const deviceAlarms = pgTable(
  'device_alarms',
  {
    id: uuid().primaryKey().defaultRandom(),
    ...propertyScope(),
    alarmKey: text().notNull(),
    kind: text().notNull(),
    pointOfDelivery: text().notNull(),
    device: text(),
    details: jsonb().$type<Record<string, string | number | null>>().notNull(),
    detectedOn: day().notNull(),
    state: text().notNull().default('OFFEN'),
    stateChangedBy: text(),
    stateChangedAt: timestamp({ withTimezone: true, mode: 'string' }),
  },
  (t) => [uniqueIndex().on(t.alarmKey), index().on(t.propertyConnection)],
)
