import { ERROR } from '@portal/domain'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { useIdempotentMutation } from '../../../lib/idempotent-mutation'
import type { SecondFactorSetup } from '../../../components/second-factor/setup-key'

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

/** The current password and a code: what a change of the second factor takes (decision 040). */
export interface SecondFactorProof {
  currentPassword: string
  code: string
}

/**
 * Ten new recovery codes for the current password and a current code from the app; the earlier
 * ones stop working. 400 `CURRENT_PASSWORD_WRONG` (field `currentPassword`) or
 * `SECOND_FACTOR_INVALID` (field `code`); the codes are shown once, a repeat answers 409.
 */
export function useNewRecoveryCodes() {
  const client = useQueryClient()
  return useIdempotentMutation<{ recoveryCodes: string[] }, SecondFactorProof>({
    mutationFn: (proof, idempotencyKey) =>
      apiRequest<{ recoveryCodes: string[] }>(`${PATH}/recovery-codes`, {
        body: proof,
        errorCode: ERROR.loginFailed,
        idempotencyKey,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: SECOND_FACTOR }),
  })
}

/**
 * Turns the second factor off, confirmed by the current password and a current code from the app
 * or a recovery code. Where the customer requires one, the server then refuses everything but its
 * set-up (403).
 */
export function useDisableSecondFactor() {
  const client = useQueryClient()
  return useIdempotentMutation<void, SecondFactorProof>({
    mutationFn: (proof, idempotencyKey) =>
      apiRequest<void>(`${PATH}/disable`, {
        body: proof,
        errorCode: ERROR.loginFailed,
        idempotencyKey,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: SECOND_FACTOR }),
  })
}

/**
 * The set-up from the account page, inside the app shell (decision 045): starts against the
 * current password (decision 040; 400 `CURRENT_PASSWORD_WRONG` at `currentPassword`), or answers
 * the set-up already started with the same secret; 409 `SECOND_FACTOR_ENABLED` when there is one.
 */
export function useStartSecondFactorSetup() {
  return useIdempotentMutation<SecondFactorSetup, string>({
    mutationFn: (currentPassword, idempotencyKey) =>
      apiRequest<SecondFactorSetup>(`${PATH}/setup`, {
        body: { currentPassword },
        errorCode: ERROR.loginFailed,
        idempotencyKey,
      }),
  })
}

/**
 * Confirms the set-up with a code from the app; answers the ten recovery codes, shown once. 400
 * `SECOND_FACTOR_INVALID` (field `code`) for a wrong code.
 */
export function useConfirmSecondFactor() {
  const client = useQueryClient()
  return useIdempotentMutation<{ recoveryCodes: string[] }, string>({
    mutationFn: (code, idempotencyKey) =>
      apiRequest<{ recoveryCodes: string[] }>(`${PATH}/confirm`, {
        body: { code },
        errorCode: ERROR.loginFailed,
        idempotencyKey,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: SECOND_FACTOR }),
  })
}
