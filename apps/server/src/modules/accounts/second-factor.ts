/**
 * Decision 035: the TOTP second factor (RFC 6238: SHA-1, six digits, 30 seconds, what
 * every authenticator app reads from the QR code) with ten single-use recovery codes.
 *
 * - The secret is stored encrypted (AES-256-GCM under `SECOND_FACTOR_KEY`), its user's id as the
 *   additional data, so that a ciphertext copied to another user's row does not open.
 * - A code is accepted for the step before, the current and the next 30 seconds (clocks drift),
 *   and once only: the step of the last accepted code is stored, an older or equal one is refused.
 * - Recovery codes are 16 characters of Crockford's base32 (80 bits), stored as SHA-256 digests
 *   with the user's id; each works once.
 */
import { createHash, randomInt } from 'node:crypto'
import { and, count, eq, isNull } from 'drizzle-orm'
import { Secret, TOTP } from 'otpauth'
import QRCode from 'qrcode'
import { badRequest, conflict } from '../../platform/http-errors'
import { writeAudit } from '../../platform/persistence/audit'
import type { Executor } from '../../platform/persistence/database'
import { recoveryCodes, secondFactors } from '../../platform/persistence/schema'
import { openText, sealText } from '../../platform/auth/secret-box'

export const SECOND_FACTOR_ACTIONS = {
  enabled: 'SECOND_FACTOR_ENABLED',
  disabled: 'SECOND_FACTOR_DISABLED',
  recoveryCodesRenewed: 'SECOND_FACTOR_RECOVERY_CODES_RENEWED',
  recoveryCodeUsed: 'SECOND_FACTOR_RECOVERY_CODE_USED',
  reset: 'SECOND_FACTOR_RESET',
} as const

export const SECOND_FACTOR_REQUIRED_MESSAGE =
  'Bitte geben Sie den Bestätigungscode aus Ihrer Authenticator-App oder einen Wiederherstellungscode ein.'
export const SECOND_FACTOR_INVALID_MESSAGE = 'Der Bestätigungscode ist falsch oder abgelaufen.'
/** Decision 044: a code of the app whose 30-second step was used already (one use per step). */
export const TOTP_CODE_USED_MESSAGE =
  'Dieser Bestätigungscode wurde bereits verwendet. Bitte warten Sie auf den nächsten Code Ihrer Authenticator-App.'
/** Decision 044: a recovery code of the user's current set that was used already. */
export const RECOVERY_CODE_USED_MESSAGE =
  'Dieser Wiederherstellungscode wurde bereits verwendet. Jeder Code gilt nur einmal; bitte nehmen Sie einen anderen.'

/** Why a code was refused: wrong (or expired), or right but used already. */
export type RefusedCode = 'wrong' | 'totpUsed' | 'recoveryUsed'

/** The German message of a refused code. */
export function refusedCodeMessage(refused: RefusedCode): string {
  return refused === 'totpUsed'
    ? TOTP_CODE_USED_MESSAGE
    : refused === 'recoveryUsed'
      ? RECOVERY_CODE_USED_MESSAGE
      : SECOND_FACTOR_INVALID_MESSAGE
}
export const SECOND_FACTOR_ENABLED_MESSAGE =
  'Die Zwei-Faktor-Anmeldung ist bereits eingerichtet. Um ein anderes Gerät zu verwenden, schalten Sie sie zuerst aus.'
export const SECOND_FACTOR_NOT_STARTED_MESSAGE =
  'Es wird gerade keine Zwei-Faktor-Anmeldung eingerichtet. Bitte beginnen Sie die Einrichtung erneut.'
export const SECOND_FACTOR_NOT_ENABLED_MESSAGE = 'Die Zwei-Faktor-Anmeldung ist nicht eingerichtet.'
/** Decision 040: a repeat of a confirmation whose recovery codes were answered once. */
export const SECOND_FACTOR_CONFIRMED_MESSAGE =
  'Die Zwei-Faktor-Anmeldung ist bereits eingerichtet. Die Wiederherstellungscodes werden aus Sicherheitsgründen nur einmal angezeigt; neue erzeugen Sie unter „Mein Konto“.'
