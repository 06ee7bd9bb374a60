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

export async function postgresVersion(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const result = await client.query<{ server_version: string }>('show server_version')
    return result.rows[0]?.server_version ?? 'unbekannt'
  } finally {
    await client.end()
  }
}

export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl)
  url.pathname = `/${database}`
  return url.toString()
}

// -- seed ---------------------------------------------------------------------------------------

export async function seed(
  kind: Database,
): Promise<{ seconds: number; rows: Record<string, number>; dataDir: string; url?: string }> {
  const dataDir = path.join(DATA, kind)
  rmSync(dataDir, { recursive: true, force: true })
  mkdirSync(dataDir, { recursive: true })
  let url: string | undefined
  if (kind === 'postgres' && postgresUrl) {
    const admin = new pg.Client({ connectionString: postgresUrl })
    await admin.connect()
    try {
      await admin.query(`drop database if exists ${BENCH_DATABASE} with (force)`)
      await admin.query(`create database ${BENCH_DATABASE}`)
    } finally {
      await admin.end()
    }
    url = databaseUrl(postgresUrl, BENCH_DATABASE)
  }
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
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: postgresUrl })
    await client.connect()
    try {
      await client.query(statement)
    } finally {
      await client.end()
    }
  }
  if (seeded.url) {
    await admin(`drop database if exists ${name} with (force)`)
    await admin(`create database ${name}`)
  }
  const url = seeded.url && postgresUrl ? databaseUrl(postgresUrl, name) : undefined
  const handle = await openDatabase(url ? { databaseUrl: url } : { dataDir: importDir })
  try {
    await handle.migrate()
    const started = performance.now()
    const result = await importFolder(handle.db, folder)
    return { seconds: (performance.now() - started) / 1000, rows: result.total.rows }
  } finally {
    await handle.close()
    if (url) await admin(`drop database if exists ${name} with (force)`)
    rmSync(folder, { recursive: true, force: true })
    rmSync(importDir, { recursive: true, force: true })
  }
}
