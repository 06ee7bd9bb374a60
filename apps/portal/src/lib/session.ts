/**
 * The session of §4: token and bearer token in session storage under a portal-specific prefix;
 * user, meta, message, messageType and bearerToken in local storage for the auto-login.
 */
import type { Connection, User } from '@portal/domain'

export const SESSION_PREFIX = 'kundenportal.'
const TOKEN_KEY = `${SESSION_PREFIX}token`
const BEARER_TOKEN_KEY = `${SESSION_PREFIX}bearerToken`
/** The tab's remembered list searches (a back link returns to them); they end with the session. */
export const LIST_SEARCH_PREFIX = `${SESSION_PREFIX}listSearch:`

/**
 * The session user: the users-search record merged with the first company-code text. `resident`
 * may be missing from a session stored before residents existed: such a user is no resident.
 */
export type SessionUser = Omit<User, 'resident'> & {
  resident?: boolean
  companyCodeName?: string
  city?: string
  language?: string
}
export type SessionMessageType = 'error' | 'info'

const local = {
  user: 'user',
  meta: 'meta',
  message: 'message',
  messageType: 'messageType',
  bearerToken: 'bearerToken',
} as const

/**
 * The last text read per key and what it parsed to: a large customer's meta holds thousands of
 * connections (megabytes), which each render would otherwise parse again.
 */
const parsedEntries = new Map<string, { raw: string; value: unknown }>()

function readJson<T>(key: string): T | null {
  const raw = localStorage.getItem(key)
  if (!raw) return null
  const known = parsedEntries.get(key)
  if (known?.raw === raw) return known.value as T
  try {
    const value = JSON.parse(raw) as T
    parsedEntries.set(key, { raw, value })
    return value
  } catch {
    return null
  }
}

/** §4: logged in means a token or a bearer token is held in session storage. */
export function isLoggedIn(): boolean {
  return Boolean(sessionStorage.getItem(TOKEN_KEY) || sessionStorage.getItem(BEARER_TOKEN_KEY))
}

export function getToken(): string | null {
  return sessionStorage.getItem(TOKEN_KEY) ?? sessionStorage.getItem(BEARER_TOKEN_KEY)
}

export function storeToken(token: string): void {
  sessionStorage.setItem(TOKEN_KEY, token)
  sessionStorage.setItem(BEARER_TOKEN_KEY, token)
  localStorage.setItem(local.bearerToken, token)
}

export function storeSession(user: SessionUser, meta: Connection[]): void {
  localStorage.setItem(local.user, JSON.stringify(user))
  localStorage.setItem(local.meta, JSON.stringify(meta))
}

export const getUser = () => readJson<SessionUser>(local.user)
export const getMeta = () => readJson<Connection[]>(local.meta) ?? []

/**
 * Decision 065: the signed-in user is a resident, who sees his tenancy and his own months only.
 * Signing in and out load a new page, so the answer holds as long as the page does.
 */
export const isResident = () => getUser()?.resident === true

/** §4 auto-login: restores the token from local storage into the session of this tab. */
export function autoLogin(): boolean {
  if (isLoggedIn()) return true
  const bearerToken = localStorage.getItem(local.bearerToken)
  if (!bearerToken || !getUser()) return false
  sessionStorage.setItem(TOKEN_KEY, bearerToken)
  sessionStorage.setItem(BEARER_TOKEN_KEY, bearerToken)
  return true
}

export function setSessionMessage(message: string, type: SessionMessageType): void {
  localStorage.setItem(local.message, message)
  localStorage.setItem(local.messageType, type)
}

/** The message left for the next page load (after a logout), read once. */
export function takeSessionMessage(): { message: string; type: SessionMessageType } | null {
  const message = localStorage.getItem(local.message)
  const type = localStorage.getItem(local.messageType)
  localStorage.removeItem(local.message)
  localStorage.removeItem(local.messageType)
  if (!message) return null
  return { message, type: type === 'error' ? 'error' : 'info' }
}

/** Where the portal goes after a sign-in without a deep link. */
export const HOME_PATH = '/dashboard'
const SIGN_IN_PATH = '/authenticate'
const NEXT_MAX_LENGTH = 2000

/**
 * A deep link to return to after the sign-in (decision 022): a path of this portal only, never
 * another origin (`//host`, `/\host`, `https://…`, no open redirect) and never the sign-in page
 * itself; null for anything else.
 */
export function safeNextPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > NEXT_MAX_LENGTH) return null
  // a path of this origin: one slash, no backslash (browsers read it as a slash), no control character
  if (!raw.startsWith('/') || raw.startsWith('//') || /[\\\p{Cc}]/u.test(raw)) {
    return null
  }
  let url: URL
  try {
    url = new URL(raw, window.location.origin)
  } catch {
    return null
  }
  if (url.origin !== window.location.origin) return null
  if (url.pathname === SIGN_IN_PATH || url.pathname.startsWith(`${SIGN_IN_PATH}/`)) return null
  return `${url.pathname}${url.search}${url.hash}`
}

/** The sign-in page, with the deep link to return to (none for the start page). */
export function signInPath(next?: string | null): string {
  const path = safeNextPath(next)
  if (!path || path === '/' || path === HOME_PATH) return SIGN_IN_PATH
  return `${SIGN_IN_PATH}?next=${encodeURIComponent(path)}`
}

/**
 * The set-up of the second factor on the sign-in page (a plain view, decision 027), with the page
 * to open after it; the set-up's own page and the start page are no deep link.
 */
export function secondFactorSetupPath(next?: string | null): string {
  const path = safeNextPath(next)
  const view = `${SIGN_IN_PATH}?view=second-factor`
  if (!path || path === '/' || path === HOME_PATH) return view
  return `${view}&next=${encodeURIComponent(path)}`
}

const sessionEndListeners = new Set<() => void>()

/**
 * Adds what must be forgotten with the session, held in this tab's memory rather than in storage
 * (the API client's remembered answers): `clearSession` calls it. Answers the removal.
 */
export function onSessionEnd(listener: () => void): () => void {
  sessionEndListeners.add(listener)
  return () => sessionEndListeners.delete(listener)
}

/** §4 logout: clears user, meta and bearer token (and this tab's tokens). */
export function clearSession(): void {
  for (const listener of sessionEndListeners) listener()
  localStorage.removeItem(local.user)
  localStorage.removeItem(local.meta)
  localStorage.removeItem(local.bearerToken)
  sessionStorage.removeItem(TOKEN_KEY)
  sessionStorage.removeItem(BEARER_TOKEN_KEY)
  // the next user of this tab must not be led back to the last one's searches
  const listSearches = Array.from({ length: sessionStorage.length }, (_, index) =>
    sessionStorage.key(index),
  ).filter((key): key is string => key?.startsWith(LIST_SEARCH_PREFIX) ?? false)
  for (const key of listSearches) sessionStorage.removeItem(key)
}
