/**
 * Residents (Bewohner) as users of the portal (decision 065): who is invited, how long a
 * registration code holds, and how long a resident keeps his access after moving out.
 */
import { isShownContractAccountType } from '../codes/contract'
import { isCurrentContract, type ContractLike } from '../contracts/contracts'
import { addYears, toCalendarDateOrThrow } from '../format/date'

/**
 * Decision 065: a resident keeps read access to his own months for 12 months after his contract's
 * last day. § 556 Abs. 3 Satz 2 BGB: the bill of his last period reaches him up to twelve months
 * after the period ends, and he needs his months to check it.
 */
export const RESIDENT_ACCESS_YEARS_AFTER_MOVE_OUT = 1

/** Decision 065: a registration code holds 60 days (a letter goes by post). */
export const REGISTRATION_CODE_DAYS = 60

/** The last day of a resident's access: a year after his contract's last day; null while it runs. */
export function residentAccessUntil(contractUntil: string | null): string | null {
  if (contractUntil === null) return null
  return addYears(toCalendarDateOrThrow(contractUntil), RESIDENT_ACCESS_YEARS_AFTER_MOVE_OUT)
}

/**
 * Decision 065: whether a resident whose contract runs from `from` through `until` may sign in on
 * `today`: from his move-in through a year after his last day.
 */
export function hasResidentAccess(
  contract: { from: string; until: string | null },
  today: string,
): boolean {
  const day = toCalendarDateOrThrow(today)
  if (toCalendarDateOrThrow(contract.from) > day) return false
  const until = residentAccessUntil(contract.until)
  return until === null || until >= day
}

/**
 * Decision 065: a contract gets an invitation when it is current today and is no vacancy (a
 * contract on a technical account, VKT, has no user: decision 033).
 */
export function isInvitableContract(contract: ContractLike, today: string): boolean {
  return (
    isShownContractAccountType(contract.contractAccountType) && isCurrentContract(contract, today)
  )
}

/** Digits and capitals without 0, O, 1 and I, which a reader of a letter confuses: 32 signs. */
export const REGISTRATION_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ'
export const REGISTRATION_CODE_LENGTH = 12

/**
 * The code as typed ('abcd efgh-jklm') in its stored form ('ABCDEFGHJKLM'), or null when it cannot
 * be one: spaces and dashes are dropped, case does not matter.
 */
export function normalizeRegistrationCode(input: string): string | null {
  const code = input.replace(/[\s-]/g, '').toUpperCase()
  if (code.length !== REGISTRATION_CODE_LENGTH) return null
  for (const sign of code) if (!REGISTRATION_CODE_ALPHABET.includes(sign)) return null
  return code
}

/** 'ABCD-EFGH-JKLM': how a code is printed, in groups of four. */
export function formatRegistrationCode(code: string): string {
  return code.match(/.{1,4}/g)!.join('-')
}

/**
 * A code from random bytes (one byte per sign; 256 is a multiple of 32, so every sign is equally
 * likely).
 */
export function registrationCodeFrom(bytes: Uint8Array): string {
  if (bytes.length < REGISTRATION_CODE_LENGTH) {
    throw new Error(`${REGISTRATION_CODE_LENGTH} random bytes needed`)
  }
  let code = ''
  for (let i = 0; i < REGISTRATION_CODE_LENGTH; i++) {
    code += REGISTRATION_CODE_ALPHABET[bytes[i]! % REGISTRATION_CODE_ALPHABET.length]
  }
  return code
}
