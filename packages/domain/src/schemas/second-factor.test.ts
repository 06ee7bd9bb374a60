import { describe, expect, it } from 'vitest'
import {
  RecoveryCodesSchema,
  SecondFactorSetupSchema,
  SecondFactorStatusSchema,
} from './second-factor'

describe('second-factor answers', () => {
  it('reads the status, with or without a second factor', () => {
    const on = {
      enabled: true,
      required: false,
      enabledAt: '2026-11-01T08:00:00Z',
      recoveryCodesLeft: 9,
    }
    expect(SecondFactorStatusSchema.parse(on)).toEqual(on)
    const off = { enabled: false, required: true, enabledAt: null, recoveryCodesLeft: 0 }
    expect(SecondFactorStatusSchema.parse(off)).toEqual(off)
  })

  it('refuses a status without its counts or with a negative one', () => {
    expect(SecondFactorStatusSchema.safeParse({ enabled: true, required: false }).success).toBe(
      false,
    )
    const negative = { enabled: true, required: false, enabledAt: null, recoveryCodesLeft: -1 }
    expect(SecondFactorStatusSchema.safeParse(negative).success).toBe(false)
  })

  it('reads a set-up only with an otpauth address', () => {
    const setup = {
      secret: 'JBSWY3DPEHPK3PXP',
      uri: 'otpauth://totp/Portal:x?secret=JBSWY3DPEHPK3PXP',
      qrCode: '<svg/>',
    }
    expect(SecondFactorSetupSchema.parse(setup)).toEqual(setup)
    expect(
      SecondFactorSetupSchema.safeParse({ ...setup, uri: 'https://example.org' }).success,
    ).toBe(false)
  })

  it('reads recovery codes, never an empty list', () => {
    expect(RecoveryCodesSchema.parse({ recoveryCodes: ['a1b2-c3d4'] }).recoveryCodes).toEqual([
      'a1b2-c3d4',
    ])
    expect(RecoveryCodesSchema.safeParse({ recoveryCodes: [] }).success).toBe(false)
  })
})
