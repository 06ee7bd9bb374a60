/**
 * docs/operations.md: the backup check dumps a PostgreSQL database with pg_dump, restores it into a
 * new database and compares every table and `npm run provider -- dump` of both. Runs on a copy of
 * the seeded template; PostgreSQL only (PGlite has no pg_dump). Decision 038: it also holds in a
 * deployment after `npm prune --omit=dev` (no tsx) with nothing but DATABASE_URL set, and its files
 * are the running user's alone.
 */
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { copyFile, mkdir, mkdtemp, readdir, rm, stat, symlink } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { databaseUrl, onServer, TEMPLATE_DATABASE } from './test-database'

const ROOT = path.resolve(import.meta.dirname, '../../..')
const isPostgres = inject('testDatabaseKind') === 'postgres'
const hasPgDump = spawnSync('pg_dump', ['--version']).status === 0

describe.skipIf(!isPostgres || !hasPgDump)('scripts/backup-restore-check.mjs', () => {
  const serverUrl = inject('serverUrl')
  const name = `portal_test_${randomBytes(6).toString('hex')}`

  beforeAll(() => onServer(serverUrl, [`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`]))
  afterAll(() => onServer(serverUrl, [`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`]))

  it('restores a backup into a new database that equals the original, and removes it', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env }
    delete env.DATABASE_URL
    delete env.NODE_ENV
    const result = spawnSync(
      process.execPath,
      [path.join(ROOT, 'scripts/backup-restore-check.mjs'), databaseUrl(serverUrl, name)],
      { cwd: ROOT, env, encoding: 'utf8', timeout: 300_000 },
    )
    expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0)
    expect(result.stdout).toMatch(/^Sicherung von portal_test_\w+ mit pg_dump …$/m)
    expect(result.stdout).toMatch(/^Tabellen verglichen: \d+ Tabellen, \d+ Zeilen\.$/m)
    expect(result.stdout).toMatch(/^Export verglichen: \d+ Dateien\.$/m)
    expect(result.stdout).toContain(
      'Die Sicherung ist vollständig: die wiederhergestellte Datenbank gleicht dem Original.',
    )
    const tables = Number(/Tabellen verglichen: (\d+)/.exec(result.stdout)![1])
    expect(tables).toBeGreaterThan(30)

    const client = new pg.Client({ connectionString: serverUrl })
    await client.connect()
    try {
      const left = await client.query('select datname from pg_database where datname like $1', [
        `${name}_restore_%`,
      ])
      expect(left.rows).toEqual([])
    } finally {
      await client.end()
    }
  })

  it('names what is missing and exits 1 when the database cannot be read', () => {
    const result = spawnSync(
      process.execPath,
      [
        path.join(ROOT, 'scripts/backup-restore-check.mjs'),
        '--no-dump',
        databaseUrl(serverUrl, `${name}_gibt_es_nicht`),
      ],
      { cwd: ROOT, encoding: 'utf8', timeout: 300_000 },
    )
    expect(result.status).toBe(1)
    expect(result.stderr).toMatch(
      /^Die Wiederherstellung weicht ab:\n- pg_dump .* ist fehlgeschlagen/,
    )
  })

  it('passes as documented in a deployment after the prune, with DATABASE_URL alone; its files 0600', async () => {
    // a deployment as docs/operations.md builds it: the bundle, the scripts, and node_modules
    // without the development dependencies (here: every package of the checkout but tsx)
    const deployment = await mkdtemp(path.join(tmpdir(), 'portal-pruned-'))
    try {
      await mkdir(path.join(deployment, 'node_modules'))
      for (const entry of await readdir(path.join(ROOT, 'node_modules'))) {
        if (entry === 'tsx' || entry === '.bin') continue
        await symlink(
          path.join(ROOT, 'node_modules', entry),
          path.join(deployment, 'node_modules', entry),
        )
      }
      await symlink(path.join(ROOT, 'customers'), path.join(deployment, 'customers'))
      for (const file of [
        'package.json',
        'scripts/backup-restore-check.mjs',
        'apps/server/package.json',
        'apps/server/scripts/provider.mjs',
      ]) {
        await mkdir(path.dirname(path.join(deployment, file)), { recursive: true })
        await copyFile(path.join(ROOT, file), path.join(deployment, file))
      }
      const build = spawnSync(
        process.execPath,
        [
          path.join(ROOT, 'apps/server/scripts/build.mjs'),
          '--outdir',
          path.join(deployment, 'apps/server/dist'),
        ],
        { cwd: ROOT, encoding: 'utf8' },
      )
      expect(build.status, `${build.stdout}${build.stderr}`).toBe(0)

      // the operator's shell: DATABASE_URL exported, nothing else of the server's settings, the
      // umask of a login shell
      const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME }
      env.DATABASE_URL = databaseUrl(serverUrl, name)
      const result = spawnSync(
        'sh',
        ['-c', 'umask 022 && node scripts/backup-restore-check.mjs --keep "$DATABASE_URL"'],
        { cwd: deployment, env, encoding: 'utf8', timeout: 300_000 },
      )
      const kept = /^Behalten: Datenbank (\S+), Ordner (\S+)$/m.exec(result.stdout)
      try {
        expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0)
        expect(result.stdout).toMatch(/^Export verglichen: \d+ Dateien\.$/m)
        expect(kept).not.toBeNull()
        // the dump and every exported file: 0600, in folders of 0700
        const modes: string[] = []
        const walk = async (folder: string): Promise<void> => {
          for (const entry of await readdir(folder, { withFileTypes: true })) {
            const full = path.join(folder, entry.name)
            const mode = ((await stat(full)).mode & 0o777).toString(8)
            if (mode !== (entry.isDirectory() ? '700' : '600'))
              modes.push(`${path.relative(kept![2]!, full)} ${mode}`)
            if (entry.isDirectory()) await walk(full)
          }
        }
        await walk(kept![2]!)
        expect(modes).toEqual([])
        expect((await readdir(kept![2]!)).sort()).toEqual(
          expect.arrayContaining(['original', 'portal.dump', 'restored']),
        )
      } finally {
        if (kept) {
          await onServer(serverUrl, [`DROP DATABASE IF EXISTS ${kept[1]} WITH (FORCE)`])
          await rm(kept[2]!, { recursive: true, force: true })
        }
      }
    } finally {
      await rm(deployment, { recursive: true, force: true })
    }
  }, 300_000)
})
