/**
 * Decision 015: the data folder is the server user's alone (folders 0700, files 0600: the PGlite
 * database with its WAL, the JWT secret, the mail outbox, the lock file), whatever the umask; a
 * folder open to others is corrected with a warning, another user's open files refuse the start,
 * and a folder the server cannot write refuses it with one German line (decision 015).
 */
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import {
  chmod,
  chown,
  cp,
  lstat,
  mkdir,
  mkdtemp,
  readdir,
  rm,
  stat,
  unlink,
  writeFile,
} from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest'
import { createMailer } from '../src/platform/mailer'
import {
  checkDataFolder,
  DataFolderError,
  foreignEntriesMessage,
  notWritableMessage,
} from '../src/platform/persistence/data-folder'
import { LOCK_FILE, openDatabase, openDatabaseOrExit } from '../src/platform/persistence/database'

const ROOT = path.resolve(import.meta.dirname, '../../..')
const MAIN = path.join(ROOT, 'apps/server/src/demo/main.ts')

const isRoot = process.getuid?.() === 0
/** As root, permissions are not enforced: the server runs as `nobody` to see them. */
const hasRunuser = spawnSync('runuser', ['--help']).status === 0
const NOBODY = 65534

let parent: string

beforeAll(async () => {
  parent = await mkdtemp(path.join(tmpdir(), 'portal-folder-'))
  // nobody (the read-only tests) must reach the folders inside
  await chmod(parent, 0o755)
})
afterAll(async () => {
  await restoreWritable(parent)
  await rm(parent, { recursive: true, force: true })
})

async function restoreWritable(folder: string) {
  if (!existsSync(folder)) return
  spawnSync('chmod', ['-R', 'u+rwX', folder])
}

/** Every folder and file, with its mode. */
async function modes(folder: string): Promise<Map<string, { mode: number; directory: boolean }>> {
  const found = new Map<string, { mode: number; directory: boolean }>()
  const walk = async (dir: string) => {
    const stats = await lstat(dir)
    found.set(path.relative(folder, dir) || '.', { mode: stats.mode & 0o777, directory: true })
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) await walk(full)
      else {
        const s = await lstat(full)
        found.set(path.relative(folder, full), { mode: s.mode & 0o777, directory: false })
      }
    }
  }
  await walk(folder)
  return found
}

/** The entries whose mode is not 0700 (folders) or 0600 (files), as `path mode`. */
async function wrongModes(folder: string): Promise<string[]> {
  const wrong: string[] = []
  for (const [file, { mode, directory }] of await modes(folder)) {
    if (mode !== (directory ? 0o700 : 0o600)) wrong.push(`${file} ${mode.toString(8)}`)
  }
  return wrong
}

