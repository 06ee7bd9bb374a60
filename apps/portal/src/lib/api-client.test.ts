import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  ApiError,
  apiRead,
  apiRequest,
  dispositionFileName,
  endSession,
  type Answer,
} from './api-client'
import { versionedServer } from '../testing/versioned-server'
import { isLoggedIn, storeSession, storeToken, takeSessionMessage } from './session'

const respond = (status: number, body: unknown) =>
  vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status })))

const assign = vi.fn()

beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
  assign.mockClear()
  vi.stubGlobal('location', {
    assign,
    origin: 'http://portal.test',
    pathname: '/dashboard',
    search: '',
    hash: '',
  })
})
afterEach(() => {
  vi.unstubAllGlobals()
})

describe('apiRequest', () => {
  it('sends JSON with the bearer token and no credentials', async () => {
    storeToken('t0k3n')
    const fetch = respond(200, { items: [] })
    vi.stubGlobal('fetch', fetch)
    await apiRequest('/api/persistence/users-search', { body: {}, errorCode: 108 })
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit]
    expect(init.headers).toMatchObject({
      Authorization: 'Bearer t0k3n',
      'Content-Type': 'application/json',
    })
    expect(init.credentials).toBe('omit')
  })

  it('maps a failure to the §8 code with the server’s detail', async () => {
    vi.stubGlobal('fetch', respond(409, { detail: 'Schon erfasst.', code: 'CONFLICT' }))
    const error = await apiRequest('/x', { errorCode: 115 }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 409, errorCode: 115, detail: 'Schon erfasst.' })
  })

  it('logs out with the message on a 401 of a signed-in call', async () => {
    storeToken('alt')
    storeSession(
      { userName: 'u', companyCode: '1', businessPartner: null, name: 'U', mail: 'm' },
      [],
    )
    vi.stubGlobal('fetch', respond(401, { detail: 'Ihre Sitzung ist abgelaufen.' }))
    await expect(apiRequest('/x', { errorCode: 110 })).rejects.toBeInstanceOf(ApiError)
    expect(isLoggedIn()).toBe(false)
    expect(takeSessionMessage()).toEqual({ message: 'Ihre Sitzung ist abgelaufen.', type: 'error' })
    expect(assign).toHaveBeenCalledWith('/authenticate')
  })

  it('does not log out on a 401 of an anonymous call (wrong password)', async () => {
    storeToken('alt')
    vi.stubGlobal('fetch', respond(401, { detail: 'Login Fehler!' }))
    await expect(
      apiRequest('/api/token', { body: {}, errorCode: 108, anonymous: true }),
    ).rejects.toMatchObject({ status: 401 })
    expect(isLoggedIn()).toBe(true)
  })

  it('keeps the first refusal: later 401s (sent without a token) do not overwrite it', async () => {
    storeToken('widerrufen')
    vi.stubGlobal('location', {
      assign,
      origin: 'http://portal.test',
      pathname: '/properties/1000000001/units/V100',
      search: '?tab=2',
      hash: '',
    })
    const disabled = 'Ihr Benutzerkonto ist gesperrt. Bitte wenden Sie sich an den Kundenservice.'
    const fetch = vi.fn((_url: string, init: RequestInit) =>
      Promise.resolve(
        new Response(
          JSON.stringify({
            detail: (init.headers as Record<string, string>).Authorization
              ? disabled
              : 'Bitte melden Sie sich an.',
          }),
          { status: 401 },
        ),
      ),
    )
    vi.stubGlobal('fetch', fetch)
    // two calls under way with the token, then a retry sent after the logout, without it
    await Promise.all([
      apiRequest('/a', { errorCode: 110 }).catch(() => undefined),
      apiRequest('/b', { errorCode: 110 }).catch(() => undefined),
    ])
    await apiRequest('/c', { errorCode: 110 }).catch(() => undefined)
    expect(fetch).toHaveBeenCalledTimes(3)
    expect(takeSessionMessage()).toEqual({ message: disabled, type: 'error' })
    // the page the user was on is the deep link to come back to
    expect(assign).toHaveBeenCalledTimes(1)
    expect(assign).toHaveBeenCalledWith(
      '/authenticate?next=%2Fproperties%2F1000000001%2Funits%2FV100%3Ftab%3D2',
    )
  })

  it('leaves a 401 to the caller that ends the session itself (logout)', async () => {
    storeToken('alt')
    vi.stubGlobal('fetch', respond(401, { detail: 'Sie wurden abgemeldet.' }))
    await expect(
      apiRequest('/api/token/revoke', { method: 'POST', errorCode: 108, keepSessionOn401: true }),
    ).rejects.toMatchObject({ status: 401 })
    expect(isLoggedIn()).toBe(true)
    expect(assign).not.toHaveBeenCalled()
    endSession('Sie haben sich abgemeldet.')
    expect(isLoggedIn()).toBe(false)
    expect(takeSessionMessage()).toEqual({ message: 'Sie haben sich abgemeldet.', type: 'info' })
    expect(assign).toHaveBeenCalledWith('/authenticate')
  })
})

