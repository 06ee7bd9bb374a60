import {
  ConsumptionCredentialsSchema,
  CreatedConsumptionCredentialSchema,
  ERROR,
  type ConsumptionCredentialInput,
  type CreatedConsumptionCredential,
} from '@portal/domain'
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { dataOf, parseAnswer, readAnswer } from '../../../lib/api-query'
import { useIdempotentMutation } from '../../../lib/idempotent-mutation'

export type { ConsumptionCredential, CreatedConsumptionCredential } from '@portal/domain'

export const consumptionCredentialKeys = {
  list: ['consumption-credentials'] as const,
}

const PATH = '/api/persistence/consumption-credentials'

/** Where the manager's software reaches the bved consumption-data service (decision 062). */
export const CONSUMPTION_DATA_PATH = '/api/bved/consumption-data/v1.1'

/** The user's credentials for the consumption-data service (decision 062): never a password. */
export const consumptionCredentialsQuery = () =>
  queryOptions({
    queryKey: consumptionCredentialKeys.list,
    queryFn: (context) =>
      readAnswer(context, PATH, ConsumptionCredentialsSchema, { errorCode: ERROR.loginFailed }),
    select: (answer) => dataOf(answer).items,
  })

export const useConsumptionCredentials = () => useQuery(consumptionCredentialsQuery())

/** What creating a credential takes: its name and the current password (decision 040). */
export type NewConsumptionCredential = ConsumptionCredentialInput & { currentPassword: string }

/**
 * A new credential for the current password; its password is in this answer only (parsed: it is
 * shown once and must be complete). 400 `CURRENT_PASSWORD_WRONG` (field `currentPassword`) or
 * VALIDATION_FAILED (field `name`); a repeat with the same key answers 409
 * `CONSUMPTION_CREDENTIAL_SHOWN`, 429 after too many wrong passwords.
 */
export function useCreateConsumptionCredential() {
  const client = useQueryClient()
  return useIdempotentMutation<CreatedConsumptionCredential, NewConsumptionCredential>({
    mutationFn: (input, idempotencyKey) =>
      apiRequest<unknown>(PATH, {
        body: input,
        errorCode: ERROR.loginFailed,
        idempotencyKey,
      }).then((answer) =>
        parseAnswer(CreatedConsumptionCredentialSchema, answer, ERROR.loginFailed),
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: consumptionCredentialKeys.list }),
  })
}

/**
 * Revokes a credential at once (204); the list is read again before the call settles, so that the
 * row is gone when the focus moves on. A credential revoked elsewhere meanwhile answers 404: the
 * list is read again then too.
 */
export function useRevokeConsumptionCredential() {
  const client = useQueryClient()
  return useIdempotentMutation<void, string>({
    mutationFn: (id, idempotencyKey) =>
      apiRequest<void>(`${PATH}/${encodeURIComponent(id)}`, {
        method: 'DELETE',
        errorCode: ERROR.delete,
        idempotencyKey,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: consumptionCredentialKeys.list }),
  })
}
