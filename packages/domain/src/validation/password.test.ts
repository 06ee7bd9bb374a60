import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  PASSWORDS_MUST_MATCH_MESSAGE,
  PASSWORD_RULES,
  PASSWORD_SPECIAL_CHARACTERS,
  PasswordChangeSchema,
  PasswordResetConfirmSchema,
  PasswordResetRequestSchema,
  passwordRuleViolations,
} from './password'

const message = (id: string) => PASSWORD_RULES.find((rule) => rule.id === id)?.message ?? id
const REQUIRED = 'Dieses Feld muss ausgefüllt werden.'

const chars = (alphabet: string) => fc.constantFrom(...[...alphabet])
const lower = chars('abcdefghijklmnopqrstuvwxyzäöüß')
const upper = chars('ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÜ')
const digit = chars('0123456789')
const special = chars(PASSWORD_SPECIAL_CHARACTERS)
const other = chars(' ,;/()*€"\'')

const shuffled = (parts: fc.Arbitrary<string[]>) =>
  parts.chain((list) =>
    fc.shuffledSubarray(list, { minLength: list.length, maxLength: list.length }),
  )

/** Passwords built from exactly the given number of each kind of character. */
const password = (counts: { upper: number; digits: number; special: number; filler: number }) =>
  shuffled(
    fc
      .tuple(
        fc.array(upper, { minLength: counts.upper, maxLength: counts.upper }),
        fc.array(digit, { minLength: counts.digits, maxLength: counts.digits }),
        fc.array(special, { minLength: counts.special, maxLength: counts.special }),
        fc.array(fc.oneof(lower, other), { minLength: counts.filler, maxLength: counts.filler }),
      )
      .map((groups) => groups.flat()),
  ).map((list) => list.join(''))

const counts = fc.record({
  upper: fc.integer({ min: 0, max: 4 }),
  digits: fc.integer({ min: 0, max: 4 }),
  special: fc.integer({ min: 0, max: 3 }),
  filler: fc.integer({ min: 0, max: 8 }),
})

describe('passwordRuleViolations', () => {
  it('accepts the example of the specification', () => {
    expect(passwordRuleViolations('Sommer24!')).toEqual([])
  })

  it('names every broken rule in German', () => {
    expect(passwordRuleViolations('')).toEqual(PASSWORD_RULES.map((rule) => rule.message))
    expect(passwordRuleViolations('sommer24!x')).toEqual([message('uppercase')])
    expect(passwordRuleViolations('Sommer4!x')).toEqual([message('digits')])
    expect(passwordRuleViolations('Sommer24xx')).toEqual([message('specialCharacter')])
    expect(passwordRuleViolations('Som24!')).toEqual([message('minLength')])
    expect(message('specialCharacter')).toContain('$ % # & + ! ? @')
  })

  it('counts an umlaut as an uppercase letter and an emoji as one character', () => {
    expect(passwordRuleViolations('Ölpreis24!')).toEqual([])
    expect(passwordRuleViolations('A12!😀😀😀')).toEqual([message('minLength')])
  })

  it('accepts every password that meets all rules', () => {
    const valid = fc
      .record({
        upper: fc.integer({ min: 1, max: 4 }),
        digits: fc.integer({ min: 2, max: 4 }),
        special: fc.integer({ min: 1, max: 3 }),
        filler: fc.integer({ min: 4, max: 8 }),
      })
      .chain(password)
    fc.assert(
      fc.property(valid, (pw) => {
        expect(passwordRuleViolations(pw)).toEqual([])
      }),
    )
  })

  it('reports exactly the rules a generated password breaks', () => {
    fc.assert(
      fc.property(
        counts.chain((c) => password(c).map((pw) => [c, pw] as const)),
        ([c, pw]) => {
          const expected = [
            c.upper + c.digits + c.special + c.filler < 8 && message('minLength'),
            c.upper < 1 && message('uppercase'),
            c.digits < 2 && message('digits'),
            c.special < 1 && message('specialCharacter'),
          ].filter((m) => m !== false)
          expect(passwordRuleViolations(pw)).toEqual(expected)
        },
      ),
    )
  })
})

describe('PasswordChangeSchema', () => {
  const valid = { currentPassword: 'alt', newPassword: 'Sommer24!', newPasswordRepeat: 'Sommer24!' }

  it('accepts a valid change', () => {
    expect(PasswordChangeSchema.parse(valid)).toEqual(valid)
  })

  it('requires every field with the same message, and only that message', () => {
    const result = PasswordChangeSchema.safeParse({ currentPassword: '', newPassword: '' })
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['currentPassword', REQUIRED],
      ['newPassword', REQUIRED],
      ['newPasswordRepeat', REQUIRED],
    ])
  })

  it('reports the password rules on newPassword', () => {
    const result = PasswordChangeSchema.safeParse({
      ...valid,
      newPassword: 'sommer',
      newPasswordRepeat: 'sommer',
    })
    expect(result.error?.issues.every((i) => i.path.join('.') === 'newPassword')).toBe(true)
    expect(result.error?.issues.map((i) => i.message)).toEqual(passwordRuleViolations('sommer'))
  })

  it('reports a different repetition on newPasswordRepeat', () => {
    const result = PasswordChangeSchema.safeParse({ ...valid, newPasswordRepeat: 'Sommer24?' })
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['newPasswordRepeat', PASSWORDS_MUST_MATCH_MESSAGE],
    ])
  })

  it('compares the repetition even while a rule is broken elsewhere', () => {
    const result = PasswordChangeSchema.safeParse({
      currentPassword: '',
      newPassword: 'x',
      newPasswordRepeat: 'y',
    })
    expect(result.error?.issues.map((i) => i.message)).toContain(PASSWORDS_MUST_MATCH_MESSAGE)
  })

  it('accepts exactly the passwords without rule violations', () => {
    fc.assert(
      fc.property(counts.chain(password), (pw) => {
        const result = PasswordChangeSchema.safeParse({
          currentPassword: 'a',
          newPassword: pw,
          newPasswordRepeat: pw,
        })
        expect(result.success).toBe(passwordRuleViolations(pw).length === 0)
      }),
    )
  })
})

describe('PasswordResetConfirmSchema', () => {
  it('applies the same rules and needs the token', () => {
    expect(
      PasswordResetConfirmSchema.safeParse({
        token: 't',
        newPassword: 'Sommer24!',
        newPasswordRepeat: 'Sommer24!',
      }).success,
    ).toBe(true)
    const result = PasswordResetConfirmSchema.safeParse({
      token: '',
      newPassword: 'Sommer24',
      newPasswordRepeat: 'x',
    })
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['token', REQUIRED],
      ['newPassword', message('specialCharacter')],
      ['newPasswordRepeat', PASSWORDS_MUST_MATCH_MESSAGE],
    ])
  })
})

describe('PasswordResetRequestSchema', () => {
  it('trims and accepts a partner number and a mail address', () => {
    expect(
      PasswordResetRequestSchema.parse({ businessPartner: ' 4711 ', mail: ' eva@example.de ' }),
    ).toEqual({
      businessPartner: '4711',
      mail: 'eva@example.de',
    })
  })

  it('answers in German', () => {
    const missing = PasswordResetRequestSchema.safeParse({})
    expect(missing.error?.issues.map((i) => i.message)).toEqual([REQUIRED, REQUIRED])
    const invalid = PasswordResetRequestSchema.safeParse({ businessPartner: '4711', mail: 'eva@' })
    expect(invalid.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['mail', 'Bitte geben Sie eine gültige E-Mail-Adresse ein.'],
    ])
  })
})
