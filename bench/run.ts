/**
 * `npm run bench [-- --scale N --duration S --soak-minutes M --skip-portal --no-build]`: seeds a
 * fresh database (PGlite always, PostgreSQL when DATABASE_URL is set), starts the built server,
 * drives it with autocannon, on PostgreSQL also the reference server of bench/reference/ right
 * after it (issue 14: same answers, checked byte for byte, reported as product / reference), runs
 * the searches' own SQL through the driver, soaks the server's memory, measures the portal in
 * Chromium and writes bench/results/<time>-scale<N>.{json,md}.
 */
import autocannon from 'autocannon'
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { createWriteStream, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import type { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { eq } from 'drizzle-orm'
import type { PgDialect } from 'drizzle-orm/pg-core'
import { build } from 'esbuild'
import { dumpFolder } from '../apps/server/src/modules/provider/interchange/dump'
import { importFolder } from '../apps/server/src/modules/provider/interchange/import'
import { openDatabase, type Database as Db } from '../apps/server/src/platform/persistence/database'
import { MAX_REQUESTS_PER_SOCKET } from '../apps/server/src/platform/http/request-limits'
import {
  connectionEntity,
  connectionJson,
} from '../apps/server/src/modules/master-data/repositories/connections'
import { users } from '../apps/server/src/platform/persistence/schema'
import { searchAnswerStatement } from '../apps/server/src/platform/persistence/search'
import { seedDemoData } from '../apps/server/src/demo/demo-data'
import { DEMO_USERS } from '../apps/server/src/demo/demo-users'
import { DEMO_PASSWORD } from '../apps/server/src/platform/auth/demo-password'
import { buildPdf } from '../apps/server/src/platform/files/pdf'
import { compareAnswers, referenceRatios } from './compare'
import { measurePortal, recordPortalCalls, type RecordedCall } from './portal'
import {
  equalityText,
  memoryChange,
  renderMarkdown,
  type BenchReport,
  type MemoryResult,
  type ReferenceResult,
  type ScenarioResult,
} from './report'
import type { Database, RunFigures } from './targets'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const DATA = path.join(ROOT, 'bench/.data')
const RESULTS = path.join(ROOT, 'bench/results')
const SERVER = path.join(ROOT, 'apps/server/dist/main.js')
const REFERENCE_SOURCE = path.join(ROOT, 'bench/reference/main.ts')
const REFERENCE = path.join(DATA, 'dist/reference.mjs')
const REFERENCE_PORT = 4321
/** Issue 14: the API scenarios the reference answers; the token scenario stays the product's. */
const REFERENCE_SCENARIOS = new Set(['search-50', 'search-2000', 'expenses-500', 'download-5mb'])
const USER = 'verwalter'
const PORTS: Record<Database, number> = { pglite: 4310, postgres: 4320 }
const BENCH_DATABASE = 'portal_bench'
const EXPENSE_LINES = 500
const ATTACHMENT_BYTES = 5 * 1024 * 1024
const CONNECTIONS = 10

const { values: args } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    duration: { type: 'string', default: '20' },
    'soak-minutes': { type: 'string', default: '10' },
    'skip-portal': { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
  },
})
const scale = Number(args.scale)
const duration = Number(args.duration)
const soakMinutes = Number(args['soak-minutes'])
if (!Number.isInteger(scale) || scale < 1) throw new Error('--scale: eine ganze Zahl ab 1')
if (!(duration > 0)) throw new Error('--duration: Sekunden, mehr als 0')
if (!(soakMinutes >= 0)) throw new Error('--soak-minutes: Minuten, 0 oder mehr')
const postgresUrl = process.env.DATABASE_URL || undefined

