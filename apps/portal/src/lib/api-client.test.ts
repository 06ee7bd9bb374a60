import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError, apiRequest } from './api-client'
import { isLoggedIn, storeSession, storeToken, takeSessionMessage } from './session'

const respond = (status: number, body: unknown) =>
  vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status })))

const assign = vi.fn()

beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
  assign.mockClear()
  vi.stubGlobal('location', { assign })
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
})
