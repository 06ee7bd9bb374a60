import { ERROR, type PasswordResetRequest } from '@portal/domain'
import { apiRequest } from '../../../lib/api-client'

type SuccessMessage = { successMessage: string }

export function requestPasswordReset(request: PasswordResetRequest) {
  return apiRequest<SuccessMessage>('/api/processes/customer-portal/password-reset', {
    body: request,
    errorCode: ERROR.passwordReset,
    anonymous: true,
  })
}

export function confirmPasswordReset(request: {
  token: string
  newPassword: string
  newPasswordRepeat: string
}) {
  return apiRequest<SuccessMessage>('/api/processes/customer-portal/password-reset/confirm', {
    body: request,
    errorCode: ERROR.passwordReset,
    anonymous: true,
  })
}

/** Sets the first password through the provider's invitation link (its own route and limit). */
export function acceptInvitation(request: {
  token: string
  newPassword: string
  newPasswordRepeat: string
}) {
  return apiRequest<SuccessMessage>('/api/processes/customer-portal/invitation/accept', {
    body: request,
    errorCode: ERROR.passwordReset,
    anonymous: true,
  })
}

/**
 * Whether an invitation link can still be used, before its form is shown: resolves when it can;
 * 410 `INVITATION_USED` (the password is chosen already) or `INVITATION_EXPIRED`, 400
 * `INVITATION_INVALID`, each with the German detail of what to do.
 */
export function checkInvitation(token: string) {
  return apiRequest<void>('/api/processes/customer-portal/invitation/check', {
    body: { token },
    errorCode: ERROR.passwordReset,
    anonymous: true,
  })
}
