/**
 * A PostgreSQL cluster of the test's own (initdb, pg_ctl), so that the test may stop and start the
 * database server without touching the shared one. The server refuses to run as root: as root the
 * commands run as the `postgres` user.
 */
import { execFile as execFileCallback, execFileSync } from 'node:child_process'
import { chown, mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir, userInfo } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

const execFile = promisify(execFileCallback)

export interface PostgresCluster {
  url: string
  stop(): Promise<void>
  start(): Promise<void>
  remove(): Promise<void>
}

/** The folder of `initdb` and `pg_ctl`: `PG_BINDIR`, else what `pg_config --bindir` names. */
function binDir(): string {
  return (
    process.env.PG_BINDIR ?? execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim()
  )
}

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

export async function createPostgresCluster(): Promise<PostgresCluster> {
  const bin = binDir()
  const asRoot = userInfo().uid === 0
  const run = (command: string, args: string[]) =>
    asRoot
      ? execFile('runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args])
      : execFile(path.join(bin, command), args)
  const folder = await mkdtemp(path.join(tmpdir(), 'portal-pg-'))
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }))
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }))
    await chown(folder, uid, gid)
  }
  const data = path.join(folder, 'data')
  const port = await freePort()
  await run('initdb', [
    '-D',
    data,
    '-A',
    'trust',
    '-U',
    'postgres',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
    '--no-sync',
  ])
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1`
  const start = async () => {
    await run('pg_ctl', [
      '-D',
      data,
      '-l',
      path.join(folder, 'log'),
      '-o',
      options,
      '-w',
      '-t',
      '300',
      'start',
    ])
  }
  // "fast": the server ends every session (57P01) and shuts down cleanly, as a restart does
  const stop = async () => {
    await run('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '300', 'stop'])
  }
  await start()
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    async remove() {
      await run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined)
      await rm(folder, { recursive: true, force: true })
    },
  }
}
