/**
 * Decision 011: one process at a time opens a PGlite data folder. A second open (the provider
 * command line while the server runs) refuses with a German message instead of writing changes
 * that the holder never sees; a lock left by a process that is gone is taken over.
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { DatabaseInUseError, LOCK_FILE, openDatabase } from '../src/platform/persistence/database'

const ROOT = path.resolve(import.meta.dirname, '../../..')
const PROVIDER_CLI = path.join(ROOT, 'apps/server/src/modules/provider/cli.ts')

let folder: string
let lockFile: string

beforeAll(async () => {
  folder = await realpath(await mkdtemp(path.join(tmpdir(), 'portal-lock-')))
  lockFile = path.join(folder, LOCK_FILE)
})
afterAll(() => rm(folder, { recursive: true, force: true }))

/** The pid of a process that has ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', ''])
  return child.pid
}

function runProvider(args: string[], dataDir: string) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', PROVIDER_CLI, ...args], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', INIT_CWD: ROOT },
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}

// the lock is PGlite's; the PostgreSQL run of the suite has nothing to add here
describe.skipIf(inject('testDatabaseKind') !== 'pglite')('a PGlite data folder', () => {
  it('is held by one process: a second open refuses with the German message until close', async () => {
    const first = await openDatabase({ dataDir: folder })
    try {
      expect(readFileSync(lockFile, 'utf8')).toBe(`${process.pid}\n`)
      // the same folder under another name is the same folder
      const relative = path.relative(process.cwd(), folder)
      await expect(openDatabase({ dataDir: relative })).rejects.toBeInstanceOf(DatabaseInUseError)
      const second = openDatabase({ dataDir: folder })
      await expect(second).rejects.toBeInstanceOf(DatabaseInUseError)
      await expect(second).rejects.toThrow(
        `Die Datenbank in ${folder} wird bereits vom Prozess ${process.pid} verwendet. ` +
          'Beenden Sie den Server oder verwenden Sie PostgreSQL (DATABASE_URL).',
      )
      // the refused open left the holder's lock alone
      expect(readFileSync(lockFile, 'utf8')).toBe(`${process.pid}\n`)
    } finally {
      await first.close()
    }
    expect(existsSync(lockFile)).toBe(false)
    const again = await openDatabase({ dataDir: folder })
    await again.close()
  })

  it('is taken over from a process that ended without giving it back', async () => {
    const gone = deadPid()
    for (const content of [`${gone}\n`, `${process.pid}\n`, '', 'kaputt']) {
      // this process's own pid: a restart (in a container) can give the new process the old pid
      await writeFile(lockFile, content)
      const handle = await openDatabase({ dataDir: folder })
      expect(readFileSync(lockFile, 'utf8'), JSON.stringify(content)).toBe(`${process.pid}\n`)
      await handle.close()
      expect(existsSync(lockFile)).toBe(false)
    }
  })

  it('makes the provider command line refuse with exit code 1 while another process holds it', async () => {
    const held = await openDatabase({ dataDir: folder })
    try {
      const result = await runProvider(['release', 'X'], folder)
      expect(result.code, result.stderr).toBe(1)
      expect(result.stderr).toContain(
        `Die Datenbank in ${folder} wird bereits vom Prozess ${process.pid} verwendet.`,
      )
      expect(result.stderr).toContain('Beenden Sie den Server oder verwenden Sie PostgreSQL')
      expect(result.stdout).toBe('')
      expect(readFileSync(lockFile, 'utf8')).toBe(`${process.pid}\n`)
    } finally {
      await held.close()
    }
  })
})
