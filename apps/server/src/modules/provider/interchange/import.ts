/**
 * The import of the interchange format (ARCHITECTURE 3.5, docs/interchange.md): every record of
 * every file is checked (schema, keys, references, attachment files), up to `errorLimit` issues
 * are collected, each naming file, line, field and the German rule, and only a clean import is
 * committed: all of it in one transaction, upserted on the domain's keys. With `prune`, rows of
 * the imported entities within the import's company codes that the import no longer contains are
 * removed.
 *
 * `importFolder` reads a folder twice: checking, and writing the checked lines as they are (a file
 * as soon as it is checked, see there). Only keys are kept in memory, so it stays flat at millions
 * of readings. `ImportSession` takes records from memory in units, each checked and then written
 * in the caller's transaction: the demo seed writes through it; `importRecords` is the same in a
 * transaction of its own.
 */
import { readdir, readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { INVALID_JSON_MESSAGE, type InterchangeEntityName } from '@portal/domain/interchange'
import type { Database, Executor } from '../../../platform/persistence/database'
import { writeAudit } from '../../../platform/persistence/audit'
import { InterchangeChecker, formatIssue, type ImportIssue } from './checker'
import { ndjsonLines } from './ndjson'
import {
  CONTENT_FILE_FIELD,
  INTERCHANGE_TABLES,
  interchangeTable,
  type InterchangeTable,
} from './tables'
import { InterchangeWriter, type EntityCounts } from './writer'

/** Records per statement, and the most JSON text per statement. */
const BATCH_ROWS = 10_000
const BATCH_CHARS = 8 * 1024 * 1024
/**
 * The check reads this much at a time and then lets the event loop turn, so that the writing,
 * which runs at the same time, can send its next statement soon.
 */
const CHECK_CHUNK_BYTES = 64 * 1024
/** The most file bytes per statement that writes attachments' contents. */
const CONTENT_BATCH_BYTES = 8 * 1024 * 1024
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

interface Timings {
  check: number
  write: number
  finish: number
}

/** Adds the seconds since `started` to `timings[phase]`. */
function took(timings: Timings, phase: keyof Timings, started: number): void {
  timings[phase] += (performance.now() - started) / 1000
}

/** An import that was refused: nothing was written. */
export class InterchangeImportError extends Error {
  /** In the order of the files and lines, however they were found. */
  readonly issues: readonly ImportIssue[]

  constructor(
    issues: readonly ImportIssue[],
    readonly omitted: number,
  ) {
    const sorted = [...issues].sort(
      (a, b) => fileOrder(a.file) - fileOrder(b.file) || (a.line ?? 0) - (b.line ?? 0),
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

/** Records of one entity from memory. */
export interface RecordChunk {
  entity: InterchangeEntityName
  records: readonly object[]
}

/** The bytes of an attachment's `contentFile`, for records from memory. */
export type ContentSource = (contentFile: string) => Uint8Array | undefined

function defaultedMask(table: InterchangeTable, record: Record<string, unknown>): number {
  let mask = 0
  table.entity.defaulted.forEach((field, bit) => {
    if (record[field] !== undefined) mask |= 1 << bit
  })
  return mask
}

const presentFields = (table: InterchangeTable, mask: number) =>
  table.entity.defaulted.filter((_, bit) => (mask & (1 << bit)) !== 0)

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

/** Collects JSON lines into batches of one defaulted-fields group each. */
class Batcher {
  private readonly groups = new Map<number, { lines: string[]; chars: number }>()

  constructor(
    private readonly table: InterchangeTable,
    private readonly writer: InterchangeWriter,
  ) {}

  async add(json: string, mask: number): Promise<void> {
    let group = this.groups.get(mask)
    if (!group) this.groups.set(mask, (group = { lines: [], chars: 0 }))
    group.lines.push(json)
    group.chars += json.length + 1
    if (group.lines.length >= BATCH_ROWS || group.chars >= BATCH_CHARS) await this.flush(mask)
  }

  private async flush(mask: number): Promise<void> {
    const group = this.groups.get(mask)
    if (!group || group.lines.length === 0) return
    const json = `[${group.lines.join(',')}]`
    const rows = group.lines.length
    this.groups.delete(mask)
    await this.writer.write(this.table, json, rows, presentFields(this.table, mask))
  }

  async end(): Promise<void> {
    for (const mask of [...this.groups.keys()]) await this.flush(mask)
  }
}

/**
 * Writes attachments' bytes in statements of at most CONTENT_BATCH_BYTES, each after the records
 * batched so far (`records`), which the bytes refer to.
 */
class ContentBatcher {
  private items: { attachment: string; content: string }[] = []
  private bytes = 0

  constructor(
    private readonly writer: InterchangeWriter,
    private readonly records: Batcher,
  ) {}

  async add(attachment: string, content: Uint8Array): Promise<void> {
    const buffer = Buffer.from(content.buffer, content.byteOffset, content.byteLength)
    this.items.push({ attachment, content: buffer.toString('base64') })
    this.bytes += content.byteLength
    if (this.bytes >= CONTENT_BATCH_BYTES) await this.end()
  }

  async end(): Promise<void> {
    const items = this.items
    this.items = []
    this.bytes = 0
    if (items.length === 0) return
    await this.records.end()
    await this.writer.writeContents(items)
  }
}

/**
 * The end of every import: prune (in reverse dependency order, children first), rebuild what the
 * bulk load took away, audit.
 */
async function finishImport(
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

function requirePruneScope(checker: InterchangeChecker, options: ImportOptions): void {
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

/**
 * Records from memory, checked and written unit by unit inside the caller's transaction. A unit
 * may refer to records of earlier units. Throws `InterchangeImportError` for a unit with issues;
 * the caller's transaction then leaves the database as it was.
 */
export class ImportSession {
  private readonly checker: InterchangeChecker
  private readonly writer: InterchangeWriter
  private readonly written = new Set<InterchangeTable>()
  private readonly timings: Timings = { check: 0, write: 0, finish: 0 }
  private rowsDone = 0

  constructor(
    private readonly db: Executor,
    private readonly options: ImportOptions = {},
  ) {
    this.checker = new InterchangeChecker(options.errorLimit ?? ERROR_LIMIT)
    this.writer = new InterchangeWriter(db, options.bulkThreshold)
  }

  async add(
    chunks: readonly RecordChunk[],
    contents: ContentSource = () => undefined,
  ): Promise<void> {
    const ordered = INTERCHANGE_TABLES.flatMap((table) =>
      chunks
        .filter((c) => c.entity === table.entity.name && c.records.length > 0)
        .map((c) => ({ table, records: c.records as readonly Record<string, unknown>[] })),
    )
    const checking = performance.now()
    for (const { table, records } of ordered) {
      const file = table.entity.file
      records.forEach((record, index) => {
        if (
          this.checker.check(table, record, file, index + 1) &&
          table.entity.name === 'attachments'
        ) {
          this.checker.checkContent(
            record,
            contents(String(record[CONTENT_FILE_FIELD])),
            file,
            index + 1,
          )
        }
      })
    }
    await this.checker.resolve(this.db, null)
    took(this.timings, 'check', checking)
    if (this.checker.issues.length > 0) {
      throw new InterchangeImportError(this.checker.issues, this.checker.omittedIssues)
    }
    const writing = performance.now()
    for (const { table, records } of ordered) {
      this.written.add(table)
      await this.writer.prepare(
        table,
        this.writer.countsOf(table.entity.name).rows + records.length,
      )
      const batcher = new Batcher(table, this.writer)
      const contentBatcher = new ContentBatcher(this.writer, batcher)
      for (const record of records) {
        await batcher.add(JSON.stringify(record), defaultedMask(table, record))
        if (table.entity.name === 'attachments') {
          await contentBatcher.add(
            String(record.attachment),
            contents(String(record[CONTENT_FILE_FIELD]))!,
          )
        }
      }
      await batcher.end()
      await contentBatcher.end()
      this.rowsDone += records.length
      this.options.onProgress?.({ phase: 'write', file: table.entity.file, rows: this.rowsDone })
    }
    took(this.timings, 'write', writing)
  }

  async finish(source = 'records'): Promise<ImportResult> {
    requirePruneScope(this.checker, this.options)
    if (this.checker.issues.length > 0) {
      throw new InterchangeImportError(this.checker.issues, this.checker.omittedIssues)
    }
    const written = INTERCHANGE_TABLES.filter((table) => this.written.has(table))
    const { db, writer, checker, options, timings } = this
    return finishImport(db, writer, checker, written, options, source, timings)
  }
}

/** Checks and writes records from memory in one transaction of their own. */
export async function importRecords(
  db: Database,
  chunks: readonly RecordChunk[],
  options: ImportOptions & { contents?: ContentSource } = {},
): Promise<ImportResult> {
  return db.transaction(async (tx) => {
    const session = new ImportSession(tx, options)
    await session.add(chunks, options.contents)
    return session.finish()
  })
}

interface FolderFile {
  table: InterchangeTable
  path: string
  bytes: number
  /** Found when checking: its records and, per record, which defaulted fields it carries. */
  rows: number
  masks: number[]
}

/** The files of the format in `folder`, in dependency order; unknown NDJSON files are issues. */
async function folderFiles(folder: string, checker: InterchangeChecker): Promise<FolderFile[]> {
  const names = new Set(
    (await readdir(folder, { withFileTypes: true }))
      .filter((entry) => entry.isFile() && entry.name.endsWith('.ndjson'))
      .map((entry) => entry.name),
  )
  const files: FolderFile[] = []
  for (const table of INTERCHANGE_TABLES) {
    if (!names.delete(table.entity.file)) continue
    const file = path.join(folder, table.entity.file)
    files.push({ table, path: file, bytes: (await stat(file)).size, rows: 0, masks: [] })
  }
  for (const name of names) {
    checker.report({
      file: name,
      line: null,
      field: '',
      message: 'Diese Datei gehört nicht zum Austauschformat (siehe docs/interchange.md).',
    })
  }
  if (files.length === 0 && names.size === 0) {
    checker.report({
      file: folder,
      line: null,
      field: '',
      message: 'Der Ordner enthält keine Datei des Austauschformats.',
    })
  }
  return files
}

async function readContent(folder: string, contentFile: string): Promise<Uint8Array | undefined> {
  try {
    return await readFile(path.join(folder, contentFile))
  } catch {
    return undefined
  }
}

/** Files read at once: reading 47,682 small PDFs one by one took twice as long (measured). */
const PARALLEL_READS = 16

/** The contents of the records' files, in their order, read PARALLEL_READS at a time. */
async function readContents(
  folder: string,
  records: readonly Record<string, unknown>[],
): Promise<(Uint8Array | undefined)[]> {
  const contents: (Uint8Array | undefined)[] = []
  for (let start = 0; start < records.length; start += PARALLEL_READS) {
    const group = records.slice(start, start + PARALLEL_READS)
    contents.push(
      ...(await Promise.all(
        group.map((record) => readContent(folder, String(record[CONTENT_FILE_FIELD]))),
      )),
    )
  }
  return contents
}

/** A promise that `open` resolves. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open = () => {}
  const promise = new Promise<void>((resolve) => (open = resolve))
  return { promise, open }
}

/**
 * Checks the files one after the other and collects their keys; `checked(i)` is called once file
 * `i` is checked (or will not be, because the check stopped at the error limit).
 */
async function checkFiles(
  folder: string,
  files: FolderFile[],
  checker: InterchangeChecker,
  options: ImportOptions,
  checked: (index: number) => void,
): Promise<void> {
  const totalBytes = files.reduce((sum, file) => sum + file.bytes, 0)
  let bytesBefore = 0
  let rows = 0
  let index = 0
  try {
    for (; index < files.length; index++) {
      const file = files[index]!
      const { table } = file
      const name = table.entity.file
      const hasDefaults = table.entity.defaulted.length > 0
      reading: for await (const lines of ndjsonLines(file.path, CHECK_CHUNK_BYTES)) {
        const attachments: { record: Record<string, unknown>; line: number }[] = []
        for (const line of lines) {
          let value: unknown
          try {
            value = JSON.parse(line.text)
          } catch {
            checker.report({
              file: name,
              line: line.number,
              field: '',
              message: INVALID_JSON_MESSAGE,
            })
            continue
          }
          file.rows++
          const valid = checker.check(table, value, name, line.number)
          if (hasDefaults && valid) {
            file.masks.push(defaultedMask(table, value as Record<string, unknown>))
          }
          if (valid && table.entity.name === 'attachments') {
            attachments.push({ record: value as Record<string, unknown>, line: line.number })
          }
          if (checker.full) break reading
        }
        const contents = await readContents(
          folder,
          attachments.map((a) => a.record),
        )
        attachments.forEach(({ record, line }, i) => {
          checker.checkContent(record, contents[i], name, line)
        })
        rows += lines.length
        options.onProgress?.({
          phase: 'check',
          file: name,
          rows,
          bytes: bytesBefore + lines[lines.length - 1]!.bytesRead,
          totalBytes,
        })
      }
      bytesBefore += file.bytes
      checked(index)
      if (checker.full) break
    }
  } finally {
    for (; index < files.length; index++) checked(index)
  }
}

/**
 * Writes the files one after the other, each once it is checked, as long as the check finds
 * nothing; answers whether it wrote them all.
 */
async function writeFiles(
  writer: InterchangeWriter,
  folder: string,
  files: FolderFile[],
  checker: InterchangeChecker,
  options: ImportOptions,
  checked: (index: number) => Promise<void>,
): Promise<boolean> {
  const totalBytes = files.reduce((sum, file) => sum + file.bytes, 0)
  let rows = 0
  let bytesBefore = 0
  for (const [index, file] of files.entries()) {
    await checked(index)
    if (checker.issues.length > 0) return false
    const { table } = file
    await writer.prepare(table, file.rows)
    const batcher = new Batcher(table, writer)
    const contents = new ContentBatcher(writer, batcher)
    const hasDefaults = table.entity.defaulted.length > 0
    let line = 0
    for await (const lines of ndjsonLines(file.path)) {
      if (checker.issues.length > 0) return false
      const records =
        table.entity.name === 'attachments'
          ? lines.map(({ text }) => JSON.parse(text) as Record<string, unknown>)
          : []
      const bytes = await readContents(folder, records)
      for (const [i, { text }] of lines.entries()) {
        await batcher.add(text, hasDefaults ? file.masks[line]! : 0)
        const record = records[i]
        if (record) {
          const content = bytes[i]
          if (!content) throw new Error(`${String(record[CONTENT_FILE_FIELD])} fehlt jetzt.`)
          await contents.add(String(record.attachment), content)
        }
        line++
      }
      rows += lines.length
      options.onProgress?.({
        phase: 'write',
        file: table.entity.file,
        rows,
        bytes: bytesBefore + lines[lines.length - 1]!.bytesRead,
        totalBytes,
      })
    }
    await batcher.end()
    await contents.end()
    bytesBefore += file.bytes
    if (line !== file.rows) {
      throw new Error(`${table.entity.file} wurde während des Imports geändert.`)
    }
  }
  return true
}

/**
 * Imports the interchange files in `folder` (see docs/interchange.md). Throws
 * `InterchangeImportError` when a record breaks a rule; then nothing is written.
 *
 * Checking is work for Node.js, writing for PostgreSQL: so that both cores work, a file is
 * written while the next ones are checked, in the import's transaction. An issue found stops the
 * writing and rolls the transaction back, so the outcome is that of checking everything first:
 * all or nothing, and every issue (up to the limit) listed.
 */
export async function importFolder(
  db: Database,
  folder: string,
  options: ImportOptions = {},
): Promise<ImportResult> {
  const timings: Timings = { check: 0, write: 0, finish: 0 }
  const started = performance.now()
  const checker = new InterchangeChecker(options.errorLimit ?? ERROR_LIMIT)
  const files = await folderFiles(folder, checker)
  const gates = files.map(() => gate())
  const present = new Set(files.map((file) => file.table.entity.name))
  const prune = options.prune ? { present } : null
  const refused = () => new InterchangeImportError(checker.issues, checker.omittedIssues)
  let writeFailure: { error: unknown } | undefined
  try {
    return await db.transaction(async (tx) => {
      const writer = new InterchangeWriter(tx, options.bulkThreshold)
      const writing = writeFiles(
        writer,
        folder,
        files,
        checker,
        options,
        async (index) => gates[index]!.promise,
      ).then(
        (done) => {
          took(timings, 'write', started)
          return done
        },
        (error: unknown) => {
          writeFailure = { error }
          return false
        },
      )
      await checkFiles(folder, files, checker, options, (index) => gates[index]!.open())
      requirePruneScope(checker, options)
      const complete = await writing
      if (writeFailure) throw writeFailure.error
      if (!checker.full) await checker.resolve(tx, prune)
      took(timings, 'check', started)
      if (checker.issues.length > 0 || !complete) throw refused()
      const written = files.map((file) => file.table)
      const source = path.basename(path.resolve(folder))
      return finishImport(tx, writer, checker, written, options, source, timings)
    })
  } catch (error) {
    if (!writeFailure || error !== writeFailure.error) throw error
    // the database refused a write before the check was through: the check tells why, now that
    // the transaction is rolled back
    if (!checker.full) await checker.resolve(db, prune)
    if (checker.issues.length > 0) throw refused()
    throw error
  }
}
