import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError, apiRequest, endSession } from './api-client'
import { clearSession, isLoggedIn, storeSession, storeToken, takeSessionMessage } from './session'

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

/** A token as the server issues it, for the user `sub` (only its payload is read). */
const tokenFor = (sub: string) =>
  `e30.${btoa(JSON.stringify({ sub, preferred_username: sub })).replace(/=+$/, '')}.sig`

/**
 * A fake server for the validators: each answer of a (method, address, body) has a version; it
 * answers 304 when `If-None-Match` names the current one, else the answer with its ETag.
 */
function versionedServer(options: { etags?: boolean } = {}) {
  const versions = new Map<string, number>()
  const sent: { url: string; method: string; ifNoneMatch: string | undefined }[] = []
  const fetch = vi.fn((url: string, init: RequestInit) => {
    const headers = init.headers as Record<string, string>
    const method = init.method ?? 'GET'
    sent.push({ url, method, ifNoneMatch: headers['If-None-Match'] })
    const key = `${method} ${url} ${typeof init.body === 'string' ? init.body : ''}`
    const version = versions.get(key) ?? 1
    const etag = `"v${version}-${key.length}"`
    if (headers['If-None-Match'] === etag) {
      return Promise.resolve(new Response(null, { status: 304, headers: { ETag: etag } }))
    }
    return Promise.resolve(
      new Response(JSON.stringify({ items: [{ key, version }], next: null }), {
        status: 200,
        headers: options.etags === false ? {} : { ETag: etag },
      }),
    )
  })
  return {
    fetch,
    sent,
    change: (method: string, url: string, body?: unknown) => {
      const key = `${method} ${url} ${body === undefined ? '' : JSON.stringify(body)}`
      versions.set(key, (versions.get(key) ?? 1) + 1)
    },
    lastIfNoneMatch: () => sent.at(-1)?.ifNoneMatch,
  }
}

