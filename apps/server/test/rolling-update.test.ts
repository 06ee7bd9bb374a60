/**
 * Decision 038: an update loses no request. Two server processes behind HAProxy (Debian's package)
 * on one PostgreSQL database; a loop of reads and writes runs through HAProxy while both are
 * restarted in turn, as `scripts/update.sh` does it (SIGTERM, wait for the end, start, wait until
 * HAProxy sees it up). Every answer is 2xx and every acknowledged write is in the database. HAProxy
 * retries nothing (`retries 0`): the drain alone keeps the requests whole.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { loadHttpLimits } from '../src/platform/config'
import { reportTenantChange, searchConnections, signIn } from './portal-requests'
import { startServerProcess, type ServerProcess } from './server-process'
import { databaseUrl, onServer, TEMPLATE_DATABASE } from './test-database'

const isPostgres = inject('testDatabaseKind') === 'postgres'
const HAPROXY = process.env.HAPROXY || '/usr/sbin/haproxy'
const hasHaproxy = existsSync(HAPROXY)
// CI installs haproxy (.ci/run): there a missing one is a failure, not a skip
if (!hasHaproxy && process.env.CI && isPostgres) {
  throw new Error(`HAProxy fehlt (${HAPROXY}): apt-get install haproxy, oder HAPROXY setzen`)
}

/** How long a replica keeps serving after SIGTERM: HAProxy's two failed checks at 500 ms fit twice. */
const SHUTDOWN_DELAY_MS = 2500

