/**
 * The one way out to the backend (§7): JSON headers, the bearer token, errors mapped to the codes of
 * §8 with the server's German detail, and a logout with the message on any 401 of a signed-in call.
 * Reads are revalidated (decision 026): the last answer of each is remembered with its ETag and given
 * again when the server answers 304 Not Modified.
 */
import {
  clearSession,
  getToken,
  isLoggedIn,
  onSessionEnd,
  secondFactorSetupPath,
  setSessionMessage,
  signInPath,
  type SessionMessageType,
} from './session'
import { saveFile } from './save-file'

export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** The §8 error code of the call that failed. */
    readonly errorCode: number,
    /** The server's German detail, if it sent one. */
    readonly detail: string | null,
    readonly serverCode: string | null,
    /** The input the detail is about (`reason`, `operatingCostsHeatingExpense.0.from`), if any. */
    readonly field: string | null = null,
  ) {
    super(detail ?? `HTTP ${status}`)
    this.name = 'ApiError'
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  body?: unknown
  /** §8 code set on failure. */
  errorCode: number
  /** Send no token and do not log out on 401 (sign-in, password reset). */
  anonymous?: boolean
  /** Send the token but do not log out on 401: the caller ends the session itself (logout). */
  keepSessionOn401?: boolean
  /** The user action's key (see `useIdempotentMutation`): a repeat has no second effect. */
  idempotencyKey?: string
}

let baseUrl = ''
/** The customer configuration's `apiBaseUrl`; empty means the portal's own origin. */
export function setApiBaseUrl(url: string): void {
  baseUrl = url.replace(/\/$/, '')
}

const SESSION_EXPIRED = 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.'

/**
 * Logs out after the server refused the session (a 401 of a signed-in call, a legacy answer without
 * a token), with the server's message shown by the sign-in page after the reload (§4); the page
 * the user was on is the deep link to return to. Only the first refusal counts (decision 022):
 * calls still under way, or sent after it without a token (answered 'Bitte melden Sie sich an.'),
 * must not overwrite why the session ended.
 */
export function logoutWithMessage(message: string, type: SessionMessageType = 'error'): void {
  if (!isLoggedIn()) return
  setSessionMessage(message, type)
  clearSession()
  const { pathname = '', search = '', hash = '' } = window.location
  window.location.assign(signInPath(`${pathname}${search}${hash}`))
}

/** The server's code for a signed-in call refused until the user has set up a second factor. */
const SECOND_FACTOR_SETUP_REQUIRED = 'SECOND_FACTOR_SETUP_REQUIRED'
let sentToSetUp = false

/**
 * A 403 `SECOND_FACTOR_SETUP_REQUIRED`: the customer requires a second factor and this user has
 * none (any more), so the token only opens its set-up. The browser goes there, once however many
 * calls were refused, with the page the user was on to return to; never from the set-up itself.
 */
function sendToSecondFactorSetUp(status: number, serverCode: string | null | undefined): void {
  if (status !== 403 || serverCode !== SECOND_FACTOR_SETUP_REQUIRED || sentToSetUp) return
  const { pathname = '', search = '', hash = '' } = window.location
  if (pathname === '/authenticate') return
  sentToSetUp = true
  window.location.assign(secondFactorSetupPath(`${pathname}${search}${hash}`))
}

/**
 * Ends the session in this browser at the user's wish (logout, sign out everywhere) and goes to the
 * sign-in page, which shows the message; no deep link, the next person starts on the dashboard.
 */
export function endSession(message: string): void {
  setSessionMessage(message, 'info')
  clearSession()
  window.location.assign(signInPath())
}

/**
 * The remembered answers of the reads: per user, method, address and body the last answer and its
 * ETag, the least recently used forgotten first. Only in this tab's memory (personal data is never
 * written to storage for this), and forgotten when the session ends or another user signs in.
 */
const REMEMBERED_ANSWERS = 200
/** At most this much answer text (UTF-16 code units) is remembered over all answers. */
const REMEMBERED_TEXT = 20_000_000

type Remembered = { etag: string; answer: unknown; size: number }
const remembered = new Map<string, Remembered>()
let rememberedText = 0
/** Whose answers `remembered` holds: the token's subject. */
let rememberedFor: string | null = null
/** Raised when everything is forgotten: an answer asked for before is then not remembered. */
let generation = 0

function forgetAnswers(): void {
  remembered.clear()
  rememberedText = 0
  rememberedFor = null
  generation += 1
}
onSessionEnd(forgetAnswers)

function forgetAnswer(key: string): void {
  const entry = remembered.get(key)
  if (!entry) return
  remembered.delete(key)
  rememberedText -= entry.size
}

/** Remembers an answer as the most recently used, unless everything was forgotten since `asked`. */
function rememberAnswer(key: string, entry: Remembered, asked: number): void {
  if (asked !== generation) return
  forgetAnswer(key)
  if (entry.size > REMEMBERED_TEXT) return
  remembered.set(key, entry)
  rememberedText += entry.size
  for (const oldest of remembered.keys()) {
    if (remembered.size <= REMEMBERED_ANSWERS && rememberedText <= REMEMBERED_TEXT) break
    forgetAnswer(oldest)
  }
}

