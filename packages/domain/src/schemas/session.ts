import { z } from 'zod'

export const TokenRequestSchema = z.strictObject({
  username: z.string().min(1).max(200),
  password: z.string().min(1).max(1000),
  /** Decision 035: the code of the second factor (six digits) or a recovery code, when the user has one. */
  code: z.string().min(1).max(100).optional(),
})
export const TokenResponseSchema = z.object({
  token: z.string(),
  /**
   * Decision 035: the customer requires a second factor and the user has none; the token allows only
   * its set-up and the sign-out until it is confirmed.
   */
  secondFactorSetupRequired: z.literal(true).optional(),
})

export const UserSchema = z.object({
  userName: z.string(),
  companyCode: z.string(),
  businessPartner: z.string().nullable(),
  name: z.string(),
  mail: z.string(),
  /** Decision 065: a resident, who sees his own tenancy and months only. */
  resident: z.boolean().default(false),
})
export type User = z.infer<typeof UserSchema>

export const CompanyCodeTextSchema = z.object({
  language: z.string(),
  companyCodeName: z.string(),
  city: z.string(),
})
export const CompanyCodeSchema = z.object({
  companyCode: z.string(),
  text: z.array(CompanyCodeTextSchema),
})
export type CompanyCode = z.infer<typeof CompanyCodeSchema>

export const SuccessMessageSchema = z.object({ successMessage: z.string() })

/** §7 password change: the server revokes earlier tokens and answers a fresh one. */
export const PasswordChangedSchema = SuccessMessageSchema.extend({ token: z.string().min(1) })
export type PasswordChanged = z.infer<typeof PasswordChangedSchema>
