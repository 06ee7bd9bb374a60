/**
 * The one way out to the backend (§7): JSON headers, the bearer token, errors mapped to the codes of
 * §8 with the server's German detail, and a logout with the message on any 401 of a signed-in call.
 */
import { clearSession, getToken, setSessionMessage } from './session'

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
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE'
  body?: unknown
  /** §8 code set on failure. */
  errorCode: number
  /** Send no token and do not log out on 401 (sign-in, password reset). */
  anonymous?: boolean
  /** The user action's key (see `useIdempotentMutation`): a repeat has no second effect. */
  idempotencyKey?: string
}

let baseUrl = ''
/** The customer configuration's `apiBaseUrl`; empty means the portal's own origin. */
export function setApiBaseUrl(url: string): void {
  baseUrl = url.replace(/\/$/, '')
}

const SESSION_EXPIRED = 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.'

/** Logs out with a message shown after the reload (§4). */
export function logoutWithMessage(message: string, type: 'error' | 'info' = 'error'): void {
  setSessionMessage(message, type)
  clearSession()
  window.location.assign('/authenticate')
}

export async function apiRequest<T>(path: string, options: RequestOptions): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' }
  if (options.body !== undefined) headers['Content-Type'] = 'application/json'
  const token = options.anonymous ? null : getToken()
  if (token) headers.Authorization = `Bearer ${token}`
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey
  let response: Response
  try {
    response = await fetch(`${baseUrl}${path}`, {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'omit',
    })
  } catch {
    throw new ApiError(0, options.errorCode, null, 'NETWORK')
  }
  if (response.status === 204) return undefined as T
  const payload = (await response.json().catch(() => null)) as
    (T & { detail?: string; code?: string; field?: string }) | null
  if (!response.ok) {
    if (response.status === 401 && !options.anonymous) {
      logoutWithMessage(payload?.detail ?? SESSION_EXPIRED)
    }
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
    const payload = (await response.json().catch(() => null)) as { detail?: string } | null
    if (response.status === 401) logoutWithMessage(payload?.detail ?? SESSION_EXPIRED)
    throw new ApiError(response.status, errorCode, payload?.detail ?? null, null)
  }
  const url = URL.createObjectURL(await response.blob())
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

export const SEARCH_ALL = '?limit=9999'
