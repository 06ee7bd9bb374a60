/**
 * The limits of a provider import (decision 041), settings of the deployment like the HTTP
 * limits: read by the import at every run, and checked with every other setting before the start
 * and by `npm run provider -- check` (decision 039).
 */
import type { ProblemList } from './settings-rules'

export const KIB = 1024
export const MIB = 1024 * KIB
export const GIB = 1024 * MIB

export interface ImportLimits {
  /** The decompressed tar archive of an import over HTTP, headers included. */
  totalBytes: number
  /** One file of that archive (an NDJSON file or an attachment). */
  fileBytes: number
  /** One line of an NDJSON file, without its line break. */
  lineBytes: number
  /** The records of all NDJSON files of one import. */
  records: number
}

/**
 * Generous for a real customer (decision 041): the demo data at scale 100, a large customer, dumps
 * to 3.6 million records (1.6 million readings, measurements.ndjson about 370 MB) and 47,682 PDFs,
 * 1.1 GB in all; an upload is at most 20 MB, the longest record a few kB.
 */
export const DEFAULT_IMPORT_LIMITS: Readonly<ImportLimits> = {
  totalBytes: 4 * GIB,
  fileBytes: 2 * GIB,
  lineBytes: MIB,
  records: 10_000_000,
}

/** The environment variable of each limit; unset or empty: the default. */
export const IMPORT_LIMIT_VARIABLES: Readonly<Record<keyof ImportLimits, string>> = {
  totalBytes: 'IMPORT_MAX_BYTES',
  fileBytes: 'IMPORT_MAX_FILE_BYTES',
  lineBytes: 'IMPORT_MAX_LINE_BYTES',
  records: 'IMPORT_MAX_RECORDS',
}

/**
 * The limits of an import: the defaults, each replaced by its environment variable if set. With
 * `problems` each bad one is added there (and its default kept); without, the first one throws.
 */
export function importLimits(
  env: NodeJS.ProcessEnv = process.env,
  problems?: ProblemList,
): ImportLimits {
  const limits = { ...DEFAULT_IMPORT_LIMITS }
  for (const [limit, variable] of Object.entries(IMPORT_LIMIT_VARIABLES)) {
    const text = env[variable]?.trim()
    if (!text) continue
    const value = Number(text)
    if (!/^[1-9][0-9]*$/.test(text) || !Number.isSafeInteger(value)) {
      const rule = 'muss eine ganze Zahl größer als 0 sein (Bytes bzw. Anzahl).'
      if (!problems) throw new Error(`${variable}=${text}: ${rule}`)
      problems.add(variable, text, rule)
      continue
    }
    limits[limit as keyof ImportLimits] = value
  }
  return limits
}
