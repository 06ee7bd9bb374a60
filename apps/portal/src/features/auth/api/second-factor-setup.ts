import { ERROR, type SecondFactorSetup } from '@portal/domain'
import { apiRequest } from '../../../lib/api-client'

/**
 * Starts the set-up of the TOTP second factor against the current password (decision 040), or
 * answers the one already started and not yet confirmed (the same secret). 400
 * `CURRENT_PASSWORD_WRONG` (field `currentPassword`); 409 `SECOND_FACTOR_ENABLED` when the user
 * has one.
 */
export function startSecondFactorSetup(
  currentPassword: string,
  idempotencyKey: string,
): Promise<SecondFactorSetup> {
  return apiRequest<SecondFactorSetup>('/api/processes/second-factor/setup', {
    body: { currentPassword },
    errorCode: ERROR.loginFailed,
    idempotencyKey,
  })
}

/**
 * Confirms the set-up with a code from the app: from now on the sign-in asks for it. Answers the
 * ten recovery codes, shown once: a repeat answers 409 `SECOND_FACTOR_ANSWER_SHOWN`. 400
 * `SECOND_FACTOR_INVALID` (field `code`) for a wrong code.
 */
export function confirmSecondFactor(
  code: string,
  idempotencyKey: string,
): Promise<{ recoveryCodes: string[] }> {
  return apiRequest<{ recoveryCodes: string[] }>('/api/processes/second-factor/confirm', {
    body: { code },
    errorCode: ERROR.loginFailed,
    idempotencyKey,
  })
}
