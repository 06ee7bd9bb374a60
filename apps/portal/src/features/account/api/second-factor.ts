import {
  ERROR,
  RecoveryCodesSchema,
  SecondFactorSetupSchema,
  SecondFactorStatusSchema,
  type RecoveryCodes,
  type SecondFactorSetup,
} from '@portal/domain'
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { dataOf, parseAnswer, readAnswer } from '../../../lib/api-query'
import { useIdempotentMutation } from '../../../lib/idempotent-mutation'

export type { SecondFactorSetup, SecondFactorStatus } from '@portal/domain'

export const secondFactorKeys = {
  status: ['second-factor'] as const,
}

const PATH = '/api/processes/second-factor'

/** Whether the user has a second factor, since when, and whether the customer requires one. */
export const secondFactorStatusQuery = () =>
  queryOptions({
    queryKey: secondFactorKeys.status,
    queryFn: (context) =>
      readAnswer(context, PATH, SecondFactorStatusSchema, { errorCode: ERROR.loginFailed }),
    select: dataOf,
  })

export const useSecondFactorStatus = () => useQuery(secondFactorStatusQuery())

/** The recovery codes of an answer (parsed: they are shown once and must be complete). */
const recoveryCodesOf = (answer: unknown): RecoveryCodes =>
  parseAnswer(RecoveryCodesSchema, answer, ERROR.loginFailed)

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
  return useIdempotentMutation<RecoveryCodes, SecondFactorProof>({
    mutationFn: (proof, idempotencyKey) =>
      apiRequest<unknown>(`${PATH}/recovery-codes`, {
        body: proof,
        errorCode: ERROR.loginFailed,
        idempotencyKey,
      }).then(recoveryCodesOf),
    onSuccess: () => client.invalidateQueries({ queryKey: secondFactorKeys.status }),
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
    onSuccess: () => client.invalidateQueries({ queryKey: secondFactorKeys.status }),
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
      apiRequest<unknown>(`${PATH}/setup`, {
        body: { currentPassword },
        errorCode: ERROR.loginFailed,
        idempotencyKey,
      }).then((answer) => parseAnswer(SecondFactorSetupSchema, answer, ERROR.loginFailed)),
  })
}

/**
 * Confirms the set-up with a code from the app; answers the ten recovery codes, shown once. 400
 * `SECOND_FACTOR_INVALID` (field `code`) for a wrong code.
 */
export function useConfirmSecondFactor() {
  const client = useQueryClient()
  return useIdempotentMutation<RecoveryCodes, string>({
    mutationFn: (code, idempotencyKey) =>
      apiRequest<unknown>(`${PATH}/confirm`, {
        body: { code },
        errorCode: ERROR.loginFailed,
        idempotencyKey,
      }).then(recoveryCodesOf),
    onSuccess: () => client.invalidateQueries({ queryKey: secondFactorKeys.status }),
  })
}
