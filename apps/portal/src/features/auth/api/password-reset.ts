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
