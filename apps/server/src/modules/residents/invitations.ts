/**
 * "Bewohner einladen" (decision 065): a registration code for every current contract of a property
 * that has no resident account yet; by e-mail where the contract's partner has an address, else on
 * the property's letter PDF. A newer invitation of a contract replaces its unused older one.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import {
  formatDate,
  formatRegistrationCode,
  isInvitableContract,
  REGISTRATION_CODE_DAYS,
  registrationCodeFrom,
  toIsoDate,
} from '@portal/domain'
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm'
import { openText, sealText } from '../../platform/auth/secret-box'
import type { Mailer } from '../../platform/mailer'
import { writeAudit } from '../../platform/persistence/audit'
import type { Database, Executor } from '../../platform/persistence/database'
import {
  contractAccounts,
  contracts,
  partners,
  residentInvitations,
  users,
} from '../../platform/persistence/schema'
import { RESIDENT_ACTIONS, registrationCodeHash } from './registration'

/** Who invites: a user's name (or the provider) and the company code of the property. */
export interface Inviter {
  userName: string
  companyCode: string
}

export interface InvitationSettings {
  /** Where residents reach the portal: the registration page is `<publicUrl>/register`. */
  publicUrl: string
  /** Seals the letters' codes (decision 065), so that the letters can be downloaded again. */
  sealKey: Uint8Array
}

/** A code sealed for its invitation row: opens only there. */
export const sealContext = (invitation: string) => `resident-invitation:${invitation}`

export const registrationUrl = (publicUrl: string) => `${publicUrl}/register`

interface MailInvitation {
  to: string
  name: string
  code: string
  expiresAt: Date
}

/** The property's contracts current today, with their partner's name and mail address. */
async function invitableContracts(
  db: Executor,
  companyCode: string,
  property: string,
  today: string,
) {
  const rows = await db
    .select({
      contract: contracts.key,
      businessPartner: contracts.businessPartner,
      pointOfDelivery: contracts.pointOfDelivery,
      from: contracts.from,
      until: contracts.until,
      contractAccountType: contractAccounts.contractAccountType,
      name1: partners.name1,
      name2: partners.name2,
      mail: partners.mail,
    })
    .from(contracts)
    .innerJoin(contractAccounts, eq(contractAccounts.contractAccount, contracts.contractAccount))
    .leftJoin(partners, eq(partners.businessPartner, contracts.businessPartner))
    .where(and(eq(contracts.companyCode, companyCode), eq(contracts.propertyConnection, property)))
    .orderBy(contracts.key)
  return rows.filter((row) => isInvitableContract(row, today))
}

/**
 * Creates the invitations of `property` (which the caller has checked the inviter may see) as one
 * batch, every code sealed; `mailInvitations` then mails those with an address. Audited.
 */
export async function createInvitations(
  tx: Executor,
  settings: Pick<InvitationSettings, 'sealKey'>,
  inviter: Inviter,
  property: string,
  now = new Date(),
): Promise<{ batch: string; registered: number }> {
  const today = toIsoDate(now)
  const expiresAt = new Date(now.getTime() + REGISTRATION_CODE_DAYS * 24 * 60 * 60 * 1000)
  const batch = randomUUID()
  const current = await invitableContracts(tx, inviter.companyCode, property, today)
  // a partner with an account on any contract of the unit is that unit's user already
  const accounts = await tx
    .select({
      businessPartner: contracts.businessPartner,
      pointOfDelivery: contracts.pointOfDelivery,
    })
    .from(users)
    .innerJoin(contracts, eq(contracts.key, users.residentContract))
    .where(
      and(
        eq(contracts.propertyConnection, property),
        eq(contracts.companyCode, inviter.companyCode),
        isNull(users.disabledAt),
      ),
    )
  const hasAccount = new Set(accounts.map((a) => `${a.pointOfDelivery} ${a.businessPartner}`))
  const open = current.filter(
    (row) => !hasAccount.has(`${row.pointOfDelivery} ${row.businessPartner}`),
  )
  if (open.length > 0) {
    await tx
      .update(residentInvitations)
      .set({ replacedAt: now })
      .where(
        and(
          inArray(
            residentInvitations.contract,
            open.map((row) => row.contract),
          ),
          isNull(residentInvitations.usedAt),
          isNull(residentInvitations.replacedAt),
        ),
      )
  }
  for (const row of open) {
    const id = randomUUID()
    const code = registrationCodeFrom(randomBytes(12))
    await tx.insert(residentInvitations).values({
      id,
      companyCode: inviter.companyCode,
      propertyConnection: property,
      contract: row.contract,
      codeHash: registrationCodeHash(code),
      channel: row.mail?.trim() ? 'mail' : 'letter',
      batch,
      // a mailed code is sealed too until its mail is accepted: a failed mail becomes a letter
      codeSealed: sealText(settings.sealKey, sealContext(id), code),
      createdBy: inviter.userName,
      expiresAt,
    })
  }
  const registered = current.length - open.length
  await writeAudit(tx, {
    userName: inviter.userName,
    companyCode: inviter.companyCode,
    action: RESIDENT_ACTIONS.invited,
    entity: 'connection',
    entityKey: property,
    after: { batch, invited: open.length, registered },
  })
  return { batch, registered }
}

