import { describe, expect, it } from 'vitest'
import { PasswordChangedSchema } from './session'

describe('password change answer', () => {
  it('carries the message and the fresh token', () => {
    const answer = { successMessage: 'Ihr Passwort wurde geändert.', token: 'e30.e30.sig' }
    expect(PasswordChangedSchema.parse(answer)).toEqual(answer)
  })

  it('is refused without a token: the old one no longer works', () => {
    expect(
      PasswordChangedSchema.safeParse({ successMessage: 'Ihr Passwort wurde geändert.' }).success,
    ).toBe(false)
    expect(PasswordChangedSchema.safeParse({ successMessage: 'x', token: '' }).success).toBe(false)
  })
})