const log = (line: string) =>
  console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}`)

// -- machine ------------------------------------------------------------------------------------

function gitCommit(): string {
  const head = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' })
  const dirty = spawnSync('git', ['status', '--porcelain'], { cwd: ROOT, encoding: 'utf8' })
  return `${head.stdout.trim() || 'unbekannt'}${dirty.stdout.trim() ? ' (mit Änderungen)' : ''}`
}

async function postgresVersion(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const result = await client.query<{ server_version: string }>('show server_version')
    return result.rows[0]?.server_version ?? 'unbekannt'
  } finally {
    await client.end()
  }
}

function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl)
  url.pathname = `/${database}`
  return url.toString()
}

// -- seed ---------------------------------------------------------------------------------------

async function seed(
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
 * Issue 12: the seeded data dumped in the interchange format and imported into an empty database
 * of the same kind; answers the import's seconds (the dump is not timed) and records.
 */
async function measureImport(
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

// -- server -------------------------------------------------------------------------------------

interface RunningServer {
  baseUrl: string
  process: ChildProcess
  stop(): Promise<void>
}

const running = new Set<RunningServer>()

/**
 * Runs `script` with node (the young generation size of the server's start scripts,
 * apps/server/package.json, decision 010), its output into bench/.data/<name>.log, and waits until
 * `GET /api/health` answers.
 */
async function startProcess(
  name: string,
  script: string,
  port: number,
  env: NodeJS.ProcessEnv,
): Promise<RunningServer> {
  const logFile = createWriteStream(path.join(DATA, `${name}.log`), { flags: 'a' })
  const child = spawn(process.execPath, ['--max-semi-space-size=64', script], {
    cwd: ROOT,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: 'pipe',
  })
  child.stdout.pipe(logFile)
  child.stderr.pipe(logFile)
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const server: RunningServer = {
    baseUrl: `http://127.0.0.1:${port}`,
    process: child,
    async stop() {
      running.delete(server)
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM')
        const killed = await Promise.race([exited.then(() => true), sleep(15_000, false)])
        if (!killed) child.kill('SIGKILL')
        await exited
      }
      logFile.end()
    },
  }
  running.add(server)
  const deadline = Date.now() + 120_000
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`${name} ist beendet, siehe bench/.data/${name}.log.`)
    }
    try {
      const response = await fetch(`${server.baseUrl}/api/health`)
      if (response.ok) return server
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${name} antwortet nicht auf /api/health.`)
    await sleep(250)
  }
}

async function startServer(kind: Database, dataDir: string, url?: string): Promise<RunningServer> {
  // not NODE_ENV=production: the production mode refuses the demo users' published password
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn', DATA_DIR: dataDir }
  delete env.DATABASE_URL
  delete env.INIT_CWD
  delete env.NODE_ENV
  if (url) env.DATABASE_URL = url
  return startProcess(`${kind}-server`, SERVER, PORTS[kind], env)
}

/**
 * Issue 14: bundles the reference server (bench/reference/) as the product's build bundles the
 * server: our code in one file, npm packages loaded from node_modules.
 */
async function buildReference(): Promise<void> {
  await build({
    entryPoints: [REFERENCE_SOURCE],
    outfile: REFERENCE,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'warning',
    plugins: [
      {
        name: 'external-packages',
        setup(builder) {
          builder.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@portal/') ? undefined : { path: args.path, external: true },
          )
        },
      },
    ],
  })
}

/**
 * The reference on the product's database, with the product's JWT secret: the `jwt-secret` file
 * the product wrote into its data folder at its start.
 */
async function startReference(dataDir: string, url: string): Promise<RunningServer> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: url, DATA_DIR: dataDir }
  return startProcess('postgres-reference', REFERENCE, REFERENCE_PORT, env)
}

async function stopAll(): Promise<void> {
  await Promise.all([...running].map((server) => server.stop()))
}

// -- API ----------------------------------------------------------------------------------------

async function call(
  baseUrl: string,
  token: string | null,
  method: string,
  urlPath: string,
  body?: unknown,
): Promise<{ status: number; json: unknown; bytes: number }> {
  const headers: Record<string, string> = {}
  if (token) headers.authorization = `Bearer ${token}`
  if (body !== undefined) headers['content-type'] = 'application/json'
  const response = await fetch(`${baseUrl}${urlPath}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const buffer = Buffer.from(await response.arrayBuffer())
  const type = response.headers.get('content-type') ?? ''
  const json: unknown = type.includes('json') ? JSON.parse(buffer.toString('utf8')) : undefined
  return { status: response.status, json, bytes: buffer.length }
}

/** A JSON Web Token, e.g. the one the legacy route's form field carries in its JSON. */
const JWT = /eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+/g

/** A recorded body with the recording's token replaced by ours. */
const withToken = (body: string | undefined, token: string) => body?.replace(JWT, token)

