/**
 * The two modes (ARCHITECTURE 3.5, decision 019). The server bundle is built into a folder laid out as
 * a deployment (`<folder>/apps/server/dist`, with the checkout's node_modules and customers beside
 * it) and run with node alone, as `NODE_ENV=production npm start` runs it: it holds neither the demo
 * generator nor faker, never seeds, never prints the demo logins, and refuses to start while an
 * account has the demo password.
 */
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import {
  cp,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { hashPassword } from '../src/platform/auth/passwords'
import { openDatabase, type DatabaseHandle } from '../src/platform/persistence/database'
import { companyCodes, users } from '../src/platform/persistence/schema'
import { DEMO_USERS } from '../src/demo/demo-users'
import { DEMO_PASSWORD } from '../src/platform/auth/demo-password'
import { databaseUrl, onServer } from './test-database'

const ROOT = path.resolve(import.meta.dirname, '../../..')
const kind = inject('testDatabaseKind')

let deployment: string
let dist: string
let dataDir: string
let postgresName: string | undefined

/** Where the server and the command line find their database. */
function databaseEnv(): NodeJS.ProcessEnv {
  return postgresName
    ? { DATABASE_URL: databaseUrl(inject('serverUrl'), postgresName) }
    : { DATABASE_URL: '' }
}

function openTheDatabase(): Promise<DatabaseHandle> {
  return postgresName
    ? openDatabase({ databaseUrl: databaseUrl(inject('serverUrl'), postgresName) })
    : openDatabase({ dataDir })
}

function environment(mode: 'production' | 'demo'): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...databaseEnv(),
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    JWT_SECRET: randomBytes(32).toString('hex'),
    PORTAL_DIST: path.join(dataDir, 'no-portal'),
    // one process, no load balancer to drain from: stop at once
    SHUTDOWN_DELAY_MS: '0',
  }
  delete env.INIT_CWD
  if (mode === 'production') env.NODE_ENV = 'production'
  else delete env.NODE_ENV
  return env
}

interface Run {
  code: number | null
  output: string
  /** The address from the "listening" log line, when the server got that far. */
  base?: string
  health?: number
}

/**
 * Runs the built server until it listens (then asks /api/health and stops it with SIGTERM) or
 * until it exits by itself.
 */
function runServer(mode: 'production' | 'demo'): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(dist, 'main.js')], {
      cwd: deployment,
      env: environment(mode),
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const run: Run = { code: null, output: '' }
    const timer = setTimeout(() => child.kill('SIGKILL'), 300_000)
    const onData = (chunk: Buffer) => {
      run.output += chunk.toString()
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(run.output)
      if (match && !run.base) {
        run.base = match[1]!
        fetch(`${run.base}/api/health`)
          .then((response) => (run.health = response.status))
          .catch(() => (run.health = 0))
          .finally(() => child.kill('SIGTERM'))
      }
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    child.on('error', reject)
    child.on('exit', (code) => {
      clearTimeout(timer)
      run.code = code
      resolve(run)
    })
  })
}

/** The provider's command line from the bundle, as `npm run provider` runs it in production. */
function provider(...args: string[]) {
  const result = spawnSync(process.execPath, [path.join(dist, 'provider.js'), ...args], {
    cwd: deployment,
    env: environment('production'),
    encoding: 'utf8',
  })
  return { code: result.status, out: result.stdout, err: result.stderr }
}

beforeAll(async () => {
  deployment = await mkdtemp(path.join(tmpdir(), 'portal-deployment-'))
  dist = path.join(deployment, 'apps/server/dist')
  await mkdir(path.dirname(dist), { recursive: true })
  await symlink(path.join(ROOT, 'node_modules'), path.join(deployment, 'node_modules'))
  await symlink(path.join(ROOT, 'customers'), path.join(deployment, 'customers'))
  const build = spawnSync(
    process.execPath,
    [path.join(ROOT, 'apps/server/scripts/build.mjs'), '--outdir', dist],
    { cwd: ROOT, encoding: 'utf8' },
  )
  if (build.status !== 0) throw new Error(`build failed:\n${build.stdout}${build.stderr}`)
  dataDir = path.join(deployment, 'data')
  if (kind === 'postgres') {
    postgresName = `portal_test_${randomBytes(6).toString('hex')}`
    await onServer(inject('serverUrl'), [`CREATE DATABASE ${postgresName}`])
  }
})

