/** What every import shares: its options and result, its refusal, and its end (prune, rebuild, audit). */
import type { InterchangeEntityName } from '@portal/domain/interchange'
import type { Executor } from '../../../platform/persistence/database'
import { writeAudit } from '../../../platform/persistence/audit'
import { formatIssue, type ImportIssue, type InterchangeChecker } from './checker'
import { INTERCHANGE_TABLES, interchangeTable, type InterchangeTable } from './tables'
import type { EntityCounts, InterchangeWriter } from './writer'
import type { ImportLimits } from './limits'

/** The issues an import collects before it stops checking. */
export const ERROR_LIMIT = 100

export interface ImportOptions {
  /** Remove rows of the imported entities in the import's company codes that it lacks. */
  prune?: boolean
  onProgress?: (progress: ImportProgress) => void
  /** The issues to collect before giving up (default 100). */
  errorLimit?: number
  /** Empty tables that get at least this many rows are loaded without indexes (see writer.ts). */
  bulkThreshold?: number
  /** Writes an audit log entry of the import under this user name. */
  auditAs?: string
  /** The line and record limits of a folder's import; default: `importLimits()`. */
  limits?: ImportLimits
}

export interface ImportProgress {
  phase: 'check' | 'write' | 'prune' | 'finish'
  /** The file being read, or the entity being pruned. */
  file: string
  /** Records done in this phase, over all files. */
  rows: number
  /** Bytes of all files read in this phase, and all bytes (checking and writing a folder). */
  bytes?: number
  totalBytes?: number
}

export interface ImportResult {
  entities: Partial<Record<InterchangeEntityName, EntityCounts>>
  total: EntityCounts & { unchanged: number }
  /**
   * Seconds until everything was checked and until everything was written (a folder is written
   * while it is checked, so both count from the start), and for pruning and rebuilding indexes.
   */
  seconds: Timings
}

export interface Timings {
  check: number
  write: number
  finish: number
}

/** Adds the seconds since `started` to `timings[phase]`. */
export function took(timings: Timings, phase: keyof Timings, started: number): void {
  timings[phase] += (performance.now() - started) / 1000
}

/** An import that was refused: nothing was written. */
export class InterchangeImportError extends Error {
  /** The causes first, then in the order of the files and lines, however they were found. */
  readonly issues: readonly ImportIssue[]

  constructor(
    issues: readonly ImportIssue[],
    readonly omitted: number,
    /** Issues that cause others (a missing record): first, before the rest (decision 041). */
    causes: ReadonlySet<ImportIssue> = new Set(),
  ) {
    const rank = (issue: ImportIssue) => (causes.has(issue) ? 0 : 1)
    const sorted = [...issues].sort(
      (a, b) =>
        rank(a) - rank(b) || fileOrder(a.file) - fileOrder(b.file) || (a.line ?? 0) - (b.line ?? 0),
    )
    super(
      `Import abgelehnt (${issues.length + omitted} Fehler):\n${sorted.map(formatIssue).join('\n')}`,
    )
    this.name = 'InterchangeImportError'
    this.issues = sorted
  }
}

/** The position of a file in dependency order; -1 for a file of no entity. */
function fileOrder(file: string): number {
  return INTERCHANGE_TABLES.findIndex((table) => table.entity.file === file)
}

function resultOf(writer: InterchangeWriter, seconds: Timings): ImportResult {
  const entities: ImportResult['entities'] = {}
  const total = { rows: 0, inserted: 0, updated: 0, deleted: 0, unchanged: 0 }
  for (const table of INTERCHANGE_TABLES) {
    const counts = writer.counts.get(table.entity.name)
    if (!counts) continue
    entities[table.entity.name] = counts
    total.rows += counts.rows
    total.inserted += counts.inserted
    total.updated += counts.updated
    total.deleted += counts.deleted
  }
  total.unchanged = total.rows - total.inserted - total.updated
  return { entities, total, seconds }
}

/**
 * The end of every import: prune (in reverse dependency order, children first), rebuild what the
 * bulk load took away, audit.
 */
export async function finishImport(
  db: Executor,
  writer: InterchangeWriter,
  checker: InterchangeChecker,
  written: readonly InterchangeTable[],
  options: ImportOptions,
  source: string,
  timings: Timings,
): Promise<ImportResult> {
  const started = performance.now()
  if (options.prune) {
    const codes = [...checker.companyCodes]
    for (const table of [...written].reverse()) {
      options.onProgress?.({ phase: 'prune', file: table.entity.file, rows: 0 })
      await writer.prune(table, checker.keysOf(table.entity.name), codes)
    }
  }
  options.onProgress?.({ phase: 'finish', file: '', rows: 0 })
  await writer.finish(written)
  took(timings, 'finish', started)
  const result = resultOf(writer, timings)
  if (options.auditAs) {
    await writeAudit(db, {
      userName: options.auditAs,
      action: 'INTERCHANGE_IMPORT',
      entity: 'interchange',
      entityKey: source,
      after: { prune: options.prune === true, ...result },
    })
  }
  return result
}

export function requirePruneScope(checker: InterchangeChecker, options: ImportOptions): void {
  if (options.prune && !checker.keys.has('companyCodes')) {
    checker.report({
      file: interchangeTable('companyCodes').entity.file,
      line: null,
      field: '',
      message:
        '--prune entfernt nur in den Buchungskreisen des Imports: dafür muss company-codes.ndjson dabei sein.',
    })
  }
}