/** Decision 040: a repeat of a renewal whose recovery codes were answered once. */
export const RECOVERY_CODES_SHOWN_MESSAGE =
  'Diese neuen Wiederherstellungscodes wurden bereits angezeigt und werden aus Sicherheitsgründen nicht noch einmal gezeigt. Erzeugen Sie bei Bedarf erneut neue Codes.'

const PERIOD_SECONDS = 30
const DIGITS = 6
/** Steps accepted before and after the current one. */
const WINDOW = 1
/** A set-up not confirmed within this time starts again with a new secret. */
const PENDING_LIFETIME_MS = 15 * 60 * 1000
export const RECOVERY_CODE_COUNT = 10
/** Crockford's base32: no I, L, O, U, so that nothing reads as another character. */
const RECOVERY_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
const RECOVERY_CODE_LENGTH = 16
const TOTP_CODE = /^\d{6}$/

/** A user as the second factor names him: the id binds the secret, the name goes to the audit. */
export interface SecondFactorUser {
  userId: string
  userName: string
  companyCode?: string | null
}

/** The user's own step with the second factor, in the audit log under his name. */
const auditOwnStep = (tx: Executor, user: SecondFactorUser, action: string) =>
  writeAudit(tx, {
    userName: user.userName,
    companyCode: user.companyCode ?? null,
    action,
    entity: 'user',
    entityKey: user.userName,
  })

// ---- codes ------------------------------------------------------------------------------------

const totpOf = (secret: string, label = '', issuer = '') =>
  new TOTP({
    issuer,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD_SECONDS,
  })

/** The 30-second step of a TOTP code valid at `now`, or null. */
export function totpStep(secret: string, code: string, now = Date.now()): number | null {
  if (!TOTP_CODE.test(code)) return null
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: WINDOW })
  if (delta === null) return null
  return TOTP.counter({ period: PERIOD_SECONDS, timestamp: now }) + delta
}

/** Ten new recovery codes, `XXXX-XXXX-XXXX-XXXX`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const characters = Array.from(
      { length: RECOVERY_CODE_LENGTH },
      () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)],
    ).join('')
    return characters.match(/.{4}/g)!.join('-')
  })
}

/**
 * A recovery code as typed, in its stored form: without spaces and dashes, in capitals, with the
 * letters Crockford's base32 reads as digits (O as 0, I and L as 1). Null for anything that cannot
 * be one.
 */
export function normalizeRecoveryCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1')
  if (code.length !== RECOVERY_CODE_LENGTH) return null
  return [...code].every((character) => RECOVERY_ALPHABET.includes(character)) ? code : null
}

const recoveryCodeHash = (userId: string, normalized: string) =>
  createHash('sha256').update(`${userId}:${normalized}`).digest('hex')

async function storeRecoveryCodes(db: Executor, userId: string): Promise<string[]> {
  const codes = newRecoveryCodes()
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId))
  await db.insert(recoveryCodes).values(
    codes.map((code) => ({
      userId,
      codeHash: recoveryCodeHash(userId, normalizeRecoveryCode(code)!),
    })),
  )
  return codes
}

// ---- the stored factor ------------------------------------------------------------------------

export interface SecondFactorStatus {
  enabled: boolean
  enabledAt: string | null
  recoveryCodesLeft: number
}

export async function secondFactorStatus(
  db: Executor,
  userId: string,
): Promise<SecondFactorStatus> {
  const [factor] = await db
    .select({ confirmedAt: secondFactors.confirmedAt })
    .from(secondFactors)
    .where(eq(secondFactors.userId, userId))
  const [left] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
  const enabledAt = factor?.confirmedAt ?? null
  return {
    enabled: enabledAt !== null,
    enabledAt: enabledAt?.toISOString() ?? null,
    recoveryCodesLeft: enabledAt ? (left?.n ?? 0) : 0,
  }
}

/** Whether the user has a confirmed second factor. */
export async function hasSecondFactor(db: Executor, userId: string): Promise<boolean> {
  return (await secondFactorStatus(db, userId)).enabled
}

/** The user's factor, confirmed or a set-up, its row locked for the change. */
async function lockedFactor(tx: Executor, userId: string) {
  const [factor] = await tx
    .select()
    .from(secondFactors)
    .where(eq(secondFactors.userId, userId))
    .for('update')
  return factor
}

