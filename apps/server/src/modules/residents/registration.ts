/**
 * A resident registers with the code of his letter or mail (decision 065): the code works once,
 * until it expires, while his contract is current; he chooses user name, password and whether he
 * gives an e-mail address (without one his monthly information comes by letter).
 */
import { createHash } from 'node:crypto'
import {
  isInvitableContract,
  normalizeRegistrationCode,
  toIsoDate,
  type ResidentRegistration,
} from '@portal/domain'
import { eq, sql } from 'drizzle-orm'
import { hashPassword } from '../../platform/auth/passwords'
import { badRequest, conflict } from '../../platform/http-errors'
import { writeAudit } from '../../platform/persistence/audit'
import type { Database } from '../../platform/persistence/database'
import {
  contractAccounts,
  contracts,
  partners,
  residentInvitations,
  users,
} from '../../platform/persistence/schema'

export const RESIDENT_ACTIONS = {
  invited: 'RESIDENTS_INVITED',
  registered: 'RESIDENT_REGISTERED',
  noticeChannel: 'RESIDENT_NOTICE_CHANNEL_CHANGED',
} as const

export const REGISTRATION_CODE_UNKNOWN_MESSAGE =
  'Diesen Registrierungscode kennen wir nicht. Bitte prüfen Sie ihn auf Ihrem Schreiben oder in Ihrer E-Mail.'
export const REGISTRATION_CODE_USED_MESSAGE =
  'Dieser Registrierungscode wurde bereits verwendet. Bitte melden Sie sich mit Ihrem Benutzernamen und Passwort an.'
export const REGISTRATION_CODE_EXPIRED_MESSAGE =
  'Dieser Registrierungscode ist abgelaufen oder wurde durch einen neueren ersetzt. Bitte bitten Sie Ihre Hausverwaltung um einen neuen.'
export const REGISTRATION_CONTRACT_ENDED_MESSAGE =
  'Zu diesem Registrierungscode besteht kein laufendes Mietverhältnis mehr. Bitte wenden Sie sich an Ihre Hausverwaltung.'
export const USER_NAME_TAKEN_MESSAGE =
  'Dieser Benutzername ist bereits vergeben. Bitte wählen Sie einen anderen.'
export const registeredMessage = (userName: string) =>
  `Ihr Zugang ist eingerichtet. Sie können sich jetzt mit Ihrem Benutzernamen ${userName} anmelden.`

/** How a code is stored: only its SHA-256, so that the table alone opens no account. */
export const registrationCodeHash = (code: string) =>
  createHash('sha256').update(`resident:${code}`).digest('hex')

/** Creates the resident's account; every refusal is a 4xx with a German message and no change. */
export async function registerResident(
  db: Database,
  input: ResidentRegistration,
  now = new Date(),
): Promise<{ successMessage: string; userName: string }> {
  const code = normalizeRegistrationCode(input.code)
  if (code === null)
    throw badRequest(REGISTRATION_CODE_UNKNOWN_MESSAGE, 'REGISTRATION_CODE_UNKNOWN', 'code')
  const passwordHash = await hashPassword(input.newPassword)
  return db.transaction(async (tx) => {
    const [invitation] = await tx
      .select()
      .from(residentInvitations)
      .where(eq(residentInvitations.codeHash, registrationCodeHash(code)))
      .for('update')
    if (!invitation) {
      throw badRequest(REGISTRATION_CODE_UNKNOWN_MESSAGE, 'REGISTRATION_CODE_UNKNOWN', 'code')
    }
    if (invitation.usedAt) {
      throw conflict(REGISTRATION_CODE_USED_MESSAGE, 'REGISTRATION_CODE_USED', 'code')
    }
    if (invitation.replacedAt || invitation.expiresAt <= now) {
      throw badRequest(REGISTRATION_CODE_EXPIRED_MESSAGE, 'REGISTRATION_CODE_EXPIRED', 'code')
    }
    const [contract] = await tx
      .select({
        from: contracts.from,
        until: contracts.until,
        contractAccountType: contractAccounts.contractAccountType,
        name1: partners.name1,
        name2: partners.name2,
      })
      .from(contracts)
      .innerJoin(contractAccounts, eq(contractAccounts.contractAccount, contracts.contractAccount))
      .leftJoin(partners, eq(partners.businessPartner, contracts.businessPartner))
      .where(eq(contracts.key, invitation.contract))
    if (!contract || !isInvitableContract(contract, toIsoDate(now))) {
      throw badRequest(REGISTRATION_CONTRACT_ENDED_MESSAGE, 'REGISTRATION_CONTRACT_ENDED', 'code')
    }
    const [taken] = await tx
      .select({ userName: users.userName })
      .from(users)
      .where(eq(sql`lower(${users.userName})`, sql`lower(${input.userName})`))
    if (taken) throw conflict(USER_NAME_TAKEN_MESSAGE, 'USER_NAME_TAKEN', 'userName')
    const name = [contract.name1, contract.name2].filter(Boolean).join(' ')
    const [created] = await tx
      .insert(users)
      .values({
        userName: input.userName,
        companyCode: invitation.companyCode,
        businessPartner: null,
        name,
        mail: input.mail,
        passwordHash,
        residentContract: invitation.contract,
        noticeChannel: input.mail ? 'mail' : 'letter',
      })
      .returning({ id: users.id })
    await tx
      .update(residentInvitations)
      .set({ usedAt: now, userId: created!.id })
      .where(eq(residentInvitations.id, invitation.id))
    await writeAudit(tx, {
      userName: input.userName,
      companyCode: invitation.companyCode,
      action: RESIDENT_ACTIONS.registered,
      entity: 'user',
      entityKey: input.userName,
      after: {
        contract: invitation.contract,
        invitation: invitation.id,
        noticeChannel: input.mail ? 'mail' : 'letter',
      },
    })
    return { successMessage: registeredMessage(input.userName), userName: input.userName }
  })
}
