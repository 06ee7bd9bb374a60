import { PGlite } from '@electric-sql/pglite'
import { sql, type ExtractTablesWithRelations } from 'drizzle-orm'
import { readMigrationFiles } from 'drizzle-orm/migrator'
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { readFileSync, unlinkSync } from 'node:fs'
import { mkdir, open, readFile, realpath, rename, unlink } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  checkDataFolder,
  DataFolderError,
  FILE_MODE,
  FOLDER_MODE,
  tightenDataFolder,
} from './data-folder'
import { chainEarlierAuditEntries } from './audit'
import { databaseOpenProblem } from './database-errors'
import * as schema from './schema'

export type Schema = typeof schema
export type Database = PgDatabase<PgQueryResultHKT, Schema>
export type Transaction = PgTransaction<
  PgQueryResultHKT,
  Schema,
  ExtractTablesWithRelations<Schema>
>
/** Either the database or a transaction on it: repositories accept both. */
export type Executor = Database | Transaction

export interface DatabaseHandle {
  db: Database
  kind: 'pglite' | 'postgres'
  migrate(): Promise<void>
  close(): Promise<void>
  /** Migrations of this build that the database has not applied (ready check, decision 029). */
  pendingMigrations(): Promise<number>
  /** Connections of the pool (PostgreSQL); PGlite is one connection, always open. */
  poolStats(): { total: number; idle: number; waiting: number }
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

/** Drizzle's record of applied migrations: one row per migration, by the hash of its SQL. */
let migrationHashes: string[] | undefined
async function pendingMigrations(db: Database): Promise<number> {
  const expected = (migrationHashes ??= readMigrationFiles({ migrationsFolder }).map(
    (migration) => migration.hash,
  ))
  // both drivers answer `{ rows }`
  const applied = (await db.execute(sql`select hash from drizzle.__drizzle_migrations`)) as {
    rows: { hash: string }[]
  }
  const done = new Set(applied.rows.map((row) => row.hash))
  return expected.filter((hash) => !done.has(hash)).length
}

/** The file in a PGlite data folder that names the one process holding it (decision 011). */
export const LOCK_FILE = 'portal.lock'

/** A PGlite data folder is held by another live process; PGlite allows one process per folder. */
export class DatabaseInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `Die Datenbank in ${dataDir} wird bereits vom Prozess ${pid} verwendet. ` +
        'Beenden Sie den Server oder verwenden Sie PostgreSQL (DATABASE_URL).',
    )
    this.name = 'DatabaseInUseError'
  }
}

/** The lock files this process holds: a lock naming this pid that is not among them is stale. */
const heldLocks = new Set<string>()

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to another user
    return errorCode(error) === 'EPERM'
  }
}

/** The pid in a lock file; null when the file holds none (being written, or broken). */
async function lockHolder(file: string): Promise<number | null | undefined> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined
    throw error
  }
  const pid = Number(text.trim())
  return Number.isSafeInteger(pid) && pid > 0 ? pid : null
}

/** Whether the holder named in a lock file still has the folder open. */
function holds(pid: number, file: string): boolean {
  // after a restart in a container the new process may get the pid of the one that died
  if (pid === process.pid) return heldLocks.has(file)
  return isAlive(pid)
}

/**
 * Moves a stale lock out of the way. Renaming is atomic: of two processes taking over the same
 * stale lock, the second renames the first one's fresh lock, sees that, and puts it back.
 */
async function removeStaleLock(file: string, stale: number | null): Promise<void> {
  const aside = `${file}.${process.pid}.stale`
  try {
    await rename(file, aside)
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return
    throw error
  }
  const moved = await lockHolder(aside)
  if (moved !== stale && moved != null && holds(moved, file)) await rename(aside, file)
  else await unlink(aside)
}

