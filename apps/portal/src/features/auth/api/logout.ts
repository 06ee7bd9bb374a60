import { ERROR } from '@portal/domain'
import { apiRequest, endSession } from '../../../lib/api-client'
import i18n from '../../../lib/i18n'
import { newActionKey } from '../../../lib/action-key'

/**
 * §4 logout (decision 022): ends this session on the server, while the user's other devices and
 * colleagues signed in under the same name stay signed in; then clears user, meta and bearer token
 * and goes to the sign-in page. A failing call (offline, a session that already ended elsewhere)
 * does not keep anybody signed in here.
 */
export async function logout(): Promise<void> {
  await apiRequest('/api/token/revoke', {
    method: 'POST',
    errorCode: ERROR.loginFailed,
    idempotencyKey: newActionKey(),
    keepSessionOn401: true,
  }).catch(() => undefined)
  endSession(i18n.t('auth.signedOut'))
}
