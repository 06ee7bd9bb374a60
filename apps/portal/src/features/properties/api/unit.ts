import { ERROR, type PointOfDelivery } from '@portal/domain'
import { useQuery } from '@tanstack/react-query'
import { getRecord } from '../../../lib/queries'

/** The usage unit's own record (§8 code 130 on failure). */
export function useUsageUnit(pointOfDelivery: string) {
  return useQuery({
    queryKey: ['usage-unit', pointOfDelivery],
    queryFn: () =>
      getRecord<PointOfDelivery>(
        `points-of-delivery/${encodeURIComponent(pointOfDelivery)}`,
        ERROR.unitDetails,
      ),
  })
}
