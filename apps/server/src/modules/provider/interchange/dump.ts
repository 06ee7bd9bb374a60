/**
 * `provider dump`: writes everything the provider owns in the interchange format (one NDJSON file
 * per entity, the attachments' bytes in `attachments/`), so that importing the folder into an
 * empty database gives the same rows. Reads one consistent snapshot (a read-only transaction),
 * page by page along each table's key, and writes each page before reading the next: memory
 * stays flat at millions of readings. The database formats the records (`row_to_json`).
 */
import { once } from 'node:events'
import { createWriteStream } from 'node:fs'
import { mkdir, readdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { InterchangeEntityName } from '@portal/domain/interchange'
import { sql } from 'drizzle-orm'
import type { Database, Executor } from '../../../platform/persistence/database'
import {
  CONTENT_FILE_EXTENSIONS,
  CONTENT_FILE_FIELD,
  INTERCHANGE_TABLES,
  quoteIdentifier as q,
  type InterchangeTable,
} from './tables'

/** Rows per page, and attachment bytes read at once. */
const PAGE_ROWS = 10_000
const CONTENT_PAGE_BYTES = 32 * 1024 * 1024

export interface DumpProgress {
  file: string
  /** Records written so far, over all files. */
  rows: number
}

export interface DumpResult {
  entities: Partial<Record<InterchangeEntityName, number>>
  rows: number
  attachmentFiles: number
}

/** A dump that did not start: the folder holds files already. */
export class DumpFolderNotEmptyError extends Error {
  constructor(readonly folder: string) {
    super(`Der Ordner ${folder} ist nicht leer; der Export schreibt nur in einen leeren Ordner.`)
    this.name = 'DumpFolderNotEmptyError'
  }
}

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`

/** `contentFileOf` in SQL. */
function contentFileExpression(): string {
  const cases = Object.entries(CONTENT_FILE_EXTENSIONS)
    .map(([mediaType, extension]) => `when ${literal(mediaType)} then ${literal(extension)}`)
    .join(' ')
  return `'attachments/' || t."attachment" || '.' || (case t."media_type" ${cases} else 'bin' end)`
}

/** The record's fields as columns named like them, in the format's order. */
function recordColumns(table: InterchangeTable): string {
  return table.entity.fields
    .map((field) => {
      const column = table.columns.find((c) => c.field === field)
      return `${column ? column.dumpExpression : contentFileExpression()} as ${q(field)}`
    })
    .join(', ')
}

/** The table's records as JSON lines, a page at a time along the key. */
async function* pages(db: Executor, table: InterchangeTable): AsyncGenerator<string[]> {
  // the key columns of the table, not the record's columns of the same name (ids are text there)
  const keys = table.keyColumns.map((c) => `t.${q(c.column)}`).join(', ')
  const inner = sql.raw(`select ${recordColumns(table)} from ${q(table.name)} t`)
  const order = sql.raw(`order by ${keys}`)
  const keyList = sql.raw(`(${keys})`)
  let last: Record<string, unknown> | undefined
  for (;;) {
    const after = last
      ? sql`where ${keyList} > (${sql.join(
          table.keyColumns.map((c) => sql`${String(last![c.field])}::${sql.raw(c.type)}`),
          sql`, `,
        )})`
      : sql``
    // row_to_json writes compact JSON in the columns' order
    const result = await db.execute(
      sql`select row_to_json(r)::text as line from (${inner} ${after} ${order} limit ${PAGE_ROWS}) r`,
    )
    const lines = (result as { rows: { line: string }[] }).rows.map((row) => row.line)
    if (lines.length === 0) return
    yield lines
    if (lines.length < PAGE_ROWS) return
    last = JSON.parse(lines[lines.length - 1]!) as Record<string, unknown>
  }
}

/** Writes the bytes of a page of attachments into `attachments/`, a bounded amount at a time. */
async function writeContents(
  db: Executor,
  folder: string,
  lines: readonly string[],
): Promise<number> {
  const records = lines.map(
    (line) => JSON.parse(line) as { attachment: string; size: number; contentFile: string },
  )
  let written = 0
  for (let start = 0; start < records.length;) {
    let bytes = 0
    let end = start
    while (
      end < records.length &&
      (end === start || bytes + records[end]!.size <= CONTENT_PAGE_BYTES)
    ) {
      bytes += records[end]!.size
      end++
    }
    const batch = records.slice(start, end)
    const ids = JSON.stringify(batch.map((record) => record.attachment))
    // the chunks in order (base64: see writeAttachmentContent)
    const result = await db.execute(
      sql`select attachment::text as attachment, encode(content, 'base64') as content
        from attachment_contents
        where attachment in (select jsonb_array_elements_text(${ids}::jsonb)::uuid)
        order by attachment, chunk`,
    )
    const contents = new Map<string, Buffer[]>()
    for (const row of (result as { rows: { attachment: string; content: string }[] }).rows) {
      let chunks = contents.get(row.attachment)
      if (!chunks) contents.set(row.attachment, (chunks = []))
      chunks.push(Buffer.from(row.content, 'base64'))
    }
    for (const record of batch) {
      const chunks = contents.get(record.attachment)
      if (!chunks) throw new Error(`Der Anhang ${record.attachment} hat keinen Inhalt.`)
      await writeFile(path.join(folder, record[CONTENT_FILE_FIELD as 'contentFile']), chunks)
      written++
    }
    start = end
  }
  return written
}

/** Writes one table's records to its file; answers how many. */
async function dumpTable(
  db: Executor,
  table: InterchangeTable,
  folder: string,
  progress: { rows: number; attachmentFiles: number },
  onProgress?: (progress: DumpProgress) => void,
): Promise<number> {
  const stream = createWriteStream(path.join(folder, table.entity.file))
  const closed = once(stream, 'close')
  let rows = 0
  try {
    for await (const lines of pages(db, table)) {
      if (!stream.write(`${lines.join('\n')}\n`)) await once(stream, 'drain')
      if (table.entity.name === 'attachments') {
        progress.attachmentFiles += await writeContents(db, folder, lines)
      }
      rows += lines.length
      progress.rows += lines.length
      onProgress?.({ file: table.entity.file, rows: progress.rows })
    }
  } finally {
    stream.end()
    await closed
  }
  return rows
}

/** Writes the provider's data of `db` into the empty (or new) folder `folder`. */
export async function dumpFolder(
  db: Database,
  folder: string,
  options: { onProgress?: (progress: DumpProgress) => void } = {},
): Promise<DumpResult> {
  await mkdir(folder, { recursive: true })
  if ((await readdir(folder)).length > 0) throw new DumpFolderNotEmptyError(folder)
  await mkdir(path.join(folder, 'attachments'))
  return db.transaction(
    async (tx) => {
      // timestamps in UTC, whatever the server's zone is
      await tx.execute(sql`set local time zone 'UTC'`)
      const progress = { rows: 0, attachmentFiles: 0 }
      const entities: DumpResult['entities'] = {}
      for (const table of INTERCHANGE_TABLES) {
        entities[table.entity.name] = await dumpTable(
          tx,
          table,
          folder,
          progress,
          options.onProgress,
        )
      }
      return { entities, ...progress }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  )
}
