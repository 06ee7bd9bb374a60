import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { loadCustomer, type LoadedCustomer } from './load-customer'
import { importLimits } from './import-limits'
import { decodeSecondFactorKey, settingsProblems, type ProblemList } from './settings-rules'
import { DataFolderError, notWritableMessage } from './persistence/data-folder'
import { parseTrustProxy, type TrustProxy } from './trust-proxy'

/**
 * The server's folder (`apps/server`), found from this module wherever the server starts: the
 * source runs from `src/platform/`, the bundle from `dist/` (or a build's `--outdir`, which lies as
 * deep as `dist/` under a checkout), so it is the parent of the nearest enclosing `src` or `dist`.
 */
function serverFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url))
  const parts = here.split(path.sep)
  const at = Math.max(parts.lastIndexOf('src'), parts.lastIndexOf('dist'))
  if (at < 1) throw new Error(`Der Server liegt weder in src/ noch in dist/: ${here}`)
  return parts.slice(0, at).join(path.sep) || path.sep
}

/** The repository's customer configurations, found from this file wherever the server starts. */
export const DEFAULT_CUSTOMERS_DIR = path.resolve(serverFolder(), '../../customers')
/** Where `npm run build -w @portal/portal` puts the built portal. */
export const DEFAULT_PORTAL_DIST = path.resolve(serverFolder(), '../portal/dist')

export interface ServerConfig {
  port: number
  host: string
  /** PostgreSQL connection string; the embedded PGlite in `dataDir` is used when absent. */
  databaseUrl: string | undefined
  /** `/metrics` answers only with `Authorization: Bearer <metricsToken>`; unset: 404. */
  metricsToken?: string | undefined
  dataDir: string
  jwtSecret: Uint8Array
  /**
   * The AES-256 key the TOTP secrets are encrypted under (decision 035): `SECOND_FACTOR_KEY`, or
   * one generated once in the data folder. Every process on one database needs the same key.
   */
  secondFactorKey: Uint8Array
  smtpUrl: string | undefined
  /** `MAIL_FROM`: the sender of the invitation and reset mails; `DEFAULT_MAIL_FROM` when absent. */
  mailFrom?: string
  /** Where users reach the portal; used in links sent by mail. */
  publicUrl: string
  logLevel: string
  /** §1: the customer configuration this deployment serves (`CUSTOMER`, default the first). */
  customer: LoadedCustomer
  /** The built portal; served with the SPA fallback when it holds an `index.html`. */
  portalDist: string | undefined
  /** Timeouts and the connection limit; `DEFAULT_HTTP_LIMITS` when absent. */
  limits?: HttpLimits
  /** `TRUST_PROXY`: which proxies may name the client in `X-Forwarded-For`; none when absent. */
  trustProxy?: TrustProxy
}

/**
 * How long a client may take and how many connections it may hold (slow bodies held
 * connections for ever). See the README's configuration table.
 */
export interface HttpLimits {
  /** `REQUEST_TIMEOUT_MS`: headers and body of a request must arrive within this (not uploads). */
  requestTimeoutMs: number
  /** `UPLOAD_TIMEOUT_MS`: the same for the multipart uploads of files (at most 20 MB). */
  uploadTimeoutMs: number
  /** `IDLE_TIMEOUT_MS`: a connection on which nothing moves this long is closed. */
  idleTimeoutMs: number
  /** `KEEP_ALIVE_TIMEOUT_MS`: an idle keep-alive connection between requests is closed after this. */
  keepAliveTimeoutMs: number
  /** `MAX_CONNECTIONS`: open connections beyond this are closed at once. */
  maxConnections: number
  /**
   * `SHUTDOWN_TIMEOUT_MS`: after `SIGTERM` the requests in flight may finish within this; then the
   * process ends regardless (with exit code 1).
   */
  shutdownTimeoutMs: number
  /**
   * `SHUTDOWN_DELAY_MS`: after `SIGTERM` the ready probe answers 503 and the server keeps serving
   * this long, so that a load balancer takes it out before it closes its port (0: close at once).
   */
  shutdownDelayMs: number
}

