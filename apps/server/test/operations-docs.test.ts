/**
 * Decision 038: the commands of docs/operations.md hold when run as written. The fenced `sh` blocks
 * of a section (found by its heading) run in bash, with the listed substitutions of what names the
 * operator's machine (the backup folder, the database server, the password placeholder) and
 * nothing else. PostgreSQL only (PGlite has no pg_dump).
 */
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { mkdir, mkdtemp, readlink, rm, stat, symlink, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { databaseUrl, onServer, TEMPLATE_DATABASE } from './test-database'

const ROOT = path.resolve(import.meta.dirname, '../../..')
const isPostgres = inject('testDatabaseKind') === 'postgres'
const hasPgDump = spawnSync('pg_dump', ['--version']).status === 0
const OPERATIONS = readFileSync(path.join(ROOT, 'docs/operations.md'), 'utf8')

/** The text of the section under `heading` (a whole heading line), up to the next heading. */
function sectionOf(markdown: string, heading: string): string {
  const lines = markdown.split('\n')
  const start = lines.indexOf(heading)
  if (start < 0) throw new Error(`docs/operations.md has no heading "${heading}"`)
  let end = start + 1
  let fenced = false
  for (; end < lines.length; end++) {
    if (lines[end]!.startsWith('```')) fenced = !fenced
    else if (!fenced && /^#{1,6} /.test(lines[end]!)) break
  }
  return lines.slice(start + 1, end).join('\n')
}

/** The fenced ```sh blocks of a text, in order. */
function shBlocks(text: string): string[] {
  return [...text.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((match) => match[1]!)
}

/** Applies each substitution, every one of which must occur: a changed text fails the test. */
function substitute(block: string, substitutions: [string, string][]): string {
  let result = block
  for (const [from, to] of substitutions) {
    expect(result, `"${from}" in\n${block}`).toContain(from)
    result = result.split(from).join(to)
  }
  return result
}

/** Runs a block in bash, stopping at its first failing command, with the umask of a login shell. */
function runBlock(script: string, env: NodeJS.ProcessEnv) {
  return spawnSync('bash', ['-e', '-c', `umask 022\n${script}`], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
    timeout: 300_000,
  })
}

/**
 * bash with `args`, not blocking this process (the replicas it asks answer from here): its exit
 * code and output.
 */
function bashAsync(args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn('bash', args, { env, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('close', (status) => resolve({ status, stdout, stderr }))
  })
}

async function rowCounts(url: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const tables = await client.query<{ name: string }>(
      `select quote_ident(table_schema) || '.' || quote_ident(table_name) as name
         from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
        order by 1`,
    )
    const counts: Record<string, number> = {}
    for (const { name } of tables.rows) {
      const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from ${name}`)
      counts[name] = rows[0]!.n
    }
    return counts
  } finally {
    await client.end()
  }
}

describe.skipIf(!isPostgres || !hasPgDump)('docs/operations.md run as written', () => {
  const serverUrl = inject('serverUrl')
  const name = `portal_test_${randomBytes(6).toString('hex')}`
  const restoredName = `${name}_restored`
  let folder: string

  beforeAll(async () => {
    await onServer(serverUrl, [`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`])
    folder = await mkdtemp(path.join(tmpdir(), 'portal-operations-'))
  }, 300_000)

  afterAll(async () => {
    await onServer(serverUrl, [
      `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`,
      `DROP DATABASE IF EXISTS ${restoredName} WITH (FORCE)`,
    ])
    await rm(folder, { recursive: true, force: true })
  }, 300_000)

  it('§8: the backup is 0600, the restore equals the original, the backup check passes', async () => {
    const blocks = shBlocks(sectionOf(OPERATIONS, '## 8. Backup and restore'))
    expect(blocks).toHaveLength(3)
    const server = new URL(serverUrl)
    const backup = path.join(folder, 'backup')
    await mkdir(backup)
    // the day as the documented `date +%F` prints it in the operator's shell below, which has no TZ
    // of the test runner's (Berlin: between its midnight and UTC's the two name different files)
    const today = spawnSync('date', ['+%F'], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH },
    }).stdout.trim()
    const origin = `${server.protocol}//${server.username}${server.password ? `:${server.password}` : ''}@${server.host}/`
    // the operator's machine, named in the docs, and this test's: nothing else changes
    const substitutions: [string, string][] = [
      ['/backup/', `${backup}/`],
      ['kundenportal-2026-11-30.dump', `kundenportal-${today}.dump`],
      ['postgres://kundenportal:<password>@127.0.0.1:5432/', origin],
      ['kundenportal_restored', restoredName],
      ['--owner kundenportal ', `--owner ${decodeURIComponent(server.username)} `],
    ]
    const applicable = (block: string) => substitutions.filter(([from]) => block.includes(from))
    // the settings of the operator's shell: the database's address, and for createdb (run as the
    // database's superuser) the server
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATABASE_URL: databaseUrl(serverUrl, name),
      PGHOST: server.hostname,
      PGPORT: server.port || '5432',
      PGUSER: decodeURIComponent(server.username),
      ...(server.password ? { PGPASSWORD: decodeURIComponent(server.password) } : {}),
    }

    const [dump, restore, check] = blocks as [string, string, string]
    const dumped = runBlock(substitute(dump, applicable(dump)), env)
    expect(dumped.status, dumped.stderr).toBe(0)
    const file = path.join(backup, `kundenportal-${today}.dump`)
    expect(((await stat(file)).mode & 0o777).toString(8)).toBe('600')

    const restored = runBlock(substitute(restore, applicable(restore)), env)
    expect(restored.status, restored.stderr).toBe(0)
    const original = await rowCounts(databaseUrl(serverUrl, name))
    expect(Object.keys(original).length).toBeGreaterThan(30)
    expect(Object.values(original).reduce((sum, n) => sum + n, 0)).toBeGreaterThan(1000)
    expect(await rowCounts(databaseUrl(serverUrl, restoredName))).toEqual(original)

    expect(applicable(check)).toEqual([])
    const checked = runBlock(check, env)
    expect(checked.status, `${checked.stdout}\n${checked.stderr}`).toBe(0)
    expect(checked.stdout).toContain(
      'Die Sicherung ist vollständig: die wiederhergestellte Datenbank gleicht dem Original.',
    )
  }, 300_000)

  it('§9: the update commands parse; the documented rollback switches back and restarts one replica at a time', async () => {
    const blocks = shBlocks(sectionOf(OPERATIONS, '## 9. Updates'))
    expect(blocks.length).toBeGreaterThanOrEqual(2)
    for (const block of blocks) {
      const parsed = spawnSync('bash', ['-n', '-c', block], { encoding: 'utf8' })
      expect(parsed.status, `${block}\n${parsed.stderr}`).toBe(0)
    }
    const script = path.join(ROOT, 'scripts/update.sh')
    expect(spawnSync('bash', ['-n', script]).status).toBe(0)
    if (spawnSync('shellcheck', ['--version']).status === 0) {
      const checked = spawnSync('shellcheck', [script], { encoding: 'utf8' })
      expect(checked.status, checked.stdout).toBe(0)
    }

    // two release folders, the newer one current; replicas that answer their ready probe, and a
    // restart command that records the order
    const base = path.join(folder, 'opt')
    const older = '20261101-120000-aaaaaaa'
    const newer = '20261128-120000-bbbbbbb'
    for (const release of [older, newer])
      await mkdir(path.join(base, 'releases', release), { recursive: true })
    await symlink(`releases/${newer}`, path.join(base, 'current'))
    const log = path.join(folder, 'restarts.log')
    const restart = path.join(folder, 'restart.sh')
    await writeFile(restart, `#!/bin/sh\necho "$1" >> '${log}'\n`, { mode: 0o755 })
    const replicas: Server[] = []
    const ports: number[] = []
    for (let i = 0; i < 2; i++) {
      const replica = createServer((request, response) => {
        response.statusCode = request.url === '/api/health/ready' ? 200 : 404
        response.end('{"status":"ok"}')
      })
      await new Promise<void>((resolve) => replica.listen(0, '127.0.0.1', resolve))
      replicas.push(replica)
      ports.push((replica.address() as { port: number }).port)
    }
    try {
      const rollback = blocks.find((block) => block.includes('update.sh rollback'))!
      const result = await bashAsync(
        [
          '-e',
          '-c',
          substitute(rollback, [['/opt/kundenportal/current/scripts/update.sh', script]]),
        ],
        { ...process.env, BASE: base, REPLICAS: ports.join(' '), RESTART_COMMAND: restart },
      )
      expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0)
      expect(await readlink(path.join(base, 'current'))).toBe(`releases/${older}`)
      expect(readFileSync(log, 'utf8')).toBe(ports.map((port) => `kundenportal@${port}\n`).join(''))
      expect(result.stdout).toContain(`== Zurückgesetzt auf releases/${older}`)

      // a replica that does not become ready stops the rollback before the next one restarts
      await rm(log)
      await new Promise((resolve) => replicas[0]!.close(resolve))
      await rm(path.join(base, 'current'))
      await symlink(`releases/${newer}`, path.join(base, 'current'))
      const stuck = await bashAsync([script, 'rollback'], {
        ...process.env,
        BASE: base,
        REPLICAS: ports.join(' '),
        RESTART_COMMAND: restart,
        READY_TIMEOUT: '2',
      })
      expect(stuck.status).toBe(1)
      expect(stuck.stderr).toContain(`Fehler: kundenportal@${ports[0]} ist nach 2 s nicht bereit`)
      expect(readFileSync(log, 'utf8')).toBe(`kundenportal@${ports[0]}\n`)
    } finally {
      for (const replica of replicas) replica.close()
    }
  }, 120_000)
})

