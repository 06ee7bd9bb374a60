import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { CustomerConfigSchema, FaqSchema, type CustomerConfig, type Faq } from '@portal/domain'
import type { z } from 'zod'

/** One customer configuration of `customers/<id>/`, checked and ready to serve. */
export interface LoadedCustomer {
  id: string
  /** The customer's folder (absolute). */
  dir: string
  config: CustomerConfig
  faq: Faq
}

/** The folder of a customer's favicon and logo. */
export const assetsDir = (customer: LoadedCustomer) => path.join(customer.dir, 'assets')

/** A file as the operator typed it: relative to where `npm start` was run, when it lies below. */
function shown(file: string): string {
  const relative = path.relative(process.env.INIT_CWD ?? process.cwd(), file)
  return relative === '' || relative.startsWith('..') || path.isAbsolute(relative) ? file : relative
}

/** The customer ids: the folders of `customersDir`, in alphabetical order (the first is the default). */
export function listCustomerIds(customersDir: string): string[] {
  let entries
  try {
    entries = readdirSync(customersDir, { withFileTypes: true })
  } catch {
    throw new Error(`${shown(customersDir)}: Ordner der Kundenkonfigurationen nicht gefunden.`)
  }
  return entries
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .map((entry) => entry.name)
    .sort()
}

function readJsonFile<T>(file: string, schema: z.ZodType<T>): T {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch {
    throw new Error(`${shown(file)}: Datei fehlt oder ist nicht lesbar.`)
  }
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (error) {
    throw new Error(`${shown(file)}: kein gültiges JSON (${(error as Error).message}).`)
  }
  const result = schema.safeParse(data)
  if (result.success) return result.data
  const lines = result.error.issues.flatMap((issue) => {
    // an unknown key is reported at its parent; name the key itself
    const paths =
      issue.code === 'unrecognized_keys'
        ? issue.keys.map((key) => [...issue.path, key])
        : [issue.path]
    const message = issue.code === 'unrecognized_keys' ? 'unbekanntes Feld' : issue.message
    return paths.map((where) => `${shown(file)}: ${where.join('.') || '(Wurzel)'}: ${message}`)
  })
  throw new Error(lines.join('\n'))
}

const isFile = (file: string) => {
  try {
    return statSync(file).isFile()
  } catch {
    return false
  }
}

/**
 * §1: reads and checks `customers/<id>/config.json` and `faq.de-DE.json` before the server starts.
 * Without an id the first folder in alphabetical order is the default. Every problem throws an
 * Error whose message names the file and the field, so that the operator can fix it at once.
 */
export function loadCustomer(customersDir: string, id?: string): LoadedCustomer {
  const known = listCustomerIds(customersDir)
  const chosen = id || known[0]
  if (chosen === undefined) {
    throw new Error(`${shown(customersDir)}: keine Kundenkonfiguration gefunden.`)
  }
  if (!known.includes(chosen)) {
    throw new Error(
      `CUSTOMER=${chosen}: keine solche Kundenkonfiguration in ${shown(customersDir)}. ` +
        `Vorhanden: ${known.join(', ')}.`,
    )
  }
  const dir = path.resolve(customersDir, chosen)
  const configFile = path.join(dir, 'config.json')
  const config = readJsonFile(configFile, CustomerConfigSchema)
  for (const field of ['favicon', 'logo'] as const) {
    const file = path.join(dir, 'assets', config[field])
    if (!isFile(file)) {
      throw new Error(`${shown(configFile)}: ${field}: die Datei ${shown(file)} fehlt.`)
    }
  }
  const faq = readJsonFile(path.join(dir, 'faq.de-DE.json'), FaqSchema)
  return { id: chosen, dir, config, faq }
}

/**
 * The origins other than the portal's own that the customer's portal calls (`apiBaseUrl`, an
 * absolute `legacyEndpoint`); the Content-Security-Policy must allow them in `connect-src`.
 */
export function externalOrigins(config: CustomerConfig): string[] {
  const origins = [config.apiBaseUrl, config.legacyEndpoint]
    .filter((address) => /^https?:\/\//.test(address))
    .map((address) => new URL(address).origin)
  return [...new Set(origins)]
}
