/**
 * The interchange format end to end (decision 018, ARCHITECTURE 3.5): the seeded test database is
 * dumped and imported into an empty one; the provider's tables hold the same rows, a dump of the
 * copy is the same files, and every search answers the same for the three demo users. Importing
 * again changes no row; a broken record refuses the whole import, naming file, line and field;
 * `--prune` removes what a full import no longer has.
 */
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { DATE_DOES_NOT_EXIST_MESSAGE } from '@portal/domain'
import { sql, type SQL } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp, type App } from '../src/app'
import { dumpFolder } from '../src/modules/provider/interchange/dump'
import {
  importFolder,
  importRecords,
  InterchangeImportError,
  type ImportOptions,
  type ImportResult,
} from '../src/modules/provider/interchange/import'
import { INTERCHANGE_TABLES } from '../src/modules/provider/interchange/tables'
import type { Database, DatabaseHandle } from '../src/platform/persistence/database'
import { users } from '../src/platform/persistence/schema'
import { providerTerminal } from './fixtures/provider-command'
import { DEMO_USERS } from '../src/demo/demo-users'
import { DEMO_PASSWORD } from '../src/platform/auth/demo-password'
import { createTestContext, signInRequest, TEST_BACK_PRESSURE, type TestContext } from './helper'
import { openEmptyDatabase } from './test-database'

const TABLES = [...INTERCHANGE_TABLES.map((t) => t.name), 'attachment_contents']

let source: TestContext
let target: DatabaseHandle
let targetApp: App
let scratch: string
let dump: string

async function rows<T>(db: Database, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query)
  return (result as { rows: T[] }).rows
}

/** Per table: rows and a hash of their content; with `versions`, of their row versions too. */
async function fingerprint(db: Database, versions = false): Promise<Record<string, string>> {
  const result: Record<string, string> = {}
  for (const table of TABLES) {
    const what = versions ? sql.raw(`t::text || t.xmin::text`) : sql.raw('t::text')
    const [row] = await rows<{ n: number; hash: string }>(
      db,
      sql`select count(*)::int as n, md5(coalesce(string_agg(${what}, '|' order by t::text), '')) as hash from ${sql.identifier(table)} t`,
    )
    result[table] = `${row!.n} ${row!.hash}`
  }
  return result
}

/** A copy of the dump to break or change; `edit` gets and answers a file's lines. */
async function editedDump(file: string, edit: (lines: string[]) => string[]): Promise<string> {
  const folder = await mkdtemp(path.join(scratch, 'edited-'))
  await cp(dump, folder, { recursive: true })
  const text = await readFile(path.join(folder, file), 'utf8')
  const lines = edit(text.trimEnd().split('\n'))
  await writeFile(path.join(folder, file), `${lines.join('\n')}\n`)
  return folder
}

/** Sets `field` of the record on `line` (1-based) of the lines. */
function setField(line: number, field: string, value: unknown) {
  return (lines: string[]) =>
    lines.map((text, i) => {
      if (i !== line - 1) return text
      const record = JSON.parse(text) as Record<string, unknown>
      record[field] = value
      return JSON.stringify(record)
    })
}

async function refusedImport(folder: string, options: ImportOptions = {}) {
  try {
    await importFolder(target.db, folder, options)
  } catch (error) {
    if (error instanceof InterchangeImportError) return error
    throw error
  }
  throw new Error('Der Import wurde nicht abgelehnt.')
}

beforeAll(async () => {
  source = await createTestContext()
  scratch = await mkdtemp(path.join(tmpdir(), 'interchange-'))
  dump = path.join(scratch, 'dump')
  await dumpFolder(source.database.db, dump)
  target = await openEmptyDatabase('interchange_test')
  // the users seeded the same way as in the source: the accounts are no part of the format
  const seededUsers = await source.database.db.select().from(users)
  await importFolder(target.db, dump, { bulkThreshold: 1 })
  await target.db.insert(users).values(seededUsers)
  targetApp = await buildApp({
    config: source.config,
    database: target,
    backPressure: TEST_BACK_PRESSURE,
  })
  await targetApp.ready()
}, 300_000)