describe('a signed-in call refused until a second factor is set up', () => {
  const setUpRequired = () =>
    respond(403, {
      detail: 'Bitte richten Sie zuerst die Zwei-Faktor-Anmeldung ein.',
      code: 'SECOND_FACTOR_SETUP_REQUIRED',
    })

  it('stays on the sign-in page, whose set-up view asks for itself', async () => {
    storeToken('nur-einrichtung')
    vi.stubGlobal('location', {
      assign,
      origin: 'http://portal.test',
      pathname: '/authenticate',
      search: '?view=second-factor',
      hash: '',
    })
    vi.stubGlobal('fetch', setUpRequired())
    await expect(apiRequest('/x', { errorCode: 110 })).rejects.toMatchObject({ status: 403 })
    expect(assign).not.toHaveBeenCalled()
  })

  it('leaves a refused 403 of another kind to the screen', async () => {
    storeToken('t0k3n')
    vi.stubGlobal('fetch', respond(403, { detail: 'Kein Zugriff.', code: 'FORBIDDEN' }))
    await expect(apiRequest('/x', { errorCode: 110 })).rejects.toMatchObject({ status: 403 })
    expect(assign).not.toHaveBeenCalled()
  })

  it('goes to the set-up once, with the page to return to, and keeps the session', async () => {
    storeToken('nur-einrichtung')
    vi.stubGlobal('location', {
      assign,
      origin: 'http://portal.test',
      pathname: '/properties/1000000001',
      search: '?tab=2',
      hash: '',
    })
    vi.stubGlobal('fetch', setUpRequired())
    const refused = await Promise.all([
      apiRequest('/a', { errorCode: 110 }).catch((e: unknown) => e),
      apiRequest('/b', { errorCode: 110 }).catch((e: unknown) => e),
    ])
    expect(refused[0]).toMatchObject({ status: 403, serverCode: 'SECOND_FACTOR_SETUP_REQUIRED' })
    expect(assign).toHaveBeenCalledTimes(1)
    expect(assign).toHaveBeenCalledWith(
      '/authenticate?view=second-factor&next=%2Fproperties%2F1000000001%3Ftab%3D2',
    )
    expect(isLoggedIn()).toBe(true)
  })
})

describe('apiRead revalidates the answer the caller keeps (decisions 026, 047)', () => {
  const SEARCH = '/api/persistence/connections-search?limit=9999'
  const filters = { filters: [{ property: 'companyCode', type: 'eq', value: '1000' }] }
  const search = (known?: Answer) => apiRead(SEARCH, { body: filters, errorCode: 108 }, known)

  beforeEach(() => storeToken('t0k3n'))

  it('asks without a validator first, and answers the data with the server’s ETag', async () => {
    const server = versionedServer()
    vi.stubGlobal('fetch', server.fetch)
    const first = await search()
    expect(server.lastIfNoneMatch()).toBeUndefined()
    expect(first.etag).toMatch(/^"v1-/)
    expect(first.data).toEqual({ items: [expect.objectContaining({ version: 1 })], next: null })
  })

  it('sends the kept ETag and answers the kept answer itself on a 304', async () => {
    const server = versionedServer()
    vi.stubGlobal('fetch', server.fetch)
    const first = await search()
    const again = await search(first)
    expect(server.lastIfNoneMatch()).toBe(first.etag)
    expect(again).toBe(first)
  })

  it('answers the changed data and its new ETag when the kept one is out of date', async () => {
    const server = versionedServer()
    vi.stubGlobal('fetch', server.fetch)
    const first = await search()
    server.change('POST', SEARCH, filters)
    const changed = await search(first)
    expect(changed).not.toBe(first)
    expect(changed.etag).toMatch(/^"v2-/)
    expect(changed.data).toEqual({ items: [expect.objectContaining({ version: 2 })], next: null })
  })

  it('works with a server that sends no ETag: nothing to send the next time', async () => {
    const server = versionedServer({ etags: false })
    vi.stubGlobal('fetch', server.fetch)
    const first = await search()
    expect(first.etag).toBeNull()
    await search(first)
    expect(server.lastIfNoneMatch()).toBeUndefined()
  })

  it('maps a failed read to its §8 code like any call', async () => {
    vi.stubGlobal('fetch', respond(404, { detail: 'Nicht gefunden.', code: 'NOT_FOUND' }))
    await expect(search()).rejects.toMatchObject({ status: 404, errorCode: 108 })
  })

  it('never sends If-None-Match with a change', async () => {
    const server = versionedServer()
    vi.stubGlobal('fetch', server.fetch)
    const LIST = '/api/persistence/operating-costs/4711/heating-expenses?limit=9999'
    await apiRead(LIST, { body: {}, errorCode: 114 })
    const line = { operatingCostsHeatingExpense: [{ amount: 1 }] }
    await apiRequest(LIST, { body: line, errorCode: 115, idempotencyKey: 'k-1' })
    expect(server.lastIfNoneMatch()).toBeUndefined()
    await apiRequest(`${LIST}/g-1`, { method: 'DELETE', errorCode: 117, idempotencyKey: 'k-2' })
    expect(server.lastIfNoneMatch()).toBeUndefined()
  })
})

describe('dispositionFileName', () => {
  it('takes the UTF-8 name first, the plain one otherwise, and nothing without a header', () => {
    expect(
      dispositionFileName(
        `attachment; filename="Beleg_1.pdf"; filename*=UTF-8''Beleg%20%C3%9C1.pdf`,
      ),
    ).toBe('Beleg Ü1.pdf')
    expect(dispositionFileName('attachment; filename="DTK305_20260115120000.DAT"')).toBe(
      'DTK305_20260115120000.DAT',
    )
    expect(dispositionFileName(`attachment; filename="a.pdf"; filename*=UTF-8''%E0%A4%A`)).toBe(
      'a.pdf',
    )
    expect(dispositionFileName(null)).toBeNull()
  })
})
