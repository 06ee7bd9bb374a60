/**
 * Decision 079: the PostgreSQL pool keeps a connection that no request uses for five minutes, so
 * that a request after a quiet spell finds a connection whose caches are warm; and idle
 * connections do not keep a command's process alive.
 */
import { spawn } from 'node:child_process'
import { sql } from 'drizzle-orm'
import { afterEach, describe, expect, inject, it, vi } from 'vitest'
import { openDatabase, POOL_IDLE_TIMEOUT_MS } from '../src/platform/persistence/database'

const isPostgres = inject('testDatabaseKind') === 'postgres'

describe.skipIf(!isPostgres)('the PostgreSQL pool', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('keeps an idle connection for five minutes, then closes it', async () => {
    // only the pool's timers are faked; the connection's I/O is real
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const handle = await openDatabase({ databaseUrl: inject('serverUrl') })
    try {
      await handle.db.execute(sql`select 1`)
      expect(handle.poolStats()).toEqual({ total: 1, idle: 1, waiting: 0 })
      // pg-pool's own default closed it after ten seconds
      vi.advanceTimersByTime(POOL_IDLE_TIMEOUT_MS - 1_000)
      expect(handle.poolStats()).toEqual({ total: 1, idle: 1, waiting: 0 })
      vi.advanceTimersByTime(1_000)
      expect(handle.poolStats()).toEqual({ total: 0, idle: 0, waiting: 0 })
    } finally {
      vi.useRealTimers()
      await handle.close()
    }
  })

  it('lets a process end whose connection is idle and not closed', async () => {
    const script = `
      import { sql } from 'drizzle-orm'
      import { openDatabase } from './apps/server/src/platform/persistence/database.ts'
      const handle = await openDatabase({ databaseUrl: ${JSON.stringify(inject('serverUrl'))} })
      await handle.db.execute(sql\`select 1\`)
      console.log(JSON.stringify(handle.poolStats()))
    `
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    )
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
    // with the connection keeping the process alive, it would run for five minutes and this test
    // would time out
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
    expect(code).toBe(0)
    expect(JSON.parse(output)).toEqual({ total: 1, idle: 1, waiting: 0 })
  })
})
