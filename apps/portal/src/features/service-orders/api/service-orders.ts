import {
  ERROR,
  ServiceOrderSchema,
  ServiceOrdersSchema,
  type ServiceOrder,
  type ServiceOrderRequest,
  type ServiceOrders,
} from '@portal/domain'
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { parseAnswer, readAnswer, type Answer } from '../../../lib/api-query'
import { dataKeys } from '../../../lib/data-keys'
import { useIdempotentMutation } from '../../../lib/idempotent-mutation'

export const serviceOrderKeys = {
  all: dataKeys.serviceOrders,
  /** The orders of one property, or of every property the user sees (`null`). */
  list: (connection: string | null) => [...dataKeys.serviceOrders, connection ?? ''] as const,
}

const itemsOf = (answer: Answer<ServiceOrders>) => answer.data.items

/** Decision 069: the orders of one property or of all the user sees, newest first. */
export const serviceOrdersQuery = (connection: string | null) =>
  queryOptions({
    queryKey: serviceOrderKeys.list(connection),
    queryFn: (context) =>
      readAnswer(
        context,
        `/api/persistence/service-orders${connection ? `?connection=${encodeURIComponent(connection)}` : ''}`,
        ServiceOrdersSchema,
        { errorCode: ERROR.readingOrders },
      ),
    select: itemsOf,
  })

export const useServiceOrders = (connection: string | null) =>
  useQuery(serviceOrdersQuery(connection))

/**
 * Places an order (idempotent: a double click or a retry is one order); every list of orders is
 * read again, and so are the notifications.
 */
export function usePlaceServiceOrder() {
  const client = useQueryClient()
  return useIdempotentMutation<ServiceOrder, ServiceOrderRequest>({
    mutationFn: (order, idempotencyKey) =>
      apiRequest<unknown>('/api/persistence/service-orders', {
        body: order,
        errorCode: ERROR.activityAdd,
        idempotencyKey,
      }).then((answer) => parseAnswer(ServiceOrderSchema, answer, ERROR.activityAdd)),
    onSuccess: () => client.invalidateQueries({ queryKey: dataKeys.serviceOrders }),
  })
}