/** A port free right now on 127.0.0.1. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

const haproxyConfig = (front: number, stats: number, backends: number[]) => `
global
  maxconn 256

defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  # no retry at all: a request the drain did not protect fails the test
  retries 0
  option redispatch

frontend portal
  bind 127.0.0.1:${front}
  default_backend replicas

frontend stats
  bind 127.0.0.1:${stats}
  stats enable
  stats uri /stats

backend replicas
  balance roundrobin
  option httpchk GET /api/health/ready
  http-check expect status 200
  default-server inter 500ms fall 2 rise 2
${backends.map((port, i) => `  server replica${i + 1} 127.0.0.1:${port} check`).join('\n')}
`

/** HAProxy's view of a replica: its status column (UP, DOWN, …) from the CSV statistics. */
async function statusOf(statsPort: number, server: string): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${statsPort}/stats;csv`)
  const line = (await response.text())
    .split('\n')
    .find((row) => row.startsWith(`replicas,${server},`))
  return line?.split(',')[17] ?? 'unknown'
}

interface Outcome {
  kind: 'read' | 'write'
  key: string
  status: number | 'no answer'
  body: string
}

describe.skipIf(!isPostgres || !hasHaproxy)('a rolling update behind HAProxy', () => {
  const serverUrl = inject('serverUrl')
  const name = `portal_test_${randomBytes(6).toString('hex')}`
  let url: string
  let dataDir: string
  let env: NodeJS.ProcessEnv
  let haproxy: ChildProcess | undefined
  let haproxyOutput = ''
  const servers: (ServerProcess | undefined)[] = []

  beforeAll(async () => {
    await onServer(serverUrl, [`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`])
    url = databaseUrl(serverUrl, name)
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-rolling-'))
    env = {
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      PORTAL_DIST: path.join(dataDir, 'no-portal'),
      // one secret for both, as behind a load balancer: a token of one is valid on the other
      JWT_SECRET: randomBytes(32).toString('hex'),
      SHUTDOWN_DELAY_MS: String(SHUTDOWN_DELAY_MS),
    }
  }, 300_000)

  afterAll(async () => {
    for (const server of servers) await server?.stop()
    if (haproxy && haproxy.exitCode === null) {
      const ended = new Promise((resolve) => haproxy!.once('exit', resolve))
      haproxy.kill('SIGTERM')
      await ended
    }
    await onServer(serverUrl, [`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`])
    await rm(dataDir, { recursive: true, force: true })
  }, 300_000)

  it('restarts both replicas in turn under reads and writes: 0 failed requests, 0 lost writes', async () => {
    const ports = [await freePort(), await freePort()]
    const [front, stats] = [await freePort(), await freePort()]
    const config = path.join(dataDir, 'haproxy.cfg')
    await writeFile(config, haproxyConfig(front, stats, ports))
    const check = spawnSync(HAPROXY, ['-c', '-f', config], { encoding: 'utf8' })
    expect(check.status, `${check.stdout}${check.stderr}`).toBe(0)

    // one after the other, as a rolling start does
    for (const port of ports) servers.push(await startServerProcess({ ...env, PORT: String(port) }))
    haproxy = spawn(HAPROXY, ['-db', '-f', config], { stdio: ['ignore', 'pipe', 'pipe'] })
    haproxy.stdout!.on('data', (chunk: Buffer) => (haproxyOutput += chunk.toString()))
    haproxy.stderr!.on('data', (chunk: Buffer) => (haproxyOutput += chunk.toString()))
    const upBoth = () =>
      expect
        .poll(
          async () =>
            [await statusOf(stats, 'replica1'), await statusOf(stats, 'replica2')].join(' '),
          { timeout: 60_000, interval: 100 },
        )
        .toBe('UP UP')
    await upBoth()

    const base = `http://127.0.0.1:${front}`
    const db = new pg.Client({ connectionString: url })
    await db.connect()
    try {
      const unit = (
        await db.query<{ id: string }>(
          'select point_of_delivery as id from points_of_delivery where company_code = $1 order by 1 limit 1',
          ['1000'],
        )
      ).rows[0]!.id
      const authorization = await signIn(base)

      // three clients, each alternately reading the property list and reporting a tenant change
      const outcomes: Outcome[] = []
      let running = true
      const client = async () => {
        for (let turn = 0; running; turn++) {
          const kind = turn % 2 === 0 ? 'read' : 'write'
          const key = randomUUID()
          let outcome: Outcome
          try {
            const response =
              kind === 'read'
                ? await searchConnections(base, authorization)
                : await reportTenantChange(base, authorization, unit, key)
            outcome = { kind, key, status: response.status, body: await response.text() }
          } catch (error) {
            outcome = {
              kind,
              key,
              status: 'no answer',
              body: String((error as Error).cause ?? error),
            }
          }
          outcomes.push(outcome)
        }
      }
      const clients = [client(), client(), client()]

      const restarts: string[] = []
      const statusesAtExit: string[] = []
      for (const [index, port] of ports.entries()) {
        const answeredBefore = outcomes.length
        const stoppedAt = performance.now()
        const replica = servers[index]!
        const ended = new Promise((resolve) => replica.child.once('exit', resolve))
        replica.child.kill('SIGTERM')
        // while it drains: the ready probe answers 503 with its reason, everything else is served,
        // each answer ending its connection
        await expect
          .poll(async () => (await fetch(`${replica.base}/api/health/ready`)).status, {
            timeout: 5000,
            interval: 50,
          })
          .toBe(503)
        const probe = await fetch(`${replica.base}/api/health`)
        expect(probe.status).toBe(503)
        expect(((await probe.json()) as { detail: string }).detail).toBe('Der Server wird beendet.')
        const live = await fetch(`${replica.base}/api/health/live`)
        expect(live.status).toBe(200)
        expect(live.headers.get('connection')).toBe('close')
        await ended
        const output = servers[index]!.output()
        restarts.push(
          `replica${index + 1}: ended after ${Math.round(performance.now() - stoppedAt)} ms, ${outcomes.length - answeredBefore} answers meanwhile`,
        )
        // the drain's steps, each logged
        expect(output).toContain('signal received: the ready probe answers 503 from now on')
        expect(output).toContain(`draining for ${SHUTDOWN_DELAY_MS} ms`)
        expect(output).toContain('closing: no new connections')
        expect(output).toMatch(/"msg":"closed"/)
        // HAProxy took it out before its port closed (asserted after the answers below)
        statusesAtExit.push(await statusOf(stats, `replica${index + 1}`))
        servers[index] = undefined
        servers[index] = await startServerProcess({ ...env, PORT: String(port) })
        await upBoth()
      }
      // a few more answers from both after the second restart
      const settled = outcomes.length
      await expect.poll(() => outcomes.length, { timeout: 60_000 }).toBeGreaterThan(settled + 30)
      running = false
      await Promise.all(clients)

      const failed = outcomes.filter(
        (o) => typeof o.status !== 'number' || o.status < 200 || o.status >= 300,
      )
      expect(failed.map((o) => `${o.kind} ${o.status}: ${o.body.slice(0, 200)}`)).toEqual([])
      expect(statusesAtExit.map((status) => status.split(' ')[0])).toEqual(['DOWN', 'DOWN'])
      const writes = outcomes.filter((o) => o.kind === 'write')
      const stored = await db.query<{ key: string; n: number }>(
        `select payload->>'information' as key, count(*)::int as n from activities
         where payload->>'information' = any($1) group by 1`,
        [writes.map((o) => o.key)],
      )
      const count = new Map(stored.rows.map((row) => [row.key, row.n]))
      // every acknowledged write exactly once
      expect(writes.filter((o) => count.get(o.key) !== 1).map((o) => o.key)).toEqual([])
      expect(writes.length).toBeGreaterThan(20)
      console.log(
        `rolling update: ${outcomes.length} answers (${writes.length} writes), 0 failed; ${restarts.join('; ')}`,
      )
    } finally {
      await db.end()
    }
  }, 600_000)
})

describe('SHUTDOWN_DELAY_MS', () => {
  it('is 10 s unless set, may be 0 (a single process), and is refused negative or not a number', () => {
    expect(loadHttpLimits({}).shutdownDelayMs).toBe(10_000)
    expect(loadHttpLimits({ SHUTDOWN_DELAY_MS: '0' }).shutdownDelayMs).toBe(0)
    expect(loadHttpLimits({ SHUTDOWN_DELAY_MS: '2500' }).shutdownDelayMs).toBe(2500)
    expect(() => loadHttpLimits({ SHUTDOWN_DELAY_MS: '-1' })).toThrow(
      'SHUTDOWN_DELAY_MS=-1: muss eine ganze Zahl ab 0 sein (Millisekunden).',
    )
    expect(() => loadHttpLimits({ SHUTDOWN_DELAY_MS: '10s' })).toThrow(
      'SHUTDOWN_DELAY_MS=10s: muss eine ganze Zahl ab 0 sein (Millisekunden).',
    )
    // the others stay at least 1
    expect(() => loadHttpLimits({ SHUTDOWN_TIMEOUT_MS: '0' })).toThrow(
      'SHUTDOWN_TIMEOUT_MS=0: muss eine ganze Zahl größer als 0 sein (Millisekunden bzw. Anzahl).',
    )
  })
})
