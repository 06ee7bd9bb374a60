/**
 * The limits of an import (decision 041): the decompressed archive and each of its files (over
 * HTTP), the bytes of one NDJSON line and the records of the whole import (HTTP and command line).
 * Each is checked while the data streams by, so a refused import never buffers more than one
 * line's limit plus one read chunk, and never writes more than the limits to disk.
 */
import { GIB, KIB, MIB } from '../../../platform/import-limits'

export {
  DEFAULT_IMPORT_LIMITS,
  IMPORT_LIMIT_VARIABLES,
  importLimits,
  type ImportLimits,
} from '../../../platform/import-limits'

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