afterAll(async () => {
  await targetApp?.close()
  await target?.close()
  await source?.close()
  await rm(scratch, { recursive: true, force: true })
})

describe('dump and import', () => {
  it('reproduces every row of the provider tables in an empty database', async () => {
    expect(await fingerprint(target.db)).toEqual(await fingerprint(source.database.db))
  })

  it('rebuilds the indexes and foreign keys of the tables it bulk-loaded', async () => {
    const catalogue = sql`select tablename || ': ' || indexdef as definition from pg_indexes where schemaname = 'public'
      union all select conrelid::regclass::text || ': ' || conname || ' ' || pg_get_constraintdef(oid) from pg_constraint where connamespace = 'public'::regnamespace
      order by 1`
    const definitions = async (db: Database) =>
      (await rows<{ definition: string }>(db, catalogue)).map((row) => row.definition)
    const expected = await definitions(source.database.db)
    expect(expected.length).toBeGreaterThan(50)
    expect(await definitions(target.db)).toEqual(expected)
  })

  it('dumps the imported database into the same files', async () => {
    const again = path.join(scratch, 'again')
    await dumpFolder(target.db, again)
    const files = (await readdir(dump)).filter((name) => name.endsWith('.ndjson'))
    expect(files).toHaveLength(INTERCHANGE_TABLES.length)
    for (const file of files) {
      expect(await readFile(path.join(again, file), 'utf8'), file).toBe(
        await readFile(path.join(dump, file), 'utf8'),
      )
    }
    expect((await readdir(path.join(again, 'attachments'))).sort()).toEqual(
      (await readdir(path.join(dump, 'attachments'))).sort(),
    )
  })

  it('answers every search the same for every demo user', async () => {
    const searches = source.app.routeTable.filter(
      (route) => route.method === 'POST' && route.url.endsWith('-search'),
    )
    expect(searches.length).toBeGreaterThanOrEqual(8)
    for (const { userName: user, resident } of DEMO_USERS) {
      const sourceAuth = await source.login(user)
      const token = await signInRequest(targetApp, { username: user, password: DEMO_PASSWORD })
      expect(token.statusCode, token.body).toBe(200)
      const targetAuth = { authorization: `Bearer ${token.json<{ token: string }>().token}` }
      for (const route of searches) {
        const call = { method: 'POST' as const, url: `${route.url}?limit=9999`, payload: {} }
        const expected = await source.app.inject({ ...call, headers: sourceAuth })
        const actual = await targetApp.inject({ ...call, headers: targetAuth })
        // a resident reaches his own record and his company code only (decision 065)
        const status = resident && !route.residents ? 404 : 200
        expect(expected.statusCode, `${route.url} as ${user}`).toBe(status)
        expect(actual.json(), `${route.url} as ${user}`).toEqual(expected.json())
      }
    }
  })
})

describe('importing again', () => {
  it('changes no row, not even its row version', async () => {
    const before = await fingerprint(target.db, true)
    const result = await importFolder(target.db, dump)
    expect(result.total).toMatchObject({ inserted: 0, updated: 0, deleted: 0 })
    expect(result.total.unchanged).toBe(result.total.rows)
    expect(await fingerprint(target.db, true)).toEqual(before)
  })

  it('updates a changed record; a status changed without version counts the version up', async () => {
    const distributions = await readFile(
      path.join(dump, 'operating-costs-distributions.ndjson'),
      'utf8',
    )
    const line =
      distributions
        .split('\n')
        .findIndex((text) => text.includes('"operatingCostsDistributionStatus":"G"')) + 1
    const record = JSON.parse(distributions.split('\n')[line - 1]!) as Record<string, unknown>
    const folder = await editedDump('operating-costs-distributions.ndjson', (lines) =>
      lines.map((text, i) => {
        if (i !== line - 1) return text
        const { version: _version, statusChangedAt: _at, ...rest } = record
        return JSON.stringify({ ...rest, operatingCostsDistributionStatus: 'S' })
      }),
    )
    const result: ImportResult = await importFolder(target.db, folder)
    expect(result.entities.operatingCostsDistributions).toMatchObject({ inserted: 0, updated: 1 })
    expect(result.total.updated).toBe(1)
    const [stored] = await rows<{ status: string; version: number; recent: boolean }>(
      target.db,
      sql`select operating_costs_distribution_status as status, version,
        status_changed_at > now() - interval '1 hour' as recent
        from operating_costs_distributions where operating_costs_distribution = ${String(record.operatingCostsDistribution)}`,
    )
    expect(stored).toEqual({ status: 'S', version: Number(record.version) + 1, recent: true })
    // and back, as the dump has it
    await importFolder(target.db, dump)
    expect(await fingerprint(target.db)).toEqual(await fingerprint(source.database.db))
  })
})