/** A recorded call as it is, body and content type included (the legacy route is form-encoded). */
async function sendRecorded(
  baseUrl: string,
  token: string,
  request: ReplayedCall,
): Promise<{ status: number; json: unknown; bytes: number; etag: string | null }> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` }
  if (request.body !== undefined)
    headers['content-type'] = request.contentType ?? 'application/json'
  if (request.ifNoneMatch) headers['if-none-match'] = request.ifNoneMatch
  const response = await fetch(`${baseUrl}${request.path}`, {
    method: request.method,
    headers,
    body: withToken(request.body, token),
  })
  const buffer = Buffer.from(await response.arrayBuffer())
  const type = response.headers.get('content-type') ?? ''
  const json: unknown =
    type.includes('json') && buffer.length > 0 ? JSON.parse(buffer.toString('utf8')) : undefined
  return { status: response.status, json, bytes: buffer.length, etag: response.headers.get('etag') }
}

/** A recorded call as replayed, with the validator of an earlier answer when it had one. */
type ReplayedCall = RecordedCall & { ifNoneMatch?: string }

/**
 * The calls again as the portal sends them a second time (issue 14): each read with the ETag its
 * first answer carried, so that an unchanged answer is a 304.
 */
async function withValidators(
  baseUrl: string,
  token: string,
  calls: RecordedCall[],
): Promise<ReplayedCall[]> {
  const replayed: ReplayedCall[] = []
  for (const call of calls) {
    const { etag } = await sendRecorded(baseUrl, token, call)
    replayed.push(etag ? { ...call, ifNoneMatch: etag } : call)
  }
  return replayed
}

async function signIn(baseUrl: string): Promise<string> {
  const answer = await call(baseUrl, null, 'POST', '/api/token', {
    username: USER,
    password: DEMO_PASSWORD,
  })
  const token = (answer.json as { token?: string } | undefined)?.token
  if (answer.status !== 200 || !token)
    throw new Error(`Anmeldung fehlgeschlagen (${answer.status})`)
  return token
}

type ExpenseLine = Record<string, string | number | null>

/** The lines of the working-cost list of a distribution. */
async function expenseLines(baseUrl: string, token: string, id: string): Promise<ExpenseLine[]> {
  const answer = await call(
    baseUrl,
    token,
    'POST',
    `/api/persistence/operating-costs/${id}/working-expenses?limit=9999`,
    {},
  )
  if (answer.status !== 200) throw new Error(`Kostenliste ${id}: ${answer.status}`)
  return (answer.json as { operatingCostsWorkingExpense: ExpenseLine[] })
    .operatingCostsWorkingExpense
}

const INPUT_FIELDS = [
  'tariffComponent',
  'object',
  'allocationRef',
  'key',
  'from',
  'until',
  'quantity',
  'unit',
  'amountTransactionCurrency',
  'apportionableAmount',
  'deductibleAmount',
  'amountNet',
  'amountNetApportionable',
]

/** An expense line as the add route takes it: the input fields that are set. */
function asInput(line: ExpenseLine, note: string): ExpenseLine {
  const input: ExpenseLine = { note }
  for (const field of INPUT_FIELDS) if (line[field] != null) input[field] = line[field]
  return input
}

interface Fixtures {
  distribution: string
  expenseLines: number
  attachment: string
  attachmentBytes: number
}

/** An open distribution with 500 working-cost lines, and a 5 MB PDF uploaded to it. */
async function createFixtures(baseUrl: string, token: string): Promise<Fixtures> {
  const search = await call(baseUrl, token, 'POST', '/api/persistence/operating-costs-search', {
    filters: [{ property: 'operatingCostsDistributionStatus', type: 'eq', value: 'O' }],
    sort: [{ property: 'operatingCostsDistribution', order: 'asc' }],
  })
  const distributions = (search.json as { items?: { operatingCostsDistribution: string }[] }).items
  const distribution = distributions?.[0]?.operatingCostsDistribution
  if (search.status !== 200 || !distribution) throw new Error('Keine offene Verteilung gefunden.')
  const route = `/api/persistence/operating-costs/${distribution}/working-expenses`
  let lines = await expenseLines(baseUrl, token, distribution)
  // the first line the server accepts as a copy is the pattern for the others
  let pattern: ExpenseLine | undefined
  for (const line of lines) {
    const added = await call(baseUrl, token, 'POST', route, {
      operatingCostsWorkingExpense: [asInput(line, 'Benchmark 1')],
    })
    if (added.status === 201) {
      pattern = line
      break
    }
  }
  if (!pattern) throw new Error(`Keine Kostenzeile von ${distribution} lässt sich kopieren.`)
  lines = await expenseLines(baseUrl, token, distribution)
  while (lines.length < EXPENSE_LINES) {
    const batch = Array.from({ length: Math.min(50, EXPENSE_LINES - lines.length) }, (_, i) =>
      asInput(pattern, `Benchmark ${lines.length + i + 1}`),
    )
    const added = await call(baseUrl, token, 'POST', route, { operatingCostsWorkingExpense: batch })
    if (added.status !== 201) throw new Error(`Kostenzeilen hinzufügen: ${added.status}`)
    lines = await expenseLines(baseUrl, token, distribution)
  }

  // a valid PDF, its content stream long enough for 5 MB (text off the page is still valid)
  const text = `Kostenbeleg Benchmark ${'Heizkosten Wartung Messdienst '.repeat(30)}`
  const lineBytes =
    buildPdf('Beleg', [{ text }, { text }]).size - buildPdf('Beleg', [{ text }]).size
  const count = Math.ceil(ATTACHMENT_BYTES / lineBytes)
  const pdf = buildPdf(
    'Kostenbeleg Benchmark',
    Array.from({ length: count }, () => ({ text, size: 2, gap: 0 })),
  )
  const form = new FormData()
  form.set('objectType', 'KOSTENBELEG')
  form.set('objectKey', distribution)
  form.set('note', 'Benchmark 5 MB')
  form.set(
    'file',
    new Blob([new Uint8Array(pdf.content)], { type: 'application/pdf' }),
    'benchmark-5mb.pdf',
  )
  const upload = await fetch(`${baseUrl}/api/processes/system/file-upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  })
  const uploaded = (await upload.json()) as { attachment?: string; detail?: string }
  if (upload.status !== 200 || !uploaded.attachment) {
    throw new Error(`Upload: ${upload.status} ${uploaded.detail ?? ''}`)
  }
  return {
    distribution,
    expenseLines: lines.length,
    attachment: uploaded.attachment,
    attachmentBytes: pdf.size,
  }
}

