import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

const ROOT = path.resolve(import.meta.dirname, '..')

export interface PortalServer {
  url: string
  dataDir: string
  stop(): Promise<void>
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

/**
 * Starts the real server (built portal, embedded PGlite, demo data) on a fresh data folder and a
 * free port, and waits until it answers. `seedScale` above 1 seeds that much demo data first
 * (the server seeds scale 1 into an empty database itself).
 */
export async function startPortal(
  options: { customer?: string; seedScale?: number } = {},
): Promise<PortalServer> {
  const port = await freePort()
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-e2e-'))
  if (options.seedScale && options.seedScale > 1) {
    const seed = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(ROOT, 'apps/server/src/seed/cli.ts'),
        '--scale',
        String(options.seedScale),
      ],
      {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
        encoding: 'utf8',
      },
    )
    if (seed.status !== 0) throw new Error(`Demodaten fehlgeschlagen:\n${seed.stderr}`)
  }
  const url = `http://127.0.0.1:${port}`
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: url,
    LOG_LEVEL: 'warn',
    ...(options.customer ? { CUSTOMER: options.customer } : {}),
  }
  delete env.DATABASE_URL
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'apps/server/src/main.ts')],
    { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Server beendet:\n${output}`)
    try {
      if ((await fetch(`${url}/api/health`)).ok) break
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  if (Date.now() >= deadline) throw new Error(`Server antwortet nicht:\n${output}`)
  return {
    url,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r))
        child.kill('SIGTERM')
        await exited
      }
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}
