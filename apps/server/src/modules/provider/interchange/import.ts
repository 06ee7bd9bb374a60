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
import { INVALID_JSON_MESSAGE } from '@portal/domain/interchange'
import type { Database } from '../../../platform/persistence/database'
import { holdDataVersion, raiseDataVersion } from '../../../platform/persistence/data-version'
import { InterchangeChecker } from './checker'
import { ndjsonLines } from './ndjson'
import { importLimits, tooManyRecords, type ImportLimits } from './limits'
import { CONTENT_FILE_FIELD, INTERCHANGE_TABLES, type InterchangeTable } from './tables'
import { InterchangeWriter } from './writer'
import { Batcher, ContentBatcher, defaultedMask } from './import-batches'
import {
  ERROR_LIMIT,
  InterchangeImportError,
  finishImport,
  requirePruneScope,
  took,
  type ImportOptions,
  type ImportResult,
  type Timings,
} from './import-common'

export {
  ERROR_LIMIT,
  InterchangeImportError,
  type ImportOptions,
  type ImportProgress,
  type ImportResult,
} from './import-common'
export {
  ImportSession,
  importRecords,
  type ContentSource,
  type RecordChunk,
} from './import-session'

/**
 * The check reads this much at a time and then lets the event loop turn, so that the writing,
 * which runs at the same time, can send its next statement soon.
 */
const CHECK_CHUNK_BYTES = 64 * 1024

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
    // no path: over HTTP the folder is the server's temporary one
    checker.report({
      file: '',
      line: null,
      field: '',
      message:
        'Der Ordner enthält keine Datei des Austauschformats (eine NDJSON-Datei je Entität, siehe docs/interchange.md).',
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
  limits: ImportLimits,
  checked: (index: number) => void,
  failed: () => void,
): Promise<void> {
  const totalBytes = files.reduce((sum, file) => sum + file.bytes, 0)
  let bytesBefore = 0
  let rows = 0
  let records = 0
  let index = 0
  try {
    for (; index < files.length; index++) {
      const file = files[index]!
      const { table } = file
      const name = table.entity.file
      const hasDefaults = table.entity.defaulted.length > 0
      const reading = ndjsonLines(file.path, {
        name,
        lineBytes: limits.lineBytes,
        chunkBytes: CHECK_CHUNK_BYTES,
      })
      reading: for await (const lines of reading) {
        const attachments: { record: Record<string, unknown>; line: number }[] = []
        for (const line of lines) {
          if (++records > limits.records) throw tooManyRecords(name, line.number, limits.records)
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
  } catch (error) {
    // before the gates open below: the writing must not go on with files not checked
    failed()
    throw error
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
  limits: ImportLimits,
  checked: (index: number) => Promise<void>,
  stopped: () => boolean,
): Promise<boolean> {
  const totalBytes = files.reduce((sum, file) => sum + file.bytes, 0)
  let rows = 0
  let bytesBefore = 0
  for (const [index, file] of files.entries()) {
    await checked(index)
    if (checker.issues.length > 0 || stopped()) return false
    const { table } = file
    await writer.prepare(table, file.rows)
    const batcher = new Batcher(table, writer)
    const contents = new ContentBatcher(writer, batcher)
    const hasDefaults = table.entity.defaulted.length > 0
    let line = 0
    for await (const lines of ndjsonLines(file.path, {
      name: table.entity.file,
      lineBytes: limits.lineBytes,
    })) {
      if (checker.issues.length > 0 || stopped()) return false
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
  const limits = options.limits ?? importLimits()
  const checker = new InterchangeChecker(options.errorLimit ?? ERROR_LIMIT)
  const files = await folderFiles(folder, checker)
  const gates = files.map(() => gate())
  const present = new Set(files.map((file) => file.table.entity.name))
  const prune = options.prune ? { present } : null
  const refused = () =>
    new InterchangeImportError(checker.issues, checker.omittedIssues, checker.causes)
  let writeFailure: { error: unknown } | undefined
  let stopped = false
  try {
    return await db.transaction(async (tx) => {
      // raised below only if a row changed: an import of the same data keeps every kept answer
      await holdDataVersion(tx)
      const writer = new InterchangeWriter(tx, options.bulkThreshold)
      const writing = writeFiles(
        writer,
        folder,
        files,
        checker,
        options,
        limits,
        async (index) => gates[index]!.promise,
        () => stopped,
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
      try {
        await checkFiles(
          folder,
          files,
          checker,
          options,
          limits,
          (index) => gates[index]!.open(),
          () => (stopped = true),
        )
      } catch (error) {
        // a limit or a read failed: the writing stops before the transaction is rolled back
        await writing
        throw error
      }
      requirePruneScope(checker, options)
      const complete = await writing
      if (writeFailure) throw writeFailure.error
      if (!checker.full) await checker.resolve(tx, prune)
      took(timings, 'check', started)
      if (checker.issues.length > 0 || !complete) throw refused()
      const written = files.map((file) => file.table)
      const source = path.basename(path.resolve(folder))
      const result = await finishImport(tx, writer, checker, written, options, source, timings)
      const { inserted, updated, deleted } = result.total
      if (inserted + updated + deleted + writer.contentChunksChanged > 0) {
        await raiseDataVersion(tx)
      }
      return result
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
