/**
 * §7 legacy transaction endpoint: a form-encoded POST with one field `json` (action, code, data,
 * obj, key, token). A reply without success and with a null token forces the logout (§4); a
 * successful reply carries a fresh token.
 */
import { ApiError, logoutWithMessage } from './api-client'
import { getToken, storeToken } from './session'

type LegacyAnswer<T> = { success: boolean; data: T; message: string; token: string | null }

let endpoint = '/api/legacy'
/** The customer configuration's `legacyEndpoint`. */
export function setLegacyEndpoint(address: string): void {
  endpoint = address
}

export async function legacyTransaction<T>(
  request: { code: string; obj?: string; key?: string; data?: unknown },
  errorCode: number,
): Promise<T> {
  const json = JSON.stringify({ action: 'trans', ...request, token: getToken() })
  let response: Response
  try {
    response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: new URLSearchParams({ json }),
      credentials: 'omit',
    })
  } catch {
    throw new ApiError(0, errorCode, null, 'NETWORK')
  }
  const answer = (await response.json().catch(() => null)) as LegacyAnswer<T> | null
  if (!response.ok || !answer) {
    throw new ApiError(response.status, errorCode, null, null)
  }
  if (!answer.success && answer.token === null) {
    logoutWithMessage(answer.message)
    throw new ApiError(401, errorCode, answer.message, 'LEGACY_TOKEN')
  }
  if (answer.token) storeToken(answer.token)
  if (!answer.success) throw new ApiError(response.status, errorCode, answer.message, 'LEGACY')
  return answer.data
}