export const DEFAULT_HTTP_LIMITS: HttpLimits = {
  requestTimeoutMs: 30_000,
  // 20 MB in 10 minutes: about 280 kbit/s, a slow mobile or rural line
  uploadTimeoutMs: 600_000,
  idleTimeoutMs: 120_000,
  // longer than the 60 s idle timeout of common load balancers and reverse proxies, so that they
  // never reuse a connection the server is closing (Fastify's default)
  keepAliveTimeoutMs: 72_000,
  maxConnections: 1000,
  // Kubernetes' default grace period between SIGTERM and SIGKILL
  shutdownTimeoutMs: 30_000,
  // a load balancer checking the ready probe every 2 s takes a replica out after 2 or 3 failures
  shutdownDelayMs: 10_000,
}

const LIMIT_VARIABLES: Record<keyof HttpLimits, string> = {
  requestTimeoutMs: 'REQUEST_TIMEOUT_MS',
  uploadTimeoutMs: 'UPLOAD_TIMEOUT_MS',
  idleTimeoutMs: 'IDLE_TIMEOUT_MS',
  keepAliveTimeoutMs: 'KEEP_ALIVE_TIMEOUT_MS',
  maxConnections: 'MAX_CONNECTIONS',
  shutdownTimeoutMs: 'SHUTDOWN_TIMEOUT_MS',
  shutdownDelayMs: 'SHUTDOWN_DELAY_MS',
}

/** Limits that may be 0 (the rest must be at least 1). */
const LIMITS_ALLOWING_ZERO: ReadonlySet<keyof HttpLimits> = new Set(['shutdownDelayMs'])

/**
 * The limits from the environment: whole numbers of at least 1 (or 0 where allowed), the defaults
 * where unset. With `problems` each bad one is added there (and its default kept); without, the
 * first one throws.
 */
export function loadHttpLimits(env: NodeJS.ProcessEnv, problems?: ProblemList): HttpLimits {
  const limits = { ...DEFAULT_HTTP_LIMITS }
  for (const [key, variable] of Object.entries(LIMIT_VARIABLES) as [keyof HttpLimits, string][]) {
    const text = env[variable]?.trim()
    if (!text) continue
    const value = Number(text)
    const least = LIMITS_ALLOWING_ZERO.has(key) ? 0 : 1
    if (!/^\d+$/.test(text) || !Number.isSafeInteger(value) || value < least) {
      const rule =
        least === 0
          ? 'muss eine ganze Zahl ab 0 sein (Millisekunden).'
          : 'muss eine ganze Zahl größer als 0 sein (Millisekunden bzw. Anzahl).'
      if (!problems) throw new Error(`${variable}=${text}: ${rule}`)
      problems.add(variable, text, rule)
      continue
    }
    limits[key] = value
  }
  return limits
}

/**
 * The JWT secret: `JWT_SECRET` (at least 32 bytes, i.e. 256 bits, checked with the other
 * settings), or one generated once and kept in the data folder so that tokens survive a restart.
 */
function loadJwtSecret(dataDir: string, fromEnv: string | undefined): Uint8Array {
  if (fromEnv) return new TextEncoder().encode(fromEnv)
  return new TextEncoder().encode(generatedSecret(dataDir, 'jwt-secret'))
}

/**
 * 32 random bytes (base64url) kept in a file of the data folder, made at the first start (or the
 * first of a version that needs it). A folder the server cannot write is named in the German line
 * of the data-folder check.
 */
function generatedSecret(dataDir: string, fileName: string): string {
  const file = path.join(dataDir, fileName)
  if (!existsSync(file)) {
    try {
      // decision 015: the data folder is the server user's alone
      mkdirSync(dataDir, { recursive: true, mode: 0o700 })
      writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600 })
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS')
        throw new DataFolderError(notWritableMessage(dataDir, dataDir))
      throw error
    }
  }
  return readFileSync(file, 'utf8').trim()
}

