/**
 * Decision 065: a resident signs in from his move-in until a year after his move-out. Read with
 * the user at sign-in and with every token, so that the access ends on its day without a job.
 */
import { hasResidentAccess, toIsoDate } from '@portal/domain'
import { sql } from 'drizzle-orm'
import { contracts, users } from '../persistence/schema'

export const RESIDENT_ACCESS_ENDED_MESSAGE =
  'Ihr Zugang zum Kundenportal ist beendet: er endet zwölf Monate nach Ihrem Auszug. Bei Fragen wenden Sie sich bitte an Ihre Hausverwaltung.'

/** The columns a user's lookup adds: his resident contract and that contract's period. */
export const residentColumns = {
  residentContract: users.residentContract,
  residentFrom: sql<
    string | null
  >`(select ${contracts.from}::text from ${contracts} where ${contracts.key} = ${users.residentContract})`,
  residentUntil: sql<
    string | null
  >`(select ${contracts.until}::text from ${contracts} where ${contracts.key} = ${users.residentContract})`,
}

/**
 * True when the user is a resident whose access has ended (or whose contract is gone); false for
 * every other user.
 */
export function residentAccessEnded(
  user: {
    residentContract: string | null
    residentFrom: string | null
    residentUntil: string | null
  },
  today = toIsoDate(new Date()),
): boolean {
  if (user.residentContract === null) return false
  if (user.residentFrom === null) return true
  return !hasResidentAccess({ from: user.residentFrom, until: user.residentUntil }, today)
}
