/**
 * Decision 029: two server processes on one PostgreSQL database behave as one. Failed sign-ins spread
 * over both count together, the hourly automatic approval runs once, a logout on one process
 * rejects the token on the other (decision 029).
 */
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { DEMO_PASSWORD } from '../src/platform/auth/demo-password'
import { startServerProcess, type ServerProcess } from './server-process'
import { databaseUrl, onServer, TEMPLATE_DATABASE } from './test-database'

const isPostgres = inject('testDatabaseKind') === 'postgres'

describe.skipIf(!isPostgres)('two server processes on one database', () => {
  const serverUrl = inject('serverUrl')
  const name = `portal_test_${randomBytes(6).toString('hex')}`
  const servers: ServerProcess[] = []
  let dataDir: string

  beforeAll(async () => {
    await onServer(serverUrl, [`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`])
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-replicas-'))
    // one secret for both, as behind a load balancer: a token of one is valid on the other
    const env = {
      DATABASE_URL: databaseUrl(serverUrl, name),
      DATA_DIR: dataDir,
      PORTAL_DIST: path.join(dataDir, 'no-portal'),
      JWT_SECRET: randomBytes(32).toString('hex'),
    }
    // one after the other, as a rolling start does: the second finds the job's run recorded
    servers.push(await startServerProcess(env))
    servers.push(await startServerProcess(env))
  }, 300_000)

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()))
    await onServer(serverUrl, [`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`])
    await rm(dataDir, { recursive: true, force: true })
  }, 300_000)

  const signIn = (server: ServerProcess, userName: string, password: string) =>
    fetch(`${server.base}/api/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: userName, password }),
    })

  it('runs the automatic approval once for both', async () => {
    const claimed = (server: ServerProcess) =>
      server
        .output()
        .split('\n')
        .filter((line) => line.includes('automatic approval runs')).length
    const skipped = (server: ServerProcess) =>
      server
        .output()
        .split('\n')
        .filter((line) => line.includes('another process ran it')).length
    // the first run starts with the process: wait until both have logged theirs
    try {
      await expect
        .poll(
          () =>
            claimed(servers[0]!) +
            skipped(servers[0]!) +
            claimed(servers[1]!) +
            skipped(servers[1]!),
          { timeout: 170_000 },
        )
        .toBe(2)
    } catch (error) {
      // what both processes said, so that a run that never claims shows why
      const lastLines = (server: ServerProcess) => server.output().split('\n').slice(-30).join('\n')
      throw new Error(
        `${(error as Error).message}\n${servers.map(lastLines).join('\n--- zweiter Prozess ---\n')}`,
      )
    }
    expect(claimed(servers[0]!) + claimed(servers[1]!)).toBe(1)
    expect(skipped(servers[0]!) + skipped(servers[1]!)).toBe(1)
  })

  it('rejects on the other process a token logged out on one', async () => {
    const response = await signIn(servers[0]!, 'verwalter', DEMO_PASSWORD)
    expect(response.status).toBe(200)
    const { token } = (await response.json()) as { token: string }
    const headers = { authorization: `Bearer ${token}` }
    const profile = (server: ServerProcess) =>
      fetch(`${server.base}/api/persistence/notifications`, { headers })
    expect((await profile(servers[1]!)).status).toBe(200)
    const logout = await fetch(`${servers[0]!.base}/api/token/revoke`, {
      method: 'POST',
      headers: { ...headers, 'idempotency-key': randomBytes(8).toString('hex') },
    })
    expect(logout.status).toBe(204)
    expect((await profile(servers[1]!)).status).toBe(401)
    expect((await profile(servers[0]!)).status).toBe(401)
  })

  it('blocks the eleventh sign-in on either process after ten failures spread over both', async () => {
    for (let attempt = 0; attempt < 10; attempt++) {
      const response = await signIn(servers[attempt % 2]!, 'eigentuemer', `falsch-${attempt}`)
      expect(response.status, `attempt ${attempt + 1}`).toBe(401)
    }
    for (const server of servers) {
      const response = await signIn(server, 'eigentuemer', DEMO_PASSWORD)
      expect(response.status).toBe(429)
      expect(((await response.json()) as { code: string }).code).toBe('TOO_MANY_REQUESTS')
    }
  })
})
