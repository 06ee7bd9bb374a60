/** The import of records from memory: `ImportSession` and `importRecords`. */
import type { InterchangeEntityName } from '@portal/domain/interchange'
import type { Database, Executor } from '../../../platform/persistence/database'
import { InterchangeChecker } from './checker'
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

/** Records of one entity from memory. */
export interface RecordChunk {
  entity: InterchangeEntityName
  records: readonly object[]
}

/** The bytes of an attachment's `contentFile`, for records from memory. */
export type ContentSource = (contentFile: string) => Uint8Array | undefined

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
      throw new InterchangeImportError(
        this.checker.issues,
        this.checker.omittedIssues,
        this.checker.causes,
      )
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
      throw new InterchangeImportError(
        this.checker.issues,
        this.checker.omittedIssues,
        this.checker.causes,
      )
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
