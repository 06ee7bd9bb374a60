/**
 * The provider's user administration (ARCHITECTURE 3.5, decision 019): accounts are created by the
 * provider and invited by mail; the person chooses the password through a single-use link.
 * `npm run provider -- user …` and the provider API call these functions. Each takes
 * (db, mailer, config, input), answers a result with a German message, or throws an `HttpError`
 * with a German detail; every change is written to the audit log as user 'provider'.
 */
import { randomBytes } from 'node:crypto'
import { domainToASCII } from 'node:url'
import { and, asc, eq, sql } from 'drizzle-orm'
import { UserNameSchema } from '@portal/domain'
import { z } from 'zod'
import { hashPassword } from '../../platform/auth/passwords'
import { hitWindow } from '../../platform/auth/rate-limit-store'
import { removeSecondFactor, SECOND_FACTOR_ACTIONS } from './second-factor'
import { hasSecondFactorSql } from '../../platform/auth/second-factor-policy'
import { badRequest, conflict, HttpError, validationFailed } from '../../platform/http-errors'
import type { Mailer } from '../../platform/mailer'
import { writeAudit } from '../../platform/persistence/audit'
import type { Database, Executor } from '../../platform/persistence/database'
import { companyCodes, partners, users } from '../../platform/persistence/schema'
import { PROVIDER_USER } from '../../platform/persistence/actors'
import {
  expireOpenLinks,
  formatLinkExpiry,
  issueLink,
  mailLink,
  type AccountConfig,
} from './account-links'

export type { AccountConfig } from './account-links'

/** Audit actions of the account commands (entity 'user', key the user name). */
export const ACCOUNT_ACTIONS = {
  created: 'USER_CREATED',
  disabled: 'USER_DISABLED',
  enabled: 'USER_ENABLED',
  reset: 'USER_PASSWORD_RESET',
  invitedAgain: 'USER_INVITED_AGAIN',
  deleted: 'USER_DELETED',
  secondFactorReset: SECOND_FACTOR_ACTIONS.reset,
} as const
export const USER_ENTITY = 'user'

/** Names that stand for the system in author columns and the audit log, never for a person. */
const RESERVED_USER_NAMES = new Set([PROVIDER_USER, 'system', 'demo'])

const NO_CONTROL_CHARACTERS = /^[^\p{Cc}]*$/u

/**
 * A domain with umlauts (hausverwaltung-süd.de) in its ASCII form (xn--…), which every mail server
 * takes; the address is then checked as usual.
 */
function withAsciiDomain(mail: string): string {
  const at = mail.lastIndexOf('@')
  if (at < 0 || /^[\x21-\x7e]*$/.test(mail)) return mail
  const domain = domainToASCII(mail.slice(at + 1))
  return domain ? `${mail.slice(0, at + 1)}${domain}` : mail
}

/** `user add`: the new account. */
export const NewUserSchema = z.strictObject({
  userName: UserNameSchema,
  name: z
    .string({ error: 'Bitte geben Sie den Namen der Person an.' })
    .trim()
    .min(1, { error: 'Bitte geben Sie den Namen der Person an.' })
    .max(200, { error: 'Der Name darf höchstens 200 Zeichen lang sein.' })
    .regex(NO_CONTROL_CHARACTERS, { error: 'Der Name darf keine Steuerzeichen enthalten.' }),
  mail: z
    .string({ error: 'Bitte geben Sie eine E-Mail-Adresse an.' })
    .trim()
    .min(1, { error: 'Bitte geben Sie eine E-Mail-Adresse an.' })
    .max(200, { error: 'Die E-Mail-Adresse darf höchstens 200 Zeichen lang sein.' })
    .transform(withAsciiDomain)
    .pipe(z.email({ error: 'Die E-Mail-Adresse ist ungültig.' })),
  companyCode: z
    .string({ error: 'Bitte geben Sie den Buchungskreis an.' })
    .trim()
    .min(1, { error: 'Bitte geben Sie den Buchungskreis an.' })
    .max(20, { error: 'Den Buchungskreis gibt es nicht.' }),
  businessPartner: z
    .string()
    .trim()
    .min(1, { error: 'Die Geschäftspartnernummer darf nicht leer sein.' })
    .max(40, { error: 'Den Geschäftspartner gibt es nicht.' })
    .nullish(),
})
export type NewUser = z.input<typeof NewUserSchema>

