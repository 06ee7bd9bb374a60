import { ERROR } from '@portal/domain'
import { apiRequest, endSession } from '../../../lib/api-client'
import i18n from '../../../lib/i18n'
import { useIdempotentMutation } from '../../../lib/idempotent-mutation'
import '../locales'

/**
 * "Auf allen Geräten abmelden" (decision 022): the server refuses every token of the user issued
 * so far, in every browser and on every device; this one then signs out too, with a message. The
 * other sessions learn it from the server's answer to their next call.
 */
export async function signOutEverywhere(idempotencyKey: string): Promise<void> {
  await apiRequest('/api/token/revoke-all', {
    method: 'POST',
    errorCode: ERROR.loginFailed,
    idempotencyKey,
  })
  endSession(i18n.t('account.signOutEverywhere.done'))
}

export function useSignOutEverywhere() {
  return useIdempotentMutation<void>({
    mutationFn: (_nothing, idempotencyKey) => signOutEverywhere(idempotencyKey),
  })
}
