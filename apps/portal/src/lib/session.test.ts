import { beforeEach, describe, expect, it } from 'vitest'
import {
  autoLogin,
  clearSession,
  LIST_SEARCH_PREFIX,
  getMeta,
  getUser,
  isLoggedIn,
  safeNextPath,
  setSessionMessage,
  secondFactorSetupPath,
  signInPath,
  storeSession,
  storeToken,
  takeSessionMessage,
  type SessionUser,
} from './session'
import type { Connection } from '@portal/domain'

const user = {
  userName: 'verwalter',
  companyCode: '1000',
  businessPartner: null,
  name: 'Thomas Brandt',
  mail: 't@example.com',
}

beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
})

describe('session (§4)', () => {
  it('is logged in only with a token in session storage, under the portal prefix', () => {
    expect(isLoggedIn()).toBe(false)
    storeToken('abc')
    expect(isLoggedIn()).toBe(true)
    expect(sessionStorage.getItem('kundenportal.token')).toBe('abc')
    expect(sessionStorage.getItem('kundenportal.bearerToken')).toBe('abc')
    expect(localStorage.getItem('bearerToken')).toBe('abc')
  })

  it('auto-login restores the token of local storage into a new tab’s session', () => {
    storeToken('abc')
    storeSession(user, [])
    sessionStorage.clear()
    expect(isLoggedIn()).toBe(false)
    expect(autoLogin()).toBe(true)
    expect(isLoggedIn()).toBe(true)
  })

  it('auto-login does nothing without a stored user or token', () => {
    localStorage.setItem('bearerToken', 'abc')
    expect(autoLogin()).toBe(false)
    expect(isLoggedIn()).toBe(false)
  })

  it('logout clears user, meta and bearer token but keeps the message for the next load', () => {
    storeToken('abc')
    storeSession(user, [])
    setSessionMessage('Ihre Sitzung ist abgelaufen.', 'error')
    clearSession()
    expect(isLoggedIn()).toBe(false)
    expect(getUser()).toBeNull()
    expect(getMeta()).toEqual([])
    expect(localStorage.getItem('bearerToken')).toBeNull()
    expect(takeSessionMessage()).toEqual({ message: 'Ihre Sitzung ist abgelaufen.', type: 'error' })
    expect(takeSessionMessage()).toBeNull()
  })

  it('logout forgets the list searches a back link would return to', () => {
    sessionStorage.setItem(`${LIST_SEARCH_PREFIX}/properties`, '?q=Mainz')
    sessionStorage.setItem(`${LIST_SEARCH_PREFIX}/properties/1`, '?units.q=EG')
    sessionStorage.setItem('unrelated', 'kept')
    clearSession()
    expect(sessionStorage.getItem(`${LIST_SEARCH_PREFIX}/properties`)).toBeNull()
    expect(sessionStorage.getItem(`${LIST_SEARCH_PREFIX}/properties/1`)).toBeNull()
    expect(sessionStorage.getItem('unrelated')).toBe('kept')
  })

  it('parses the stored meta once while it is unchanged, and again when it changes', () => {
    storeSession({ userName: 'verwalter' } as SessionUser, [{ connection: '1' } as Connection])
    const first = getMeta()
    expect(getMeta()).toBe(first)
    storeSession({ userName: 'verwalter' } as SessionUser, [{ connection: '2' } as Connection])
    expect(getMeta()).not.toBe(first)
    expect(getMeta().map((c) => c.connection)).toEqual(['2'])
  })

  it('reads a damaged local storage entry as absent', () => {
    localStorage.setItem('user', '{kaputt')
    expect(getUser()).toBeNull()
  })
})

describe('the deep link kept through the sign-in (decision 022)', () => {
  it('takes a path of the portal with its query and fragment', () => {
    expect(safeNextPath('/properties/1000000001/units/V100?tab=2#geraete')).toBe(
      '/properties/1000000001/units/V100?tab=2#geraete',
    )
    expect(safeNextPath('/notifications')).toBe('/notifications')
  })

  it('refuses every other origin, the sign-in page itself and anything that is no path', () => {
    for (const raw of [
      null,
      '',
      'https://boese.example/x',
      '//boese.example/x',
      '/\\boese.example/x',
      '/\\/boese.example',
      'javascript:alert(1)',
      ' /dashboard',
      '/\tboese',
      '/authenticate',
      '/authenticate?next=/x',
      `/${'x'.repeat(2000)}`,
    ]) {
      expect(safeNextPath(raw), String(raw)).toBeNull()
    }
  })

  it('builds the sign-in address, with no deep link for the start page', () => {
    expect(signInPath('/properties/1000000001?x=1&y=2')).toBe(
      '/authenticate?next=%2Fproperties%2F1000000001%3Fx%3D1%26y%3D2',
    )
    expect(signInPath('/')).toBe('/authenticate')
    expect(signInPath('/dashboard')).toBe('/authenticate')
    expect(signInPath('//boese.example')).toBe('/authenticate')
    expect(signInPath()).toBe('/authenticate')
  })

  it('builds the address of the second factor’s set-up, with the page to open after it', () => {
    expect(secondFactorSetupPath('/account')).toBe(
      '/authenticate?view=second-factor&next=%2Faccount',
    )
    expect(secondFactorSetupPath('/dashboard')).toBe('/authenticate?view=second-factor')
    expect(secondFactorSetupPath('https://boese.example/x')).toBe(
      '/authenticate?view=second-factor',
    )
    expect(secondFactorSetupPath('/authenticate?view=second-factor')).toBe(
      '/authenticate?view=second-factor',
    )
  })
})