// -- scenarios ----------------------------------------------------------------------------------

interface Scenario {
  scenario: string
  description: string
  requests: RecordedCall[]
  /** Checks one answer before the run; returns what it holds, e.g. '50 Zeilen'. */
  check(answer: { status: number; json: unknown; bytes: number }): string
}

const rowsOf = (json: unknown, field = 'items') =>
  ((json as Record<string, unknown[] | undefined> | undefined)?.[field] ?? []).length

function expectRows(
  expected: (rows: number) => boolean,
  what: string,
  field?: string,
): Scenario['check'] {
  return (answer) => {
    const rows = rowsOf(answer.json, field)
    if (answer.status !== 200) throw new Error(`${what}: Status ${answer.status}`)
    if (!expected(rows)) throw new Error(`${what}: ${rows} Zeilen`)
    return `${rows} Zeilen`
  }
}

const json = (body: unknown) => ({ body: JSON.stringify(body), contentType: 'application/json' })
const connectionsSearch = { filters: [], sort: [] }

function scenarios(fixtures: Fixtures, portalCalls: RecordedCall[]): Scenario[] {
  const list: Scenario[] = [
    {
      scenario: 'token',
      description: 'POST /api/token',
      requests: [
        {
          method: 'POST',
          path: '/api/token',
          ...json({ username: USER, password: DEMO_PASSWORD }),
        },
      ],
      check: (answer) => {
        if (answer.status !== 200) throw new Error(`Anmeldung: Status ${answer.status}`)
        return 'Token'
      },
    },
    {
      scenario: 'search-50',
      description: 'connections-search, limit=50',
      requests: [
        {
          method: 'POST',
          path: '/api/persistence/connections-search?limit=50',
          ...json(connectionsSearch),
        },
      ],
      check: expectRows((rows) => rows === 50 || scale < 5, '50er-Suche'),
    },
    {
      scenario: 'search-2000',
      description: 'connections-search, limit=9999',
      requests: [
        {
          method: 'POST',
          path: '/api/persistence/connections-search?limit=9999',
          ...json(connectionsSearch),
        },
      ],
      // at scale 100 verwalter sees about 3,500 connections; smaller scales report what they get
      check: expectRows((rows) => rows >= 2_000 || scale < 100, 'Große Suche'),
    },
    {
      scenario: 'expenses-500',
      description: `Kostenliste mit ${fixtures.expenseLines} Zeilen`,
      requests: [
        {
          method: 'POST',
          path: `/api/persistence/operating-costs/${fixtures.distribution}/working-expenses?limit=9999`,
          ...json({}),
        },
      ],
      check: expectRows(
        (rows) => rows >= EXPENSE_LINES,
        'Kostenliste',
        'operatingCostsWorkingExpense',
      ),
    },
    {
      scenario: 'download-5mb',
      description: 'Download 5 MB',
      requests: [
        { method: 'GET', path: `/api/processes/system/file-download/${fixtures.attachment}` },
      ],
      check: (answer) => {
        if (answer.status !== 200 || answer.bytes !== fixtures.attachmentBytes) {
          throw new Error(`Download: Status ${answer.status}, ${answer.bytes} Bytes`)
        }
        return `${(answer.bytes / 1024 / 1024).toFixed(1)} MB`
      },
    },
  ]
  if (portalCalls.length > 0) list.push(mixedScenario(portalCalls))
  return list
}

function mixedScenario(portalCalls: RecordedCall[]): Scenario {
  return {
    scenario: 'mixed',
    description: `Gemischt: Portal-Aufrufe (${portalCalls.length})`,
    requests: portalCalls,
    check: (answer) => {
      if (answer.status < 200 || answer.status > 299) {
        throw new Error(`Status ${answer.status}`)
      }
      return `${portalCalls.length} Aufrufe`
    },
  }
}

/** Checks every request of a scenario once; returns what the (last) answer held. */
async function checkScenario(baseUrl: string, token: string, scenario: Scenario): Promise<string> {
  let answer = ''
  for (const request of scenario.requests) {
    const result = await sendRecorded(baseUrl, token, request)
    try {
      answer = scenario.check(result)
    } catch (error) {
      throw new Error(
        `${scenario.scenario}: ${request.method} ${request.path}: ${(error as Error).message}`,
      )
    }
  }
  return answer
}