afterAll(async () => {
  if (postgresName) {
    await onServer(inject('serverUrl'), [`DROP DATABASE IF EXISTS ${postgresName} WITH (FORCE)`])
  }
  if (deployment) await rm(deployment, { recursive: true, force: true })
})

describe('the production bundle', () => {
  it("holds no module of demo/ (esbuild's metafile of the build)", async () => {
    const meta = JSON.parse(await readFile(path.join(dist, 'meta.json'), 'utf8')) as {
      outputs: Record<string, { inputs: Record<string, unknown>; entryPoint?: string }>
    }
    const bundles = Object.entries(meta.outputs).filter(([file]) => file.endsWith('.js'))
    expect(bundles.map(([, output]) => output.entryPoint).sort()).toEqual([
      'apps/server/src/main.ts',
      'apps/server/src/modules/provider/cli.ts',
    ])
    for (const [file, output] of bundles) {
      const inputs = Object.keys(output.inputs)
      // the bundle is read from the metafile: it lists the server's own modules it holds
      expect(inputs, file).toContain('apps/server/src/platform/config.ts')
      expect(
        inputs.filter((input) => input.includes('/src/demo/')),
        file,
      ).toEqual([])
    }
  })

  it('holds neither faker nor the demo generator', async () => {
    const generator = await readFile(path.join(ROOT, 'apps/server/src/demo/generator.ts'), 'utf8')
    // the names looked for are those of the generator, so that the test can fail
    expect(generator).toContain('@faker-js/faker')
    expect(generator).toContain('class DemoDataGenerator')
    for (const file of ['main.js', 'provider.js']) {
      const bundle = await readFile(path.join(dist, file), 'utf8')
      expect(bundle, file).not.toMatch(/faker/i)
      expect(bundle, file).not.toContain('DemoDataGenerator')
      expect(bundle, file).not.toContain('seedDemoData')
      expect(bundle, file).not.toMatch(/from "tsx|import\("tsx/)
      // the production check is in it
      if (file === 'main.js') expect(bundle).toContain('accountsWithDemoPassword')
    }
  })

  it('is not in the dependencies of the production install: faker and tsx are development tools', () => {
    const listed = (...flags: string[]) => {
      const result = spawnSync(
        'npm',
        ['ls', '--all', '--parseable', '-w', '@portal/server', ...flags],
        { cwd: ROOT, encoding: 'utf8' },
      )
      return result.stdout.split('\n').map((line) => path.relative(ROOT, line))
    }
    const development = listed()
    expect(development).toContain('node_modules/@faker-js/faker')
    expect(development).toContain('node_modules/tsx')
    const production = listed('--omit=dev')
    expect(production).toContain('node_modules/fastify')
    expect(production.filter((p) => /faker|tsx|esbuild|smtp-server/.test(p))).toEqual([])
  })
})