/**
 * Mails the batch's invitations that have an address and were not mailed yet: each is claimed
 * first (its sealed code taken from the row), so that two calls never mail it twice; a mail the
 * server refuses moves to the letters with its code. Safe to call again.
 */
export async function mailInvitations(
  db: Database,
  mailer: Mailer,
  settings: InvitationSettings,
  batch: string,
): Promise<void> {
  const pending = await db
    .select({ id: residentInvitations.id })
    .from(residentInvitations)
    .where(
      and(
        eq(residentInvitations.batch, batch),
        eq(residentInvitations.channel, 'mail'),
        isNotNull(residentInvitations.codeSealed),
      ),
    )
  for (const { id } of pending) {
    const claimed = await db.transaction(async (tx) => {
      const [row] = await tx
        .select({
          codeSealed: residentInvitations.codeSealed,
          expiresAt: residentInvitations.expiresAt,
          mail: partners.mail,
          name1: partners.name1,
          name2: partners.name2,
        })
        .from(residentInvitations)
        .innerJoin(contracts, eq(contracts.key, residentInvitations.contract))
        .leftJoin(partners, eq(partners.businessPartner, contracts.businessPartner))
        .where(and(eq(residentInvitations.id, id), isNotNull(residentInvitations.codeSealed)))
        .for('update', { of: residentInvitations, skipLocked: true })
      if (!row?.codeSealed) return null
      await tx
        .update(residentInvitations)
        .set({ codeSealed: null })
        .where(eq(residentInvitations.id, id))
      return row
    })
    if (!claimed) continue
    const code = openText(settings.sealKey, sealContext(id), claimed.codeSealed!)
    try {
      await mailer.send(
        invitationMail(settings.publicUrl, {
          to: claimed.mail?.trim() ?? '',
          name: [claimed.name1, claimed.name2].filter(Boolean).join(' '),
          code,
          expiresAt: claimed.expiresAt,
        }),
      )
    } catch {
      await db
        .update(residentInvitations)
        .set({ channel: 'letter', codeSealed: claimed.codeSealed })
        .where(eq(residentInvitations.id, id))
    }
  }
}

/** How the batch's invitations go out now: by mail, on the letters. */
export async function batchChannels(
  db: Executor,
  batch: string,
): Promise<{ mailed: number; letters: number }> {
  const rows = await db
    .select({ channel: residentInvitations.channel, count: sql<number>`count(*)::int` })
    .from(residentInvitations)
    .where(eq(residentInvitations.batch, batch))
    .groupBy(residentInvitations.channel)
  const count = (channel: string) => rows.find((row) => row.channel === channel)?.count ?? 0
  return { mailed: count('mail'), letters: count('letter') }
}

/** The German mail of an invitation: the code and the link that fills it in; no figures. */
export function invitationMail(publicUrl: string, invitation: MailInvitation) {
  const code = formatRegistrationCode(invitation.code)
  return {
    to: invitation.to,
    subject: 'Ihre monatliche Verbrauchsinformation im Kundenportal',
    text: [
      `Guten Tag ${invitation.name},`,
      '',
      'nach § 6a der Heizkostenverordnung erhalten Sie jeden Monat eine Information über Ihren Verbrauch an Heizung und Warmwasser. Im Kundenportal sehen Sie sie jederzeit, mit dem Vergleich zum Vormonat, zum Vorjahresmonat und zu einer durchschnittlichen Nutzeinheit.',
      '',
      'Über diesen Link richten Sie Ihren Zugang ein:',
      `${registrationUrl(publicUrl)}?code=${code}`,
      '',
      `Ihr Registrierungscode: ${code}`,
      `Er gilt bis zum ${formatDate(toIsoDate(invitation.expiresAt))} und nur einmal.`,
      '',
      'Wenn Sie diese E-Mail nicht erwartet haben, können Sie sie ignorieren.',
    ].join('\n'),
  }
}

/** An invitation whose code still works: not used, not replaced, not expired. */
export const openInvitation = and(
  isNull(residentInvitations.usedAt),
  isNull(residentInvitations.replacedAt),
  sql`${residentInvitations.expiresAt} > now()`,
)