/** The user's set-up, locked: 409 when the user has a confirmed factor already. */
async function lockedSetUp(tx: Executor, userId: string) {
  const factor = await lockedFactor(tx, userId)
  if (factor?.confirmedAt) throw conflict(SECOND_FACTOR_ENABLED_MESSAGE, 'SECOND_FACTOR_ENABLED')
  return factor
}

/** Whether a set-up was started less than 15 minutes ago. */
const isPending = (factor: { startedAt: Date }, now: Date) =>
  now.getTime() - factor.startedAt.getTime() < PENDING_LIFETIME_MS

/**
 * Checks a code of the user's confirmed factor in the caller's transaction and uses it up: a TOTP
 * code of a later step than the last one accepted, or an unused recovery code. The factor's row is
 * locked, so that two sign-ins with one code cannot both pass. Answers how the code was accepted,
 * or why it was refused (decision 044: a code used already is told apart from a wrong one; only
 * someone who knows the password gets this far).
 */
export async function useSecondFactorCode(
  tx: Executor,
  key: Uint8Array,
  user: SecondFactorUser,
  typed: string,
  now = new Date(),
): Promise<'totp' | 'recovery' | RefusedCode> {
  const factor = await lockedFactor(tx, user.userId)
  if (!factor?.confirmedAt) return 'wrong'
  const code = typed.replace(/\s/g, '')
  if (TOTP_CODE.test(code)) {
    const step = totpStep(openText(key, user.userId, factor.secretCiphertext), code, now.getTime())
    if (step === null) return 'wrong'
    if (factor.lastUsedStep !== null && step <= factor.lastUsedStep) return 'totpUsed'
    await tx
      .update(secondFactors)
      .set({ lastUsedStep: step })
      .where(eq(secondFactors.userId, user.userId))
    return 'totp'
  }
  const normalized = normalizeRecoveryCode(code)
  if (!normalized) return 'wrong'
  const ofThisCode = and(
    eq(recoveryCodes.userId, user.userId),
    eq(recoveryCodes.codeHash, recoveryCodeHash(user.userId, normalized)),
  )
  const used = await tx
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(and(ofThisCode, isNull(recoveryCodes.usedAt)))
    .returning({ codeHash: recoveryCodes.codeHash })
  if (used.length === 0) {
    // a code of the current set used before, or none of the user's codes
    const [spent] = await tx
      .select({ usedAt: recoveryCodes.usedAt })
      .from(recoveryCodes)
      .where(ofThisCode)
      .limit(1)
    return spent ? 'recoveryUsed' : 'wrong'
  }
  await auditOwnStep(tx, user, SECOND_FACTOR_ACTIONS.recoveryCodeUsed)
  return 'recovery'
}

export interface SecondFactorSetup {
  /** Base32, for typing into an app by hand. */
  secret: string
  /** The `otpauth://` address the QR code holds. */
  uri: string
  /** The QR code as an SVG document. */
  qrCode: string
}

/** The secret as the set-up shows it: as text, as `otpauth://` address and as QR code. */
async function setupAnswer(
  secret: string,
  user: SecondFactorUser,
  issuer: string,
): Promise<SecondFactorSetup> {
  const uri = totpOf(secret, user.userName, issuer).toString()
  const qrCode = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })
  return { secret, uri, qrCode }
}

/**
 * Starts a set-up: a new secret (or the one of a set-up started less than 15 minutes ago, so that
 * a repeat shows the same QR code), stored unconfirmed. 409 when the user has a confirmed factor.
 */
export async function startSecondFactorSetup(
  tx: Executor,
  key: Uint8Array,
  user: SecondFactorUser,
  issuer: string,
  now = new Date(),
): Promise<SecondFactorSetup> {
  const factor = await lockedSetUp(tx, user.userId)
  let secret: string
  if (factor && isPending(factor, now)) {
    secret = openText(key, user.userId, factor.secretCiphertext)
  } else {
    secret = new Secret({ size: 20 }).base32
    const values = {
      secretCiphertext: sealText(key, user.userId, secret),
      confirmedAt: null,
      lastUsedStep: null,
      startedAt: now,
    }
    await tx
      .insert(secondFactors)
      .values({ userId: user.userId, ...values })
      .onConflictDoUpdate({ target: secondFactors.userId, set: values })
  }
  return setupAnswer(secret, user, issuer)
}