/** The commands that name one user. */
export const UserRefSchema = z.strictObject({
  userName: z
    .string({ error: 'Bitte geben Sie den Benutzernamen an.' })
    .trim()
    .min(1, { error: 'Bitte geben Sie den Benutzernamen an.' })
    .max(200, { error: 'Den Benutzer gibt es nicht.' }),
})
export type UserRef = z.input<typeof UserRefSchema>

/** `user list`: optionally the users of one company code. */
export const UserListFilterSchema = z.strictObject({
  companyCode: z.string().trim().min(1).max(20).optional(),
})
export type UserListFilter = z.input<typeof UserListFilterSchema>

/**
 * 'invited': created by `user add`, the password not chosen yet (an invitation was sent and no link
 * of the user was ever used); 'disabled': `user disable`; 'active' otherwise.
 */
export const AccountStatusSchema = z.enum(['active', 'invited', 'disabled'])
export type AccountStatus = z.infer<typeof AccountStatusSchema>

/** A user as the provider sees it: never the password hash. */
export const AccountSchema = z.object({
  userName: z.string(),
  id: z.string(),
  name: z.string(),
  mail: z.string(),
  companyCode: z.string(),
  businessPartner: z.string().nullable(),
  status: AccountStatusSchema,
  disabledAt: z.string().nullable(),
  createdAt: z.string(),
  /** Decision 035: the user has set up a second factor (TOTP). */
  secondFactor: z.boolean(),
})
export type Account = z.infer<typeof AccountSchema>

/** What a changing account function answers. */
export interface AccountResult {
  /** The German result line. */
  message: string
  account: Account
}

const STATUS_TEXT: Record<AccountStatus, string> = {
  active: 'aktiv',
  invited: 'eingeladen, Passwort noch nicht vergeben',
  disabled: 'gesperrt',
}
export const accountStatusText = (status: AccountStatus) => STATUS_TEXT[status]

/** The input checked against its schema; a 400 naming the field and the German rule otherwise. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input)
  if (!result.success) throw validationFailed(result.error.issues)
  return result.data
}

export const userNotFound = (userName: string) =>
  new HttpError(404, 'USER_NOT_FOUND', `Den Benutzer ${userName} gibt es nicht.`)

// written out: Drizzle leaves columns of a one-table select unqualified, which inside the
// subqueries would name the links' own user_name
const invitedSql = sql<boolean>`(exists (select 1 from password_reset_tokens t where t.user_name = "users"."user_name" and t.purpose = 'invitation') and not exists (select 1 from password_reset_tokens t where t.user_name = "users"."user_name" and t.used_at is not null))`

const accountColumns = {
  userName: users.userName,
  id: users.id,
  name: users.name,
  mail: users.mail,
  companyCode: users.companyCode,
  businessPartner: users.businessPartner,
  disabledAt: users.disabledAt,
  createdAt: users.createdAt,
  invited: invitedSql,
  secondFactor: hasSecondFactorSql(users.id),
}

interface AccountRow {
  userName: string
  id: string
  name: string
  mail: string
  companyCode: string
  businessPartner: string | null
  disabledAt: Date | null
  createdAt: string
  invited: boolean
  secondFactor: boolean
}

function toAccount(row: AccountRow): Account {
  return {
    userName: row.userName,
    id: row.id,
    name: row.name,
    mail: row.mail,
    companyCode: row.companyCode,
    businessPartner: row.businessPartner,
    status: row.disabledAt ? 'disabled' : row.invited ? 'invited' : 'active',
    disabledAt: row.disabledAt ? row.disabledAt.toISOString() : null,
    createdAt: new Date(row.createdAt).toISOString(),
    secondFactor: row.secondFactor,
  }
}

/** The user of that name (compared without regard to case, as sign-in does), locked for the change. */
export async function findAccount(tx: Executor, userName: string): Promise<Account | undefined> {
  const [row] = await tx
    .select(accountColumns)
    .from(users)
    .where(eq(sql`lower(${users.userName})`, sql`lower(${userName.normalize('NFC')})`))
    .for('update', { of: users })
  return row && toAccount(row)
}

