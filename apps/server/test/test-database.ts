import { PGlite } from '@electric-sql/pglite'
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { openDatabase, type DatabaseHandle } from '../src/platform/persistence/database'

export type TestDatabaseKind = 'pglite' | 'postgres'

/**
 * One template per test run, named after the process that made it: two runs on one server (CI beside
 * a developer's run) never drop or copy each other's. Set in the main process by the global setup;
 * the workers inherit it.
 */
export const TEMPLATE_DATABASE =
  (process.env.PORTAL_TEST_TEMPLATE ??= `portal_test_template_${process.pid}`)

/** A URL on the same server as `serverUrl`, naming another database. */
export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl)
  url.pathname = `/${database}`
  return url.toString()
}

/** Runs statements that cannot run in a transaction (CREATE/DROP DATABASE) on the server. */
export async function onServer(serverUrl: string, statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    for (const statement of statements) await client.query(statement)
  } finally {
    await client.end()
  }
}

/**
 * A fresh database holding the migrated and seeded template: a PGlite loaded from the dumped
 * template data directory, or a PostgreSQL database created from the template database.
 */
export async function openTestDatabase(
  kind: TestDatabaseKind,
  template: { pgliteDump: string; serverUrl: string },
): Promise<DatabaseHandle> {
  if (kind === 'pglite') {
    const { readFile } = await import('node:fs/promises')
    const dump = new Blob([await readFile(template.pgliteDump)])
    const client = await PGlite.create({ loadDataDir: dump })
    return openDatabase({ pglite: client })
  }
  return databaseOfItsOwn(template.serverUrl, 'portal_test', `TEMPLATE ${TEMPLATE_DATABASE}`)
}

/**
 * An empty, migrated database of the suite's kind: in-memory PGlite, or a database of its own named
 * `<prefix>_<random>` on the PostgreSQL server when the suite runs as server-postgres.
 */
export async function openEmptyDatabase(prefix: string): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL ?? ''
  const handle =
    process.env.TEST_DATABASE_KIND !== 'postgres' || !serverUrl
      ? await openDatabase({})
      : await databaseOfItsOwn(serverUrl, prefix)
  await handle.migrate()
  return handle
}

/** A new database `<prefix>_<random>` on the server (`CREATE DATABASE … <options>`), dropped on close. */
async function databaseOfItsOwn(
  serverUrl: string,
  prefix: string,
  options = '',
): Promise<DatabaseHandle> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`
  await onServer(serverUrl, [`CREATE DATABASE ${name} ${options}`.trim()])
  const handle = await openDatabase({ databaseUrl: databaseUrl(serverUrl, name) })
  return {
    ...handle,
    async close() {
      await handle.close()
      await onServer(serverUrl, [`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`])
    },
  }
}
