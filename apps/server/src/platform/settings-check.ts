/**
 * Decision 039: every setting is checked before the server starts, and `npm run provider -- check`
 * does the same without starting. Beyond the rules of each setting (`readSettings`) this asks
 * what only the machine can answer: whether `HOST` resolves, whether the database answers and
 * exists, and for `check` whether it is migrated and whether the mail server takes the sign-in.
 */
import { lookup } from 'node:dns/promises'
import { isIP } from 'node:net'
import nodemailer from 'nodemailer'
import pg from 'pg'
import { ConfigurationError, loadConfig, readSettings, type ServerConfig } from './config'
import { applyEnvFile } from './env-file'
import { databaseOpenProblem, isMissingTable } from './persistence/database-errors'
import { openDatabase } from './persistence/database'
import { maskUrlPassword, shownValue } from './settings-rules'

/** `HOST` as the server would listen on it: an IP address, or a name that resolves. */
async function hostProblem(host: string): Promise<string | undefined> {
  if (isIP(host) !== 0) return undefined
  try {
    await lookup(host)
    return undefined
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unbekannt'
    return `HOST=${shownValue(host)}: der Name lässt sich nicht auflösen (${code}); geben Sie eine IP-Adresse wie 127.0.0.1 oder einen auflösbaren Rechnernamen an.`
  }
}

/** Whether the database answers and exists (one connection, closed again). */
async function databaseProblem(databaseUrl: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 })
  // an error after the failed connect must not end the process
  client.on('error', () => {})
  try {
    await client.connect()
    await client.query('select 1')
    return undefined
  } catch (error) {
    return databaseOpenProblem(databaseUrl, error)
  } finally {
    await client.end().catch(() => {})
  }
}

/**
 * The problems only the machine can tell: `HOST` resolves, the database answers and exists. A
 * setting whose syntax is named in `known` already is not asked again.
 */
async function reachabilityProblems(
  settings: Pick<ServerConfig, 'host' | 'databaseUrl'>,
  known: readonly string[],
): Promise<string[]> {
  const named = (variable: string) => known.some((line) => line.startsWith(`${variable}=`))
  const problems = await Promise.all([
    named('HOST') ? undefined : hostProblem(settings.host),
    settings.databaseUrl && !named('DATABASE_URL')
      ? databaseProblem(settings.databaseUrl)
      : undefined,
  ])
  return problems.filter((problem): problem is string => problem !== undefined)
}

/**
 * The start's configuration (decision 039): the file `ENV_FILE` names is read into `env`, every
 * setting checked, `HOST` looked up and the database asked; any problem throws a
 * `ConfigurationError` listing them all, before anything is written. Then `loadConfig`.
 */
export async function loadCheckedConfig(
  env: NodeJS.ProcessEnv = process.env,
): Promise<ServerConfig> {
  const fileProblems = applyEnvFile(env)
  const { settings, problems } = readSettings(env)
  problems.unshift(...fileProblems)
  problems.push(...(await reachabilityProblems(settings, problems)))
  if (problems.length > 0) throw new ConfigurationError(problems)
  return loadConfig(env)
}

/** How far the database is migrated, as a line for `check` (never a problem: the start migrates). */
async function migrationLine(databaseUrl: string): Promise<string> {
  const database = await openDatabase({ databaseUrl })
  try {
    const pending = await database.pendingMigrations().catch((error: unknown) => {
      if (isMissingTable(error)) return undefined
      throw error
    })
    if (pending === undefined)
      return 'Datenbank: erreichbar und leer (noch keine Migration); der Server legt beim ersten Start alle Tabellen an.'
    if (pending > 0)
      return `Datenbank: erreichbar, ${pending} Migration(en) ausstehend; der Server spielt sie beim Start ein.`
    return 'Datenbank: erreichbar und auf dem Stand dieses Servers (alle Migrationen eingespielt).'
  } finally {
    await database.close()
  }
}

/** Whether the mail server answers and takes the sign-in (nodemailer's `verify`, 10 s at most). */
async function smtpProblem(smtpUrl: string): Promise<string | undefined> {
  // the SMTP transport takes `url` beside its options (nodemailer's types leave it out)
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 10_000,
  } as Parameters<typeof nodemailer.createTransport>[0])
  try {
    await transport.verify()
    return undefined
  } catch (error) {
    const message = maskUrlPassword(String((error as Error).message ?? error).split('\n')[0] ?? '')
    return `SMTP_URL=${shownValue(smtpUrl)}: der Mailserver ist nicht erreichbar oder lehnt die Anmeldung ab (${message}).`
  } finally {
    transport.close()
  }
}

/**
 * `npm run provider -- check`: every setting as the start checks it, plus the database's migration
 * state and the mail server's sign-in; writes nothing. One German line per bad setting, then a
 * summary line; answers the exit code (0 all right, 1 not).
 */
export async function runSettingsCheck(
  env: NodeJS.ProcessEnv,
  fileProblems: readonly string[],
  out: (line: string) => void,
  err: (line: string) => void,
): Promise<number> {
  const { settings, problems } = readSettings(env)
  problems.unshift(...fileProblems)
  problems.push(...(await reachabilityProblems(settings, problems)))
  const notes: string[] = []
  const databaseBad = problems.some((line) => line.startsWith('DATABASE_URL='))
  if (settings.databaseUrl && !databaseBad) notes.push(await migrationLine(settings.databaseUrl))
  if (!settings.databaseUrl)
    notes.push(
      `Datenbank: PGlite in ${settings.dataDir} (ohne DATABASE_URL; nur für Tests und Vorführungen).`,
    )
  if (settings.smtpUrl && !problems.some((line) => line.startsWith('SMTP_URL='))) {
    const smtp = await smtpProblem(settings.smtpUrl)
    if (smtp) problems.push(smtp)
    else notes.push('Mailserver: erreichbar, Anmeldung angenommen.')
  }
  for (const line of problems) err(line)
  for (const line of notes) out(line)
  const where = env.ENV_FILE ? ` (ENV_FILE=${env.ENV_FILE})` : ''
  if (problems.length > 0) {
    err(
      `Konfiguration fehlerhaft${where}: ${problems.length} Problem${problems.length === 1 ? '' : 'e'}; so startet der Server nicht.`,
    )
    return 1
  }
  out(`Konfiguration in Ordnung${where}: der Server kann so starten.`)
  return 0
}