/** The user a token was issued to: its subject `sub` (the user's immutable id, decision 016). */
function subjectOf(token: string): string {
  try {
    const payload = (token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/')
    const { sub } = JSON.parse(atob(payload)) as { sub?: unknown }
    if (typeof sub === 'string' || typeof sub === 'number') return `sub ${sub}`
  } catch {
    // not a JWT: the token itself stands for its user
  }
  return `token ${token}`
}

/** The addresses of the searches (§7 `…-search`, the expense lists); a body of theirs only filters. */
const SEARCH_PATH = /(?:-search|\/(?:heating|working)-expenses)$/
const SEARCH_BODY_KEYS = new Set(['filters', 'sort'])

/**
 * Whether a request only reads (a GET, or a search POST whose body holds nothing but filters and
 * sort) and may therefore be revalidated. A change (it carries an `Idempotency-Key`, or adds
 * expense lines to the same address) never is.
 */
function isRead(method: string, path: string, options: RequestOptions): boolean {
  if (options.anonymous || options.idempotencyKey) return false
  if (method === 'GET') return true
  const body = options.body
  return (
    method === 'POST' &&
    SEARCH_PATH.test(path.split('?', 1)[0] ?? '') &&
    typeof body === 'object' &&
    body !== null &&
    !Array.isArray(body) &&
    Object.keys(body).every((key) => SEARCH_BODY_KEYS.has(key))
  )
}

/** The key of a read's remembered answer; the first of another user forgets the last one's. */
function rememberedKey(token: string, method: string, url: string, body: string | undefined) {
  const user = subjectOf(token)
  if (user !== rememberedFor) {
    forgetAnswers()
    rememberedFor = user
  }
  return JSON.stringify([user, method, url, body ?? null])
}

function parseAnswer<T>(text: string): T | null {
  try {
    return text ? (JSON.parse(text) as T) : null
  } catch {
    return null
  }
}

export async function apiRequest<T>(path: string, options: RequestOptions): Promise<T> {
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST')
  const url = `${baseUrl}${path}`
  const body = options.body === undefined ? undefined : JSON.stringify(options.body)
  const headers: Record<string, string> = { Accept: 'application/json' }
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  const token = options.anonymous ? null : getToken()
  if (token) headers.Authorization = `Bearer ${token}`
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey
  const key =
    token && isRead(method, path, options) ? rememberedKey(token, method, url, body) : null
  const known = key === null ? undefined : remembered.get(key)
  const asked = generation
  if (known) headers['If-None-Match'] = known.etag
  let response: Response
  try {
    response = await fetch(url, { method, headers, body, credentials: 'omit' })
  } catch {
    throw new ApiError(0, options.errorCode, null, 'NETWORK')
  }
  if (response.status === 304 && known && key !== null) {
    // unchanged: the remembered answer, as if it had come again (and now the most recently used)
    if (remembered.get(key) === known) rememberAnswer(key, known, asked)
    return known.answer as T
  }
  if (response.status === 204) return undefined as T
  const text = await response.text().catch(() => '')
  const payload = parseAnswer<T & { detail?: string; code?: string; field?: string }>(text)
  if (key !== null) {
    const etag = response.ok ? response.headers.get('ETag') : null
    if (etag) rememberAnswer(key, { etag, answer: payload, size: text.length }, asked)
    else forgetAnswer(key)
  }
  if (!response.ok) {
    if (response.status === 401 && !options.anonymous && !options.keepSessionOn401) {
      logoutWithMessage(payload?.detail ?? SESSION_EXPIRED)
    }
    if (!options.anonymous) sendToSecondFactorSetUp(response.status, payload?.code)
    throw new ApiError(
      response.status,
      options.errorCode,
      payload?.detail ?? null,
      payload?.code ?? null,
      payload?.field ?? null,
    )
  }
  return payload as T
}

/**
 * A multipart upload with progress (fetch cannot report upload progress): the same token, error
 * codes and 401 handling as every other call.
 */
export function uploadRequest<T>(
  path: string,
  form: FormData,
  options: {
    errorCode: number
    onProgress?: (fraction: number) => void
    idempotencyKey?: string
  },
): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open('POST', `${baseUrl}${path}`)
    request.setRequestHeader('Accept', 'application/json')
    const token = getToken()
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`)
    if (options.idempotencyKey) request.setRequestHeader('Idempotency-Key', options.idempotencyKey)
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total)
    }
    request.onerror = () => reject(new ApiError(0, options.errorCode, null, 'NETWORK'))
    request.onload = () => {
      let payload: (T & { detail?: string; code?: string; field?: string }) | null = null
      try {
        payload = JSON.parse(request.responseText) as T & {
          detail?: string
          code?: string
          field?: string
        }
      } catch {
        payload = null
      }
      if (request.status >= 200 && request.status < 300) return resolve(payload as T)
      if (request.status === 401) logoutWithMessage(payload?.detail ?? SESSION_EXPIRED)
      sendToSecondFactorSetUp(request.status, payload?.code)
      reject(
        new ApiError(
          request.status,
          options.errorCode,
          payload?.detail ?? null,
          payload?.code ?? null,
          payload?.field ?? null,
        ),
      )
    }
    request.send(form)
  })
}

/** Fetches a file with the token and hands it to the browser as a download. */
export async function downloadFile(
  path: string,
  fileName: string,
  errorCode: number,
): Promise<void> {
  const token = getToken()
  let response: Response
  try {
    response = await fetch(`${baseUrl}${path}`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      credentials: 'omit',
    })
  } catch {
    throw new ApiError(0, errorCode, null, 'NETWORK')
  }
  if (!response.ok) {
    const payload = (await response.json().catch(() => null)) as {
      detail?: string
      code?: string
    } | null
    if (response.status === 401) logoutWithMessage(payload?.detail ?? SESSION_EXPIRED)
    sendToSecondFactorSetUp(response.status, payload?.code)
    throw new ApiError(response.status, errorCode, payload?.detail ?? null, null)
  }
  saveFile(await response.blob(), fileName)
}

export const SEARCH_ALL = '?limit=9999'