/**
 * The set-up started and not yet confirmed, as `startSecondFactorSetup` answered it: for the repeat
 * of that call (decision 040), which must not start another. 409 SECOND_FACTOR_ENABLED once it is
 * confirmed, 409 SECOND_FACTOR_NOT_STARTED when it ran out or was removed.
 */
export async function pendingSecondFactorSetup(
  tx: Executor,
  key: Uint8Array,
  user: SecondFactorUser,
  issuer: string,
  now = new Date(),
): Promise<SecondFactorSetup> {
  const factor = await lockedSetUp(tx, user.userId)
  if (!factor || !isPending(factor, now))
    throw conflict(SECOND_FACTOR_NOT_STARTED_MESSAGE, 'SECOND_FACTOR_NOT_STARTED')
  const secret = openText(key, user.userId, factor.secretCiphertext)
  return setupAnswer(secret, user, issuer)
}

const invalidCode = (refused: RefusedCode = 'wrong') =>
  badRequest(refusedCodeMessage(refused), 'SECOND_FACTOR_INVALID', 'code')

/**
 * Confirms a set-up with the first code from the app: the factor is on from now, and the ten
 * recovery codes are made (answered once; only their digests are kept).
 */
export async function confirmSecondFactorSetup(
  tx: Executor,
  key: Uint8Array,
  user: SecondFactorUser,
  code: string,
  now = new Date(),
): Promise<string[]> {
  const factor = await lockedFactor(tx, user.userId)
  // the codes were answered once: a repeat of the confirmation does not show them again
  if (factor?.confirmedAt) throw conflict(SECOND_FACTOR_CONFIRMED_MESSAGE, 'SECOND_FACTOR_ENABLED')
  if (!factor || !isPending(factor, now))
    throw conflict(SECOND_FACTOR_NOT_STARTED_MESSAGE, 'SECOND_FACTOR_NOT_STARTED')
  const secret = openText(key, user.userId, factor.secretCiphertext)
  const step = totpStep(secret, code.replace(/\s/g, ''), now.getTime())
  if (step === null) throw invalidCode()
  await tx
    .update(secondFactors)
    .set({ confirmedAt: now, lastUsedStep: step })
    .where(eq(secondFactors.userId, user.userId))
  const codes = await storeRecoveryCodes(tx, user.userId)
  await auditOwnStep(tx, user, SECOND_FACTOR_ACTIONS.enabled)
  return codes
}

/** Checks a code of a confirmed factor (400 when wrong, 409 without a factor) and uses it up. */
async function requireCode(
  tx: Executor,
  key: Uint8Array,
  user: SecondFactorUser,
  code: string,
): Promise<void> {
  if (!(await hasSecondFactor(tx, user.userId)))
    throw conflict(SECOND_FACTOR_NOT_ENABLED_MESSAGE, 'SECOND_FACTOR_NOT_ENABLED')
  const result = await useSecondFactorCode(tx, key, user, code)
  if (result !== 'totp' && result !== 'recovery') throw invalidCode(result)
}

/** The user turns the factor off, with a current code or a recovery code. */
export async function disableSecondFactor(
  tx: Executor,
  key: Uint8Array,
  user: SecondFactorUser,
  code: string,
): Promise<void> {
  await requireCode(tx, key, user, code)
  await removeSecondFactor(tx, user.userId)
  await auditOwnStep(tx, user, SECOND_FACTOR_ACTIONS.disabled)
}

/** Ten new recovery codes for a current code (or one of the old recovery codes); the old ones end. */
export async function renewRecoveryCodes(
  tx: Executor,
  key: Uint8Array,
  user: SecondFactorUser,
  code: string,
): Promise<string[]> {
  await requireCode(tx, key, user, code)
  const codes = await storeRecoveryCodes(tx, user.userId)
  await auditOwnStep(tx, user, SECOND_FACTOR_ACTIONS.recoveryCodesRenewed)
  return codes
}

/** Removes the factor and its recovery codes; answers whether there was one (confirmed or not). */
export async function removeSecondFactor(db: Executor, userId: string): Promise<boolean> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId))
  const removed = await db
    .delete(secondFactors)
    .where(eq(secondFactors.userId, userId))
    .returning({ confirmedAt: secondFactors.confirmedAt })
  return removed.some((row) => row.confirmedAt !== null)
}
