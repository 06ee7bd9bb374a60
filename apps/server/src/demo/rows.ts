import type { PgTable } from 'drizzle-orm/pg-core'
import * as schema from '../platform/persistence/schema'

export type Insert<T extends PgTable> = T['$inferInsert']
export type PartnerRow = Insert<typeof schema.partners>
export type TariffRow = Insert<typeof schema.contractTariffs>
export type ValueListRow = Insert<typeof schema.valueListEntries>

/** The generated rows per table, until they are inserted. */
export class DemoRows {
  readonly companyCodes: Insert<typeof schema.companyCodes>[] = []
  readonly users: Insert<typeof schema.users>[] = []
  readonly partners: PartnerRow[] = []
  readonly products: Insert<typeof schema.products>[] = []
  readonly productTariffAssignments: Insert<typeof schema.productTariffAssignments>[] = []
  readonly connections: Insert<typeof schema.connections>[] = []
  readonly connectionFeatures: Insert<typeof schema.connectionFeatures>[] = []
  readonly objectAttributes: Insert<typeof schema.objectAttributes>[] = []
  readonly pointsOfDelivery: Insert<typeof schema.pointsOfDelivery>[] = []
  readonly objectRelations: Insert<typeof schema.objectRelations>[] = []
  readonly contractAccounts: Insert<typeof schema.contractAccounts>[] = []
  readonly contracts: Insert<typeof schema.contracts>[] = []
  readonly contractTariffs: TariffRow[] = []
  readonly contractFeatures: Insert<typeof schema.contractFeatures>[] = []
  readonly billingObjects: Insert<typeof schema.billingObjects>[] = []
  readonly devices: Insert<typeof schema.devices>[] = []
  readonly deviceTimeSlices: Insert<typeof schema.deviceTimeSlices>[] = []
  readonly deviceAssignments: Insert<typeof schema.deviceAssignments>[] = []
  readonly readingOrders: Insert<typeof schema.readingOrders>[] = []
  readonly measurements: Insert<typeof schema.measurements>[] = []
  readonly distributions: Insert<typeof schema.operatingCostsDistributions>[] = []
  readonly expenses: Insert<typeof schema.operatingCostsExpenses>[] = []
  readonly valueListEntries: Insert<typeof schema.valueListEntries>[] = []
  readonly attachments: Insert<typeof schema.attachments>[] = []
  /** Whole contents: the import stores them as the chunks of `attachment_contents`. */
  readonly attachmentContents: { attachment: string; content: Uint8Array }[] = []
  readonly correspondences: Insert<typeof schema.correspondences>[] = []
  readonly billingVouchers: Insert<typeof schema.billingVouchers>[] = []
  readonly vouchers: Insert<typeof schema.vouchers>[] = []
  readonly activities: Insert<typeof schema.activities>[] = []
  readonly auditLog: Insert<typeof schema.auditLog>[] = []

  count(): number {
    return this.inInsertOrder().reduce((sum, { rows }) => sum + rows.length, 0)
  }

  /** Tables in foreign-key order. */
  inInsertOrder(): { table: PgTable; rows: object[] }[] {
    return [
      { table: schema.companyCodes, rows: this.companyCodes },
      { table: schema.users, rows: this.users },
      { table: schema.partners, rows: this.partners },
      { table: schema.products, rows: this.products },
      { table: schema.productTariffAssignments, rows: this.productTariffAssignments },
      { table: schema.connections, rows: this.connections },
      { table: schema.connectionFeatures, rows: this.connectionFeatures },
      { table: schema.objectAttributes, rows: this.objectAttributes },
      { table: schema.pointsOfDelivery, rows: this.pointsOfDelivery },
      { table: schema.objectRelations, rows: this.objectRelations },
      { table: schema.contractAccounts, rows: this.contractAccounts },
      { table: schema.contracts, rows: this.contracts },
      { table: schema.contractTariffs, rows: this.contractTariffs },
      { table: schema.contractFeatures, rows: this.contractFeatures },
      { table: schema.billingObjects, rows: this.billingObjects },
      { table: schema.devices, rows: this.devices },
      { table: schema.deviceTimeSlices, rows: this.deviceTimeSlices },
      { table: schema.deviceAssignments, rows: this.deviceAssignments },
      { table: schema.readingOrders, rows: this.readingOrders },
      { table: schema.measurements, rows: this.measurements },
      { table: schema.operatingCostsDistributions, rows: this.distributions },
      { table: schema.operatingCostsExpenses, rows: this.expenses },
      { table: schema.valueListEntries, rows: this.valueListEntries },
      { table: schema.attachments, rows: this.attachments },
      { table: schema.attachmentContents, rows: this.attachmentContents },
      { table: schema.correspondences, rows: this.correspondences },
      { table: schema.billingVouchers, rows: this.billingVouchers },
      { table: schema.vouchers, rows: this.vouchers },
      { table: schema.activities, rows: this.activities },
      { table: schema.auditLog, rows: this.auditLog },
    ]
  }
}
