/**
 * The limits of an import (decision 041): the decompressed archive and each of its files (over
 * HTTP), the bytes of one NDJSON line and the records of the whole import (HTTP and command line).
 * Each is checked while the data streams by, so a refused import never buffers more than one
 * line's limit plus one read chunk, and never writes more than the limits to disk.
 */

const KIB = 1024
const MIB = 1024 * KIB
const GIB = 1024 * MIB

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

/** The limits of an import: the defaults, each replaced by its environment variable if set. */
export function importLimits(env: NodeJS.ProcessEnv = process.env): ImportLimits {
  const limits = { ...DEFAULT_IMPORT_LIMITS }
  for (const [limit, variable] of Object.entries(IMPORT_LIMIT_VARIABLES)) {
    const text = env[variable]?.trim()
    if (!text) continue
    const value = Number(text)
    if (!/^[1-9][0-9]*$/.test(text) || !Number.isSafeInteger(value)) {
      throw new Error(`${variable} muss eine positive ganze Zahl sein, nicht "${text}".`)
    }
    limits[limit as keyof ImportLimits] = value
  }
  return limits
}

const number = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 1 })

/** A size as people read it: '1 MB' for 1 MiB, '2 GB' for 2 GiB, '512 Bytes'. */
export function formatBytes(bytes: number): string {
  if (bytes >= GIB) return `${number.format(bytes / GIB)} GB`
  if (bytes >= MIB) return `${number.format(bytes / MIB)} MB`
  if (bytes >= KIB) return `${number.format(bytes / KIB)} kB`
  return `${number.format(bytes)} Bytes`
}

export const formatCount = (count: number) => number.format(count)

/** An import beyond one of its limits: nothing was written; HTTP answers 413. */
export class ImportLimitError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ImportLimitError'
  }
}

export const lineTooLong = (file: string, line: number, limit: number) =>
  new ImportLimitError(
    `Die Datei ${file} hat eine Zeile über ${formatBytes(limit)} (Zeile ${line}); erlaubt sind höchstens ${formatBytes(limit)} je Zeile.`,
  )

export const tooManyRecords = (file: string, line: number, limit: number) =>
  new ImportLimitError(
    `Der Import hat mehr als ${formatCount(limit)} Datensätze (erreicht in ${file}, Zeile ${line}); erlaubt sind höchstens ${formatCount(limit)} Datensätze je Import.`,
  )

export const fileTooLarge = (file: string, limit: number) =>
  new ImportLimitError(
    `Die Datei ${file} ist entpackt größer als ${formatBytes(limit)}; erlaubt sind höchstens ${formatBytes(limit)} je Datei.`,
  )

export const archiveTooLarge = (limit: number) =>
  new ImportLimitError(
    `Das Archiv ist entpackt größer als ${formatBytes(limit)}; erlaubt sind höchstens ${formatBytes(limit)} je Import.`,
  )
