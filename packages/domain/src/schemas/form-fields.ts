/** The required fields of the forms, with the German messages of §5 (spec §5). */
import { z } from 'zod'
import { REQUIRED_MESSAGE, VALIDATION_MESSAGES } from '../validation/messages'
import { IsoDateSchema } from '../validation/values'

/** A text that must be filled in: trimmed, not empty. */
export const filledText = () =>
  z.string({ error: REQUIRED_MESSAGE }).trim().min(1, REQUIRED_MESSAGE)

/** A text that must be filled in, of at most `max` characters. */
export const requiredText = (max: number) =>
  filledText().max(max, VALIDATION_MESSAGES.de.maxLength(max))

/** A required calendar date 'YYYY-MM-DD' that exists (2024-02-30 does not). */
export const requiredDate = () => filledText().pipe(IsoDateSchema)