/**
 * The key of the TOTP secrets (decision 035): `SECOND_FACTOR_KEY` (32 bytes in base64 or
 * base64url, e.g. `openssl rand -base64 32`), or one generated once in the data folder.
 */
function loadSecondFactorKey(dataDir: string, fromEnv: string | undefined): Uint8Array {
  const text = fromEnv?.trim() || generatedSecret(dataDir, 'second-factor-key')
  const key = decodeSecondFactorKey(text)
  if (!key) throw new Error('SECOND_FACTOR_KEY muss 32 Bytes (256 Bit) in Base64 enthalten.')
  return key
}

/** Settings that cannot be used: one German line each, naming variable, value and rule. */
export class ConfigurationError extends Error {
  constructor(readonly problems: string[]) {
    super(`Konfigurationsfehler:\n${problems.join('\n')}`)
    this.name = 'ConfigurationError'
  }
}

/** The part of the configuration that needs no file written: the settings as checked. */
export type CheckedSettings = Omit<ServerConfig, 'jwtSecret' | 'secondFactorKey' | 'customer'> & {
  customer: LoadedCustomer | undefined
}

/**
 * Reads every setting of `env` and collects what is wrong with it (decision 039), writing
 * nothing: the rules of `settings-rules.ts`, the customer configuration, the proxy list and the
 * limits. `check` and the start use it alike.
 */
export function readSettings(env: NodeJS.ProcessEnv = process.env): {
  settings: CheckedSettings
  problems: string[]
} {
  const problems = settingsProblems(env)
  // npm runs workspace scripts in the workspace folder; relative paths mean where npm was started
  const startedIn = env.INIT_CWD ?? process.cwd()
  const dataDir = path.resolve(startedIn, env.DATA_DIR ?? './data')
  const customersDir = env.CUSTOMERS_DIR
    ? path.resolve(startedIn, env.CUSTOMERS_DIR)
    : DEFAULT_CUSTOMERS_DIR
  const attempt = <T>(read: () => T): T | undefined => {
    try {
      return read()
    } catch (error) {
      problems.lines.push(...(error as Error).message.split('\n'))
      return undefined
    }
  }
  const customer = attempt(() => loadCustomer(customersDir, env.CUSTOMER || undefined))
  const trustProxy = attempt(() => parseTrustProxy(env.TRUST_PROXY)) ?? false
  const port = Number(env.PORT || 8080)
  // the import reads its limits at every run (decision 041); checked here with the rest
  importLimits(env, problems)
  return {
    settings: {
      port,
      host: env.HOST || '0.0.0.0',
      databaseUrl: env.DATABASE_URL || undefined,
      metricsToken: env.METRICS_TOKEN || undefined,
      dataDir,
      smtpUrl: env.SMTP_URL || undefined,
      ...(env.MAIL_FROM ? { mailFrom: env.MAIL_FROM } : {}),
      publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, ''),
      logLevel: env.LOG_LEVEL || 'info',
      customer,
      portalDist: env.PORTAL_DIST ? path.resolve(startedIn, env.PORTAL_DIST) : DEFAULT_PORTAL_DIST,
      limits: loadHttpLimits(env, problems),
      trustProxy,
    },
    problems: problems.lines,
  }
}

/**
 * The configuration from the environment. Every setting is checked first; when any is wrong a
 * `ConfigurationError` lists them all (no stack trace needed) and nothing was written. Then the
 * secrets that are not set are generated into the data folder.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const { settings, problems } = readSettings(env)
  if (problems.length > 0 || !settings.customer) throw new ConfigurationError(problems)
  return {
    ...settings,
    customer: settings.customer,
    jwtSecret: loadJwtSecret(settings.dataDir, env.JWT_SECRET),
    secondFactorKey: loadSecondFactorKey(settings.dataDir, env.SECOND_FACTOR_KEY),
  }
}
