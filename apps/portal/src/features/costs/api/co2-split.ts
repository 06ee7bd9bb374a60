import {
  Co2SplitAnswerSchema,
  ERROR,
  type Co2SplitAnswer,
  type Co2SplitUpdate,
} from '@portal/domain'
import { queryOptions, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { dataOf, parseAnswer, readAnswer } from '../../../lib/api-query'
import { useIdempotentMutation } from '../../../lib/idempotent-mutation'
import { costKeys } from './operating-costs'

const co2SplitPath = (id: string) =>
  `/api/persistence/operating-costs/${encodeURIComponent(id)}/co2-split`

/**
 * Decision 032: the CO2 split the server computed for a heating distribution. Its key lies below
 * the distribution's, so every change of a cost line reads it again.
 */
export const co2SplitQuery = (id: string) =>
  queryOptions({
    queryKey: costKeys.co2Split(id),
    queryFn: (context) =>
      readAnswer(context, co2SplitPath(id), Co2SplitAnswerSchema, {
        errorCode: ERROR.operatingCosts,
      }),
    select: dataOf,
  })

/** Stores what the user corrected from the invoice; answers the recomputed split. */
export function useCorrectCo2Split(id: string) {
  const client = useQueryClient()
  return useIdempotentMutation({
    mutationFn: (update: Co2SplitUpdate, idempotencyKey) =>
      apiRequest<unknown>(co2SplitPath(id), {
        method: 'PUT',
        body: update,
        errorCode: ERROR.expenseUpdate,
        idempotencyKey,
      }).then((answer) => parseAnswer(Co2SplitAnswerSchema, answer, ERROR.expenseUpdate)),
    // the server's ETag of the recomputed split is not known: the next read asks unconditionally
    onSuccess: (split: Co2SplitAnswer) => {
      client.setQueryData(co2SplitQuery(id).queryKey, { data: split, etag: null })
    },
  })
}