/**
 * Takes the lock of a PGlite data folder for this process: `portal.lock` created exclusively with
 * this process's pid. A lock of a live process refuses with `DatabaseInUseError`; a lock whose
 * process is gone (killed, crashed) is taken over. Answers the function that gives it back.
 */
async function lockDataFolder(dataDir: string): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true, mode: FOLDER_MODE })
  // one name per folder, however it was reached ('./data', an absolute path, a symbolic link)
  const file = path.join(await realpath(dataDir), LOCK_FILE)
  let taken = false
  for (let attempt = 1; !taken && attempt <= 10; attempt++) {
    try {
      const handle = await open(file, 'wx', FILE_MODE)
      try {
        await handle.writeFile(`${process.pid}\n`)
      } finally {
        await handle.close()
      }
      taken = true
      continue
    } catch (error) {
      if (errorCode(error) !== 'EEXIST') throw error
    }
    const holder = await lockHolder(file)
    if (holder === undefined) continue // given back in the meantime
    if (holder !== null && holds(holder, file)) throw new DatabaseInUseError(dataDir, holder)
    // an empty lock may be one another process is writing right now: look again before taking it
    if (holder === null && attempt < 3) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      continue
    }
    await removeStaleLock(file, holder)
  }
  if (!taken) throw new Error(`Die Sperrdatei ${file} konnte nicht angelegt werden.`)
  heldLocks.add(file)
  // a process that exits without closing (process.exit) leaves no lock behind
  const onExit = () => {
    try {
      if (readFileSync(file, 'utf8').trim() === String(process.pid)) unlinkSync(file)
    } catch {
      // already gone
    }
  }
  process.on('exit', onExit)
  return async () => {
    process.off('exit', onExit)
    heldLocks.delete(file)
    if ((await lockHolder(file)) === process.pid) await unlink(file)
  }
}

/** The folder of a PGlite `dataDir`; undefined for the in-memory and browser stores. */
function dataFolder(dataDir: string | undefined): string | undefined {
  if (!dataDir) return undefined
  if (dataDir.startsWith('file://')) return fileURLToPath(dataDir)
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(dataDir) ? undefined : dataDir
}

/** Decision 079: how long the PostgreSQL pool keeps a connection that no request uses. */
export const POOL_IDLE_TIMEOUT_MS = 5 * 60_000

/**
 * PostgreSQL through `pg` when a URL is given, otherwise the embedded PGlite (in `dataDir`, or in
 * memory). A PGlite data folder is locked for this process until `close()`; a folder another live
 * process holds refuses with `DatabaseInUseError` (PGlite would let both write and lose changes).
 */
export async function openDatabase(options: {
  databaseUrl?: string | undefined
  dataDir?: string | undefined
  pglite?: PGlite
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      // a server that does not answer fails the request (503) instead of holding it for ever
      connectionTimeoutMillis: 10_000,
      keepAlive: true,
      // decision 079: a connection is kept for five idle minutes, not pg-pool's ten seconds: a new
      // one costs its first statements tens of milliseconds (catalogue caches, PL/pgSQL, prepared
      // statements); idle connections do not keep a command's process alive
      idleTimeoutMillis: POOL_IDLE_TIMEOUT_MS,
      allowExitOnIdle: true,
    })
    // a connection the server ends (restart, administrator, a dropped database) emits
    // 'error' on its client. pg-pool listens only while the client is idle; a client checked out
    // by a request (inside a transaction, between two statements) had no listener, and the
    // unhandled 'error' ended the process. Every client gets a listener for its whole life: the
    // request's statement fails (503), pg-pool drops the broken client at release and opens a new
    // one when needed. The pool's own 'error' (an idle client) is the same error, logged here once.
    pool.on('connect', (client) => {
      client.on('error', (error) => {
        console.warn(`PostgreSQL hat eine Verbindung beendet: ${error.message}`)
      })
    })
    pool.on('error', () => {})
    const db = drizzlePg({ client: pool, schema, casing: 'snake_case' })
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      async migrate() {
        await migratePg(db, { migrationsFolder })
        await chainEarlierAuditEntries(db)
      },
      close: () => pool.end(),
      pendingMigrations: () => pendingMigrations(db),
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
    }
  }
  if (options.pglite) return pgliteHandle(options.pglite, async () => {})
  const folder = dataFolder(options.dataDir)
  const unlock = folder ? await lockDataFolder(folder) : async () => {}
  let client: PGlite
  try {
    client = await PGlite.create(options.dataDir)
  } catch (error) {
    await unlock()
    if (!folder) throw error
    // PGlite's own error is an abort without a word; thrown uncaught, Node prints the minified
    // line of the library it came from (kilobytes of source) before it
    throw new DatabaseOpenError(folder, error)
  }
  // decision 015: PGlite writes a new database's files 0666, whatever the umask
  const tighten = folder ? () => tightenDataFolder(folder).then(() => {}) : async () => {}
  await tighten()
  return pgliteHandle(client, unlock, tighten)
}

