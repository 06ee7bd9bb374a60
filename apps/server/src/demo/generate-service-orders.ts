/**
 * Decision 069: the demo's service orders, one in each state on the demo customer's properties:
 * each tenant change's interim reading (as the report places it), an exchange of two meters that
 * is planned, a repeat reading that is done and a retrofit that was cancelled.
 */
import { addDays, instant } from './calendar'
import type { DemoContext } from './generator-context'
import type { PropertyModel } from './generator-models'
import { counterUuid, UUID_KIND } from './format'
import type { Insert } from './rows'
import type { serviceOrders } from '../platform/persistence/schema'

/** Devices in use of a property's first unit, noted while its devices are still in `rows`. */
const orderDevices = new WeakMap<PropertyModel, string[]>()

/** Notes the devices the demo's exchange names; call right after a property's devices. */
export function noteOrderDevices(g: DemoContext, property: PropertyModel): void {
  const unit = property.units[0]
  if (!unit) return
  const assigned = new Set(
    g.rows.deviceAssignments
      .filter((assignment) => assignment.billingObject === unit.billingObject)
      .map((assignment) => assignment.device),
  )
  orderDevices.set(
    property,
    g.rows.devices
      .filter((device) => assigned.has(device.key) && device.removalDate === null)
      .map((device) => device.key),
  )
}

export function generateServiceOrders(g: DemoContext): void {
  /** An order with every column filled in (the demo's insert applies no defaults). */
  const push = (
    order: Partial<Insert<typeof serviceOrders>> &
      Pick<
        Insert<typeof serviceOrders>,
        'companyCode' | 'propertyConnection' | 'kind' | 'status' | 'createdBy' | 'createdAt'
      >,
  ) =>
    g.rows.serviceOrders.push({
      id: counterUuid(UUID_KIND.serviceOrder, g.next('serviceOrder')),
      pointOfDelivery: null,
      devices: [],
      wishedDate: null,
      note: '',
      plannedDate: null,
      cancelReason: null,
      activity: null,
      statusChangedBy: null,
      statusChangedAt: null,
      ...order,
    })

  // each tenant change report placed its interim reading; the provider received the manager's
  for (const change of g.rows.activities.filter((a) => a.activityType === 'MIETERWECHSEL')) {
    const received = change.status !== 'EINGEGANGEN'
    const createdAt = change.createdAt as string
    push({
      companyCode: change.companyCode,
      propertyConnection: change.propertyConnection,
      kind: 'ZM',
      pointOfDelivery: change.objectKey,
      wishedDate: (change.payload as { AUSZUG: string }).AUSZUG,
      status: received ? 'EINGEGANGEN' : 'BESTELLT',
      activity: change.id!,
      createdBy: change.createdBy,
      createdAt,
      ...(received
        ? {
            statusChangedBy: 'provider:demo',
            statusChangedAt: instant(addDays(createdAt.slice(0, 10), 1), '08:05'),
          }
        : {}),
    })
  }

  const ownerProperty = g.planProperties.get('1000/0')
  const managedProperty = g.planProperties.get('1000/3')
  const provider = (daysAgo: number, time: string) => ({
    statusChangedBy: 'provider:demo',
    statusChangedAt: instant(addDays(g.today, -daysAgo), time),
  })
  const exchanged = managedProperty ? (orderDevices.get(managedProperty) ?? []).slice(0, 2) : []
  if (managedProperty && exchanged.length > 0) {
    push({
      companyCode: managedProperty.companyCode,
      propertyConnection: managedProperty.connection.id,
      kind: 'GT',
      pointOfDelivery: managedProperty.units[0]!.pod,
      devices: exchanged,
      wishedDate: addDays(g.today, 14),
      note: 'Eichfrist läuft ab; Zugang zum Keller über die Hausmeisterin Frau Krüger (Tel. im Aushang).',
      status: 'GEPLANT',
      plannedDate: addDays(g.today, 21),
      createdBy: 'verwalter',
      createdAt: instant(addDays(g.today, -12), '10:40'),
      ...provider(6, '09:15'),
    })
  }
  const ownerUnit = ownerProperty?.units.at(-1)
  if (ownerProperty && ownerUnit) {
    push({
      companyCode: ownerProperty.companyCode,
      propertyConnection: ownerProperty.connection.id,
      kind: 'WH',
      pointOfDelivery: ownerUnit.pod,
      wishedDate: addDays(g.today, -30),
      note: 'Bei der Jahresablesung war niemand anzutreffen; bitte neuen Termin mit der Mieterin absprechen.',
      status: 'ERLEDIGT',
      plannedDate: addDays(g.today, -20),
      createdBy: 'eigentuemer',
      createdAt: instant(addDays(g.today, -35), '18:05'),
      ...provider(20, '16:30'),
    })
  }
  if (managedProperty) {
    push({
      companyCode: managedProperty.companyCode,
      propertyConnection: managedProperty.connection.id,
      kind: 'NR',
      note: 'Alle Heizkostenverteiler auf Funk umrüsten (Frist 31.12.2026).',
      status: 'STORNIERT',
      cancelReason:
        'Die Liegenschaft wird im Frühjahr komplett mit neuen Funkgeräten ausgestattet; der Auftrag ist dort enthalten.',
      createdBy: 'verwalter',
      createdAt: instant(addDays(g.today, -40), '11:20'),
      ...provider(33, '14:00'),
    })
  }
}
