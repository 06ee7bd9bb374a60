/**
 * Seeds the deterministic demo data of ARCHITECTURE 3.3 (see generator.ts for its content and id
 * conventions), all in one transaction. The provider's data goes through the import of the
 * interchange format (ARCHITECTURE 3.5), so every seed proves the format; the users and what they
 * did (activities, audit log) are inserted directly.
 */
import { setImmediate } from 'node:timers/promises'
import { getTableColumns, getTableName, sql } from 'drizzle-orm'
import { toSnakeCase } from 'drizzle-orm/casing'
import type { PgTable } from 'drizzle-orm/pg-core'
import { hashPassword } from '../platform/auth/passwords'
import { ImportSession, type RecordChunk } from '../modules/provider/interchange/import'
import { chainSeededAuditEntries } from '../platform/persistence/audit'
import type { Database, Executor } from '../platform/persistence/database'
import * as schema from '../platform/persistence/schema'
import { assertIsoDate, berlinToday } from './calendar'
import { DEMO_PASSWORD } from '../platform/auth/demo-password'
import { DemoDataGenerator } from './generator'
import { DemoRecords } from './interchange-records'
import { ALARMS_JOB, raiseAlarms } from '../modules/care/index'
import { recordJobRun } from '../platform/jobs/job-claim'

export interface SeedOptions {
  /** Multiplies the number of properties (12 of company 1000 and 3 of 2000 at scale 1). */
  scale?: number
  /** ISO date the data is relative to; default today in Europe/Berlin. */
  today?: string
}

/** Inserted rows per table (SQL table name). */
export type SeedSummary = Record<string, number>

/** Rows per insert statement of the users' tables (a single parameter each, see insertRows). */
const BATCH_ROWS = 2_000
/** Generated rows are inserted once this many have piled up, so memory stays flat at any scale. */
const FLUSH_ROWS = 50_000

/**
 * Inserts rows in batches, each batch as ONE jsonb parameter expanded by jsonb_populate_recordset.
 * Measured at scale 10 on PGlite, `insert(table).values(batch)` took 21.5 s: Drizzle spends about a
 * third of it on checking every single value, and PGlite serializes every parameter on its own.
 * One parameter per batch takes 10 s and works the same on PostgreSQL. Column names are mapped as
 * Drizzle's `casing: 'snake_case'` maps them; missing columns keep their defaults.
 */
async function insertRows(db: Executor, table: PgTable, rows: readonly object[]): Promise<void> {
  const columns = getTableColumns(table)
  const tableName = sql.identifier(getTableName(table))
  for (let start = 0; start < rows.length; start += BATCH_ROWS) {
    const batch = rows.slice(start, start + BATCH_ROWS) as Record<string, unknown>[]
    const keys = [
      ...new Set(batch.flatMap((row) => Object.keys(row).filter((key) => row[key] !== undefined))),
    ]
    const names = keys.map((key) => {
      const column = columns[key]
      if (!column) throw new Error(`${getTableName(table)} hat keine Spalte ${key}`)
      return column.keyAsName ? toSnakeCase(key) : column.name
    })
    const json = JSON.stringify(
      batch.map((row) =>
        Object.fromEntries(
          keys.map((key, i): [string, unknown] => {
            const value = row[key]
            // bytea from its hex text form
            const jsonValue =
              value instanceof Uint8Array
                ? `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`
                : (value ?? null)
            return [names[i] ?? key, jsonValue]
          }),
        ),
      ),
    )
    const list = sql.join(
      names.map((name) => sql.identifier(name)),
      sql`, `,
    )
    await db.execute(
      sql`insert into ${tableName} (${list}) select ${list} from jsonb_populate_recordset(null::${tableName}, ${json}::jsonb)`,
    )
    // PGlite answers through promises alone, never through the event loop: without this, a seed
    // keeps timers and network I/O (a running server, a test runner's messages) waiting until done.
    await setImmediate()
  }
}

function validScale(scale: number): number {
  if (!Number.isInteger(scale) || scale < 1 || scale > 1000) {
    throw new RangeError(`scale muss eine ganze Zahl von 1 bis 1000 sein, nicht ${scale}`)
  }
  return scale
}

/**
 * Seeds the demo data into an empty database, in one transaction. The same `scale` and `today`
 * always produce the same rows.
 */
export async function seedDemoData(db: Database, options: SeedOptions = {}): Promise<SeedSummary> {
  const scale = validScale(options.scale ?? 1)
  const today = options.today === undefined ? berlinToday() : assertIsoDate(options.today)
  // One hash for all demo users: argon2 is slow on purpose.
  const passwordHash = await hashPassword(DEMO_PASSWORD)
  const generator = new DemoDataGenerator(today, scale, passwordHash)
  const summary: SeedSummary = {}
  for (const { table } of generator.rows.inInsertOrder()) summary[getTableName(table)] = 0
  const records = new DemoRecords()
  // Every flush imports the provider's records, then inserts the users' rows, so rows may refer
  // to earlier flushes.
  const flush = async (tx: Executor, session: ImportSession) => {
    const chunks: RecordChunk[] = []
    for (const { table, rows } of generator.rows.inInsertOrder()) {
      summary[getTableName(table)] = (summary[getTableName(table)] ?? 0) + rows.length
      const chunk = records.toChunk(table, rows)
      if (chunk) chunks.push(chunk)
    }
    await session.add(chunks, (contentFile) => records.content(contentFile))
    records.contents.clear()
    for (const { table, rows } of generator.rows.inInsertOrder()) {
      if (!DemoRecords.isInterchange(table)) await insertRows(tx, table, rows)
      rows.length = 0
    }
  }
  await db.transaction(async (tx) => {
    const session = new ImportSession(tx)
    const steps = generator.generate()
    while (!steps.next().done) {
      if (generator.rows.count() >= FLUSH_ROWS) await flush(tx, session)
    }
    await flush(tx, session)
    await chainSeededAuditEntries(tx)
    await session.finish('demo')
    // decision 070: the alarms the daily job finds in these readings, as the demo's start would;
    // recorded as the day's run, so that the first server start does not compute them again
    summary[getTableName(schema.deviceAlarms)] = (await raiseAlarms(tx, { today })).raised
    await recordJobRun(tx, ALARMS_JOB)
  })
  return summary
}

/** Whether the database holds no users yet, i.e. has never been seeded. */
export async function isDatabaseEmpty(db: Executor): Promise<boolean> {
  const found = await db.select({ userName: schema.users.userName }).from(schema.users).limit(1)
  return found.length === 0
}
