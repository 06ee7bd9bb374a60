/**
 * docs/operations.md: the backup check dumps a PostgreSQL database with pg_dump, restores it into a
 * new database and compares every table and `npm run provider -- dump` of both. Runs on a copy of
 * the seeded template; PostgreSQL only (PGlite has no pg_dump).
 */
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
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
})
