import { spawn, type ChildProcess } from 'node:child_process'
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

const ROOT = path.resolve(import.meta.dirname, '..')
/** The server's lock file in its data folder (apps/server/src/platform/persistence/database.ts). */
const LOCK_FILE = 'portal.lock'

export interface PortalServer {
  url: string
  dataDir: string
  stop(): Promise<void>
}

/** A provider command on a data folder no server holds; throws with its output when it fails. */
function runProvider(dataDir: string, args: readonly string[]): Promise<void> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' }
  delete env.DATABASE_URL
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['apps/server/scripts/provider.mjs', ...args], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`provider ${args.join(' ')}:\n${output}`)),
    )
  })
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

/** Where the global setup keeps the migrated and seeded data folders, one per seed scale. */
export const TEMPLATES_ENV = 'PORTAL_E2E_TEMPLATES'
/** The seed scales the suite uses (`seedScale` of `test.use`). */
export const TEMPLATE_SCALES = [1, 3] as const

/** The template data folder of a seed scale, below the folder of the global setup. */
export const templateFolder = (root: string, scale: number) => path.join(root, `scale-${scale}`)

/**
 * Migrates and seeds a PGlite data folder with the demo data of `scale`, as a fresh server would on
 * its first start (the global setup makes the templates with it, once per run).
 */
export function seedDataFolder(dataDir: string, scale: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'apps/server/src/demo/cli.ts'), '--scale', String(scale)],
      {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.once('error', reject)
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`Demodaten fehlgeschlagen:\n${output}`)),
    )
  })
}

/**
 * A copy of the repository's customer configurations, below the server's data folder, in which
 * `customer` (default: the first) has the given switches; answers the copy's folder.
 */
async function customersWithSwitches(
  dataDir: string,
  customer: string | undefined,
  switches: Record<string, boolean>,
): Promise<string> {
  const folder = path.join(dataDir, 'customers')
  await cp(path.join(ROOT, 'customers'), folder, { recursive: true })
  const id =
    customer ??
    (await readdir(folder, { withFileTypes: true }))
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort()[0]!
  const file = path.join(folder, id, 'config.json')
  const config = JSON.parse(await readFile(file, 'utf8')) as { switches: Record<string, boolean> }
  config.switches = { ...config.switches, ...switches }
  await writeFile(file, JSON.stringify(config, null, 2))
  return folder
}

/** At most this long for a server to answer its first health check, even on a busy machine. */
const START_DEADLINE_MS = 300_000

/**
 * Starts the real server (built portal, embedded PGlite, demo data) on a copy of the template data
 * folder of `seedScale` (default 1) and a free port, and waits until it answers. The copy starts
 * in a second or two: the server finds its database migrated and seeded and neither migrates nor
 * seeds again (decision 029).
 */
export async function startPortal(
  options: {
    customer?: string
    seedScale?: number
    /** Switches of the customer configuration set for this server (a copy of the folder). */
    customerSwitches?: Record<string, boolean>
    /**
     * SQL run on the copied data folder before the server starts: a state the demo data does not
     * hold (a contract that ended yesterday). The server then sees it as if the provider had
     * imported it.
     */
    sql?: readonly string[]
    /** Provider commands (`npm run provider -- …`) run on the copied data folder before the start. */
    providerCommands?: readonly (readonly string[])[]
  } = {},
): Promise<PortalServer> {
  const port = await freePort()
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-e2e-'))
  const templates = process.env[TEMPLATES_ENV]
  if (!templates)
    throw new Error(`${TEMPLATES_ENV} fehlt: die Vorlagen legt e2e/global-setup.ts an`)
  // the lock file of the process that seeded the template is not copied (it has ended anyway)
  await cp(templateFolder(templates, options.seedScale ?? 1), dataDir, {
    recursive: true,
    filter: (source) => path.basename(source) !== LOCK_FILE,
  })
  if (options.sql?.length) {
    const { PGlite } = await import('@electric-sql/pglite')
    const db = await PGlite.create(dataDir)
    for (const statement of options.sql) await db.exec(statement)
    await db.close()
  }
  for (const args of options.providerCommands ?? []) {
    await runProvider(dataDir, args)
  }
  const url = `http://127.0.0.1:${port}`
  const customersDir = options.customerSwitches
    ? await customersWithSwitches(dataDir, options.customer, options.customerSwitches)
    : undefined
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: url,
    LOG_LEVEL: 'warn',
    ...(options.customer ? { CUSTOMER: options.customer } : {}),
    ...(customersDir ? { CUSTOMERS_DIR: customersDir } : {}),
  }
  delete env.DATABASE_URL
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'apps/server/src/demo/main.ts')],
    { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const deadline = Date.now() + START_DEADLINE_MS
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
