/**
 * Decision 029: faults of the process. `SIGTERM` drains: requests in flight finish and are answered,
 * then the process ends with 0. `kill -9` during cost-line saves and an upload leaves no
 * half-written row: after the restart every line is whole or absent, every stored file has all
 * its bytes, every idempotency key has its effect, and repeating every request with its key makes
 * each line exactly once. (PostgreSQL restarts: test/database-restart.test.ts.)
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { offeredHeatingLine, valueListRequest } from './expense-lines'
import { multipart, SAMPLE_FILES } from './fixtures/files'
import { signIn as signInAt } from './portal-requests'
import { startServerProcess, type ServerProcess } from './server-process'
import { databaseUrl, onServer, TEMPLATE_DATABASE } from './test-database'

const isPostgres = inject('testDatabaseKind') === 'postgres'
const BASE = '/api/persistence/operating-costs'

/** A PDF of `size` bytes: the header the type check reads, then padding. */
const pdfOf = (size: number) =>
  Buffer.concat([SAMPLE_FILES.pdf, Buffer.alloc(size - SAMPLE_FILES.pdf.length, 0x20)])

/** Lines of the server's log that report an incoming request other than the sign-in. */
const incoming = (server: ServerProcess) =>
  server
    .output()
    .split('\n')
    .filter((line) => line.includes('"incoming request"') && !line.includes('/api/token')).length