async function requireAccount(tx: Executor, userName: string): Promise<Account> {
  const account = await findAccount(tx, userName)
  if (!account) throw userNotFound(userName)
  return account
}

/**
 * An account command that names one user and mails nothing: `change` runs in one transaction on
 * the user, locked; an unknown user is a 404.
 */
export function oneUserCommand<Result>(
  change: (tx: Executor, account: Account) => Promise<Result>,
) {
  return async (
    db: Database,
    _mailer: Mailer,
    _config: AccountConfig,
    input: UserRef,
  ): Promise<Result> => {
    const { userName } = parse(UserRefSchema, input)
    return db.transaction(async (tx) => change(tx, await requireAccount(tx, userName)))
  }
}

async function auditAccount(
  tx: Executor,
  account: Pick<Account, 'userName' | 'companyCode'>,
  action: string,
  change: { before?: unknown; after?: unknown } = {},
) {
  await writeAudit(tx, {
    userName: PROVIDER_USER,
    companyCode: account.companyCode,
    action,
    entity: USER_ENTITY,
    entityKey: account.userName,
    ...change,
  })
}

/**
 * Decision 040: at most five invitation or reset mails per account in an hour (a fixed window in
 * the rate-limit store, so that every server process counts them), whether sent by `user add`,
 * `user reset` or the provider API: a script gone wrong or a taken provider key cannot flood a
 * mailbox. A fresh invitation (7 days) or reset link (30 minutes) is rarely needed more often.
 */
export const ACCOUNT_MAILS_PER_HOUR = 5
const ACCOUNT_MAIL_WINDOW_MS = 60 * 60 * 1000

/**
 * Counts a link mail to the user in the caller's transaction (a refused or failed change does not
 * count); 429 ACCOUNT_MAIL_LIMIT beyond the limit, naming when the next one can be sent.
 */
async function countAccountMail(
  tx: Executor,
  account: Pick<Account, 'id' | 'userName'>,
): Promise<void> {
  // by the user's id: no name in the store, and a new user of an old name starts afresh
  const key = `account-mail:${account.id}`
  const { current, ttl } = await hitWindow(tx, key, ACCOUNT_MAIL_WINDOW_MS)
  if (current <= ACCOUNT_MAILS_PER_HOUR) return
  // the next full minute after the window ends: "ab 05:32 Uhr" is never too early
  const next = new Date(Math.ceil((Date.now() + ttl) / 60_000) * 60_000)
  throw new HttpError(
    429,
    'ACCOUNT_MAIL_LIMIT',
    `An ${account.userName} wurden bereits ${ACCOUNT_MAILS_PER_HOUR} Einladungs- oder Rücksetz-E-Mails innerhalb einer Stunde gesendet (höchstens ${ACCOUNT_MAILS_PER_HOUR} je Stunde); die nächste kann ab ${formatLinkExpiry(next)} gesendet werden.`,
  )
}

/** A password hash nobody knows the password of: the account cannot be signed in to. */
const unusablePasswordHash = () => hashPassword(randomBytes(32).toString('base64url'))

/**
 * `user add`: creates the user without a usable password and mails an invitation with a
 * single-use link (7 days) to choose one. Refused: a name in use (in any case), a reserved name,
 * an invalid mail address, an unknown company code, a business partner not of that company code.
 */
