/** The servers under load: the built product server and the reference server, started and stopped. */
import { spawn, type ChildProcess } from 'node:child_process'
import { createWriteStream } from 'node:fs'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { build } from 'esbuild'
import type { Database } from './targets'
import { ROOT, DATA, SERVER, REFERENCE_SOURCE, REFERENCE, REFERENCE_PORT, PORTS } from './config'

// -- server -------------------------------------------------------------------------------------

export interface RunningServer {
  baseUrl: string
  process: ChildProcess
  /** Whether its database is the PostgreSQL server (not PGlite inside the process). */
  onPostgres?: boolean
  stop(): Promise<void>
}

export const running = new Set<RunningServer>()

/**
 * Runs `script` with node (the young generation size of the server's start scripts,
 * apps/server/package.json, decision 010), its output into bench/.data/<name>.log, and waits until
 * `GET /api/health` answers.
 */
export async function startProcess(
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

export async function startServer(
  kind: Database,
  dataDir: string,
  url?: string,
): Promise<RunningServer> {
  // not NODE_ENV=production: the production mode refuses the demo users' published password
  // one process, no load balancer to drain from: SIGTERM stops it at once
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    SHUTDOWN_DELAY_MS: '0',
  }
  delete env.DATABASE_URL
  delete env.INIT_CWD
  delete env.NODE_ENV
  if (url) env.DATABASE_URL = url
  const server = await startProcess(`${kind}-server`, SERVER, PORTS[kind], env)
  server.onPostgres = url !== undefined
  return server
}

/**
 * Decision 010: bundles the reference server (bench/reference/) as the product's build bundles the
 * server: our code in one file, npm packages loaded from node_modules.
 */
export async function buildReference(): Promise<void> {
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
export async function startReference(dataDir: string, url: string): Promise<RunningServer> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: url, DATA_DIR: dataDir }
  const server = await startProcess('postgres-reference', REFERENCE, REFERENCE_PORT, env)
  server.onPostgres = true
  return server
}

export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((server) => server.stop()))
}
