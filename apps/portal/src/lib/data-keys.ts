/**
 * The roots of the query keys that one feature's write makes stale in another's (decision 047):
 * the features build their key factories on them and invalidate through them, and import none of
 * each other's.
 */
export const dataKeys = {
  /** Every list of distributions: a property's (costs) and the billing years (dashboard). */
  distributions: ['distributions'] as const,
  /** A distribution and everything read below it: lines, history, CO2 split, invoices. */
  distribution: (id: string) => ['operating-costs', id] as const,
  /** The user's notifications: a report of the user adds one. */
  notifications: ['notifications'] as const,
  /** Every list of service orders: a tenant change report places its interim reading itself. */
  serviceOrders: ['service-orders'] as const,
  /** Every list of alarms (decision 070). */
  deviceAlarms: ['device-alarms'] as const,
}