describe('the data version of kept answers', () => {
  it('stays after an import that changes nothing (304), and goes up with a changing one (200)', async () => {
    const token = await signInRequest(targetApp, { username: 'verwalter', password: DEMO_PASSWORD })
    const auth = { authorization: `Bearer ${token.json<{ token: string }>().token}` }
    const search = (etag?: string) =>
      targetApp.inject({
        method: 'POST',
        url: '/api/persistence/connections-search?limit=50',
        headers: { ...auth, ...(etag ? { 'if-none-match': etag } : {}) },
        payload: {},
      })
    const first = await search()
    expect(first.statusCode).toBe(200)
    const etag = first.headers.etag as string
    expect(etag).toMatch(/^"\d+\.\d+-/)

    const unchanged = await importFolder(target.db, dump)
    expect(unchanged.total).toMatchObject({ inserted: 0, updated: 0, deleted: 0 })
    expect((await search(etag)).statusCode).toBe(304)

    const folder = await editedDump('connections.ndjson', setField(1, 'name2', 'Neu eingelesen'))
    expect((await importFolder(target.db, folder)).total.updated).toBe(1)
    const changed = await search(etag)
    expect(changed.statusCode).toBe(200)
    expect(changed.headers.etag).not.toBe(etag)
    // and back, as the dump has it
    await importFolder(target.db, dump)
  })
})

describe('a broken record', () => {
  it('refuses the whole import for a broken reference, naming file, line and field', async () => {
    const before = await fingerprint(target.db, true)
    const folder = await editedDump(
      'contracts.ndjson',
      setField(5, 'pointOfDelivery', 'V0000000000'),
    )
    // a valid change in another file is not written either
    await writeFile(
      path.join(folder, 'company-codes.ndjson'),
      (await readFile(path.join(folder, 'company-codes.ndjson'), 'utf8')).replace(
        '"city":"',
        '"city":"Neu-',
      ),
    )
    const error = await refusedImport(folder)
    expect(error.issues).toEqual([
      {
        file: 'contracts.ndjson',
        line: 5,
        field: 'pointOfDelivery',
        message: '"V0000000000" fehlt: weder in points-of-delivery.ndjson noch in der Datenbank.',
      },
    ])
    expect(await fingerprint(target.db, true)).toEqual(before)
  })

  it('refuses the whole import for an impossible date, naming file, line and field', async () => {
    const before = await fingerprint(target.db, true)
    const folder = await editedDump('measurements.ndjson', setField(7, 'readingDate', '2023-02-30'))
    const error = await refusedImport(folder)
    expect(error.issues).toEqual([
      {
        file: 'measurements.ndjson',
        line: 7,
        field: 'readingDate',
        message: DATE_DOES_NOT_EXIST_MESSAGE,
      },
    ])
    expect(await fingerprint(target.db, true)).toEqual(before)
  })

  it('refuses a reference into another property and a key given twice', async () => {
    const measurements = (await readFile(path.join(dump, 'measurements.ndjson'), 'utf8'))
      .trimEnd()
      .split('\n')
    const property = (JSON.parse(measurements[0]!) as { propertyConnection: string })
      .propertyConnection
    const elsewhere = measurements.find((text) => !text.includes(`"${property}"`))!
    const { device } = JSON.parse(elsewhere) as { device: string }
    const folder = await editedDump('measurements.ndjson', (lines) => [
      ...setField(1, 'device', device)(lines),
      lines[1]!,
    ])
    const issues = (await refusedImport(folder)).issues
    expect(issues.map((issue) => [issue.file, issue.line, issue.field])).toEqual([
      ['measurements.ndjson', 1, 'device'],
      ['measurements.ndjson', measurements.length + 1, 'id'],
    ])
    expect(issues[0]!.message).toMatch(/^".+" aus devices\.ndjson gehört zur Liegenschaft /)
    expect(issues[1]!.message).toMatch(/kommt in measurements\.ndjson mehrfach vor/)
  })

  it('refuses an attachment whose record does not match its file', async () => {
    const folder = await editedDump('attachments.ndjson', setField(2, 'size', 1))
    const issues = (await refusedImport(folder)).issues
    expect(issues.map((issue) => [issue.file, issue.line, issue.field])).toEqual([
      ['attachments.ndjson', 2, 'size'],
    ])
  })

  it('answers exit code 1 with the issues on the command line, 0 with a summary', async () => {
    const { run, out, err } = providerTerminal(target.db)

    const folder = await editedDump('measurements.ndjson', setField(3, 'reading', 12.5))
    expect(await run('import', folder)).toBe(1)
    expect(err[0]).toMatch(/^Import abgelehnt, nichts wurde geschrieben \(1 Fehler\):$/)
    expect(err[1]).toMatch(
      /^ {2}measurements\.ndjson, Zeile 3, Feld reading: Bitte eine Dezimalzahl/,
    )
    expect(await run('import', dump)).toBe(0)
    expect(out.at(-1)).toMatch(
      /^Import aus .* Datensätze, 0 neu, 0 geändert, [\d.]+ unverändert\.$/,
    )
    expect(await run('dump', dump)).toBe(1)
    expect(err.at(-1)).toMatch(/^Abgelehnt: Der Ordner .* ist nicht leer/)
    expect(await run('import', path.join(scratch, 'nicht-da'))).toBe(1)
  })
})

describe('a missing record', () => {
  it('is named first, with the references to it folded into its one issue', async () => {
    const connections = (await readFile(path.join(dump, 'connections.ndjson'), 'utf8'))
      .trimEnd()
      .split('\n')
    const line = connections.findIndex((text) => !text.includes('"parentConnection":"')) + 1
    const { connection: property } = JSON.parse(connections[line - 1]!) as { connection: string }
    const folder = await editedDump('connections.ndjson', (lines) =>
      lines.filter((_, i) => i !== line - 1),
    )
    // and a mistake of its own in a file read before
    await writeFile(
      path.join(folder, 'partners.ndjson'),
      setField(
        2,
        'name1',
        17,
      )((await readFile(path.join(folder, 'partners.ndjson'), 'utf8')).trimEnd().split('\n')).join(
        '\n',
      ),
    )
    const empty = await openEmptyDatabase('interchange_missing')
    let refused: InterchangeImportError | undefined
    try {
      await importFolder(empty.db, folder)
    } catch (error) {
      if (!(error instanceof InterchangeImportError)) throw error
      refused = error
    } finally {
      await empty.close()
    }
    const [cause, other, ...rest] = refused!.issues
    expect(rest).toEqual([])
    expect(other).toMatchObject({ file: 'partners.ndjson', line: 2, field: 'name1' })
    expect(cause).toMatchObject({ file: 'connection-features.ndjson', line: 1 })
    const folded = new RegExp(
      `^"${property}" fehlt: weder in connections\\.ndjson noch in der Datenbank; dazu ([\\d.]+) weitere Verweise auf die fehlende Liegenschaft ${property} \\((.+)\\)\\.$`,
    ).exec(cause!.message)
    expect(folded, cause!.message).not.toBeNull()
    expect(Number(folded![1]!.replaceAll('.', ''))).toBeGreaterThan(96)
    expect(folded![2]).toMatch(/^connection-features\.ndjson Zeilen 2–\d+, /)
    expect(folded![2]).toMatch(/points-of-delivery\.ndjson /)
  })
})

describe('records from memory (the seed and the API)', () => {
  it('writes a unit only when every record of it is valid', async () => {
    const first = async (file: string) =>
      JSON.parse((await readFile(path.join(dump, file), 'utf8')).split('\n')[0]!) as Record<
        string,
        unknown
      >
    const partner = { ...(await first('partners.ndjson')), name2: 'Geändert' }
    const reading = { ...(await first('measurements.ndjson')), readingDate: '2023-02-30' }
    const before = await fingerprint(target.db, true)
    const refused = importRecords(target.db, [
      { entity: 'measurements', records: [reading] },
      { entity: 'partners', records: [partner] },
    ])
    await expect(refused).rejects.toBeInstanceOf(InterchangeImportError)
    await expect(refused).rejects.toMatchObject({
      issues: [
        {
          file: 'measurements.ndjson',
          line: 1,
          field: 'readingDate',
          message: DATE_DOES_NOT_EXIST_MESSAGE,
        },
      ],
    })
    expect(await fingerprint(target.db, true)).toEqual(before)
    const result = await importRecords(target.db, [{ entity: 'partners', records: [partner] }])
    expect(result.total).toMatchObject({ rows: 1, updated: 1 })
    await importFolder(target.db, dump)
  })
})

describe('--prune', () => {
  it('removes a record a full import no longer contains, but keeps what users made', async () => {
    const features = (await readFile(path.join(dump, 'connection-features.ndjson'), 'utf8')).split(
      '\n',
    )
    const feature = JSON.parse(features[0]!) as { id: string }
    const expenses = (
      await readFile(path.join(dump, 'operating-costs-expenses.ndjson'), 'utf8')
    ).split('\n')
    const userLine = expenses.findIndex((text) =>
      /"createdBy":"(verwalter|eigentuemer|fremd)"/.test(text),
    )
    expect(userLine).toBeGreaterThanOrEqual(0)
    const userExpense = JSON.parse(expenses[userLine]!) as { guid: string }
    let folder = await editedDump('connection-features.ndjson', (lines) => lines.slice(1))
    folder = await (async () => {
      const lines = (await readFile(path.join(folder, 'operating-costs-expenses.ndjson'), 'utf8'))
        .trimEnd()
        .split('\n')
      await writeFile(
        path.join(folder, 'operating-costs-expenses.ndjson'),
        `${lines.filter((_, i) => i !== userLine).join('\n')}\n`,
      )
      return folder
    })()
    const count = async (query: SQL) =>
      (await rows<{ n: number }>(target.db, sql`select count(*)::int as n from (${query}) x`))[0]!.n
    const featureRow = sql`select 1 from connection_features where id = ${Number(feature.id)}`
    const expenseRow = sql`select 1 from operating_costs_expenses where guid = ${userExpense.guid}`

    await importFolder(target.db, folder)
    expect(await count(featureRow)).toBe(1)

    const result = await importFolder(target.db, folder, { prune: true })
    expect(result.entities.connectionFeatures).toMatchObject({ deleted: 1 })
    expect(result.total.deleted).toBe(1)
    expect(await count(featureRow)).toBe(0)
    expect(await count(expenseRow)).toBe(1)
  })

  it('needs the company codes of the import', async () => {
    const folder = await editedDump('partners.ndjson', (lines) => lines)
    await rm(path.join(folder, 'company-codes.ndjson'))
    const error = await refusedImport(folder, { prune: true })
    expect(error.issues.map((issue) => issue.file)).toEqual(['company-codes.ndjson'])
  })
})
