import { describe, expect, it } from 'vitest'
import {
  EMPTY_LIST_MESSAGE,
  ERROR,
  ERROR_CODES,
  GENERIC_ERROR_MESSAGE,
  LOGIN_FAILED_HINT,
  LOGIN_FAILED_MESSAGE,
  genericErrorText,
} from './catalogue'

describe('error catalogue', () => {
  it('holds the codes of section 8', () => {
    const codes = Object.keys(ERROR_CODES).map(Number)
    expect(codes).toHaveLength(29)
    expect(Math.min(...codes)).toBe(100)
    expect(Math.max(...codes)).toBe(130)
    expect(codes).not.toContain(106)
    expect(codes).not.toContain(107)
    for (const description of Object.values(ERROR_CODES))
      expect(description.length).toBeGreaterThan(5)
  })

  it('names each code exactly once', () => {
    const named = Object.values(ERROR).sort()
    expect(named).toEqual(Object.keys(ERROR_CODES).map(Number).sort())
  })
})

describe('user-facing messages', () => {
  it('quote the specification verbatim', () => {
    expect(LOGIN_FAILED_MESSAGE).toBe(
      'Login Fehler! Bitte überprüfen sie Benutzername und Passwort.',
    )
    expect(GENERIC_ERROR_MESSAGE).toBe('Leider ist ein Fehler aufgetreten')
    expect(EMPTY_LIST_MESSAGE).toBe('Keine Daten vorhanden!')
  })

  it('tell what to do after a failed login', () => {
    expect(LOGIN_FAILED_HINT).toMatch(/Benutzername und Passwort/)
    expect(LOGIN_FAILED_HINT).toMatch(/Passwort zurück/)
    expect(LOGIN_FAILED_HINT).toMatch(/Kundenservice/)
  })

  it('quote the error code in the generic text', () => {
    const text = genericErrorText(ERROR.distributionSearch)
    expect(text.startsWith(GENERIC_ERROR_MESSAGE)).toBe(true)
    expect(text).toContain('113')
    expect(text).toMatch(/später/)
    expect(text).toMatch(/Kundenservice/)
  })
})