describe('apiRequest revalidates reads (decision 026)', () => {
  const SEARCH = '/api/persistence/connections-search?limit=9999'
  const filters = { filters: [{ property: 'companyCode', type: 'eq', value: '1000' }] }
  const search = () => apiRequest<{ items: unknown[] }>(SEARCH, { body: filters, errorCode: 108 })

  beforeEach(() => {
    clearSession()
    storeToken(tokenFor('u-1'))
  })

  it('gives the remembered answer again on a 304, for a search and for a GET', async () => {
    const server = versionedServer()
    vi.stubGlobal('fetch', server.fetch)
    const first = await search()
    expect(server.lastIfNoneMatch()).toBeUndefined()
    const again = await search()
    expect(server.lastIfNoneMatch()).toMatch(/^"v1-/)
    expect(again).toBe(first)

    const record = await apiRequest('/api/persistence/connections/1', { errorCode: 110 })
    expect(await apiRequest('/api/persistence/connections/1', { errorCode: 110 })).toBe(record)
    expect(server.lastIfNoneMatch()).toMatch(/^"v1-/)
  })

  it('replaces the remembered answer by a 200 with a new ETag', async () => {
    const server = versionedServer()
    vi.stubGlobal('fetch', server.fetch)
    await search()
    server.change('POST', SEARCH, filters)
    const changed = await search()
    expect(changed.items).toEqual([expect.objectContaining({ version: 2 })])
    const again = await search()
    expect(server.lastIfNoneMatch()).toMatch(/^"v2-/)
    expect(again).toBe(changed)
  })

  it('never sends the ETag of another address or another body', async () => {
    const server = versionedServer()
    vi.stubGlobal('fetch', server.fetch)
    await search()
    await apiRequest(SEARCH, {
      body: { filters: [{ property: 'companyCode', type: 'eq', value: '2000' }] },
      errorCode: 108,
    })
    expect(server.lastIfNoneMatch()).toBeUndefined()
    await apiRequest(`${SEARCH}&next=abc`, { body: filters, errorCode: 108 })
    expect(server.lastIfNoneMatch()).toBeUndefined()
    await apiRequest('/api/persistence/devices-search?limit=9999', {
      body: filters,
      errorCode: 108,
    })
    expect(server.lastIfNoneMatch()).toBeUndefined()
    // a GET of the same address is another request than the POST
    await apiRequest(SEARCH, { errorCode: 108 })
    expect(server.lastIfNoneMatch()).toBeUndefined()
  })

  it('forgets every answer at sign-out, and a second user never gets the first one’s', async () => {
    const server = versionedServer()
    vi.stubGlobal('fetch', server.fetch)
    await search()
    clearSession()
    storeToken(tokenFor('u-1'))
    await search()
    expect(server.lastIfNoneMatch()).toBeUndefined()

    // another user signs in without a sign-out in this tab (auto-login of another tab's token)
    storeToken(tokenFor('u-2'))
    await search()
    expect(server.lastIfNoneMatch()).toBeUndefined()
    await search()
    expect(server.lastIfNoneMatch()).toMatch(/^"v1-/)
  })

  it('does not remember an answer that arrives after the sign-out', async () => {
    const answers: ((response: Response) => void)[] = []
    const fetch = vi.fn(
      (_url: string, _init: RequestInit) =>
        new Promise<Response>((resolve) => answers.push(resolve)),
    )
    vi.stubGlobal('fetch', fetch)
    const answer = (index: number, etag: string) =>
      answers[index]!(new Response('{"items":[]}', { status: 200, headers: { ETag: etag } }))
    const late = search()
    // signed out and in again while the first user's search is under way
    clearSession()
    storeToken(tokenFor('u-1'))
    const other = apiRequest('/api/persistence/connections/1', { errorCode: 110 })
    answer(1, '"anderes"')
    await other
    answer(0, '"alt"')
    await late
    const next = search()
    answer(2, '"neu"')
    await next
    const [, init] = fetch.mock.calls[2]!
    expect((init.headers as Record<string, string>)['If-None-Match']).toBeUndefined()
  })

  it('never sends If-None-Match with a change, even to the address of a list', async () => {
    const server = versionedServer()
    vi.stubGlobal('fetch', server.fetch)
    const LIST = '/api/persistence/operating-costs/4711/heating-expenses?limit=9999'
    await apiRequest(LIST, { body: {}, errorCode: 114 })
    await apiRequest(LIST, { body: {}, errorCode: 114 })
    expect(server.lastIfNoneMatch()).toMatch(/^"v1-/)
    const line = { operatingCostsHeatingExpense: [{ amount: 1 }] }
    for (const change of [
      () => apiRequest(LIST, { body: line, errorCode: 115 }),
      () => apiRequest(LIST, { body: line, errorCode: 115 }),
      () => apiRequest(LIST, { body: {}, errorCode: 115, idempotencyKey: 'k-1' }),
      () => apiRequest(LIST, { body: {}, errorCode: 115, idempotencyKey: 'k-1' }),
      () => apiRequest(`${LIST}/g-1`, { method: 'PATCH', body: { amount: 2 }, errorCode: 116 }),
      () => apiRequest(`${LIST}/g-1`, { method: 'DELETE', errorCode: 117 }),
      () => apiRequest('/api/persistence/notifications/read', { body: { ids: [] }, errorCode: 1 }),
      () => apiRequest('/api/persistence/notifications/read', { body: { ids: [] }, errorCode: 1 }),
    ]) {
      await change()
      expect(server.lastIfNoneMatch()).toBeUndefined()
    }
  })

  it('works with a server that sends no ETag: nothing is remembered', async () => {
    const server = versionedServer({ etags: false })
    vi.stubGlobal('fetch', server.fetch)
    const first = await search()
    const again = await search()
    expect(server.lastIfNoneMatch()).toBeUndefined()
    expect(again).toEqual(first)
  })

  it('remembers the last 200 answers, forgetting the least recently used', async () => {
    const server = versionedServer()
    vi.stubGlobal('fetch', server.fetch)
    const read = (n: number) => apiRequest(`/api/persistence/partners/${n}`, { errorCode: 110 })
    for (let n = 0; n < 200; n += 1) await read(n)
    await read(0) // used again: now the most recently used
    await read(200) // one more: the least recently used (1) is forgotten
    await read(1)
    expect(server.lastIfNoneMatch()).toBeUndefined()
    await read(0)
    expect(server.lastIfNoneMatch()).toMatch(/^"v1-/)
  })
})
