/**
 * The provider's command line for residents (decisions 065, 066):
 * `residents invite <Liegenschaft>`, `residents letters <Liegenschaft> <Einladung> <Datei>` and
 * `notices run`.
 */
import { writeFile } from 'node:fs/promises'
import { and, eq, isNull } from 'drizzle-orm'
import type { ServerConfig } from '../../platform/config'
import type { Mailer } from '../../platform/mailer'
import { PROVIDER_USER } from '../../platform/persistence/actors'
import type { Database } from '../../platform/persistence/database'
import { connections } from '../../platform/persistence/schema'
import {
  batchChannels,
  createInvitations,
  mailInvitations,
  type InvitationSettings,
} from './invitations'
import { residentLetters } from './letters'
import { runMonthlyNotices } from './notices'

export const RESIDENTS_USAGE =
  'residents invite <Liegenschaft> | residents letters <Liegenschaft> <Einladung> <Datei.pdf> | notices run'

export interface ResidentCommandContext {
  mailer: Mailer
  config: Pick<ServerConfig, 'publicUrl'> & Partial<Pick<ServerConfig, 'secondFactorKey'>>
}

/** The provider sees every property: a company code's whole scope. */
const providerScope = (companyCode: string) => ({
  userId: PROVIDER_USER,
  userName: PROVIDER_USER,
  companyCode,
  businessPartner: null,
})

/** A property (top-level connection) by its id, of any company code; undefined when unknown. */
export async function providerProperty(
  db: Database,
  property: string,
): Promise<{ companyCode: string } | undefined> {
  const [found] = await db
    .select({ companyCode: connections.companyCode })
    .from(connections)
    .where(and(eq(connections.connection, property), isNull(connections.parentConnection)))
  return found
}

/** The provider invites a property's residents (command line and provider API). */
export async function providerInvite(
  db: Database,
  mailer: Mailer,
  settings: InvitationSettings,
  property: { connection: string; companyCode: string },
  create: (run: (tx: Database) => Promise<{ batch: string; registered: number }>) => Promise<{
    batch: string
    registered: number
  }> = (run) => db.transaction(run),
) {
  const inviter = { userName: PROVIDER_USER, companyCode: property.companyCode }
  const created = await create((tx) =>
    createInvitations(tx, settings, inviter, property.connection),
  )
  await mailInvitations(db, mailer, settings, created.batch)
  return { ...created, ...(await batchChannels(db, created.batch)) }
}

/** The provider's letters of an invitation of a property. */
export function providerLetters(
  db: Database,
  settings: InvitationSettings,
  property: { connection: string; companyCode: string },
  batch: string,
) {
  return residentLetters(
    db,
    providerScope(property.companyCode),
    settings,
    property.connection,
    batch,
  )
}

/** Runs a residents command; undefined when `args` is none. */
export async function runResidentCommand(
  args: readonly string[],
  db: Database,
  context: ResidentCommandContext,
  out: (line: string) => void,
  err: (line: string) => void,
): Promise<number | undefined> {
  const [group, command, property, batch, file] = args
  if (group === 'notices') {
    if (command !== 'run' || args.length !== 2) return usage(err)
    const run = await runMonthlyNotices(db, context.mailer, context.config)
    out(
      `Verbrauchsinformation ${run.month}: ${run.planned} Benachrichtigungen angelegt, ${run.sent} E-Mails versendet, ${run.failed} fehlgeschlagen.`,
    )
    return 0
  }
  if (group !== 'residents') return undefined
  const sealKey = context.config.secondFactorKey
  if (!sealKey) {
    err('Abgelehnt: ohne SECOND_FACTOR_KEY können keine Registrierungscodes angelegt werden.')
    return 1
  }
  const settings = { publicUrl: context.config.publicUrl, sealKey }
  if (!property) return usage(err)
  const found = await providerProperty(db, property)
  if (!found) {
    err(`Abgelehnt: Eine Liegenschaft ${property} gibt es nicht.`)
    return 1
  }
  const target = { connection: property, companyCode: found.companyCode }
  if (command === 'invite' && args.length === 3) {
    const invited = await providerInvite(db, context.mailer, settings, target)
    out(
      `Einladung ${invited.batch}: ${invited.mailed} per E-Mail, ${invited.letters} Briefe, ${invited.registered} haben schon einen Zugang.`,
    )
    if (invited.letters > 0) {
      out(`Briefe: npm run provider -- residents letters ${property} ${invited.batch} <Datei.pdf>`)
    }
    return 0
  }
  if (command === 'letters' && batch && file && args.length === 5) {
    const letters = await providerLetters(db, settings, target, batch)
    if (letters.residents === 0) {
      err('Abgelehnt: Zu dieser Einladung gibt es keine offenen Briefe.')
      return 1
    }
    await writeFile(file, letters.pdf.content)
    out(`${letters.residents} Briefe in ${file} geschrieben.`)
    return 0
  }
  return usage(err)
}

function usage(err: (line: string) => void): number {
  err(`Aufruf: npm run provider -- ${RESIDENTS_USAGE}`)
  return 1
}