export async function addUser(
  db: Database,
  mailer: Mailer,
  config: AccountConfig,
  input: NewUser,
): Promise<AccountResult> {
  const user = parse(NewUserSchema, input)
  const businessPartner = user.businessPartner ?? null
  if (RESERVED_USER_NAMES.has(user.userName.toLowerCase())) {
    throw badRequest(
      `Der Benutzername ${user.userName} ist für das System reserviert.`,
      'USER_NAME_RESERVED',
      'userName',
    )
  }
  // argon2 before the transaction, so that it holds no lock while hashing
  const passwordHash = await unusablePasswordHash()
  const { account, link } = await db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ userName: users.userName })
      .from(users)
      .where(eq(sql`lower(${users.userName})`, sql`lower(${user.userName})`))
    if (existing) {
      throw conflict(`Den Benutzernamen ${existing.userName} gibt es bereits.`, 'USER_EXISTS')
    }
    const [companyCode] = await tx
      .select({ companyCode: companyCodes.companyCode })
      .from(companyCodes)
      .where(eq(companyCodes.companyCode, user.companyCode))
    if (!companyCode) {
      throw badRequest(
        `Den Buchungskreis ${user.companyCode} gibt es nicht.`,
        'UNKNOWN_COMPANY_CODE',
        'companyCode',
      )
    }
    if (businessPartner !== null) {
      const [partner] = await tx
        .select({ businessPartner: partners.businessPartner })
        .from(partners)
        .where(
          and(
            eq(partners.businessPartner, businessPartner),
            eq(partners.companyCode, user.companyCode),
          ),
        )
      if (!partner) {
        throw badRequest(
          `Den Geschäftspartner ${businessPartner} gibt es im Buchungskreis ${user.companyCode} nicht.`,
          'UNKNOWN_BUSINESS_PARTNER',
          'businessPartner',
        )
      }
    }
    await tx.insert(users).values({
      userName: user.userName,
      companyCode: user.companyCode,
      businessPartner,
      name: user.name,
      mail: user.mail,
      passwordHash,
    })
    const link = await issueLink(tx, user.userName, 'invitation')
    const created = await requireAccount(tx, user.userName)
    await countAccountMail(tx, created)
    // the audit keeps no name or mail address: those leave with the user (`user delete`)
    await auditAccount(tx, created, ACCOUNT_ACTIONS.created, {
      after: { companyCode: created.companyCode, businessPartner: created.businessPartner },
    })
    return { account: created, link }
  })
  const partner = businessPartner ? `, Geschäftspartner ${businessPartner}` : ''
  const done = `Benutzer ${account.userName} angelegt (${account.name}, Buchungskreis ${account.companyCode}${partner})`
  await mailLink(mailer, config, account, link, done)
  return {
    message: `${done}; die Einladung ist an ${account.mail} gesendet, der Link gilt bis ${formatLinkExpiry(link.expiresAt)}.`,
    account,
  }
}

/** `user list`: every user (or those of one company code) in name order. */
export async function listUsers(db: Executor, input: UserListFilter = {}): Promise<Account[]> {
  const filter = parse(UserListFilterSchema, input)
  const rows = await db
    .select(accountColumns)
    .from(users)
    .where(filter.companyCode ? eq(users.companyCode, filter.companyCode) : undefined)
    .orderBy(asc(users.userName))
  return rows.map(toAccount)
}

/**
 * `user disable`: no sign-in, no token, no reset while disabled. Every token issued so far stops
 * working and every open link expires; enabling does not bring them back.
 */
export const disableUser = oneUserCommand(async (tx, account): Promise<AccountResult> => {
  if (account.disabledAt) {
    return {
      message: `Benutzer ${account.userName} ist bereits gesperrt (seit ${formatLinkExpiry(new Date(account.disabledAt))}).`,
      account,
    }
  }
  const now = new Date()
  await tx
    .update(users)
    .set({ disabledAt: now, tokensNotBefore: now })
    .where(eq(users.userName, account.userName))
  await expireOpenLinks(tx, account.userName, now)
  await auditAccount(tx, account, ACCOUNT_ACTIONS.disabled, {
    before: { disabledAt: null },
    after: { disabledAt: now.toISOString() },
  })
  return {
    message: `Benutzer ${account.userName} gesperrt: Anmeldung nicht mehr möglich, alle Sitzungen und Links beendet.`,
    account: await requireAccount(tx, account.userName),
  }
})