function run(
  args: string[],
  env: Record<string, string>,
  options: { asNobody?: boolean; umask?: string } = {},
) {
  const node = [process.execPath, '--import', 'tsx', ...args]
  const command = options.asNobody && isRoot ? ['runuser', '-u', 'nobody', '--', ...node] : node
  const shell = `umask ${options.umask ?? '022'}; exec "$@"`
  return spawn('sh', ['-c', shell, 'sh', ...command], {
    cwd: ROOT,
    env: { ...process.env, INIT_CWD: ROOT, DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
}

function finished(child: ReturnType<typeof spawn>) {
  let stdout = ''
  let stderr = ''
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  )
}

// the folder's PGlite files are what the check is about; the PostgreSQL run adds nothing
describe.skipIf(inject('testDatabaseKind') !== 'pglite')('the data folder', () => {
  it('a fresh start makes every folder 0700 and every file 0600, even with umask 000', async () => {
    const folder = path.join(parent, 'fresh')
    const child = run(
      [MAIN],
      {
        DATA_DIR: folder,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        PORTAL_DIST: path.join(parent, 'no-portal'),
        JWT_SECRET: '',
      },
      { umask: '000' },
    )
    const done = finished(child)
    let output = ''
    const base = await new Promise<string>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString()
        const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)
        if (match) resolve(match[1]!)
      }
      child.stdout.on('data', onData)
      child.stderr.on('data', onData)
      child.on('exit', () => reject(new Error(`server ended before listening:\n${output}`)))
    })
    try {
      // a mail into the outbox: the owner's password reset
      const reset = await fetch(`${base}/api/processes/customer-portal/password-reset`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          businessPartner: 'P1000000001',
          mail: 'helga.sommerfeld@example.com',
        }),
      })
      expect(reset.status).toBe(200)
      for (let i = 0; i < 50 && !existsSync(path.join(folder, 'outbox')); i++) {
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      await new Promise((resolve) => setTimeout(resolve, 200))
      const running = await modes(folder)
      for (const expected of ['jwt-secret', LOCK_FILE, 'PG_VERSION', 'global/pg_control']) {
        expect(running.has(expected), expected).toBe(true)
      }
      expect([...running.keys()].some((f) => f.startsWith('pg_wal/'))).toBe(true)
      expect([...running.keys()].some((f) => /^outbox\/.+\.eml$/.test(f))).toBe(true)
      expect(await wrongModes(folder)).toEqual([])
    } finally {
      child.kill('SIGTERM')
      await done
    }
    // and after the shutdown, with PGlite's last writes
    expect(await wrongModes(folder)).toEqual([])
  }, 180_000)

  it('the outbox is written 0700/0600 with the usual umask', async () => {
    const folder = await mkdtemp(path.join(parent, 'mail-'))
    await createMailer({ dataDir: folder }).send({ to: 'a@example.com', subject: 'x', text: 'y' })
    const [file] = await readdir(path.join(folder, 'outbox'))
    expect((await stat(path.join(folder, 'outbox'))).mode & 0o777).toBe(0o700)
    expect((await stat(path.join(folder, 'outbox', file!))).mode & 0o777).toBe(0o600)
  })

  it('a folder open to others (0777, files 0666) is corrected at start, with a German warning', async () => {
    const folder = path.join(parent, 'open')
    await mkdir(path.join(folder, 'outbox'), { recursive: true })
    await writeFile(path.join(folder, 'jwt-secret'), randomBytes(32).toString('base64url'))
    await writeFile(path.join(folder, 'outbox', 'mail.eml'), 'Subject: x\n\nLink')
    await chmod(path.join(folder, 'jwt-secret'), 0o666)
    await chmod(path.join(folder, 'outbox', 'mail.eml'), 0o666)
    await chmod(path.join(folder, 'outbox'), 0o777)
    await chmod(folder, 0o777)
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      const handle = await openDatabaseOrExit({ dataDir: folder })
      expect(await wrongModes(folder)).toEqual([])
      await handle.close()
      expect(warn).toHaveBeenCalledTimes(1)
      expect(warn.mock.calls[0]![0]).toBe(
        `Warnung: Der Datenordner ${folder} war für andere Benutzer zugänglich. Die Rechte von ` +
          '4 Einträgen wurden auf 0700 (Ordner) und 0600 (Dateien) gesetzt. Prüfen Sie, wer ' +
          'zwischenzeitlich Zugriff hatte: Datenbank, JWT-Secret und Postausgang lagen offen.',
      )
    } finally {
      warn.mockRestore()
    }
    expect(await wrongModes(folder)).toEqual([])
    // a file left open inside a closed folder (PGlite's, after a crash) is corrected silently
    await chmod(path.join(folder, 'PG_VERSION'), 0o644)
    const quiet = vi.fn()
    await checkDataFolder(folder, { writable: true, warn: quiet })
    expect(quiet).not.toHaveBeenCalled()
    expect(await wrongModes(folder)).toEqual([])
  }, 300_000)

  it.skipIf(!isRoot)(
    'another user’s file open to others refuses the start',
    async () => {
      const folder = await mkdtemp(path.join(parent, 'foreign-'))
      const file = path.join(folder, 'jwt-secret')
      await writeFile(file, randomBytes(32).toString('base64url'))
      await chown(file, NOBODY, NOBODY)
      await chmod(file, 0o644)
      await expect(checkDataFolder(folder, { writable: true })).rejects.toThrow(
        new DataFolderError(foreignEntriesMessage(folder, [file])),
      )
      expect((await stat(file)).mode & 0o777).toBe(0o644)
      const result = await finished(run([MAIN], { DATA_DIR: folder, PORT: '0' }))
      expect(result.code).toBe(1)
      expect(result.stderr.trim()).toBe(foreignEntriesMessage(folder, [file], 'root'))
    },
    60_000,
  )

  describe.skipIf(isRoot && !hasRunuser)('a populated folder the server cannot write', () => {
    let populated: string

    beforeAll(async () => {
      populated = path.join(parent, 'populated')
      const handle = await openDatabase({ dataDir: populated })
      await handle.migrate()
      await handle.close()
      await writeFile(path.join(populated, 'jwt-secret'), randomBytes(32).toString('base64url'), {
        mode: 0o600,
      })
    }, 300_000)

    /** A copy of the populated folder, given to nobody when the tests run as root. */
    async function copy(name: string): Promise<string> {
      const folder = path.join(parent, name)
      await cp(populated, folder, { recursive: true })
      if (isRoot) spawnSync('chown', ['-R', 'nobody', folder])
      return folder
    }

    const start = (folder: string) =>
      finished(
        run(
          [MAIN],
          { DATA_DIR: folder, PORT: '0', PORTAL_DIST: path.join(parent, 'no-portal') },
          { asNobody: true },
        ),
      )
    const user = isRoot ? 'nobody' : undefined

    it('read-only throughout (chmod -R a-w): one German line, exit code 1', async () => {
      const folder = await copy('read-only')
      spawnSync('chmod', ['-R', 'a-w', folder])
      const result = await start(folder)
      expect(result.code).toBe(1)
      expect(result.stderr.trim()).toBe(notWritableMessage(folder, folder, user))
      expect(result.stdout).toBe('')
    }, 300_000)

    it('files read-only in a writable folder: one German line naming one, exit code 1', async () => {
      const folder = await copy('read-only-files')
      spawnSync('find', [folder, '-type', 'f', '-exec', 'chmod', 'a-w', '{}', '+'])
      const result = await start(folder)
      expect(result.code).toBe(1)
      const [line, ...rest] = result.stderr.trim().split('\n')
      expect(rest).toEqual([])
      expect(line).toMatch(
        new RegExp(
          `^Der Datenordner ${folder} ist nicht beschreibbar \\(.+ darin: keine Lese- und Schreibrechte für den Benutzer `,
        ),
      )
      expect(line!.length).toBeLessThan(600)
      expect(existsSync(path.join(folder, LOCK_FILE))).toBe(false)
    }, 300_000)

    it('a damaged database: one German line instead of the library’s source, exit code 1', async () => {
      const folder = await copy('damaged')
      await unlink(path.join(folder, 'global', 'pg_control'))
      const result = await start(folder)
      expect(result.code).toBe(1)
      const lines = result.stderr.trim().split('\n')
      expect(lines, result.stderr.slice(0, 2000)).toHaveLength(1)
      expect(lines[0]).toMatch(
        new RegExp(`^Die Datenbank in ${folder} konnte nicht geöffnet werden \\(PGlite meldet: `),
      )
      expect(lines[0]!.length).toBeLessThan(600)
    }, 300_000)
  })
})
