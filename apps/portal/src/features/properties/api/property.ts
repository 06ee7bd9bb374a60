import {
  ERROR,
  sortPointsOfDelivery,
  type AttributeRecord,
  type Connection,
  type Partner,
  type PointOfDelivery,
} from '@portal/domain'
import { useQuery } from '@tanstack/react-query'
import { useLegacyQuery } from '../../../lib/legacy-query'
import { getPartner, getRecord, getRelations, searchWhere } from '../../../lib/queries'

export function useConnection(connection: string) {
  return useQuery({
    queryKey: ['connection', connection],
    queryFn: () =>
      getRecord<Connection>(`connections/${encodeURIComponent(connection)}`, ERROR.connections),
  })
}

/** Master data of a property (obj ANSCHLUSS) or unit (obj VSTELLE) from the legacy endpoint. */
export function useAttributes(obj: 'ANSCHLUSS' | 'VSTELLE', key: string, enabled = true) {
  return useLegacyQuery<AttributeRecord[]>(
    ['attributes', obj, key],
    { code: 'ATTRIBUTES', obj, key },
    ERROR.unitDetails,
    enabled,
  )
}

export type PropertyContact = { role: string; partner: Partner }

/** Owner, property management, caretaker, deviating service recipient: partners related by role. */
export function usePropertyContacts(connection: string) {
  return useQuery({
    queryKey: ['property-contacts', connection],
    queryFn: async (): Promise<PropertyContact[]> => {
      const relations = await getRelations(
        `connection-object-relations/${encodeURIComponent(connection)}`,
      )
      const contacts = relations.filter((r) => r.targetType === 'PARTNER' && r.role)
      return Promise.all(
        contacts.map(async (r) => ({
          role: r.role!,
          partner: await getPartner(r.targetKey, ERROR.unitDetails),
        })),
      )
    },
  })
}

export type UsageUnit = PointOfDelivery & { building: string | null }

const pointsOfDeliveryOf = (connection: string) =>
  searchWhere<PointOfDelivery>(
    'points-of-delivery',
    'connection',
    connection,
    ERROR.pointsOfDelivery,
  )

/**
 * The usage units of a property: its own points of delivery, then those of its sub-connections
 * (buildings), the latter sorted by street, house number and suffix (§5).
 */
export function useUsageUnits(connection: string) {
  return useQuery({
    queryKey: ['usage-units', connection],
    queryFn: async (): Promise<UsageUnit[]> => {
      const [own, buildings] = await Promise.all([
        pointsOfDeliveryOf(connection),
        searchWhere<Connection>('connections', 'parentConnection', connection, ERROR.connections),
      ])
      const inBuildings = await Promise.all(buildings.map((b) => pointsOfDeliveryOf(b.connection)))
      return [
        ...own.map((p) => ({ ...p, building: null })),
        ...sortPointsOfDelivery(inBuildings.flat()).map((p) => ({ ...p, building: p.connection })),
      ]
    },
  })
}
