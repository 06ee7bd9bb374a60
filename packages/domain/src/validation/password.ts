import { z } from 'zod'
import { INVALID_EMAIL_MESSAGE, REQUIRED_MESSAGE } from './messages'

/** §5: the special characters of which a new password needs at least one. */
export const PASSWORD_SPECIAL_CHARACTERS = '.:_-$%#&+!?@'
/** §9: minimum length of a new password. */
export const PASSWORD_MIN_LENGTH = 8
/** §9: minimum number of uppercase letters in a new password. */
export const PASSWORD_MIN_UPPERCASE = 1
/** §9: minimum number of digits in a new password. */
export const PASSWORD_MIN_DIGITS = 2
/** §9: minimum number of special characters in a new password. */
export const PASSWORD_MIN_SPECIAL = 1

/** §5: the message when the repeated password differs. */
export const PASSWORDS_MUST_MATCH_MESSAGE =
  'Die Passwörter müssen übereinstimmen. Bitte überprüfen Sie die Passwörter'

export interface PasswordRule {
  id: 'minLength' | 'uppercase' | 'digits' | 'specialCharacter'
  message: string
  isSatisfiedBy(password: string): boolean
}

// Code points, not UTF-16 units: an emoji is one character to the user.
const count = (password: string, matches: (character: string) => boolean) =>
  [...password].filter(matches).length

/** §5: the rules for a new password, each with its German message. */
export const PASSWORD_RULES: readonly PasswordRule[] = [
  {
    id: 'minLength',
    message: `Das Passwort muss mindestens ${PASSWORD_MIN_LENGTH} Zeichen lang sein.`,
    isSatisfiedBy: (password) => count(password, () => true) >= PASSWORD_MIN_LENGTH,
  },
  {
    id: 'uppercase',
    message: `Das Passwort muss mindestens ${PASSWORD_MIN_UPPERCASE} Großbuchstaben enthalten.`,
    // Any uppercase letter counts, 'Ä' as well as 'A'.
    isSatisfiedBy: (password) =>
      count(password, (c) => /\p{Lu}/u.test(c)) >= PASSWORD_MIN_UPPERCASE,
  },
  {
    id: 'digits',
    message: `Das Passwort muss mindestens ${PASSWORD_MIN_DIGITS} Ziffern enthalten.`,
    isSatisfiedBy: (password) => count(password, (c) => /[0-9]/.test(c)) >= PASSWORD_MIN_DIGITS,
  },
  {
    id: 'specialCharacter',
    message:
      `Das Passwort muss mindestens ${PASSWORD_MIN_SPECIAL} Sonderzeichen ` +
      `(${[...PASSWORD_SPECIAL_CHARACTERS].join(' ')}) enthalten.`,
    isSatisfiedBy: (password) =>
      count(password, (c) => PASSWORD_SPECIAL_CHARACTERS.includes(c)) >= PASSWORD_MIN_SPECIAL,
  },
]

/** §5: the German messages of every password rule the password breaks; empty when it is valid. */
export function passwordRuleViolations(password: string): string[] {
  return PASSWORD_RULES.filter((rule) => !rule.isSatisfiedBy(password)).map((rule) => rule.message)
}

/** §5: a required text field; empty or missing gives 'Dieses Feld muss ausgefüllt werden.'. */
export const RequiredStringSchema = z
  .string({ error: REQUIRED_MESSAGE })
  .min(1, { error: REQUIRED_MESSAGE })

/** §5: a new password: required, then every password rule with its own message. */
export const NewPasswordSchema = RequiredStringSchema.superRefine((password, context) => {
  // An empty field has its one message already; four rule messages on top would only be noise.
  if (password === '') return
  for (const message of passwordRuleViolations(password)) {
    context.addIssue({ code: 'custom', message })
  }
})

interface RepeatedPassword {
  newPassword: string
  newPasswordRepeat: string
}

const repeatMatches = {
  error: PASSWORDS_MUST_MATCH_MESSAGE,
  path: ['newPasswordRepeat'],
  // Compare as soon as both are typed, even while the new password still breaks a rule.
  when: ({ value }: { value: unknown }) => {
    const { newPassword, newPasswordRepeat } = (value ?? {}) as Partial<Record<string, unknown>>
    return (
      typeof newPassword === 'string' &&
      typeof newPasswordRepeat === 'string' &&
      newPasswordRepeat !== ''
    )
  },
}

const matches = (value: RepeatedPassword) => value.newPassword === value.newPasswordRepeat

/** §5: the password change form (and request body). */
export const PasswordChangeSchema = z
  .object({
    currentPassword: RequiredStringSchema,
    newPassword: NewPasswordSchema,
    newPasswordRepeat: RequiredStringSchema,
  })
  .refine(matches, repeatMatches)
export type PasswordChange = z.infer<typeof PasswordChangeSchema>

/** The reset link's confirmation form: the same password rules as a password change. */
export const PasswordResetConfirmSchema = z
  .object({
    token: RequiredStringSchema,
    newPassword: NewPasswordSchema,
    newPasswordRepeat: RequiredStringSchema,
  })
  .refine(matches, repeatMatches)
export type PasswordResetConfirm = z.infer<typeof PasswordResetConfirmSchema>

/** §7: the public password reset request. */
export const PasswordResetRequestSchema = z.object({
  businessPartner: z.string({ error: REQUIRED_MESSAGE }).trim().min(1, { error: REQUIRED_MESSAGE }),
  mail: z
    .string({ error: REQUIRED_MESSAGE })
    .trim()
    .min(1, { error: REQUIRED_MESSAGE })
    .pipe(z.email({ error: INVALID_EMAIL_MESSAGE })),
})
export type PasswordResetRequest = z.infer<typeof PasswordResetRequestSchema>
