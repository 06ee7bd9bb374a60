/** Residents (decision 065): registration, the tenancy a resident sees, invitations. */
import { z } from 'zod'
import { INVALID_EMAIL_MESSAGE, REQUIRED_MESSAGE } from '../validation/messages'
import {
  NewPasswordSchema,
  PASSWORDS_MUST_MATCH_MESSAGE,
  RequiredStringSchema,
} from '../validation/password'
import { UserNameSchema } from '../validation/user-name'
import { normalizeRegistrationCode } from '../residents/residents'
import { NoticeChannelSchema } from './resident-notices'

export const REGISTRATION_CODE_MESSAGE =
  'Der Registrierungscode besteht aus zwölf Zeichen, zum Beispiel ABCD-EFGH-JKLM. Bitte prüfen Sie Ihre Eingabe.'

/** The registration form of a resident (and the request body): the code from his letter or mail. */
export const ResidentRegistrationSchema = z
  .object({
    code: z
      .string({ error: REQUIRED_MESSAGE })
      .trim()
      .min(1, { error: REQUIRED_MESSAGE })
      .max(40, { error: REGISTRATION_CODE_MESSAGE })
      .refine((code) => normalizeRegistrationCode(code) !== null, {
        error: REGISTRATION_CODE_MESSAGE,
      }),
    userName: UserNameSchema,
    /** Optional: without an address the monthly information comes by letter. */
    mail: z
      .string()
      .trim()
      .max(200, { error: 'Die E-Mail-Adresse darf höchstens 200 Zeichen lang sein.' })
      .pipe(z.union([z.literal(''), z.email({ error: INVALID_EMAIL_MESSAGE })])),
    newPassword: NewPasswordSchema,
    newPasswordRepeat: RequiredStringSchema,
  })
  .refine((value) => value.newPassword === value.newPasswordRepeat, {
    error: PASSWORDS_MUST_MATCH_MESSAGE,
    path: ['newPasswordRepeat'],
  })
export type ResidentRegistration = z.infer<typeof ResidentRegistrationSchema>

/** What a resident sees of his tenancy: his unit, his period, how long his access lasts. */
export const ResidentTenancySchema = z.object({
  contract: z.string(),
  pointOfDelivery: z.string(),
  /** The unit's reference ('NE-0001') and its position in the building ('2. OG links'). */
  reference: z.string(),
  locationAddendum: z.string().nullable(),
  address: z.string(),
  name: z.string(),
  from: z.string(),
  until: z.string().nullable(),
  /** Decision 065: the last day of his access, a year after his last day; null while it runs. */
  accessUntil: z.string().nullable(),
  noticeChannel: NoticeChannelSchema,
})
export type ResidentTenancy = z.infer<typeof ResidentTenancySchema>

/** The answer to "Bewohner einladen" of one property. */
export const ResidentInvitationsSchema = z.object({
  /** Invitations sent by e-mail. */
  mailed: z.number().int(),
  /** Residents on the letter PDF (without an e-mail address). */
  letters: z.number().int(),
  /** Current contracts with a resident account already: not invited again. */
  registered: z.number().int(),
  /** The batch of these invitations: its letters are `…/resident-letters/{batch}`. */
  batch: z.string(),
})
export type ResidentInvitations = z.infer<typeof ResidentInvitationsSchema>
