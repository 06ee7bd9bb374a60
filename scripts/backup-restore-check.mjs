#!/usr/bin/env node
// Checks that a backup of the portal's PostgreSQL database restores (docs/operations.md):
//
//   node scripts/backup-restore-check.mjs [--keep] [--no-dump] [<postgres-url>]
//
// 1. `pg_dump --format=custom` of the database (the URL, or DATABASE_URL);
// 2. `pg_restore` into a new database on the same server (<name>_restore_<time>);
// 3. every table of both compared: row count and a checksum over all rows;
// 4. `npm run provider -- dump` of both compared file by file (skipped with --no-dump).
// The restored database and the working folder are removed afterwards, unless --keep.
// Prints German lines; exits 0 when both are the same, 1 when they differ or a step fails.
import { spawnSync } from 'node:child_process'
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import pg from 'pg'

const root = fileURLToPath(new URL('..', import.meta.url))
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    keep: { type: 'boolean', default: false },
    'no-dump': { type: 'boolean', default: false },
  },
})
const sourceUrl = positionals[0] ?? process.env.DATABASE_URL
if (!sourceUrl || positionals.length > 1) {
  console.error(
    'Aufruf: node scripts/backup-restore-check.mjs [--keep] [--no-dump] [<postgres-url>] (oder DATABASE_URL setzen)',
  )
  process.exit(2)
}

const source = new URL(sourceUrl)
const sourceName = decodeURIComponent(source.pathname.slice(1)) || 'postgres'
const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14)
const restoreName = `${sourceName}_restore_${stamp}`.slice(0, 63)
const restore = new URL(sourceUrl)
restore.pathname = `/${encodeURIComponent(restoreName)}`
// decision 038: the dumps hold every user's data; the working folder is 0700 (mkdtemp) and every
// file written into it 0600, whatever the umask of the shell that runs the check
process.umask(0o077)
const work = mkdtempSync(path.join(tmpdir(), 'portal-backup-check-'))
const differences = []

/**
 * The environment of `npm run provider -- dump`: the database given, and a data folder of its own
 * (the export reads only the database; the secrets it generates when JWT_SECRET and
 * SECOND_FACTOR_KEY are unset go there, not into a server's folder this user may not write). After
 * `npm prune --omit=dev` tsx is gone: then the built command line runs (NODE_ENV=production), as
 * it does for the operator.
 */
function exportEnvironment(databaseUrl) {
  let sourceRuns = process.env.NODE_ENV !== 'production'
  try {
    createRequire(path.join(root, 'apps/server/package.json')).resolve('tsx/package.json')
  } catch {
    sourceRuns = false
  }
  return {
    DATABASE_URL: databaseUrl,
    DATA_DIR: path.join(work, 'data'),
    ...(sourceRuns ? {} : { NODE_ENV: 'production' }),
  }
}

