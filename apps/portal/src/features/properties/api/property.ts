import {
  AttributeRecordSchema,
  ConnectionSchema,
  ERROR,
  ObjectRelationsSchema,
  PointOfDeliverySchema,
  sortPointsOfDelivery,
  type Partner,
  type PointOfDelivery,
} from '@portal/domain'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { dataOf, readAnswer, readLegacy, readRecord, readSearch, eq } from '../../../lib/api-query'
import { readPartner } from '../../../lib/records'

export const propertyKeys = {
  connection: (connection: string) => ['connection', connection] as const,
  attributes: (obj: 'ANSCHLUSS' | 'VSTELLE', key: string) => ['attributes', obj, key] as const,
  contacts: (connection: string) => ['property-contacts', connection] as const,
  usageUnits: (connection: string) => ['usage-units', connection] as const,
  usageUnit: (pointOfDelivery: string) => ['usage-unit', pointOfDelivery] as const,
}

export const connectionQuery = (connection: string) =>
  queryOptions({
    queryKey: propertyKeys.connection(connection),
    queryFn: (context) =>
      readAnswer(
        context,
        `/api/persistence/connections/${encodeURIComponent(connection)}`,
        ConnectionSchema,
        { errorCode: ERROR.connections },
      ),
    select: dataOf,
  })

export const useConnection = (connection: string) => useQuery(connectionQuery(connection))

/** Master data of a property (obj ANSCHLUSS) or unit (obj VSTELLE) from the legacy endpoint. */
export const attributesQuery = (obj: 'ANSCHLUSS' | 'VSTELLE', key: string) =>
  queryOptions({
    queryKey: propertyKeys.attributes(obj, key),
    queryFn: () =>
      readLegacy(
        { code: 'ATTRIBUTES', obj, key },
        AttributeRecordSchema.array(),
        ERROR.unitDetails,
      ),
  })

export const useAttributes = (obj: 'ANSCHLUSS' | 'VSTELLE', key: string, enabled = true) =>
  useQuery({ ...attributesQuery(obj, key), enabled })

export type PropertyContact = { role: string; partner: Partner }

/** Owner, property management, caretaker, deviating service recipient: partners related by role. */
export const propertyContactsQuery = (connection: string) =>
  queryOptions({
    queryKey: propertyKeys.contacts(connection),
    queryFn: async ({ client }): Promise<PropertyContact[]> => {
      const relations = await readRecord(
        client,
        `connection-object-relations/${encodeURIComponent(connection)}`,
        ObjectRelationsSchema,
        ERROR.unitDetails,
      )
      return Promise.all(
        relations.items.flatMap((r) =>
          r.targetType === 'PARTNER' && r.role
            ? [
                readPartner(client, r.targetKey, ERROR.unitDetails).then((partner) => ({
                  role: r.role!,
                  partner,
                })),
              ]
            : [],
        ),
      )
    },
  })

export const usePropertyContacts = (connection: string) =>
  useQuery(propertyContactsQuery(connection))

export type UsageUnit = PointOfDelivery & { building: string | null }

/**
 * The usage units of a property: its own points of delivery, then those of its sub-connections
 * (buildings), the latter sorted by street, house number and suffix (§5).
 */
export const usageUnitsQuery = (connection: string) =>
  queryOptions({
    queryKey: propertyKeys.usageUnits(connection),
    queryFn: async ({ client }): Promise<UsageUnit[]> => {
      const pointsOfDeliveryOf = (c: string) =>
        readSearch(
          client,
          'points-of-delivery',
          [eq('connection', c)],
          PointOfDeliverySchema,
          ERROR.pointsOfDelivery,
        )
      const [own, buildings] = await Promise.all([
        pointsOfDeliveryOf(connection),
        readSearch(
          client,
          'connections',
          [eq('parentConnection', connection)],
          ConnectionSchema,
          ERROR.connections,
        ),
      ])
      const inBuildings = await Promise.all(buildings.map((b) => pointsOfDeliveryOf(b.connection)))
      return [
        ...own.map((p) => ({ ...p, building: null })),
        ...sortPointsOfDelivery(inBuildings.flat()).map((p) => ({ ...p, building: p.connection })),
      ]
    },
  })

export const useUsageUnits = (connection: string) => useQuery(usageUnitsQuery(connection))
