import { ERROR, PointOfDeliverySchema } from '@portal/domain'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { dataOf, readAnswer } from '../../../lib/api-query'
import { propertyKeys } from './property'

/** The usage unit's own record (§8 code 130 on failure). */
export const usageUnitQuery = (pointOfDelivery: string) =>
  queryOptions({
    queryKey: propertyKeys.usageUnit(pointOfDelivery),
    queryFn: (context) =>
      readAnswer(
        context,
        `/api/persistence/points-of-delivery/${encodeURIComponent(pointOfDelivery)}`,
        PointOfDeliverySchema,
        { errorCode: ERROR.unitDetails },
      ),
    select: dataOf,
  })

export const useUsageUnit = (pointOfDelivery: string) => useQuery(usageUnitQuery(pointOfDelivery))
