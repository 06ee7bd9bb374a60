import { ERROR } from '@portal/domain'
import { apiRequest } from '../../../lib/api-client'
import { clearSession } from '../../../lib/session'

/** §4 logout: revokes the token on the server, clears user, meta and bearer token, reloads. */
export async function logout(): Promise<void> {
  await apiRequest('/api/token/revoke', { method: 'POST', errorCode: ERROR.loginFailed }).catch(
    () => undefined,
  )
  clearSession()
  window.location.reload()
}