/** `200: 9500, 503: 12`: the answers of a run by status, for the log. */
function statusCounts(result: autocannon.Result): string {
  const stats = (result as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats
  return Object.entries(stats ?? {})
    .map(([status, { count }]) => `${status}: ${count}`)
    .join(', ')
}

function figures(result: autocannon.Result, answer?: string): RunFigures {
  const stats = (result as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats
  // a 304 is the answer the validator asked for, not a failure
  const notModified = stats?.['304']?.count ?? 0
  if (result.non2xx > notModified) log(`  Antworten nach Status: ${statusCounts(result)}`)
  return {
    notModified,
    requestsPerSecond: result.requests.mean,
    latencyMs: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
    },
    throughputBytesPerSecond: result.throughput.mean,
    requests: result.requests.total,
    non2xx: result.non2xx - notModified,
    errors: result.errors,
    timeouts: result.timeouts,
    answer,
  }
}

async function load(
  baseUrl: string,
  token: string,
  requests: ReplayedCall[],
  seconds: number,
): Promise<autocannon.Result> {
  return autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    pipelining: 1,
    duration: seconds,
    // as a browser does: a new connection when the server's `Connection: close` ends one after
    // its last allowed request (autocannon would otherwise go on and collect Node's 503s)
    reconnectRate: MAX_REQUESTS_PER_SOCKET,
    headers: { authorization: `Bearer ${token}` },
    requests: requests.map((r) => {
      const headers: Record<string, string> = {}
      if (r.body !== undefined) headers['content-type'] = r.contentType ?? 'application/json'
      if (r.ifNoneMatch) headers['if-none-match'] = r.ifNoneMatch
      return {
        method: r.method as autocannon.Request['method'],
        path: r.path,
        ...(r.body === undefined ? {} : { body: withToken(r.body, token) }),
        ...(Object.keys(headers).length > 0 ? { headers } : {}),
      }
    }),
  })
}

/** Issue 14: the reference beside the product, the demo users' tokens, and where its results go. */
interface Reference {
  server: RunningServer
  users: { userName: string; token: string }[]
  results: ReferenceResult[]
}

/** A token for every demo user, from the product (the reference verifies the product's tokens). */
async function demoUserTokens(baseUrl: string): Promise<Reference['users']> {
  const tokens: Reference['users'] = []
  for (const { userName } of DEMO_USERS) {
    const answer = await call(baseUrl, null, 'POST', '/api/token', {
      username: userName,
      password: DEMO_PASSWORD,
    })
    const token = (answer.json as { token?: string } | undefined)?.token
    if (answer.status !== 200 || !token) {
      throw new Error(`Anmeldung ${userName} fehlgeschlagen (${answer.status})`)
    }
    tokens.push({ userName, token })
  }
  return tokens
}

function logRun(who: string, run: RunFigures): void {
  const failed = run.errors + run.timeouts + run.non2xx > 0 ? ' – MIT FEHLERN' : ''
  log(
    `  ${who}${run.requestsPerSecond.toFixed(1)} req/s, p50 ${run.latencyMs.p50} ms, p99 ${run.latencyMs.p99} ms${failed}`,
  )
}

/**
 * Runs the scenarios one after the other into `results`; a failed check skips its scenario. With
 * a reference, each of its scenarios is first compared once (every request as every demo user,
 * byte for byte) and, when equal, the reference gets the same load right after the product.
 */
async function runScenarios(
  kind: Database,
  server: RunningServer,
  list: Scenario[],
  results: ScenarioResult[],
  problems: string[],
  reference?: Reference,
): Promise<void> {
  const token = await signIn(server.baseUrl)
  for (const scenario of list) {
    let answer: string
    try {
      answer = await checkScenario(server.baseUrl, token, scenario)
    } catch (error) {
      const message = `${kind}: ${scenario.description} nicht gemessen, die Prüfung scheitert: ${(error as Error).message}`
      log(message)
      problems.push(message)
      continue
    }
    let compared: ReferenceResult | undefined
    if (reference && REFERENCE_SCENARIOS.has(scenario.scenario)) {
      try {
        const check = await compareAnswers(
          server.baseUrl,
          reference.server.baseUrl,
          scenario.requests,
          reference.users,
        )
        compared = {
          scenario: scenario.scenario,
          description: scenario.description,
          database: kind,
          check,
          run: null,
          ratios: null,
        }
        log(`${kind}: ${scenario.description}: Referenz ${equalityText(check)}`)
        if (!check.equal) {
          problems.push(
            `${kind}: ${scenario.description}: die Antwort der Referenz weicht ab (${equalityText(check)}); kein Verhältnis gemessen.`,
          )
        }
      } catch (error) {
        problems.push(
          `${kind}: ${scenario.description}: Vergleich mit der Referenz gescheitert: ${(error as Error).message}`,
        )
      }
    }
    log(`${kind}: ${scenario.description} (${answer}), ${duration} s …`)
    const run = figures(await load(server.baseUrl, token, scenario.requests, duration), answer)
    logRun('', run)
    results.push({
      scenario: scenario.scenario,
      description: scenario.description,
      database: kind,
      run,
    })
    if (!reference || !compared) continue
    reference.results.push(compared)
    if (!compared.check.equal) continue
    log(`${kind}: ${scenario.description} auf der Referenz, ${duration} s …`)
    compared.run = figures(
      await load(reference.server.baseUrl, token, scenario.requests, duration),
      answer,
    )
    logRun('Referenz: ', compared.run)
    if (compared.run.errors + compared.run.timeouts + compared.run.non2xx > 0) {
      problems.push(
        `${kind}: ${scenario.description}: der Lauf der Referenz hatte Fehler; kein Verhältnis.`,
      )
      continue
    }
    compared.ratios = referenceRatios(run, compared.run)
    log(
      `  Produkt / Referenz: req/s ${compared.ratios.requestsPerSecond.toFixed(2)}, p50 ${compared.ratios.p50.toFixed(2)}`,
    )
  }
  await revalidatedMixed(kind, server, token, list, results)
}

