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
import { batchChannels, createInvitations, mailInvitations } from './invitations'
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
  const [found] = await db
    .select({ companyCode: connections.companyCode })
    .from(connections)
    .where(and(eq(connections.connection, property), isNull(connections.parentConnection)))
  if (!found) {
    err(`Abgelehnt: Eine Liegenschaft ${property} gibt es nicht.`)
    return 1
  }
  if (command === 'invite' && args.length === 3) {
    const inviter = { userName: PROVIDER_USER, companyCode: found.companyCode }
    const created = await db.transaction((tx) => createInvitations(tx, settings, inviter, property))
    await mailInvitations(db, context.mailer, settings, created.batch)
    const { mailed, letters } = await batchChannels(db, created.batch)
    out(
      `Einladung ${created.batch}: ${mailed} per E-Mail, ${letters} Briefe, ${created.registered} haben schon einen Zugang.`,
    )
    if (letters > 0) {
      out(`Briefe: npm run provider -- residents letters ${property} ${created.batch} <Datei.pdf>`)
    }
    return 0
  }
  if (command === 'letters' && batch && file && args.length === 5) {
    const letters = await residentLetters(
      db,
      providerScope(found.companyCode),
      settings,
      property,
      batch,
    )
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
