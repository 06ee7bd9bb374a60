import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { getMeta, getUser, isLoggedIn, isResident } from '../../../lib/session'
import { jsonAnswer } from '../../../testing/answers'
import { signIn } from './sign-in'

/** A token as the server signs it for `name` (the payload is base64url JSON). */
const tokenFor = (name: string) =>
  `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify({ sub: 'id-1', preferred_username: name }))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')}.c2lnbmF0dXJl`

/** The server of one user; a resident's connections search does not exist (404). */
function serverFor(resident: boolean) {
  return vi.fn((url: string) => {
    if (url === '/api/token') return Promise.resolve(jsonAnswer(200, { token: tokenFor('nutzer') }))
    if (url.startsWith('/api/persistence/users-search')) {
      const record = {
        userName: 'nutzer',
        companyCode: '1000',
        businessPartner: resident ? null : '4711',
        name: 'Anna Koch',
        mail: '',
        resident,
      }
      return Promise.resolve(jsonAnswer(200, { items: [record] }))
    }
    if (url.startsWith('/api/configuration/company-code-search')) {
      const text = [{ language: 'de', companyCodeName: 'Nord', city: 'Kiel' }]
      return Promise.resolve(jsonAnswer(200, { items: [{ companyCode: '1000', text }] }))
    }
    if (url.startsWith('/api/persistence/connections-search') && !resident) {
      return Promise.resolve(jsonAnswer(200, { items: [] }))
    }
    return Promise.resolve(jsonAnswer(404, { detail: 'Nicht gefunden.', code: 'NOT_FOUND' }))
  })
}

const urls = (server: ReturnType<typeof serverFor>) => server.mock.calls.map(([url]) => url)

beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
})
afterEach(() => vi.unstubAllGlobals())

describe('the session of a sign-in', () => {
  it('loads a resident without the connections, which are no route of his (decision 065)', async () => {
    const server = serverFor(true)
    vi.stubGlobal('fetch', server)
    await expect(signIn('nutzer', 'Koch#Start24')).resolves.toBe('signedIn')
    expect(isLoggedIn()).toBe(true)
    expect(isResident()).toBe(true)
    expect(getUser()).toMatchObject({ userName: 'nutzer', companyCodeName: 'Nord' })
    expect(getMeta()).toEqual([])
    expect(urls(server).some((url) => url.includes('connections-search'))).toBe(false)
  })

  it('loads a manager’s connections as before', async () => {
    const server = serverFor(false)
    vi.stubGlobal('fetch', server)
    await expect(signIn('nutzer', 'Portal#2024!')).resolves.toBe('signedIn')
    expect(isResident()).toBe(false)
    expect(urls(server).some((url) => url.includes('connections-search'))).toBe(true)
  })
})