describe.skipIf(!isPostgres)('faults of the server process', () => {
  const serverUrl = inject('serverUrl')
  const name = `portal_test_${randomBytes(6).toString('hex')}`
  let url: string
  let dataDir: string
  let env: NodeJS.ProcessEnv
  let db: pg.Client
  let distribution: string

  beforeAll(async () => {
    await onServer(serverUrl, [`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`])
    url = databaseUrl(serverUrl, name)
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-faults-'))
    env = {
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      PORTAL_DIST: path.join(dataDir, 'no-portal'),
      JWT_SECRET: randomBytes(32).toString('hex'),
    }
    db = new pg.Client({ connectionString: url })
    await db.connect()
    const open = await db.query<{ id: string }>(
      `select operating_costs_distribution as id from operating_costs_distributions
       where company_code = '1000' and operating_costs_distribution_status = 'O' order by 1 limit 1`,
    )
    distribution = open.rows[0]!.id
  }, 300_000)

  afterAll(async () => {
    await db.end()
    await onServer(serverUrl, [`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`])
    await rm(dataDir, { recursive: true, force: true })
  }, 300_000)

  const signIn = async (server: ServerProcess) => ({ authorization: await signInAt(server.base) })

  const upload = (server: ServerProcess, auth: object, key: string, content: Buffer) => {
    const body = multipart(
      { objectType: 'KOSTENBELEG', objectKey: distribution },
      { fileName: `beleg-${key}.pdf`, content },
    )
    return fetch(`${server.base}/api/processes/system/file-upload`, {
      method: 'POST',
      headers: { ...auth, ...body.headers, 'idempotency-key': key },
      body: body.payload,
    })
  }

  /** A valid heating line of the open distribution, as the value lists offer it. */
  async function validLine(server: ServerProcess, auth: object) {
    const valueList = async (line: object) => {
      const response = await fetch(`${server.base}/api/processes/system/value-list?limit=9999`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify(valueListRequest(distribution, line)),
      })
      expect(response.status).toBe(200)
      return ((await response.json()) as { data: { data: { key: string; obj?: string }[] } }).data
        .data
    }
    const period = await db.query<{ from: string; until: string }>(
      `select "from"::text, "until"::text from operating_costs_distributions where operating_costs_distribution = $1`,
      [distribution],
    )
    return {
      ...(await offeredHeatingLine(valueList, period.rows[0]!)),
      apportionableAmount: '80.00',
    }
  }

  const lineCount = async (amount: string) =>
    Number(
      (
        await db.query<{ n: string }>(
          `select count(*) as n from operating_costs_expenses
           where operating_costs_distribution = $1 and amount_transaction_currency = $2`,
          [distribution, amount],
        )
      ).rows[0]!.n,
    )

  it('drains on SIGTERM: requests in flight finish, none answered is lost, the process ends with 0', async () => {
    // a grace time no loaded test machine reaches: the test shows the drain, not the timeout
    const server = await startServerProcess({ ...env, SHUTDOWN_TIMEOUT_MS: '300000' })
    const auth = await signIn(server)
    const before = incoming(server)
    const searches = Array.from({ length: 12 }, () =>
      fetch(`${server.base}/api/persistence/connections-search?limit=9999`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ filters: [] }),
      }).then(async (response) => ({
        status: response.status,
        items: ((await response.json()) as { items: unknown[] }).items.length,
      })),
    )
    const content = pdfOf(4 * 1024 * 1024)
    const uploads = Array.from({ length: 4 }, (_, index) =>
      upload(server, auth, `drain-${randomUUID()}-${index}`, content).then(async (response) => ({
        status: response.status,
        size: ((await response.json()) as { size?: number }).size,
      })),
    )
    // SIGTERM once the server has received every request
    await expect.poll(() => incoming(server) - before, { timeout: 180_000 }).toBe(16)
    const exited = new Promise<number | null>((resolve) =>
      server.child.once('exit', (code) => resolve(code)),
    )
    server.child.kill('SIGTERM')
    const answered = await Promise.all(searches)
    const stored = await Promise.all(uploads)
    expect(await exited, server.output().slice(-3000)).toBe(0)
    expect(answered.every((a) => a.status === 200 && a.items > 0)).toBe(true)
    expect(stored.every((s) => s.status === 200 && s.size === content.length)).toBe(true)
    // a request after the close finds no server
    await expect(fetch(`${server.base}/api/health/live`)).rejects.toThrow()
    // every upload answered is stored, with every byte
    const files = await db.query<{ size: number; bytes: string }>(
      `select a.size, sum(length(c.content))::text as bytes from attachments a
       join attachment_contents c using (attachment)
       where a.file_name like 'beleg-drain-%' group by a.attachment, a.size`,
    )
    expect(files.rows).toHaveLength(4)
    expect(files.rows.every((row) => Number(row.bytes) === row.size)).toBe(true)
    console.log(
      `SIGTERM: ${answered.length} searches and ${stored.length} uploads of 4 MB in flight, all answered 200; exit code 0`,
    )
  }, 600_000)

  it('kill -9 during cost-line saves and an upload leaves no half-written row', async () => {
    let server = await startServerProcess(env)
    let auth = await signIn(server)
    // forty lines of one cost type: each a confirmed second line (decision 036)
    const line = {
      ...(await validLine(server, auth)),
      amountTransactionCurrency: '4711.42',
      confirmSecondLine: true,
    }
    const keys = Array.from({ length: 40 }, () => randomUUID())
    const save = (target: ServerProcess, key: string) =>
      fetch(`${target.base}${BASE}/${distribution}/heating-expenses`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify({ operatingCostsHeatingExpense: [line] }),
      }).then(
        (response) => response.status,
        () => 'no answer' as const,
      )
    const content = pdfOf(8 * 1024 * 1024)
    const uploadKey = `kill-${randomUUID()}`
    let settled = 0
    const saves = keys.map((key) => save(server, key).finally(() => settled++))
    const uploaded = upload(server, auth, uploadKey, content).then(
      (response) => response.status,
      () => 'no answer' as const,
    )
    // kill once the first answers arrived: some saves done, others in flight or not yet read
    await expect.poll(() => settled, { timeout: 180_000, interval: 1 }).toBeGreaterThan(2)
    server.child.kill('SIGKILL')
    const outcomes = await Promise.all(saves)
    const uploadOutcome = await uploaded
    const answered = outcomes.filter((outcome) => outcome === 201 || outcome === 200).length

    // nothing half-written: every line whole, every file with all its bytes, every key its effect
    const lines = await lineCount('4711.42')
    expect(lines).toBeGreaterThanOrEqual(answered)
    const halfLines = await db.query(
      `select guid from operating_costs_expenses where operating_costs_distribution = $1
       and amount_transaction_currency = '4711.42'
       and (tariff_component is null or key is null or allocation_ref is null or apportionable_amount is null)`,
      [distribution],
    )
    expect(halfLines.rows).toEqual([])
    const keysStored = await db.query<{ n: string }>(
      `select count(*) as n from idempotency_keys where key = any($1)`,
      [keys],
    )
    expect(Number(keysStored.rows[0]!.n)).toBe(lines)
    const files = await db.query<{ size: number; sha256: string; attachment: string }>(
      `select attachment, size, sha256 from attachments where file_name = $1`,
      [`beleg-${uploadKey}.pdf`],
    )
    for (const file of files.rows) {
      const chunks = await db.query<{ content: Buffer }>(
        'select content from attachment_contents where attachment = $1 order by chunk',
        [file.attachment],
      )
      const hash = createHash('sha256')
      for (const chunk of chunks.rows) hash.update(chunk.content)
      expect(hash.digest('hex')).toBe(file.sha256)
    }
    const orphans = await db.query(
      'select attachment from attachment_contents except select attachment from attachments',
    )
    expect(orphans.rows).toEqual([])

    // after the restart every request repeated with its key: each line exactly once
    server = await startServerProcess(env)
    auth = await signIn(server)
    const repeated = await Promise.all(keys.map((key) => save(server, key)))
    expect(repeated.every((status) => status === 201 || status === 200)).toBe(true)
    expect(await lineCount('4711.42')).toBe(keys.length)
    expect((await upload(server, auth, uploadKey, content)).status).toBe(200)
    const stored = await db.query<{ n: string }>(
      'select count(*) as n from attachments where file_name = $1',
      [`beleg-${uploadKey}.pdf`],
    )
    expect(Number(stored.rows[0]!.n)).toBe(1)
    await server.stop()
    console.log(
      `kill -9: ${answered} of ${keys.length} saves answered before the kill, ${lines} lines committed, ` +
        `upload ${String(uploadOutcome)} (${files.rows.length} stored); after the restart ${keys.length} lines, 1 file`,
    )
  }, 600_000)
})
