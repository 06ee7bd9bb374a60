/** The machine's description, and the database the benchmark runs on: seeded, and imported from a dump. */
import { spawnSync } from 'node:child_process'
import { mkdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { dumpFolder } from '../apps/server/src/modules/provider/interchange/dump'
import { importFolder } from '../apps/server/src/modules/provider/interchange/import'
import { openDatabase } from '../apps/server/src/platform/persistence/database'
import { seedDemoData } from '../apps/server/src/demo/demo-data'
import type { Database } from './targets'
import { ROOT, DATA, BENCH_DATABASE, scale, postgresUrl } from './config'

// -- machine ------------------------------------------------------------------------------------

export function gitCommit(): string {
  const head = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' })
  const dirty = spawnSync('git', ['status', '--porcelain'], { cwd: ROOT, encoding: 'utf8' })
  return `${head.stdout.trim() || 'unbekannt'}${dirty.stdout.trim() ? ' (mit Änderungen)' : ''}`
}

/** Runs `work` with a client connected to `url` and closes the connection again. */
async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

export function postgresVersion(url: string): Promise<string> {
  return withClient(url, async (client) => {
    const result = await client.query<{ server_version: string }>('show server_version')
    return result.rows[0]?.server_version ?? 'unbekannt'
  })
}

export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl)
  url.pathname = `/${database}`
  return url.toString()
}

/** Drops the database `name` with its sessions, if there is one. */
const dropDatabase = (client: pg.Client, name: string) =>
  client.query(`drop database if exists ${name} with (force)`)

/**
 * An empty database `name` on the server of `serverUrl`, in place of any of that name; answers
 * its address.
 */
async function emptyDatabase(serverUrl: string, name: string): Promise<string> {
  await withClient(serverUrl, async (client) => {
    await dropDatabase(client, name)
    await client.query(`create database ${name}`)
  })
  return databaseUrl(serverUrl, name)
}

// -- seed ---------------------------------------------------------------------------------------

export async function seed(
  kind: Database,
): Promise<{ seconds: number; rows: Record<string, number>; dataDir: string; url?: string }> {
  const dataDir = path.join(DATA, kind)
  rmSync(dataDir, { recursive: true, force: true })
  mkdirSync(dataDir, { recursive: true })
  let url: string | undefined
  if (kind === 'postgres' && postgresUrl) url = await emptyDatabase(postgresUrl, BENCH_DATABASE)
  const handle = await openDatabase(url ? { databaseUrl: url } : { dataDir })
  try {
    await handle.migrate()
    const started = performance.now()
    const rows = await seedDemoData(handle.db, { scale })
    return { seconds: (performance.now() - started) / 1000, rows, dataDir, url }
  } finally {
    await handle.close()
  }
}

// -- import -------------------------------------------------------------------------------------

/**
 * Decision 018: the seeded data dumped in the interchange format and imported into an empty database
 * of the same kind; answers the import's seconds (the dump is not timed) and records.
 */
export async function measureImport(
  kind: Database,
  seeded: { dataDir: string; url?: string },
): Promise<{ seconds: number; rows: number }> {
  const folder = path.join(DATA, `${kind}-interchange`)
  const importDir = path.join(DATA, `${kind}-import`)
  rmSync(folder, { recursive: true, force: true })
  rmSync(importDir, { recursive: true, force: true })
  const from = await openDatabase(
    seeded.url ? { databaseUrl: seeded.url } : { dataDir: seeded.dataDir },
  )
  try {
    await dumpFolder(from.db, folder)
  } finally {
    await from.close()
  }
  const name = `${BENCH_DATABASE}_import`
  // a seeded PostgreSQL database has a server (postgresUrl) to import into
  const url = seeded.url && postgresUrl ? await emptyDatabase(postgresUrl, name) : undefined
  const handle = await openDatabase(url ? { databaseUrl: url } : { dataDir: importDir })
  try {
    await handle.migrate()
    const started = performance.now()
    const result = await importFolder(handle.db, folder)
    return { seconds: (performance.now() - started) / 1000, rows: result.total.rows }
  } finally {
    await handle.close()
    if (url && postgresUrl) await withClient(postgresUrl, (client) => dropDatabase(client, name))
    rmSync(folder, { recursive: true, force: true })
    rmSync(importDir, { recursive: true, force: true })
  }
}
