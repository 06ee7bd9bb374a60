import { ERROR } from '@portal/domain'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { useIdempotentMutation } from '../../../lib/idempotent-mutation'

/** Whether the user has a second factor, since when, and whether the customer requires one. */
export interface SecondFactorStatus {
  enabled: boolean
  required: boolean
  /** When it was set up (ISO instant), null while it is not. */
  enabledAt: string | null
  recoveryCodesLeft: number
}

const SECOND_FACTOR = ['second-factor']
const PATH = '/api/processes/second-factor'

export function useSecondFactorStatus() {
  return useQuery({
    queryKey: SECOND_FACTOR,
    queryFn: () => apiRequest<SecondFactorStatus>(PATH, { errorCode: ERROR.loginFailed }),
  })
}

/**
 * Ten new recovery codes for a current code from the app; the earlier ones stop working. 400
 * `SECOND_FACTOR_INVALID` (field `code`) for a wrong code.
 */
export function useNewRecoveryCodes() {
  const client = useQueryClient()
  return useIdempotentMutation<{ recoveryCodes: string[] }, string>({
    mutationFn: (code, idempotencyKey) =>
      apiRequest<{ recoveryCodes: string[] }>(`${PATH}/recovery-codes`, {
        body: { code },
        errorCode: ERROR.loginFailed,
        idempotencyKey,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: SECOND_FACTOR }),
  })
}

/**
 * Turns the second factor off, confirmed by a current code from the app or a recovery code. Where
 * the customer requires one, the server then refuses everything but its set-up (403).
 */
export function useDisableSecondFactor() {
  const client = useQueryClient()
  return useIdempotentMutation<void, string>({
    mutationFn: (code, idempotencyKey) =>
      apiRequest<void>(`${PATH}/disable`, {
        body: { code },
        errorCode: ERROR.loginFailed,
        idempotencyKey,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: SECOND_FACTOR }),
  })
}
