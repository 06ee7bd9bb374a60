/**
 * The one way out to the backend (§7): JSON headers, the bearer token, errors mapped to the codes of
 * §8 with the server's German detail, and a logout with the message on any 401 of a signed-in call.
 * Reads are revalidated (decisions 026, 047): `apiRead` sends the ETag of the answer the query cache
 * keeps and answers that answer again when the server says 304 Not Modified.
 */
import {
  clearSession,
  getToken,
  isLoggedIn,
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

function parseJson<T>(text: string): T | null {
  try {
    return text ? (JSON.parse(text) as T) : null
  } catch {
    return null
  }
}

/**
 * A read's answer with the ETag the server validates it by (decision 026), null when it sent
 * none. The query cache keeps it as the query's data (decision 047): no second cache of answers.
 */
export interface Answer<T = unknown> {
  data: T
  etag: string | null
}

type Sent = { notModified: true } | { notModified: false; payload: unknown; etag: string | null }

async function send(path: string, options: RequestOptions, ifNoneMatch?: string): Promise<Sent> {
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST')
  const body = options.body === undefined ? undefined : JSON.stringify(options.body)
  const headers: Record<string, string> = { Accept: 'application/json' }
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  const token = options.anonymous ? null : getToken()
  if (token) headers.Authorization = `Bearer ${token}`
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey
  if (ifNoneMatch) headers['If-None-Match'] = ifNoneMatch
  let response: Response
  try {
    response = await fetch(`${baseUrl}${path}`, { method, headers, body, credentials: 'omit' })
  } catch {
    throw new ApiError(0, options.errorCode, null, 'NETWORK')
  }
  if (response.status === 304 && ifNoneMatch) return { notModified: true }
  if (response.status === 204) return { notModified: false, payload: undefined, etag: null }
  const text = await response.text().catch(() => '')
  const payload = parseJson<{ detail?: string; code?: string; field?: string }>(text)
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
  return { notModified: false, payload, etag: response.headers.get('ETag') }
}

export async function apiRequest<T>(path: string, options: RequestOptions): Promise<T> {
  const sent = await send(path, options)
  return (sent.notModified ? undefined : sent.payload) as T
}

/** The options of a read: it carries no key of a user action and always the token. */
export type ReadOptions = Omit<RequestOptions, 'idempotencyKey' | 'anonymous' | 'keepSessionOn401'>

/**
 * A read (a GET, or a search POST that only filters) revalidated against `known`, the answer the
 * caller keeps for exactly this request: its ETag goes in `If-None-Match`, and a 304 answers
 * `known` itself. The server's ETag names who asked, the address and the body, so an answer kept
 * for another user or request is never confirmed.
 */
export async function apiRead(path: string, options: ReadOptions, known?: Answer): Promise<Answer> {
  const sent = await send(path, options, known?.etag ?? undefined)
  if (sent.notModified) return known!
  return { data: sent.payload, etag: sent.etag }
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
  /** The name to save under; null: the one the server's Content-Disposition gives. */
  fileName: string | null,
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
  const name = fileName ?? dispositionFileName(response.headers.get('Content-Disposition'))
  saveFile(await response.blob(), name ?? 'download')
}

/** The file name of a Content-Disposition header: `filename*=UTF-8''…` first, else `filename="…"`. */
export function dispositionFileName(header: string | null): string | null {
  if (!header) return null
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header)
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1]!.trim())
    } catch {
      // a malformed escape: the plain name below
    }
  }
  return /filename="([^"]*)"/i.exec(header)?.[1] ?? null
}

export const SEARCH_ALL = '?limit=9999'
