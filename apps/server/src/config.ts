import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { loadCustomer, type LoadedCustomer } from './customer/load-customer'

/** The repository's customer configurations, found from this file wherever the server starts. */
export const DEFAULT_CUSTOMERS_DIR = fileURLToPath(new URL('../../../customers', import.meta.url))
/** Where `npm run build -w @portal/portal` puts the built portal. */
export const DEFAULT_PORTAL_DIST = fileURLToPath(new URL('../../portal/dist', import.meta.url))

export interface ServerConfig {
  port: number
  host: string
  /** PostgreSQL connection string; the embedded PGlite in `dataDir` is used when absent. */
  databaseUrl: string | undefined
  dataDir: string
  jwtSecret: Uint8Array
  smtpUrl: string | undefined
  /** Where users reach the portal; used in links sent by mail. */
  publicUrl: string
  logLevel: string
  /** §1: the customer configuration this deployment serves (`CUSTOMER`, default the first). */
  customer: LoadedCustomer
  /** The built portal; served with the SPA fallback when it holds an `index.html`. */
  portalDist: string | undefined
}

/**
 * The JWT secret: `JWT_SECRET` (at least 32 bytes, i.e. 256 bits), or one generated once and kept
 * in the data folder so that tokens survive a restart.
 */
function loadJwtSecret(dataDir: string, fromEnv: string | undefined): Uint8Array {
  if (fromEnv) {
    const bytes = new TextEncoder().encode(fromEnv)
    if (bytes.length < 32)
      throw new Error('JWT_SECRET muss mindestens 32 Bytes (256 Bit) lang sein.')
    return bytes
  }
  const file = path.join(dataDir, 'jwt-secret')
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true })
    writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600 })
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim())
}

/**
 * The configuration from the environment. Throws an Error with a message fit for the operator
 * (no stack trace needed) when something is wrong, e.g. a broken customer configuration.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  // npm runs workspace scripts in the workspace folder; relative paths mean where npm was started
  const startedIn = env.INIT_CWD ?? process.cwd()
  const dataDir = path.resolve(startedIn, env.DATA_DIR ?? './data')
  const customersDir = env.CUSTOMERS_DIR
    ? path.resolve(startedIn, env.CUSTOMERS_DIR)
    : DEFAULT_CUSTOMERS_DIR
  // before anything is written to the data folder: a broken configuration stops the start
  const customer = loadCustomer(customersDir, env.CUSTOMER || undefined)
  const port = Number(env.PORT ?? 8080)
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    jwtSecret: loadJwtSecret(dataDir, env.JWT_SECRET),
    smtpUrl: env.SMTP_URL || undefined,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    logLevel: env.LOG_LEVEL ?? 'info',
    customer,
    portalDist: env.PORTAL_DIST ? path.resolve(startedIn, env.PORTAL_DIST) : DEFAULT_PORTAL_DIST,
  }
}
