import { ERROR, type ResidentRegistration } from '@portal/domain'
import { apiRequest } from '../../../lib/api-client'

/**
 * A resident's registration with the code of his letter or mail (decision 065): 201 with the
 * server's message. 400 `REGISTRATION_CODE_UNKNOWN`, `REGISTRATION_CODE_EXPIRED`,
 * `REGISTRATION_CONTRACT_ENDED` and 409 `REGISTRATION_CODE_USED` (field `code`), 409
 * `USER_NAME_TAKEN` (field `userName`), 429 after too many tries; each with its German detail.
 */
export function registerResident(registration: ResidentRegistration) {
  return apiRequest<{ successMessage: string }>(
    '/api/processes/customer-portal/resident-registration',
    { body: registration, errorCode: ERROR.loginFailed, anonymous: true },
  )
}