describe.skipIf(!isPostgres)(
  'docs/operations.md §3, §6, §7 and the audit log run as written',
  () => {
    const serverUrl = inject('serverUrl')
    const source = `portal_test_${randomBytes(6).toString('hex')}`
    const target = `${source}_customer`
    const mails: string[] = []
    let smtp: SMTPServer
    let folder: string
    let settingsFile: string

    beforeAll(async () => {
      // the billing system's export: the demo template dumped in the interchange format; the
      // customer's database: empty, as §2 creates it
      await onServer(serverUrl, [
        `CREATE DATABASE ${source} TEMPLATE ${TEMPLATE_DATABASE}`,
        `CREATE DATABASE ${target}`,
      ])
      folder = await mkdtemp(path.join(tmpdir(), 'portal-operations-'))
      smtp = new SMTPServer({
        disabledCommands: ['STARTTLS'],
        allowInsecureAuth: true,
        authOptional: false,
        logger: false,
        onAuth: (auth, _session, callback) =>
          auth.password === 'mail-geheim'
            ? callback(null, { user: auth.username })
            : callback(new Error('Anmeldung fehlgeschlagen')),
        onData: (stream, _session, callback) => {
          let text = ''
          stream.on('data', (chunk: Buffer) => (text += chunk.toString()))
          stream.on('end', () => {
            mails.push(text)
            callback()
          })
        },
      })
      await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))

      // §3's settings file with its placeholders filled in, this machine's services standing in
      // for the customer's database and mail server
      const [settings] = shBlocks(sectionOf(OPERATIONS, '## 3. Configuration'))
      settingsFile = path.join(folder, 'kundenportal.env')
      const smtpPort = (smtp.server.address() as AddressInfo).port
      await writeFile(
        settingsFile,
        substitute(settings!, [
          [
            'postgres://kundenportal:<password>@127.0.0.1:5432/kundenportal',
            databaseUrl(serverUrl, target),
          ],
          ["'<openssl rand -base64 48>'", randomBytes(48).toString('base64')],
          ["'<openssl rand -base64 32>'", randomBytes(32).toString('base64')],
          [':<password>@mail.bergmann-abrechnung.de:587', `:mail-geheim@127.0.0.1:${smtpPort}`],
          ['/var/lib/kundenportal', path.join(folder, 'data')],
        ]),
        { mode: 0o600 },
      )
    }, 300_000)

    afterAll(async () => {
      await new Promise<void>((resolve) => smtp.close(resolve))
      await onServer(serverUrl, [
        `DROP DATABASE IF EXISTS ${source} WITH (FORCE)`,
        `DROP DATABASE IF EXISTS ${target} WITH (FORCE)`,
      ])
      await rm(folder, { recursive: true, force: true })
    }, 300_000)

    /** The operator's shell: PATH and HOME, and `ENV_FILE` exported in the profile (§3). */
    const operatorShell = (script: string) =>
      bashAsync(['-e', '-c', `cd '${ROOT}'\n${script}`], {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        ENV_FILE: settingsFile,
      })

    it('checks the settings, imports, manages users and verifies the audit log', async () => {
      // a folder relative to where npm was started
      const exported = path.join(folder, 'import')
      const dumped = await bashAsync(
        [
          '-e',
          '-c',
          `cd '${ROOT}'\nnpm run --silent provider -- dump '${path.relative(ROOT, exported)}'`,
        ],
        {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          DATABASE_URL: databaseUrl(serverUrl, source),
          DATA_DIR: path.join(folder, 'source-data'),
        },
      )
      expect(dumped.status, `${dumped.stdout}\n${dumped.stderr}`).toBe(0)

      // §3: check and list, as the server's user (here: this one) from the installation folder
      const [, commands] = shBlocks(sectionOf(OPERATIONS, '## 3. Configuration'))
      const checked = await operatorShell(
        substitute(commands!, [
          ['cd /opt/kundenportal', `cd '${ROOT}'`],
          [
            'sudo -u kundenportal env ENV_FILE=/etc/kundenportal.env',
            `env ENV_FILE='${settingsFile}'`,
          ],
        ]),
      )
      expect(checked.status, `${checked.stdout}\n${checked.stderr}`).toBe(0)
      expect(checked.stdout).toMatch(/^Konfiguration in Ordnung/m)

      // §6: the first import
      const [importing] = shBlocks(sectionOf(OPERATIONS, '## 6. The first import'))
      const imported = await operatorShell(
        substitute(importing!, [['/srv/kundenportal/import/2026-11-30', exported]]),
      )
      expect(imported.status, `${imported.stdout}\n${imported.stderr}`).toBe(0)

      // §7: every user command of the list, in its order; each mail goes through the mail server
      const [users] = shBlocks(sectionOf(OPERATIONS, '## 7. Users'))
      const managed = await operatorShell(users!)
      expect(managed.status, `${managed.stdout}\n${managed.stderr}`).toBe(0)
      expect(managed.stdout).toContain('hv.becker')
      expect(mails.filter((mail) => mail.includes('sabine.becker@hv-becker.de')).length).toBe(2)
      expect(mails.some((mail) => mail.includes('helga@example.com'))).toBe(true)

      // the audit log: whole, each change written as user provider
      const [verify] = shBlocks(sectionOf(OPERATIONS, '### The audit log'))
      const verified = await operatorShell(verify!)
      expect(verified.status, `${verified.stdout}\n${verified.stderr}`).toBe(0)
      expect(verified.stdout).toContain('Protokoll unversehrt')
    }, 600_000)
  },
)