/** PGlite could not open the database in a folder (damaged, of another version, not readable). */
export class DatabaseOpenError extends Error {
  constructor(
    readonly dataDir: string,
    cause: unknown,
  ) {
    super(
      `Die Datenbank in ${dataDir} konnte nicht geöffnet werden (PGlite meldet: ` +
        `${String((cause as Error)?.message ?? cause).split('\n')[0]}). Prüfen Sie, ob der Ordner ` +
        'eine PGlite-Datenbank dieser Version enthält und ob der Server alle Dateien darin lesen ' +
        'und schreiben darf, oder setzen Sie DATA_DIR auf einen anderen Ordner.',
      { cause },
    )
    this.name = 'DatabaseOpenError'
  }
}

/**
 * `openDatabase` for the server and the command lines. First the data folder's check of decision
 * 015 (modes corrected, a warning when it was open to others). A data folder that cannot be used
 * (held by another process, not writable, another user's files open to others, a database PGlite
 * cannot open) or a PostgreSQL database that does not answer, does not exist or refuses the sign-in
 * prints one German line to stderr and ends the process with exit code 1, before anything ran.
 */
export async function openDatabaseOrExit(
  options: Parameters<typeof openDatabase>[0],
): Promise<DatabaseHandle> {
  try {
    const folder = dataFolder(options.dataDir)
    // on PostgreSQL the folder holds the generated JWT secret and the mail outbox
    if (folder) await checkDataFolder(folder, { writable: !options.databaseUrl })
    const handle = await openDatabase(options)
    if (options.databaseUrl) {
      // the pool connects at the first statement: a database that does not exist or refuses is
      // named here in one line, not by a stack trace out of the migrations (decision 039)
      try {
        await handle.db.execute(sql`select 1`)
      } catch (error) {
        await handle.close().catch(() => {})
        console.error(databaseOpenProblem(options.databaseUrl, error))
        process.exit(1)
      }
    }
    return handle
  } catch (error) {
    if (
      !(error instanceof DatabaseInUseError) &&
      !(error instanceof DataFolderError) &&
      !(error instanceof DatabaseOpenError)
    ) {
      throw error
    }
    console.error(error.message)
    process.exit(1)
  }
}

function pgliteHandle(
  client: PGlite,
  unlock: () => Promise<void>,
  tighten: () => Promise<void> = async () => {},
): DatabaseHandle {
  const db = drizzlePglite({ client, schema, casing: 'snake_case' })
  return {
    db,
    kind: 'pglite',
    async migrate() {
      await migratePglite(db, { migrationsFolder })
      await chainEarlierAuditEntries(db)
      // the files of new tables
      await tighten()
    },
    pendingMigrations: () => pendingMigrations(db),
    poolStats: () => ({ total: 1, idle: 1, waiting: 0 }),
    async close() {
      try {
        await client.close()
        await tighten()
      } finally {
        await unlock()
      }
    },
  }
}
