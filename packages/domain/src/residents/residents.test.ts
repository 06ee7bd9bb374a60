import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  formatRegistrationCode,
  hasResidentAccess,
  isInvitableContract,
  normalizeRegistrationCode,
  registrationCodeFrom,
  REGISTRATION_CODE_ALPHABET,
  residentAccessUntil,
} from './residents'

describe('residentAccessUntil (decision 065)', () => {
  it('is a year after the last day, and open while the contract runs', () => {
    expect(residentAccessUntil('2026-11-30')).toBe('2027-11-30')
    expect(residentAccessUntil('2024-02-29')).toBe('2025-02-28')
    expect(residentAccessUntil(null)).toBeNull()
  })
})

describe('hasResidentAccess (decision 065)', () => {
  const moved = { from: '2020-01-01', until: '2026-11-30' }
  it('holds from the move-in', () => {
    expect(hasResidentAccess({ from: '2026-12-01', until: null }, '2026-11-30')).toBe(false)
    expect(hasResidentAccess({ from: '2026-12-01', until: null }, '2026-12-01')).toBe(true)
  })
  it('holds on the day after the move-out and on the day a year after the last day, not later', () => {
    expect(hasResidentAccess(moved, '2026-12-01')).toBe(true)
    expect(hasResidentAccess(moved, '2027-11-30')).toBe(true)
    expect(hasResidentAccess(moved, '2027-12-01')).toBe(false)
  })
})

describe('isInvitableContract (decision 065)', () => {
  const today = '2026-12-02'
  it('invites a current tenant, not a vacancy, nor one who moved out or moves in later', () => {
    expect(
      isInvitableContract({ from: '2020-01-01', until: null, contractAccountType: 'VKW' }, today),
    ).toBe(true)
    expect(
      isInvitableContract({ from: '2020-01-01', until: today, contractAccountType: 'VKG' }, today),
    ).toBe(true)
    expect(
      isInvitableContract({ from: '2020-01-01', until: null, contractAccountType: 'VKT' }, today),
    ).toBe(false)
    expect(
      isInvitableContract(
        { from: '2020-01-01', until: '2026-12-01', contractAccountType: 'VKW' },
        today,
      ),
    ).toBe(false)
    expect(
      isInvitableContract({ from: '2026-12-03', until: null, contractAccountType: 'VKW' }, today),
    ).toBe(false)
  })
})

describe('registration codes (decision 065)', () => {
  it('are typed without regard to case, spaces or dashes', () => {
    expect(normalizeRegistrationCode('abcd efgh-jkLM')).toBe('ABCDEFGHJKLM')
    expect(normalizeRegistrationCode(' ABCD-EFGH-JKLM ')).toBe('ABCDEFGHJKLM')
  })
  it('refuse signs a reader confuses and a wrong length', () => {
    expect(normalizeRegistrationCode('ABCD-EFGH-JKL0')).toBeNull()
    expect(normalizeRegistrationCode('ABCD-EFGH-JKLI')).toBeNull()
    expect(normalizeRegistrationCode('ABCD-EFGH-JKL')).toBeNull()
    expect(normalizeRegistrationCode('ABCD-EFGH-JKLMN')).toBeNull()
  })
  it('are printed in groups of four', () => {
    expect(formatRegistrationCode('ABCDEFGHJKLM')).toBe('ABCD-EFGH-JKLM')
  })
  it('made from any random bytes read back as themselves', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 12, maxLength: 12 }), (bytes) => {
        const code = registrationCodeFrom(bytes)
        expect([...code].every((sign) => REGISTRATION_CODE_ALPHABET.includes(sign))).toBe(true)
        expect(normalizeRegistrationCode(formatRegistrationCode(code).toLowerCase())).toBe(code)
      }),
    )
  })
  it('have 32 signs, so that a byte maps to each equally often', () => {
    expect(REGISTRATION_CODE_ALPHABET).toHaveLength(32)
    expect(new Set(REGISTRATION_CODE_ALPHABET).size).toBe(32)
  })
})
