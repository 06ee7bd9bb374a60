import { ERROR, PasswordChangedSchema, type PasswordChange } from '@portal/domain'
import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { parseAnswer } from '../../../lib/api-query'
import { storeToken } from '../../../lib/session'

/** §7 password change; the server revokes earlier tokens and answers a fresh one, kept here. */
export function useChangePassword() {
  return useMutation({
    mutationFn: async (change: PasswordChange) => {
      const answer = parseAnswer(
        PasswordChangedSchema,
        await apiRequest<unknown>('/api/processes/system/password-change', {
          body: change,
          errorCode: ERROR.passwordChange,
        }),
        ERROR.passwordChange,
      )
      storeToken(answer.token)
      return answer
    },
  })
}
