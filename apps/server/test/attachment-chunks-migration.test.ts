/**
 * Migration 0009 (decision 028): a database at migration 0008 holds each file's bytes in one row of
 * `attachment_contents`; after 0009 they are chunks of 1 MB that give back the same bytes, through
 * the download's own reads as well.
 */
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { createHash, randomBytes } from 'node:crypto'
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Database } from '../src/platform/persistence/database'
import { ATTACHMENT_CHUNK_BYTES, readAttachmentChunk } from '../src/platform/persistence/files'
import * as schema from '../src/platform/persistence/schema'
import { databaseUrl, onServer } from './test-database'

const MIGRATIONS = fileURLToPath(new URL('../src/platform/persistence/migrations', import.meta.url))
const CHUNKS_MIGRATION = '0009_attachment_chunks'

interface Journal {
  entries: { idx: number; tag: string }[]
}

/** The migrations before 0009, as a folder of their own. */
async function migrationsBeforeChunks(folder: string): Promise<void> {
  const journal = JSON.parse(
    await readFile(path.join(MIGRATIONS, 'meta', '_journal.json'), 'utf8'),
  ) as Journal
  const last = journal.entries.findIndex((entry) => entry.tag === CHUNKS_MIGRATION)
  expect(last).toBeGreaterThan(0)
  const entries = journal.entries.slice(0, last)
  await mkdir(path.join(folder, 'meta'), { recursive: true })
  await writeFile(
    path.join(folder, 'meta', '_journal.json'),
    JSON.stringify({ ...journal, entries }),
  )
  for (const { tag } of entries) {
    await copyFile(path.join(MIGRATIONS, `${tag}.sql`), path.join(folder, `${tag}.sql`))
  }
}

/** An empty database of the test's kind, with `migrate(folder)` and `close()`. */
async function emptyDatabase() {
  if (inject('testDatabaseKind') === 'pglite') {
    const client = await PGlite.create()
    const db = drizzlePglite({ client, schema, casing: 'snake_case' })
    return {
      db: db as unknown as Database,
      migrate: (migrationsFolder: string) => migratePglite(db, { migrationsFolder }),
      close: () => client.close(),
    }
  }
  const server = inject('serverUrl')
  const name = `portal_test_chunks_${randomBytes(6).toString('hex')}`
  await onServer(server, [`CREATE DATABASE ${name}`])
  const pool = new pg.Pool({ connectionString: databaseUrl(server, name), max: 2 })
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' })
  return {
    db: db as unknown as Database,
    migrate: (migrationsFolder: string) => migratePg(db, { migrationsFolder }),
    close: async () => {
      await pool.end()
      await onServer(server, [`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`])
    },
  }
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

/** Files of 0 bytes, one byte, exactly 1 MB, 1 MB and one byte, and 2.5 MB. */
const FILES = [
  0,
  1,
  ATTACHMENT_CHUNK_BYTES,
  ATTACHMENT_CHUNK_BYTES + 1,
  2.5 * ATTACHMENT_CHUNK_BYTES,
].map((size, index) => ({
  attachment: `00000000-0000-4000-8000-00000000000${index}`,
  content: randomBytes(size),
}))

let database: Awaited<ReturnType<typeof emptyDatabase>>
let scratch: string

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'portal-chunks-migration-'))
  await migrationsBeforeChunks(scratch)
  database = await emptyDatabase()
  await database.migrate(scratch)
  for (const { attachment, content } of FILES) {
    await database.db.execute(
      sql`insert into attachments (attachment, company_code, property_connection, object_type, object_key, file_name, media_type, size, sha256)
        values (${attachment}, '1000', 'L1', 'KOSTENBELEG', 'V1', 'beleg.pdf', 'application/pdf', ${content.length}, ${sha256(content)})`,
    )
    await database.db.execute(
      sql`insert into attachment_contents (attachment, content) values (${attachment}, decode(${content.toString('base64')}, 'base64'))`,
    )
  }
  await database.migrate(MIGRATIONS)
}, 300_000)

afterAll(async () => {
  await database?.close()
  await rm(scratch, { recursive: true, force: true })
})

describe('migration 0009', () => {
  it('splits every file into chunks of 1 MB that give back its bytes', async () => {
    const result = await database.db.execute(
      sql`select attachment::text as attachment, chunk, length(content) as length
        from attachment_contents order by attachment, chunk`,
    )
    const rows = (result as { rows: { attachment: string; chunk: number; length: number }[] }).rows
    const lengths = (attachment: string) =>
      rows.filter((row) => row.attachment === attachment).map((row) => [row.chunk, row.length])
    const mb = ATTACHMENT_CHUNK_BYTES
    expect(FILES.map((file) => lengths(file.attachment))).toEqual([
      [[0, 0]],
      [[0, 1]],
      [[0, mb]],
      [
        [0, mb],
        [1, 1],
      ],
      [
        [0, mb],
        [1, mb],
        [2, mb / 2],
      ],
    ])
    for (const { attachment, content } of FILES) {
      const chunks: Buffer[] = []
      for (let chunk = 0; chunk < lengths(attachment).length; chunk++) {
        chunks.push((await readAttachmentChunk(database.db, attachment, chunk))!)
      }
      expect(sha256(Buffer.concat(chunks)), attachment).toBe(sha256(content))
    }
  })

  it('keys the chunks by file and number, and a chunk needs its number', async () => {
    const attachment = FILES[1]!.attachment
    const insert = (chunk: number) =>
      database.db.execute(
        sql`insert into attachment_contents (attachment, chunk, content) values (${attachment}, ${chunk}, '\\x00'::bytea)`,
      )
    await expect(insert(0)).rejects.toThrow()
    await expect(
      database.db.execute(
        sql`insert into attachment_contents (attachment, content) values (${attachment}, '\\x00'::bytea)`,
      ),
    ).rejects.toThrow()
    await insert(1)
    await database.db.execute(sql`delete from attachments where attachment = ${attachment}`)
    const result = await database.db.execute(
      sql`select count(*)::int as n from attachment_contents where attachment = ${attachment}`,
    )
    expect((result as { rows: { n: number }[] }).rows[0]!.n).toBe(0)
  })
})
