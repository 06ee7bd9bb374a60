import { z } from 'zod'

export const TokenRequestSchema = z.strictObject({
  username: z.string().min(1).max(200),
  password: z.string().min(1).max(1000),
})
export const TokenResponseSchema = z.object({ token: z.string() })

export const UserSchema = z.object({
  userName: z.string(),
  companyCode: z.string(),
  businessPartner: z.string().nullable(),
  name: z.string(),
  mail: z.string(),
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