/** Runs a program; stops the check with its output when it fails. */
function run(command, args, env = {}) {
  const result = spawnSync(command, args, {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  if (result.error || result.status !== 0) {
    const reason = result.error ? result.error.message : `Exit-Code ${result.status}`
    throw new Error(`${command} ${args[0]} ist fehlgeschlagen (${reason}):\n${result.stderr}`)
  }
  return result.stdout
}

async function withClient(url, task) {
  const client = new pg.Client({ connectionString: url.toString() })
  await client.connect()
  try {
    return await task(client)
  } finally {
    await client.end()
  }
}

/** Row count and a checksum over all rows (independent of their order) of every table. */
function tableChecksums(url) {
  return withClient(url, async (client) => {
    const tables = await client.query(
      `select table_schema, table_name from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
        order by 1, 2`,
    )
    const sums = new Map()
    for (const { table_schema: schema, table_name: name } of tables.rows) {
      const table = `${client.escapeIdentifier(schema)}.${client.escapeIdentifier(name)}`
      const { rows } = await client.query(
        `select count(*)::bigint as rows,
                md5(coalesce(string_agg(row_sum, '' order by row_sum), '')) as sum
           from (select md5(t::text) as row_sum from ${table} t) rows`,
      )
      sums.set(`${schema}.${name}`, { rows: Number(rows[0].rows), sum: rows[0].sum })
    }
    return sums
  })
}

/** The files of a folder, relative, sorted. */
function filesOf(folder, prefix = '') {
  return readdirSync(path.join(folder, prefix), { withFileTypes: true })
    .flatMap((entry) => {
      const relative = path.join(prefix, entry.name)
      return entry.isDirectory() ? filesOf(folder, relative) : [relative]
    })
    .sort()
}

function compareFolders(left, right) {
  const leftFiles = filesOf(left)
  const rightFiles = filesOf(right)
  for (const file of new Set([...leftFiles, ...rightFiles])) {
    if (!rightFiles.includes(file))
      differences.push(`Export: ${file} fehlt in der Wiederherstellung`)
    else if (!leftFiles.includes(file))
      differences.push(`Export: ${file} gibt es nur in der Wiederherstellung`)
    else if (!readFileSync(path.join(left, file)).equals(readFileSync(path.join(right, file)))) {
      differences.push(`Export: ${file} unterscheidet sich`)
    }
  }
  return leftFiles.length
}

let created = false
try {
  const backup = path.join(work, 'portal.dump')
  console.log(`Sicherung von ${sourceName} mit pg_dump …`)
  run('pg_dump', [
    '--format=custom',
    '--no-owner',
    '--no-privileges',
    '--file',
    backup,
    source.toString(),
  ])
  chmodSync(backup, 0o600)
  console.log(`Sicherung: ${(statSync(backup).size / 1024 / 1024).toFixed(1)} MB in ${backup}`)

  await withClient(source, (client) =>
    client.query(`create database ${client.escapeIdentifier(restoreName)}`),
  )
  created = true
  console.log(`Wiederherstellung in die neue Datenbank ${restoreName} mit pg_restore …`)
  run('pg_restore', [
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    '--dbname',
    restore.toString(),
    backup,
  ])

  const [before, after] = [await tableChecksums(source), await tableChecksums(restore)]
  let rows = 0
  for (const name of new Set([...before.keys(), ...after.keys()])) {
    const a = before.get(name)
    const b = after.get(name)
    if (!a || !b)
      differences.push(`Tabelle ${name} fehlt ${a ? 'in der Wiederherstellung' : 'im Original'}`)
    else if (a.rows !== b.rows)
      differences.push(`Tabelle ${name}: ${a.rows} Zeilen, wiederhergestellt ${b.rows}`)
    else if (a.sum !== b.sum)
      differences.push(`Tabelle ${name}: gleich viele Zeilen, andere Inhalte`)
    rows += a?.rows ?? 0
  }
  console.log(`Tabellen verglichen: ${before.size} Tabellen, ${rows} Zeilen.`)

  if (!values['no-dump']) {
    console.log('Export beider Datenbanken mit npm run provider -- dump …')
    const original = path.join(work, 'original')
    const restored = path.join(work, 'restored')
    run(
      'npm',
      ['run', '--silent', 'provider', '--', 'dump', original],
      exportEnvironment(source.toString()),
    )
    run(
      'npm',
      ['run', '--silent', 'provider', '--', 'dump', restored],
      exportEnvironment(restore.toString()),
    )
    const files = compareFolders(original, restored)
    console.log(`Export verglichen: ${files} Dateien.`)
  }
} catch (error) {
  differences.push(error.message)
} finally {
  if (created && !values.keep) {
    await withClient(source, (client) =>
      client.query(`drop database if exists ${client.escapeIdentifier(restoreName)} with (force)`),
    ).catch((error) =>
      differences.push(`Die Datenbank ${restoreName} blieb stehen: ${error.message}`),
    )
  }
  if (values.keep) console.log(`Behalten: Datenbank ${restoreName}, Ordner ${work}`)
  else rmSync(work, { recursive: true, force: true })
}

if (differences.length > 0) {
  console.error(`Die Wiederherstellung weicht ab:\n${differences.map((d) => `- ${d}`).join('\n')}`)
  process.exit(1)
}
console.log('Die Sicherung ist vollständig: die wiederhergestellte Datenbank gleicht dem Original.')