describe('the modes of the built server', () => {
  it('production starts on an empty database without seeding it and without demo logins', async () => {
    const run = await runServer('production')
    expect(run.health, run.output).toBe(200)
    expect(run.code).toBe(0)
    expect(run.output).toContain('Betriebsart:        Produktion (NODE_ENV=production)')
    expect(run.output).toContain('Noch kein Benutzer: npm run provider -- user add')
    expect(run.output).not.toContain(DEMO_PASSWORD)
    expect(run.output).not.toContain('Demo')
    for (const user of DEMO_USERS) expect(run.output).not.toContain(user.description)
    const database = await openTheDatabase()
    try {
      const names = (await database.db.select({ userName: users.userName }).from(users)).map(
        (u) => u.userName,
      )
      expect(names).toEqual([])
    } finally {
      await database.close()
    }
  })

  it('outside production, the bundle starts on an empty database without seeding it', async () => {
    const run = await runServer('demo')
    expect(run.health, run.output).toBe(200)
    expect(run.output).toContain(
      'Die Datenbank ist leer: der gebaute Server legt keine Demodaten an (npm start legt sie an).',
    )
    expect(run.output).not.toContain('Demodaten angelegt')
    expect(run.output).not.toContain('Demo-Zugänge')
  })

  it('creates a user from the bundled command line, mailing to the outbox', async () => {
    const database = await openTheDatabase()
    try {
      await database.db
        .insert(companyCodes)
        .values({ companyCode: '1000', name: 'Muster', city: 'Köln' })
    } finally {
      await database.close()
    }
    const added = provider(
      'user',
      'add',
      'hv.mueller',
      '--name',
      'Petra Müller',
      '--mail',
      'petra.mueller@example.org',
      '--company-code',
      '1000',
    )
    expect(added.code, added.err).toBe(0)
    expect(added.out).toMatch(/^Benutzer hv\.mueller angelegt/)
    const outbox = path.join(dataDir, 'outbox')
    const [mail] = await readdir(outbox)
    expect((await stat(path.join(outbox, mail!))).mode & 0o777).toBe(0o600)
    expect(await readFile(path.join(outbox, mail!), 'utf8')).toContain('/authenticate?invitation=')
    const refused = provider(
      'user',
      'add',
      'hv.mueller',
      '--name',
      'X',
      '--mail',
      'x@example.org',
      '--company-code',
      '1000',
    )
    expect(refused.code).toBe(1)
    expect(refused.err).toContain('Abgelehnt: Den Benutzernamen hv.mueller gibt es bereits.')
  })

  it('production refuses to start while an account has the demo password', async () => {
    const database = await openTheDatabase()
    try {
      await database.db.insert(users).values({
        userName: 'verwalter',
        companyCode: '1000',
        name: 'Thomas Brandt',
        mail: 'thomas.brandt@example.org',
        passwordHash: await hashPassword(DEMO_PASSWORD),
      })
    } finally {
      await database.close()
    }
    const run = await runServer('production')
    expect(run.code).toBe(1)
    expect(run.base).toBeUndefined()
    expect(run.output).toContain(
      'Der Produktionsbetrieb (NODE_ENV=production) startet nicht: ein Benutzerkonto hat das öffentlich bekannte Demo-Passwort (verwalter).',
    )
    expect(run.output).toContain('npm run provider -- user delete <Benutzer>')
    expect(run.output).not.toContain(DEMO_PASSWORD)

    // the remedy the message names: a reset ends the demo password, the start works again
    const reset = provider('user', 'reset', 'verwalter')
    expect(reset.code, reset.err).toBe(0)
    const again = await runServer('production')
    expect(again.health, again.output).toBe(200)
    const check = await openTheDatabase()
    try {
      const [row] = await check.db.select().from(users).where(eq(users.userName, 'verwalter'))
      expect(row!.passwordHash).toMatch(/^\$argon2id\$/)
    } finally {
      await check.close()
    }
  })

  it('the seed command refuses in production', () => {
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'apps/server/src/demo/cli.ts')],
      { cwd: ROOT, env: environment('production'), encoding: 'utf8' },
    )
    expect(result.status).toBe(1)
    expect(result.stderr).toContain(
      'Im Produktionsbetrieb (NODE_ENV=production) werden keine Demodaten angelegt',
    )
  })
})