/**
 * The mixed scenario once more as a portal sends it the second time (issue 14): every read with
 * the validator of its first answer. The answer column shows the share of 304s.
 */
async function revalidatedMixed(
  kind: Database,
  server: RunningServer,
  token: string,
  list: Scenario[],
  results: ScenarioResult[],
): Promise<void> {
  const mixed = list.find((scenario) => scenario.scenario === 'mixed')
  if (!mixed) return
  const requests = await withValidators(server.baseUrl, token, mixed.requests)
  const validated = requests.filter((r) => r.ifNoneMatch).length
  const description = `Gemischt, wiederholt mit If-None-Match (${validated} von ${requests.length} Aufrufen)`
  log(`${kind}: ${description}, ${duration} s …`)
  const run = figures(await load(server.baseUrl, token, requests, duration))
  const share = run.requests > 0 ? (100 * (run.notModified ?? 0)) / run.requests : 0
  run.answer = `${share.toFixed(0)} % 304`
  logRun('', run)
  results.push({ scenario: 'mixed-revalidated', description, database: kind, run })
}

// -- raw SQL ------------------------------------------------------------------------------------

/** The SQL and parameters the server runs for a connections search of `limit` rows. */
async function searchSql(db: Db, limit: number) {
  const [user] = await db
    .select({
      userId: users.id,
      companyCode: users.companyCode,
      businessPartner: users.businessPartner,
    })
    .from(users)
    .where(eq(users.userName, USER))
  if (!user) throw new Error(`Benutzer ${USER} fehlt`)
  // the product's own statement for the answer (issue 14), as the route runs it
  const statement = searchAnswerStatement(
    connectionEntity,
    { userName: USER, ...user },
    { filters: [], sort: [] },
    { limit },
    { field: 'items', item: connectionJson },
  )
  return (db as unknown as { dialect: PgDialect }).dialect.sqlToQuery(statement)
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
}

/** `CONNECTIONS` loops running `query` for `seconds`; latencies in ms. */
async function loops(seconds: number, query: () => Promise<unknown>): Promise<RunFigures> {
  const latencies: number[] = []
  let errors = 0
  const until = performance.now() + seconds * 1000
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) {
        const started = performance.now()
        try {
          await query()
          latencies.push(performance.now() - started)
        } catch {
          errors++
        }
      }
    }),
  )
  latencies.sort((a, b) => a - b)
  return {
    requestsPerSecond: latencies.length / seconds,
    latencyMs: {
      p50: percentile(latencies, 50),
      p90: percentile(latencies, 90),
      p99: percentile(latencies, 99),
      max: latencies.at(-1) ?? Number.NaN,
    },
    throughputBytesPerSecond: 0,
    requests: latencies.length,
    non2xx: 0,
    errors,
    timeouts: 0,
  }
}

async function rawSql(kind: Database, dataDir: string, url?: string) {
  const results: { scenario: string; database: Database; run: RunFigures }[] = []
  const handle = await openDatabase(url ? { databaseUrl: url } : { dataDir })
  const pool = url ? new pg.Pool({ connectionString: url, max: CONNECTIONS }) : undefined
  try {
    for (const [scenario, limit] of [
      ['search-50', 50],
      ['search-2000', 9999],
    ] as const) {
      const { sql, params } = await searchSql(handle.db, limit)
      log(`${kind}: SQL der Suche ${scenario} direkt, ${duration} s …`)
      const client = pool
      const run = client
        ? await loops(duration, () => client.query(sql, params))
        : await pgliteLoops(handle, sql, params)
      log(`  ${run.requestsPerSecond.toFixed(0)}/s, p50 ${run.latencyMs.p50.toFixed(2)} ms`)
      results.push({ scenario, database: kind, run })
    }
  } finally {
    await pool?.end()
    await handle.close()
  }
  return results
}

