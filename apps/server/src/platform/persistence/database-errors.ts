import { maskUrlPassword } from '../settings-rules'

/**
 * errors that say the database is not reachable right now (PostgreSQL restarts, an
 * administrator ended the connection, too many connections, the network is gone), as opposed to
 * errors of the statement itself. The error handler answers them 503 with a German detail; the pool
 * drops the broken connection and opens a new one for the next request.
 */

/**
 * SQLSTATEs: 57P01 admin_shutdown (a restart, `pg_terminate_backend`), 57P02 crash_shutdown,
 * 57P03 cannot_connect_now (starting up or shutting down), 53300 too_many_connections; class 08
 * (connection exceptions) is matched by its prefix.
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300'])

/** Node's socket errors of a connection that could not be opened or broke. */
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])

/** `pg`'s own errors of a connection that ended, is unusable or could not be opened in time. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /^Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
  /^timeout exceeded when trying to connect/,
]

export const DATABASE_UNAVAILABLE = {
  detail:
    'Die Datenbank ist gerade nicht erreichbar. Bitte versuchen Sie es in einem Moment erneut.',
  code: 'DATABASE_UNAVAILABLE',
}

/**
 * SQLSTATEs of a transaction that met another one: 40P01 deadlock_detected, 40001
 * serialization_failure. PostgreSQL rolled it back whole; the same request again will very likely
 * pass, and a repeat with its idempotency key cannot write twice.
 */
const CONFLICT_STATES = new Set(['40P01', '40001'])

export const TRANSACTION_CONFLICT = {
  detail:
    'Ihre Änderung traf gleichzeitig mit einer anderen ein und wurde nicht gespeichert. Bitte versuchen Sie es erneut.',
  code: 'TRANSACTION_CONFLICT',
}

/** `error` and the errors it wraps (`cause`, as drizzle wraps driver errors), at most five. */
function errorChain(error: unknown): Record<string, unknown>[] {
  const chain: Record<string, unknown>[] = []
  let current: unknown = error
  while (chain.length < 5 && typeof current === 'object' && current !== null) {
    chain.push(current as Record<string, unknown>)
    current = (current as { cause?: unknown }).cause
  }
  return chain
}

/** Whether PostgreSQL rolled the statement's transaction back for meeting another one. */
export function isTransactionConflict(error: unknown): boolean {
  return errorChain(error).some(({ code }) => typeof code === 'string' && CONFLICT_STATES.has(code))
}

/**
 * Whether `error`, or an error it wraps (`cause`, as drizzle wraps driver errors), is one of these.
 * A socket error counts when it came through a statement (drizzle's error names its SQL as
 * `query`) or from opening a connection; a client that aborts its upload (`ECONNRESET` on the
 * request) is not the database.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const chain = errorChain(error)
  const throughStatement = chain.some((e) => typeof e.query === 'string')
  return chain.some(({ code, message, syscall, errors }) => {
    if (typeof code === 'string') {
      if (UNAVAILABLE_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true
      // Node tries every address of a host name ('localhost': ::1 and 127.0.0.1) and reports
      // an AggregateError of the attempts
      const connecting =
        syscall === 'connect' ||
        syscall === 'getaddrinfo' ||
        (Array.isArray(errors) &&
          errors.some((e) => (e as { syscall?: unknown } | null)?.syscall === 'connect'))
      if (UNAVAILABLE_ERRNOS.has(code) && (throughStatement || connecting)) return true
    }
    return typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => m.test(message))
  })
}

/** `host:port` and the database a PostgreSQL URL names (pg's defaults where it names none). */
function databaseTarget(databaseUrl: string): { where: string; database: string; user: string } {
  try {
    const url = new URL(databaseUrl)
    const user = decodeURIComponent(url.username) || 'postgres'
    const host = url.searchParams.get('host') || url.hostname || 'localhost'
    return {
      where: `${host}:${url.port || '5432'}`,
      database: decodeURIComponent(url.pathname.slice(1)) || user,
      user,
    }
  } catch {
    return { where: '(unlesbare Adresse)', database: '?', user: '?' }
  }
}

/**
 * One German line for a PostgreSQL database that could not be opened (decision 039): names host,
 * port, database and user, never the password; the server, `check` and every command line say the
 * same. The URL is shown with its password masked.
 */
export function databaseOpenProblem(databaseUrl: string, error: unknown): string {
  const { where, database, user } = databaseTarget(databaseUrl)
  const shown = maskUrlPassword(databaseUrl)
  const chain = errorChain(error)
  const codes = chain.map((e) => e.code).filter((code): code is string => typeof code === 'string')
  const has = (...wanted: string[]) => codes.some((code) => wanted.includes(code))
  const firstLine = String(chain.at(-1)?.message ?? error).split('\n')[0] ?? ''
  let why: string
  if (has('3D000')) {
    why = `die Datenbank „${database}“ gibt es auf ${where} nicht; legen Sie sie an (CREATE DATABASE, docs/operations.md Abschnitt 2) oder berichtigen Sie den Namen.`
  } else if (has('28P01', '28000')) {
    why = `PostgreSQL auf ${where} lehnt die Anmeldung als „${user}“ an der Datenbank „${database}“ ab (Benutzer, Passwort oder pg_hba.conf): ${firstLine}.`
  } else if (has('ECONNREFUSED')) {
    why = `auf ${where} nimmt niemand Verbindungen an (Datenbank „${database}“); läuft PostgreSQL, und stimmen Rechner und Port?`
  } else if (has('ENOTFOUND', 'EAI_AGAIN')) {
    why = `den Rechner von ${where} gibt es nicht (der Name lässt sich nicht auflösen); Datenbank „${database}“.`
  } else if (has('57P03')) {
    why = `PostgreSQL auf ${where} startet gerade oder fährt herunter (Datenbank „${database}“); versuchen Sie es gleich noch einmal.`
  } else if (/timeout/i.test(firstLine) || has('ETIMEDOUT')) {
    why = `PostgreSQL auf ${where} antwortet nicht in 10 Sekunden (Datenbank „${database}“); prüfen Sie Rechner, Port und Firewall.`
  } else {
    why = `die Datenbank „${database}“ auf ${where} lässt sich nicht öffnen: ${firstLine}.`
  }
  return `DATABASE_URL=${shown}: ${why}`
}

/** PostgreSQL's undefined_table / invalid_schema_name: e.g. drizzle's migrations table is missing. */
export function isMissingTable(error: unknown): boolean {
  return errorChain(error).some(({ code }) => code === '42P01' || code === '3F000')
}
