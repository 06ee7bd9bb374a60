import { Secret } from 'otpauth'
import { describe, expect, it } from 'vitest'
import { newRecoveryCodes, normalizeRecoveryCode, totpStep } from './second-factor'
import { openText, sealText } from '../../platform/auth/secret-box'

describe('TOTP codes (RFC 6238)', () => {
  // Appendix B: the SHA-1 seed "12345678901234567890"; its eight-digit codes end in these six
  const seed = Secret.fromLatin1('12345678901234567890').base32
  it.each([
    [59, '287082', 1],
    [1111111109, '081804', 37037036],
    [1234567890, '005924', 41152263],
    [2000000000, '279037', 66666666],
  ])('at %i s the code %s is of step %i', (seconds, code, step) => {
    expect(totpStep(seed, code, seconds * 1000)).toBe(step)
  })

  it('accepts the step before and after (clocks drift), not two steps away', () => {
    const at = 1234567890 * 1000
    expect(totpStep(seed, '005924', at - 30_000)).toBe(41152263)
    expect(totpStep(seed, '005924', at + 30_000)).toBe(41152263)
    expect(totpStep(seed, '005924', at + 60_000)).toBeNull()
  })

  it('refuses anything but six digits', () => {
    expect(totpStep(seed, '05924', 1234567890 * 1000)).toBeNull()
    expect(totpStep(seed, '0059245', 1234567890 * 1000)).toBeNull()
    expect(totpStep(seed, 'abcdef', 1234567890 * 1000)).toBeNull()
  })
})

describe('recovery codes', () => {
  it('are ten different codes of four blocks of four characters', () => {
    const codes = newRecoveryCodes()
    expect(codes).toHaveLength(10)
    expect(new Set(codes).size).toBe(10)
    for (const code of codes)
      expect(code).toMatch(/^([0-9A-HJKMNP-TV-Z]{4}-){3}[0-9A-HJKMNP-TV-Z]{4}$/)
  })

  it('are read as typed: any case, spaces or dashes, O for 0 and I or L for 1', () => {
    expect(normalizeRecoveryCode('abcd-efgh-jkmn-pqrs')).toBe('ABCDEFGHJKMNPQRS')
    expect(normalizeRecoveryCode(' 0O1I L234 5678 9ABC ')).toBe('0011123456789ABC')
    expect(normalizeRecoveryCode('ABCD-EFGH-JKMN-PQR')).toBeNull()
    expect(normalizeRecoveryCode('ABCD-EFGH-JKMN-PQRU')).toBeNull()
    expect(normalizeRecoveryCode('123456')).toBeNull()
  })
})

describe('secrets at rest', () => {
  const key = crypto.getRandomValues(new Uint8Array(32))
  it('open with their key and context only, and not when a byte was changed', () => {
    const sealed = sealText(key, 'user-1', 'JBSWY3DPEHPK3PXP')
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP')
    expect(openText(key, 'user-1', sealed)).toBe('JBSWY3DPEHPK3PXP')
    expect(sealText(key, 'user-1', 'JBSWY3DPEHPK3PXP')).not.toBe(sealed)
    expect(() => openText(key, 'user-2', sealed)).toThrow()
    expect(() => openText(crypto.getRandomValues(new Uint8Array(32)), 'user-1', sealed)).toThrow()
    const parts = sealed.split('.')
    const ciphertext = Buffer.from(parts[2]!, 'base64url')
    ciphertext[0] = ciphertext[0]! ^ 1
    parts[2] = ciphertext.toString('base64url')
    expect(() => openText(key, 'user-1', parts.join('.'))).toThrow()
  })
})
