import {
  ERROR,
  selectPortalConnections,
  toIsoDate,
  type CompanyCode,
  type Connection,
  type User,
} from '@portal/domain'
import { ApiError, apiRequest, SEARCH_ALL } from '../../../lib/api-client'
import { clearSession, storeSession, storeToken, type SessionUser } from '../../../lib/session'

type Items<T> = { items: T[] }

const eq = (property: string, value: string) => ({ property, type: 'eq', value })

/**
 * The user name a token was issued to (its display claim `preferred_username`; the subject `sub`
 * is the user's immutable id, decision 016). The payload is UTF-8: `atob` alone answers one
 * character per byte, which made "müller" "mÃ¼ller", a name without a user record (decision 022).
 */
export function userNameOf(token: string): string {
  const payload = token.split('.')[1] ?? ''
  const binary = atob(payload.replace(/-/g, '+').replace(/_/g, '/'))
  const json = new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)))
  return (JSON.parse(json) as { preferred_username: string }).preferred_username
}

/**
 * What a sign-in came to: signed in with the session loaded, or a token that only opens the
 * set-up of a second factor (the customer requires one and the user has none yet).
 */
export type SignInOutcome = 'signedIn' | 'secondFactorSetupRequired'

/**
 * §4 login: the token (with the second factor's `code` when the server asked for it), then the
 * session. A token for the second factor's set-up is kept, but the session is not loaded: every
 * read but the set-up's is refused until then (403), and the set-up loads it afterwards.
 */
export async function signIn(
  username: string,
  password: string,
  code?: string,
): Promise<SignInOutcome> {
  const answer = await apiRequest<{ token?: string; secondFactorSetupRequired?: boolean }>(
    '/api/token',
    {
      body: code === undefined ? { username, password } : { username, password, code },
      errorCode: ERROR.loginFailed,
      anonymous: true,
    },
  )
  if (!answer.token) throw new ApiError(200, ERROR.loginNoToken, null, null)
  storeToken(answer.token)
  if (answer.secondFactorSetupRequired) return 'secondFactorSetupRequired'
  try {
    await loadSession(answer.token)
  } catch (error) {
    clearSession()
    throw error
  }
  return 'signedIn'
}

/**
 * §4 login after the token: the user record merged with the first company-code text (password
 * removed), then the connections after the rules of §5 as the session meta. A resident has no
 * properties (decision 065): the connections search does not exist for him (404), so his meta is
 * empty without asking.
 */
export async function loadSession(token: string): Promise<void> {
  const userName = userNameOf(token)
  const users = await apiRequest<Items<User & { password?: string }>>(
    `/api/persistence/users-search${SEARCH_ALL}`,
    { body: { filters: [eq('userName', userName)] }, errorCode: ERROR.loginFailed },
  )
  const record = users.items[0]
  if (!record) throw new ApiError(200, ERROR.loginFailed, null, null)
  const codes = await apiRequest<Items<CompanyCode>>(
    `/api/configuration/company-code-search${SEARCH_ALL}`,
    { body: { filters: [eq('companyCode', record.companyCode)] }, errorCode: ERROR.loginFailed },
  )
  const { password, ...withoutPassword } = { ...record, ...codes.items[0]?.text[0] }
  const user: SessionUser = withoutPassword
  if (record.resident) {
    storeSession(user, [])
    return
  }
  const connections = await apiRequest<Items<Connection>>(
    `/api/persistence/connections-search${SEARCH_ALL}`,
    { body: { filters: [eq('companyCode', record.companyCode)] }, errorCode: ERROR.connections },
  )
  storeSession(user, selectPortalConnections(connections.items, toIsoDate(new Date())))
}