/** PGlite: the same connection the server would use (one, in-process), 10 loops on it. */
async function pgliteLoops(
  handle: Awaited<ReturnType<typeof openDatabase>>,
  sql: string,
  params: unknown[],
): Promise<RunFigures> {
  const client = (handle.db as unknown as { $client: PGlite }).$client
  return loops(duration, () => client.query(sql, params))
}

// -- memory -------------------------------------------------------------------------------------

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN)
  return kb / 1024
}

/** After a run with failures: each call once more, and what the failing ones answer now. */
async function logFailingCalls(baseUrl: string, token: string, calls: RecordedCall[]) {
  for (const call of calls) {
    const answer = await sendRecorded(baseUrl, token, call)
    if (answer.status < 200 || answer.status > 299) {
      log(`  ${call.method} ${call.path}: ${answer.status} ${JSON.stringify(answer.json)}`)
    }
  }
}

async function soak(
  kind: Database,
  server: RunningServer,
  portalCalls: RecordedCall[],
): Promise<MemoryResult> {
  const pid = server.process.pid
  if (pid === undefined) throw new Error('Der Server hat keine Prozessnummer.')
  const token = await signIn(server.baseUrl)
  const totalSeconds = soakMinutes * 60
  log(`${kind}: Speicherdauerlauf, gemischtes Szenario ${soakMinutes} min, RSS alle 5 s …`)
  const samples: { second: number; rssMb: number }[] = []
  const started = performance.now()
  const sampler = setInterval(() => {
    samples.push({ second: Math.round((performance.now() - started) / 1000), rssMb: rssMb(pid) })
  }, 5_000)
  let result: autocannon.Result
  try {
    result = await load(server.baseUrl, token, portalCalls, totalSeconds)
  } finally {
    clearInterval(sampler)
  }
  if (result.non2xx > 0) await logFailingCalls(server.baseUrl, token, portalCalls)
  const change = memoryChange(samples, totalSeconds)
  log(
    `  RSS ${change.firstMb.toFixed(1)} MB -> ${change.lastMb.toFixed(1)} MB (${change.changePercent.toFixed(1)} %)`,
  )
  return {
    database: kind,
    minutes: soakMinutes,
    warmUpSeconds: change.warmUp,
    windowSeconds: change.window,
    samples,
    firstMb: change.firstMb,
    lastMb: change.lastMb,
    changePercent: change.changePercent,
    run: figures(result, `${portalCalls.length} Aufrufe`),
  }
}

// -- main ---------------------------------------------------------------------------------------

/** The report so far: written with the failure when a step breaks off the run. */
let partial: BenchReport | undefined

