/** How an import groups checked records and attachment bytes into statements. */
import type { InterchangeTable } from './tables'
import type { InterchangeWriter } from './writer'

/** Records per statement, and the most JSON text per statement. */
const BATCH_ROWS = 10_000
const BATCH_CHARS = 8 * 1024 * 1024
/** The most file bytes per statement that writes attachments' contents. */
const CONTENT_BATCH_BYTES = 8 * 1024 * 1024

export function defaultedMask(table: InterchangeTable, record: Record<string, unknown>): number {
  let mask = 0
  table.entity.defaulted.forEach((field, bit) => {
    if (record[field] !== undefined) mask |= 1 << bit
  })
  return mask
}

const presentFields = (table: InterchangeTable, mask: number) =>
  table.entity.defaulted.filter((_, bit) => (mask & (1 << bit)) !== 0)

/** Collects JSON lines into batches of one defaulted-fields group each. */
export class Batcher {
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
export class ContentBatcher {
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
