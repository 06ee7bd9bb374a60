import { ERROR, ResidentTenancySchema } from '@portal/domain'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { dataOf, readAnswer } from '../../../lib/api-query'

/** The resident's reads (decision 065): one user, so no key needs more than its name. */
export const residentKeys = {
  tenancy: ['resident-tenancy'] as const,
  consumption: ['resident-consumption'] as const,
}

/**
 * Decision 065: the signed-in resident's unit, his period, how long his access lasts after a
 * move-out, and how he is told of a new month.
 */
export const residentTenancyQuery = () =>
  queryOptions({
    queryKey: residentKeys.tenancy,
    queryFn: (context) =>
      readAnswer(context, '/api/residents/tenancy', ResidentTenancySchema, {
        errorCode: ERROR.contracts,
      }),
    select: dataOf,
  })

export const useResidentTenancy = () => useQuery(residentTenancyQuery())