describe('the settings file (ENV_FILE, decision 039) with the bundles', () => {
  const pruned: string[] = []
  afterAll(async () => {
    for (const folder of pruned) await rm(folder, { recursive: true, force: true })
  })

  /** Settings moved from the environment into a file ENV_FILE names; `extra` lines appended. */
  async function withSettingsFile(extra: string[] = []): Promise<NodeJS.ProcessEnv> {
    const env = environment('demo')
    const lines: string[] = []
    for (const name of ['DATABASE_URL', 'DATA_DIR', 'HOST', 'PORT', 'JWT_SECRET', 'LOG_LEVEL']) {
      if (env[name]) lines.push(`${name}=${env[name]}`)
      delete env[name]
    }
    const file = path.join(deployment, `kundenportal-${randomBytes(4).toString('hex')}.env`)
    await writeFile(file, [...lines, ...extra, ''].join('\n'))
    return { ...env, ENV_FILE: file }
  }

  /** An installation after `npm prune --omit=dev`: node_modules without tsx, optionally built. */
  async function prunedInstallation(built: boolean): Promise<string> {
    // not inside the deployment: its node_modules (the checkout's, with tsx) would be found
    const folder = await mkdtemp(path.join(tmpdir(), 'portal-pruned-'))
    pruned.push(folder)
    await mkdir(path.join(folder, 'apps/server/scripts'), { recursive: true })
    await cp(
      path.join(ROOT, 'apps/server/scripts/provider.mjs'),
      path.join(folder, 'apps/server/scripts/provider.mjs'),
    )
    if (built) await symlink(dist, path.join(folder, 'apps/server/dist'))
    await mkdir(path.join(folder, 'node_modules'))
    for (const entry of await readdir(path.join(ROOT, 'node_modules'))) {
      if (entry === 'tsx' || entry === '.bin') continue
      await symlink(
        path.join(ROOT, 'node_modules', entry),
        path.join(folder, 'node_modules', entry),
      )
    }
    // the installation really lacks tsx, as after the prune
    expect(() =>
      createRequire(path.join(folder, 'apps/server/scripts/provider.mjs')).resolve('tsx/esm/api'),
    ).toThrow()
    return folder
  }

  const runProvider = (folder: string, env: NodeJS.ProcessEnv, ...args: string[]) => {
    const result = spawnSync(
      process.execPath,
      [path.join(folder, 'apps/server/scripts/provider.mjs'), ...args],
      { cwd: folder, env, encoding: 'utf8' },
    )
    return { code: result.status, output: `${result.stdout}${result.stderr}` }
  }

  it('npm run provider -- check runs the bundle after the prune, without NODE_ENV=production', async () => {
    const folder = await prunedInstallation(true)
    const env = await withSettingsFile()
    expect(env.NODE_ENV).toBeUndefined()
    const checked = runProvider(folder, env, 'check')
    expect(checked.output).not.toContain("Cannot find package 'tsx'")
    expect(checked.code, checked.output).toBe(0)
    expect(checked.output).toMatch(/^Konfiguration in Ordnung \(ENV_FILE=.*\): /m)
  })

  it('says to build when neither the bundle nor tsx is there', async () => {
    const folder = await prunedInstallation(false)
    const checked = runProvider(folder, await withSettingsFile(), 'check')
    expect(checked.code).toBe(1)
    expect(checked.output.trim()).toBe(
      'Weder der gebaute Server (apps/server/dist/provider.js) noch tsx ist vorhanden: bauen Sie den Server zuerst (npm run build, mit den Entwicklungswerkzeugen von npm ci).',
    )
  })

  it('the built server and the bundled check name each bad setting of the file, without a stack trace', async () => {
    const env = await withSettingsFile([
      'NODE_ENV=production',
      'PUBLIC_URL=https://portal.example.de      # the address in mails',
      'TRUST_PROXY=true',
      'SECOND_FACTOR_KEY=zu-kurz',
    ])
    // the file's PORT and HOST stand; this one is set in the process and wins over the file
    env.MAX_CONNECTIONS = 'viele'
    const expected = [
      /^ENV_FILE .*kundenportal-.*\.env, Zeile \d+: PUBLIC_URL: Kommentar hinter dem Wert/m,
      /^TRUST_PROXY=true ist nicht erlaubt/m,
      /^SECOND_FACTOR_KEY=\(7 Zeichen, nicht angezeigt\): muss genau 32 Bytes/m,
      /^MAX_CONNECTIONS=viele: muss eine ganze Zahl größer als 0 sein/m,
    ]
    const started = spawnSync(process.execPath, [path.join(dist, 'main.js')], {
      cwd: deployment,
      env,
      encoding: 'utf8',
      timeout: 120_000,
    })
    const checked = spawnSync(process.execPath, [path.join(dist, 'provider.js'), 'check'], {
      cwd: deployment,
      env,
      encoding: 'utf8',
    })
    expect(started.status, started.stderr).toBe(1)
    expect(started.stderr).toMatch(/^Konfigurationsfehler:$/m)
    expect(checked.status, checked.stderr).toBe(1)
    expect(checked.stderr).toMatch(/^Konfiguration fehlerhaft \(ENV_FILE=.*\): 4 Probleme; /m)
    for (const output of [started.stderr, checked.stderr]) {
      for (const line of expected) expect(output).toMatch(line)
      expect(output).not.toMatch(/^ {4}at /m)
    }
  })
})
