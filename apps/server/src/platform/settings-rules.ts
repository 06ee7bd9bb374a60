/**
 * The rules of the single settings (decision 039), checked before the server starts and by
 * `npm run provider -- check`: each bad one is one German line naming the variable, its value
 * (secrets by their length only, passwords in URLs masked) and the rule.
 */
import { isIP } from 'node:net'

/** The problems found so far, one German line each. */
export class ProblemList {
  readonly lines: string[] = []

  /** `VARIABLE=value: rule`; a secret's value is shown by its length only. */
  add(variable: string, value: string, rule: string, options: { secret?: boolean } = {}): void {
    const shown = options.secret
      ? `(${Buffer.byteLength(value)} Zeichen, nicht angezeigt)`
      : shownValue(value)
    this.lines.push(`${variable}=${shown}: ${rule}`)
  }
}

/**
 * A value as it may appear in a message: quoted when it holds blanks, quotes or control
 * characters (so that a trailing comment is seen), shortened beyond 100 characters, and a
 * password in a URL masked.
 */
export function shownValue(value: string): string {
  const masked = maskUrlPassword(value)
  const short = masked.length > 100 ? `${masked.slice(0, 100)}…` : masked
  return short === '' || /[\s"'\\\p{Cc}]/u.test(short) ? JSON.stringify(short) : short
}

/** `scheme://user:***@host…`: the password of a URL never appears in a message. */
export function maskUrlPassword(value: string): string {
  return value.replace(/^([a-z][a-z0-9+.-]*:\/\/[^/@:\s]*):[^/@\s]*@/i, '$1:***@')
}

/** 32 bytes in base64 or base64url; undefined when the text is not that. */
export function decodeSecondFactorKey(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(text)) return undefined
  const key = Buffer.from(text.replace(/\+/g, '-').replace(/\//g, '_'), 'base64url')
  return key.length === 32 ? new Uint8Array(key) : undefined
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']
const NODE_ENVS = ['production', 'development', 'test']

/** `new URL`, or undefined for a text that is no absolute URL. */
function parsedUrl(text: string): URL | undefined {
  try {
    return new URL(text)
  } catch {
    return undefined
  }
}

/** A host name's syntax (RFC 1123 labels); whether it resolves is checked later (DNS). */
export function isHostName(text: string): boolean {
  return (
    text.length <= 253 &&
    text
      .replace(/\.$/, '')
      .split('.')
      .every((label) => /^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/.test(label))
  )
}

/** An address `name@domain.tld`, or with a display name: `Name <name@domain.tld>`. */
const ADDRESS = String.raw`[^\s<>@",;]+@[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?`
const MAIL_FROM = new RegExp(
  String.raw`^(?:${ADDRESS}|(?:"[^"]*"|[^<>"@,;]+)\s*<${ADDRESS}>|<${ADDRESS}>)$`,
)

/**
 * The settings' own rules (the syntax of each; DNS and the database are asked later): every
 * variable that is set and wrong is added.
 */
export function settingsProblems(env: NodeJS.ProcessEnv): ProblemList {
  const problems = new ProblemList()
  const set = (name: string): string | undefined => {
    const value = env[name]
    return value === undefined || value === '' ? undefined : value
  }

  const publicUrl = set('PUBLIC_URL')
  if (publicUrl !== undefined) {
    const url = parsedUrl(publicUrl)
    if (
      !url ||
      (url.protocol !== 'http:' && url.protocol !== 'https:') ||
      /[\s?#]/.test(publicUrl) ||
      url.username !== '' ||
      url.password !== '' ||
      url.hostname === ''
    ) {
      problems.add(
        'PUBLIC_URL',
        publicUrl,
        'muss eine absolute http- oder https-Adresse ohne Leerzeichen, ohne „?“ und ohne „#“ sein, z. B. https://portal.example.de (sie steht in jedem versandten Link).',
      )
    }
  }

  const host = set('HOST')
  if (host !== undefined && isIP(host) === 0 && !isHostName(host)) {
    problems.add(
      'HOST',
      host,
      'ist weder eine IP-Adresse noch ein Rechnername, z. B. 127.0.0.1 (nur der Reverse Proxy) oder 0.0.0.0 (alle Schnittstellen).',
    )
  }

  const port = set('PORT')
  if (port !== undefined && (!/^\d{1,5}$/.test(port) || Number(port) > 65535)) {
    problems.add('PORT', port, 'muss eine ganze Zahl von 0 bis 65535 sein.')
  }

  const databaseUrl = set('DATABASE_URL')
  if (databaseUrl !== undefined) {
    const url = parsedUrl(databaseUrl)
    if (!url || (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:')) {
      problems.add(
        'DATABASE_URL',
        databaseUrl,
        'muss eine PostgreSQL-Adresse sein: postgres://<Benutzer>:<Passwort>@<Rechner>:<Port>/<Datenbank> (Sonderzeichen im Passwort URL-kodiert).',
      )
    }
  }

  const jwtSecret = set('JWT_SECRET')
  if (jwtSecret !== undefined && Buffer.byteLength(jwtSecret) < 32) {
    problems.add(
      'JWT_SECRET',
      jwtSecret,
      'muss mindestens 32 Bytes (256 Bit) lang sein, z. B. aus openssl rand -base64 48.',
      { secret: true },
    )
  }

  const secondFactorKey = set('SECOND_FACTOR_KEY')
  if (secondFactorKey !== undefined && !decodeSecondFactorKey(secondFactorKey.trim())) {
    problems.add(
      'SECOND_FACTOR_KEY',
      secondFactorKey,
      'muss genau 32 Bytes (256 Bit) in Base64 enthalten, z. B. aus openssl rand -base64 32.',
      { secret: true },
    )
  }

  const logLevel = set('LOG_LEVEL')
  if (logLevel !== undefined && !LOG_LEVELS.includes(logLevel)) {
    problems.add('LOG_LEVEL', logLevel, `muss eine dieser Stufen sein: ${LOG_LEVELS.join(', ')}.`)
  }

  const smtpUrl = set('SMTP_URL')
  if (smtpUrl !== undefined) {
    const url = parsedUrl(smtpUrl)
    if (!url || (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || url.hostname === '') {
      problems.add(
        'SMTP_URL',
        smtpUrl,
        'muss eine Adresse smtp://<Benutzer>:<Passwort>@<Rechner>:587 (STARTTLS) oder smtps://…:465 (TLS) sein; @ im Benutzer als %40.',
      )
    }
  }

  const mailFrom = set('MAIL_FROM')
  if (mailFrom !== undefined && !MAIL_FROM.test(mailFrom.trim())) {
    problems.add(
      'MAIL_FROM',
      mailFrom,
      'muss eine Mailadresse sein, auch mit Namen: portal@example.de oder Kundenportal <portal@example.de>.',
    )
  }

  const metricsToken = set('METRICS_TOKEN')
  if (metricsToken !== undefined && metricsToken.length < 16) {
    problems.add('METRICS_TOKEN', metricsToken, 'muss mindestens 16 Zeichen lang sein.', {
      secret: true,
    })
  }

  const nodeEnv = set('NODE_ENV')
  if (nodeEnv !== undefined && !NODE_ENVS.includes(nodeEnv)) {
    problems.add(
      'NODE_ENV',
      nodeEnv,
      'muss production (Produktionsbetrieb) sein, development oder test, oder fehlen.',
    )
  }
  return problems
}
