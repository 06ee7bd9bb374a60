import { ERROR, type Connection, type Expense, type PointOfDelivery } from '@portal/domain'
import { useQueries } from '@tanstack/react-query'
import { getRecord } from '../../../lib/queries'

/** Which record names an expense's `allocationRef`, by the expense's object type. */
const POINT_OF_DELIVERY_OBJECTS = new Set(['VSTELLE', 'NUTZUNGSEINHEIT', 'VERTRAG'])
const CONNECTION_OBJECTS = new Set(['ANSCHLUSS', 'NUTZGRUPPE', 'NUTZERGRUPPE'])

/**
 * §7: an expense's relation is shown as the readable reference of the related object, read
 * through `points-of-delivery/{id}` or `connections/{id}` by the expense's object type.
 */
export function useRelationNames(expenses: Expense[]): Map<string, string> {
  const wanted = new Map<string, string>()
  for (const e of expenses) {
    if (
      e.allocationRef &&
      e.object &&
      (POINT_OF_DELIVERY_OBJECTS.has(e.object) || CONNECTION_OBJECTS.has(e.object))
    ) {
      wanted.set(e.allocationRef, e.object)
    }
  }
  const results = useQueries({
    queries: [...wanted].map(([id, object]) => ({
      queryKey: ['relation-name', object, id],
      staleTime: 10 * 60_000,
      retry: false,
      queryFn: async () =>
        POINT_OF_DELIVERY_OBJECTS.has(object)
          ? getRecord<PointOfDelivery>(
              `points-of-delivery/${encodeURIComponent(id)}`,
              ERROR.pointsOfDelivery,
            ).then(
              (p) => [id, [p.reference, p.locationAddendum].filter(Boolean).join(' · ')] as const,
            )
          : getRecord<Connection>(`connections/${encodeURIComponent(id)}`, ERROR.connections).then(
              (c) => [id, [c.name1, c.name2].filter(Boolean).join(' ')] as const,
            ),
    })),
  })
  return new Map(results.flatMap((r) => (r.data ? [r.data] : [])))
}
