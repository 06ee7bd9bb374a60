/**
 * The demo seed goes through the import (ARCHITECTURE 3.5): the generated rows of the provider's
 * entities become interchange records, so every start proves the format. Numbered rows get their
 * ids here, counted per entity in insert order: the ids the database gave them before.
 */
import type { InterchangeEntityName } from '@portal/domain/interchange'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { RecordChunk } from '../modules/provider/interchange/import'
import { contentFileOf, INTERCHANGE_TABLES } from '../modules/provider/interchange/tables'
import * as schema from '../platform/persistence/schema'

type Row = Record<string, unknown>

const ENTITY_BY_TABLE = new Map<PgTable, InterchangeEntityName>(
  INTERCHANGE_TABLES.map((table) => [table.table, table.entity.name]),
)
const SERIAL = new Set(INTERCHANGE_TABLES.filter((t) => t.serialKey).map((t) => t.entity.name))

export class DemoRecords {
  private readonly ids = new Map<InterchangeEntityName, number>()
  /** The bytes of the attachments of the current unit, by their `contentFile`. */
  readonly contents = new Map<string, Uint8Array>()

  /** Whether `table` is one of the provider's entities (or the attachments' bytes). */
  static isInterchange(table: PgTable): boolean {
    return ENTITY_BY_TABLE.has(table) || table === schema.attachmentContents
  }

  /**
   * The records of `rows` (rows of one table, in insert order), or none for the attachments'
   * bytes, which go into `contents`.
   */
  toChunk(table: PgTable, rows: readonly object[]): RecordChunk | undefined {
    if (table === schema.attachmentContents) {
      for (const row of rows as { attachment: string; content: Uint8Array }[]) {
        this.contents.set(row.attachment, row.content)
      }
      return undefined
    }
    const entity = ENTITY_BY_TABLE.get(table)
    if (!entity) return undefined
    let records = rows as Row[]
    if (SERIAL.has(entity)) {
      let id = this.ids.get(entity) ?? 0
      records = records.map((row) => ({ id: String(++id), ...row }))
      this.ids.set(entity, id)
    }
    if (entity === 'attachments') {
      records = records.map((row) => ({
        ...row,
        contentFile: contentFileOf(String(row.attachment), String(row.mediaType)),
      }))
    }
    return { entity, records }
  }

  /** The bytes of a `contentFile` of the current unit. */
  content(contentFile: string): Uint8Array | undefined {
    const attachment = /^attachments\/(.+)\.[a-z]+$/.exec(contentFile)?.[1]
    return attachment === undefined ? undefined : this.contents.get(attachment)
  }
}
