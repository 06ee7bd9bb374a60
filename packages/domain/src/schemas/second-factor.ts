import { z } from 'zod'

/** Decision 035: whether the user has a second factor, since when, and whether one is required. */
export const SecondFactorStatusSchema = z.object({
  enabled: z.boolean(),
  required: z.boolean(),
  /** When it was set up (ISO instant), null while it is not. */
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int().nonnegative(),
})
export type SecondFactorStatus = z.infer<typeof SecondFactorStatusSchema>

/** A second factor being set up: its secret (base32), as `otpauth://` address and as QR code (SVG). */
export const SecondFactorSetupSchema = z.object({
  secret: z.string().min(1),
  uri: z.string().startsWith('otpauth://'),
  qrCode: z.string().min(1),
})
export type SecondFactorSetup = z.infer<typeof SecondFactorSetupSchema>

/** The ten recovery codes of a confirmed set-up or a renewal, shown once. */
export const RecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string().min(1)).min(1) })
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>
