/**
 * Decision 066: the manager's proof of delivery of the monthly notices. A module of its own, so that
 * the delivery panel does not load the registration's field rules.
 */
import { z } from 'zod'

/** How a resident receives his monthly information: e-mail notice or letter. */
export const NoticeChannelSchema = z.enum(['mail', 'letter'])
export type NoticeChannel = z.infer<typeof NoticeChannelSchema>

/** Decision 066: how a notice of a month reached its user, or why it did not. */
export const NoticeStateSchema = z.enum([
  'missing',
  'pending',
  'sending',
  'sent',
  'failed',
  'letter',
])
export type NoticeState = z.infer<typeof NoticeStateSchema>

/** One user's notice of a month, as the manager's proof of delivery lists it. */
export const ResidentNoticeSchema = z.object({
  pointOfDelivery: z.string(),
  reference: z.string(),
  locationAddendum: z.string().nullable(),
  name: z.string(),
  channel: NoticeChannelSchema,
  state: NoticeStateSchema,
  /** The address a mail went to. */
  mail: z.string().nullable(),
  attempts: z.number().int(),
  /** The mail server's refusal of the last attempt. */
  lastError: z.string().nullable(),
  sentAt: z.string().nullable(),
  letterProducedAt: z.string().nullable(),
  openedAt: z.string().nullable(),
})
export type ResidentNotice = z.infer<typeof ResidentNoticeSchema>

export const ResidentNoticesSchema = z.object({
  month: z.string(),
  items: z.array(ResidentNoticeSchema),
})
export type ResidentNotices = z.infer<typeof ResidentNoticesSchema>
