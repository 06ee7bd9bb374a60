import { BillingInformationSchema, ERROR, ResidentBillingPeriodsSchema } from '@portal/domain'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { dataOf, readAnswer } from '../../../lib/api-query'
import { dataKeys } from '../../../lib/data-keys'

const managerPath = (id: string, pointOfDelivery: string | undefined) =>
  `/api/persistence/operating-costs/${encodeURIComponent(id)}/billing-information${
    pointOfDelivery === undefined ? '' : `?pointOfDelivery=${encodeURIComponent(pointOfDelivery)}`
  }`

/**
 * Decision 067: the annual billing information of a distribution for one of its units. Its key
 * lies below the distribution's, so a changed cost line reads it again.
 */
export const billingInformationQuery = (id: string, pointOfDelivery: string | undefined) =>
  queryOptions({
    queryKey: [
      ...dataKeys.distribution(id),
      'billing-information',
      pointOfDelivery ?? null,
    ] as const,
    queryFn: (context) =>
      readAnswer(context, managerPath(id, pointOfDelivery), BillingInformationSchema, {
        errorCode: ERROR.operatingCosts,
      }),
    select: dataOf,
  })

/** The resident's reads of decision 067. */
const residentBillingKeys = {
  periods: ['resident-billing-periods'] as const,
  period: (id: string) => ['resident-billing-information', id] as const,
}

/** The resident's billed periods, newest first. */
export const useResidentBillingPeriods = () =>
  useQuery(
    queryOptions({
      queryKey: residentBillingKeys.periods,
      queryFn: (context) =>
        readAnswer(context, '/api/residents/billing-information', ResidentBillingPeriodsSchema, {
          errorCode: ERROR.operatingCosts,
        }),
      select: dataOf,
    }),
  )

/** The billing information of one of his periods, with his own figures. */
export const residentBillingInformationQuery = (id: string) =>
  queryOptions({
    queryKey: residentBillingKeys.period(id),
    queryFn: (context) =>
      readAnswer(
        context,
        `/api/residents/billing-information/${encodeURIComponent(id)}`,
        BillingInformationSchema,
        { errorCode: ERROR.operatingCosts },
      ),
    select: dataOf,
  })