async function main(): Promise<BenchReport> {
  const startedAt = new Date()
  const report: BenchReport = {
    startedAt: startedAt.toISOString(),
    machine: {
      cpu: os.cpus()[0]?.model ?? 'unbekannt',
      cores: os.cpus().length,
      memoryGb: os.totalmem() / 1024 ** 3,
      node: process.version,
      os: `${os.type()} ${os.release()}`,
      postgres: postgresUrl ? await postgresVersion(postgresUrl) : null,
      commit: gitCommit(),
    },
    options: {
      scale,
      durationSeconds: duration,
      soakMinutes,
      portal: !args['skip-portal'],
    },
    seedSeconds: {},
    seedRows: {},
    importSeconds: {},
    scenarios: [],
    reference: { results: [], skipped: [] },
    sql: [],
    memory: null,
    portal: null,
    problems: [],
  }
  partial = report
  const write = () => writeReport(report, startedAt)
  process.once('SIGINT', () => {
    void stopAll().then(() => process.exit(130))
  })

  if (!args['no-build']) {
    log('Baue Portal und Server (npm run build) …')
    const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' })
    if (build.status !== 0) throw new Error('npm run build ist fehlgeschlagen.')
  }
  mkdirSync(DATA, { recursive: true })
  let referenceBuilt = false
  if (postgresUrl) {
    log('Baue die Referenz (bench/reference/) …')
    try {
      await buildReference()
      referenceBuilt = true
    } catch (error) {
      report.problems.push(`Referenz nicht gebaut: ${(error as Error).message}`)
    }
  }

  const kinds: Database[] = postgresUrl ? ['pglite', 'postgres'] : ['pglite']
  const soakKind: Database = postgresUrl ? 'postgres' : 'pglite'
  let portalCalls: RecordedCall[] = []
  for (const kind of kinds) {
    log(`${kind}: neue Datenbank, Demodaten mit Skalierung ${scale} …`)
    const seeded = await seed(kind)
    report.seedSeconds[kind] = seeded.seconds
    report.seedRows[kind] = seeded.rows
    log(
      `${kind}: Demodaten in ${seeded.seconds.toFixed(1)} s (${seeded.rows.measurements} Ablesungen)`,
    )
    log(`${kind}: Export im Austauschformat, Import in eine leere Datenbank …`)
    try {
      const imported = await measureImport(kind, seeded)
      report.importSeconds[kind] = imported
      log(`${kind}: Import von ${imported.rows} Datensätzen in ${imported.seconds.toFixed(1)} s`)
    } catch (error) {
      report.problems.push(`Import (${kind}): ${(error as Error).message}`)
    }
    log(`${kind}: starte den gebauten Server …`)
    const server = await startServer(kind, seeded.dataDir, seeded.url)
    let reference: Reference | undefined
    try {
      const credentials = { baseUrl: server.baseUrl, userName: USER, password: DEMO_PASSWORD }
      const token = await signIn(server.baseUrl)
      log(`${kind}: lege ${EXPENSE_LINES} Kostenzeilen und einen 5-MB-Beleg über die API an …`)
      const fixtures = await createFixtures(server.baseUrl, token)
      if (portalCalls.length === 0) {
        log(
          'Zeichne die Aufrufe des Portals in Chromium auf (Dashboard, Liegenschaft, Nutzeinheit, Verteilung) …',
        )
        try {
          portalCalls = await recordPortalCalls(credentials)
        } catch (error) {
          report.problems.push(`Aufzeichnung der Portal-Aufrufe: ${(error as Error).message}`)
        }
      }
      if (kind === 'pglite') {
        report.reference.skipped.push(
          `PGlite: keine Referenz. Sie fragt PostgreSQL über einen pg-Pool, und eine PGlite-Datenbank öffnet nur ein Prozess, der Server des Produkts.${postgresUrl ? '' : ' Ohne DATABASE_URL misst dieser Lauf daher kein Verhältnis.'}`,
        )
      } else if (referenceBuilt && seeded.url) {
        log(`${kind}: starte die Referenz auf derselben Datenbank …`)
        try {
          const started = await startReference(seeded.dataDir, seeded.url)
          reference = { server: started, users: [], results: report.reference.results }
          reference.users = await demoUserTokens(server.baseUrl)
        } catch (error) {
          report.problems.push(`Referenz nicht gestartet: ${(error as Error).message}`)
          await reference?.server.stop()
          reference = undefined
        }
      }
      await runScenarios(
        kind,
        server,
        scenarios(fixtures, portalCalls),
        report.scenarios,
        report.problems,
        reference,
      )
      if (reference) {
        await reference.server.stop()
        reference = undefined
      }
      if (kind === 'postgres') report.sql.push(...(await rawSql(kind, seeded.dataDir, seeded.url)))
      if (kind === 'pglite' && !args['skip-portal']) {
        log('Portal: JavaScript und Lighthouse in Chromium …')
        try {
          report.portal = await measurePortal(credentials)
        } catch (error) {
          report.problems.push(`Portal-Messung: ${(error as Error).message}`)
        }
      }
      if (kind === soakKind && soakMinutes > 0) {
        if (portalCalls.length > 0) report.memory = await soak(kind, server, portalCalls)
        else report.problems.push('Speicherdauerlauf übersprungen: keine Portal-Aufrufe.')
      }
    } finally {
      log(`${kind}: stoppe den Server.`)
      await reference?.server.stop()
      await server.stop()
    }
    // a PGlite folder cannot be opened twice: its SQL runs once the server is gone
    if (kind === 'pglite') report.sql.push(...(await rawSql(kind, seeded.dataDir)))
    write()
  }
  return report
}

function writeReport(report: BenchReport, startedAt: Date): string {
  mkdirSync(RESULTS, { recursive: true })
  const local = new Date(startedAt.getTime() - startedAt.getTimezoneOffset() * 60_000)
  const name = `${local.toISOString().slice(0, 16).replace(':', '-')}-scale${report.options.scale}`
  const file = path.join(RESULTS, name)
  writeFileSync(`${file}.json`, `${JSON.stringify(report, null, 2)}\n`)
  writeFileSync(`${file}.md`, renderMarkdown(report))
  return `${file}.md`
}

try {
  const report = await main()
  const file = writeReport(report, new Date(report.startedAt))
  log(`Bericht: ${path.relative(ROOT, file)} (und .json)`)
} catch (error) {
  console.error(`[bench] abgebrochen: ${(error as Error).stack ?? String(error)}`)
  process.exitCode = 1
  if (partial) {
    partial.problems.push(`Abgebrochen: ${(error as Error).message}`)
    log(
      `Bericht bis zum Abbruch: ${path.relative(ROOT, writeReport(partial, new Date(partial.startedAt)))}`,
    )
  }
} finally {
  await stopAll()
}