/**
 * `user reset-second-factor` (decision 035): the user lost the device and the recovery codes. His second
 * factor and its recovery codes are removed, his sessions end; he signs in with the password alone
 * (and sets one up again where the customer requires it).
 */
export const resetSecondFactor = oneUserCommand(async (tx, account): Promise<AccountResult> => {
  if (!(await removeSecondFactor(tx, account.id))) {
    return {
      message: `Benutzer ${account.userName} hat keine Zwei-Faktor-Anmeldung eingerichtet.`,
      account,
    }
  }
  await tx.update(users).set({ tokensNotBefore: new Date() }).where(eq(users.id, account.id))
  await auditAccount(tx, account, ACCOUNT_ACTIONS.secondFactorReset, {
    before: { secondFactor: true },
    after: { secondFactor: false },
  })
  return {
    message: `Zwei-Faktor-Anmeldung von ${account.userName} zurückgesetzt: Anmeldung mit dem Passwort allein, alle Sitzungen beendet.`,
    account: await requireAccount(tx, account.userName),
  }
})

/** `user enable`: the user may sign in again with his password. */
export const enableUser = oneUserCommand(async (tx, account): Promise<AccountResult> => {
  if (!account.disabledAt) {
    return { message: `Benutzer ${account.userName} ist nicht gesperrt.`, account }
  }
  await tx.update(users).set({ disabledAt: null }).where(eq(users.userName, account.userName))
  await auditAccount(tx, account, ACCOUNT_ACTIONS.enabled, {
    before: { disabledAt: account.disabledAt },
    after: { disabledAt: null },
  })
  const enabled = await requireAccount(tx, account.userName)
  const hint =
    enabled.status === 'invited'
      ? ' Die Einladung ist abgelaufen: mit user reset wird sie erneut gesendet.'
      : ''
  return { message: `Benutzer ${account.userName} entsperrt.${hint}`, account: enabled }
})

/**
 * `user reset`: the current password stops working, every token is revoked, and a single-use link
 * (30 minutes) to choose a new one is mailed. A user who has not chosen a password yet gets a new
 * invitation (7 days) instead. Refused for a disabled user, and (429) beyond five link mails to the
 * user in an hour; a refusal changes nothing.
 */
export async function resetUser(
  db: Database,
  mailer: Mailer,
  config: AccountConfig,
  input: UserRef,
): Promise<AccountResult> {
  const { userName } = parse(UserRefSchema, input)
  const passwordHash = await unusablePasswordHash()
  const { account, link } = await db.transaction(async (tx) => {
    const account = await requireAccount(tx, userName)
    if (account.disabledAt) {
      throw conflict(
        `Benutzer ${account.userName} ist gesperrt; entsperren Sie ihn zuerst (user enable ${account.userName}).`,
        'USER_DISABLED',
      )
    }
    await countAccountMail(tx, account)
    const invitedAgain = account.status === 'invited'
    await tx
      .update(users)
      .set({ passwordHash, tokensNotBefore: new Date() })
      .where(eq(users.userName, account.userName))
    const link = await issueLink(tx, account.userName, invitedAgain ? 'invitation' : 'reset')
    await auditAccount(
      tx,
      account,
      invitedAgain ? ACCOUNT_ACTIONS.invitedAgain : ACCOUNT_ACTIONS.reset,
    )
    return { account, link }
  })
  const done =
    link.purpose === 'invitation'
      ? `Benutzer ${account.userName}: neue Einladung angelegt`
      : `Passwort von ${account.userName} zurückgesetzt`
  await mailLink(mailer, config, account, link, done)
  return {
    message: `${done}; der Link ist an ${account.mail} gesendet und gilt bis ${formatLinkExpiry(link.expiresAt)}.`,
    account,
  }
}

/**
 * The commands that change one named user and mail nothing, by their word on the command line
 * (`user disable …`) and in the provider API (`/api/provider/users/disable`).
 */
export const USER_CHANGES = {
  disable: disableUser,
  enable: enableUser,
  'reset-second-factor': resetSecondFactor,
} as const
