/**
 * Decision 039: one settings file for the server and every provider command (`ENV_FILE`), read
 * with the rules systemd and a shell share, and every setting checked before the start: one German
 * line per bad setting, by `npm run provider -- check` and by the start alike.
 */
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readFile, writeFile } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { readSettings } from '../src/platform/config'
import { applyEnvFile, parseEnvFile } from '../src/platform/env-file'
import { runSettingsCheck } from '../src/platform/settings-check'
import { useTemporaryDirs } from './helper'
import { databaseUrl, onServer } from './test-database'

const ROOT = path.resolve(import.meta.dirname, '../../..')
const isPostgres = inject('testDatabaseKind') === 'postgres'
const temporaryDir = useTemporaryDirs()

/** The variables a shell sets from `file` (`set -a; . file`), without its own. */
function readByShell(shell: 'bash' | 'dash', file: string): Map<string, string> {
  // --norc: bash reads ~/.bashrc also when it guesses that it runs remotely
  const options = shell === 'bash' ? ['--norc', '--noprofile'] : []
  const result = spawnSync(shell, [...options, '-c', 'set -a; . "$1"; env -0', shell, file], {
    env: { PATH: process.env.PATH },
    encoding: 'utf8',
  })
  expect(result.stderr, `${shell} on ${file}`).toBe('')
  expect(result.status).toBe(0)
  const values = new Map<string, string>()
  for (const entry of result.stdout.split('\0').filter(Boolean)) {
    const at = entry.indexOf('=')
    values.set(entry.slice(0, at), entry.slice(at + 1))
  }
  for (const own of ['PATH', 'PWD', 'SHLVL', '_', 'OLDPWD']) values.delete(own)
  return values
}

/** A settings file in a folder of its own. */
async function settingsFile(text: string): Promise<string> {
  const file = path.join(await temporaryDir('portal-settings-'), 'kundenportal.env')
  await writeFile(file, text)
  return file
}

/** The process environment without the settings (set ones would win over the file's). */
function environmentWithoutSettings(): NodeJS.ProcessEnv {
  const env = { ...process.env }
  for (const name of [
    ...['DATABASE_URL', 'PORT', 'HOST', 'JWT_SECRET', 'SECOND_FACTOR_KEY', 'PUBLIC_URL'],
    ...['TRUST_PROXY', 'CUSTOMER', 'DATA_DIR', 'INIT_CWD', 'NODE_ENV', 'ENV_FILE'],
  ])
    delete env[name]
  return env
}

const VALID_FILE = `# a comment line
   # an indented one

PLAIN=abc
EMPTY=
URL=postgres://user:p%40ss@127.0.0.1:5432/db?sslmode=require
HASH_INSIDE=a#b
EQUALS=a=b=c
GLOB=a*b?[c]{d,e}
UMLAUT=Grüße
  INDENTED=yes
TRAILING=xyz${'   '}
DOUBLE="Kundenportal <portal@example.de>"
DOUBLE_BLANKS="  zwei  Leerzeichen  "
SINGLE='Wert mit $dollar, \`backticks\`, \\ und "Anführung" # kein Kommentar'
SINGLE_EMPTY=''
SECRET=Zm9vYmFy+/==
`

describe('the settings file', () => {
  it('gives the values bash and dash give: KEY=value, comment lines, quoted values', async () => {
    const file = await settingsFile(VALID_FILE)
    const parsed = parseEnvFile(VALID_FILE, 'test.env')
    expect(parsed.problems).toEqual([])
    expect(parsed.values.get('DOUBLE')).toBe('Kundenportal <portal@example.de>')
    expect(parsed.values.get('TRAILING')).toBe('xyz')
    expect(parsed.values.get('SINGLE')).toBe(
      'Wert mit $dollar, `backticks`, \\ und "Anführung" # kein Kommentar',
    )
    for (const shell of ['bash', 'dash'] as const) {
      expect(readByShell(shell, file), shell).toEqual(parsed.values)
    }
  })

  it('refuses each line that systemd and a shell would read differently, naming it', () => {
    const lines = [
      'PUBLIC_URL=https://portal.example.de      # the address in mails',
      'MAIL_FROM=Kundenportal <portal@example.de>',
      'export PORT=8080',
      'HOST = 127.0.0.1',
      'JWT_SECRET="mit $HOME"',
      'CUSTOMER="nicht geschlossen',
      'TRUST_PROXY="127.0.0.1" # the proxy',
      'DATA_DIR=~/daten',
      'LOG_LEVEL=info\r',
      'a comment without its hash',
    ]
    const parsed = parseEnvFile(`OK=1\n${lines.join('\n')}\n`, 'kundenportal.env')
    expect([...parsed.values.keys()]).toEqual(['OK'])
    expect(parsed.problems).toHaveLength(lines.length)
    parsed.problems.forEach((problem, index) => {
      expect(problem).toMatch(new RegExp(`^kundenportal\\.env, Zeile ${index + 2}: `))
      expect(problem).not.toContain('\n')
    })
    expect(parsed.problems[0]).toMatch(/PUBLIC_URL: Kommentar hinter dem Wert/)
    expect(parsed.problems[1]).toMatch(/MAIL_FROM: .*einfache Anführungszeichen/)
  })

  it('is named by ENV_FILE, relative to where npm was started; set variables win', async () => {
    const file = await settingsFile('PORT=8081\nHOST=127.0.0.1\nLOG_LEVEL=nonsense # x\n')
    const env: NodeJS.ProcessEnv = {
      ENV_FILE: path.basename(file),
      INIT_CWD: path.dirname(file),
      PORT: '9000',
    }
    const problems = applyEnvFile(env)
    expect(env.PORT).toBe('9000')
    expect(env.HOST).toBe('127.0.0.1')
    expect(env.LOG_LEVEL).toBeUndefined()
    expect(problems).toEqual([
      expect.stringMatching(/^ENV_FILE kundenportal\.env, Zeile 3: LOG_LEVEL: Kommentar/),
    ])
    expect(applyEnvFile({ ENV_FILE: path.join(path.dirname(file), 'fehlt.env') })).toEqual([
      expect.stringMatching(/^ENV_FILE=.*fehlt\.env: die Datei gibt es nicht\.$/),
    ])
  })
})

describe('the rules of the settings', () => {
  const problemsOf = (env: NodeJS.ProcessEnv) =>
    readSettings({ DATA_DIR: '/nicht/benutzt', ...env }).problems

  it('names each bad setting in one line: variable, value (secrets by length) and rule', () => {
    const secret = 'kurz-und-geheim'
    const problems = problemsOf({
      PUBLIC_URL: 'https://portal.example.de/#/start',
      HOST: 'kein host',
      PORT: '70000',
      DATABASE_URL: 'mysql://portal:geheim@db/portal',
      JWT_SECRET: secret,
      SECOND_FACTOR_KEY: randomBytes(16).toString('base64'),
      TRUST_PROXY: 'true',
      CUSTOMER: 'gibt-es-nicht',
      REQUEST_TIMEOUT_MS: '30s',
      LOG_LEVEL: 'laut',
      SMTP_URL: 'http://mail.example.de',
      MAIL_FROM: 'Kundenportal',
      METRICS_TOKEN: 'abc',
      NODE_ENV: 'prod',
      IMPORT_MAX_LINE_BYTES: '1MB',
    })
    const variables = problems.map((line) => /^[A-Z_]+/.exec(line)?.[0])
    expect(variables).toEqual([
      'PUBLIC_URL',
      'HOST',
      'PORT',
      'DATABASE_URL',
      'JWT_SECRET',
      'SECOND_FACTOR_KEY',
      'LOG_LEVEL',
      'SMTP_URL',
      'MAIL_FROM',
      'METRICS_TOKEN',
      'NODE_ENV',
      'CUSTOMER',
      'TRUST_PROXY',
      'IMPORT_MAX_LINE_BYTES',
      'REQUEST_TIMEOUT_MS',
    ])
    for (const line of problems) expect(line).not.toContain('\n')
    expect(problems.join('\n')).not.toContain(secret)
    expect(problems.join('\n')).not.toContain('geheim')
    expect(problems).toContain('PORT=70000: muss eine ganze Zahl von 0 bis 65535 sein.')
    expect(problems).toContain(
      'IMPORT_MAX_LINE_BYTES=1MB: muss eine ganze Zahl größer als 0 sein (Bytes bzw. Anzahl).',
    )
    expect(problems).toContain(
      'JWT_SECRET=(15 Zeichen, nicht angezeigt): muss mindestens 32 Bytes (256 Bit) lang sein, z. B. aus openssl rand -base64 48.',
    )
  })

  it('accepts good values of each', () => {
    expect(
      problemsOf({
        PUBLIC_URL: 'https://portal.example.de/kunden/',
        HOST: '::1',
        PORT: '0',
        DATABASE_URL: 'postgresql://portal:ge%23heim@db.example.de:5433/portal?sslmode=require',
        JWT_SECRET: randomBytes(32).toString('base64'),
        SECOND_FACTOR_KEY: randomBytes(32).toString('base64url'),
        TRUST_PROXY: '127.0.0.1, 10.0.0.0/8',
        CUSTOMER: 'dorn-messdienst',
        REQUEST_TIMEOUT_MS: '45000',
        LOG_LEVEL: 'warn',
        SMTP_URL: 'smtps://portal%40example.de:geheim@mail.example.de:465',
        MAIL_FROM: '"Kundenportal, Dorn" <portal@dorn.example.de>',
        METRICS_TOKEN: randomBytes(16).toString('hex'),
        NODE_ENV: 'production',
        IMPORT_MAX_BYTES: String(8 * 1024 ** 3),
      }),
    ).toEqual([])
    for (const mailFrom of ['portal@example.de', 'Kundenportal Dorn <portal@example.de>']) {
      expect(problemsOf({ MAIL_FROM: mailFrom })).toEqual([])
    }
  })
})

/** The first `sh` block of docs/operations.md §3: the documented settings file. */
async function documentedSettingsFile(): Promise<string> {
  const operations = await readFile(path.join(ROOT, 'docs/operations.md'), 'utf8')
  const section = operations.slice(operations.indexOf('## 3. Configuration'))
  const block = /```sh\n([\s\S]*?)```/.exec(section.slice(0, section.indexOf('\n## 4.')))
  if (!block) throw new Error('no sh block in §3 of docs/operations.md')
  return block[1]!
}

describe('the example file of docs/operations.md §3', () => {
  let smtp: SMTPServer
  beforeAll(async () => {
    smtp = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      authMethods: ['PLAIN', 'LOGIN'],
      logger: false,
      onAuth: (auth, _session, callback) =>
        auth.password === 'mail-geheim'
          ? callback(null, { user: auth.username })
          : callback(new Error('Anmeldung fehlgeschlagen')),
    })
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  })
  afterAll(() => new Promise<void>((resolve) => smtp.close(resolve)))

  it('is read by bash and dash with the values the server reads', async () => {
    const text = await documentedSettingsFile()
    const parsed = parseEnvFile(text, 'operations.md')
    expect(parsed.problems).toEqual([])
    expect(parsed.values.get('MAIL_FROM')).toBe(
      'Kundenportal Bergmann <portal@bergmann-abrechnung.de>',
    )
    const file = await settingsFile(text)
    for (const shell of ['bash', 'dash'] as const) {
      expect(readByShell(shell, file), shell).toEqual(parsed.values)
    }
  })

  it('passes the check once its placeholders are filled in', async () => {
    const { values } = parseEnvFile(await documentedSettingsFile(), 'operations.md')
    const env: NodeJS.ProcessEnv = Object.fromEntries(values)
    // the placeholders: secrets, and the passwords of database and mail server; this machine's
    // services stand in for the customer's database and mail server, a temporary data folder
    // for /var/lib/kundenportal
    expect(env.JWT_SECRET).toMatch(/^<.*>$/)
    env.JWT_SECRET = randomBytes(48).toString('base64')
    expect(env.SECOND_FACTOR_KEY).toMatch(/^<.*>$/)
    env.SECOND_FACTOR_KEY = randomBytes(32).toString('base64')
    expect(env.SMTP_URL).toContain(':<password>@mail.bergmann-abrechnung.de:587')
    env.SMTP_URL = env.SMTP_URL!.replace(
      ':<password>@mail.bergmann-abrechnung.de:587',
      `:mail-geheim@127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    )
    expect(env.DATABASE_URL).toContain(':<password>@')
    let database: string | undefined
    if (isPostgres) {
      database = `portal_settings_${randomBytes(6).toString('hex')}`
      await onServer(inject('serverUrl'), [`CREATE DATABASE ${database}`])
      env.DATABASE_URL = databaseUrl(inject('serverUrl'), database)
    } else {
      delete env.DATABASE_URL
    }
    env.DATA_DIR = await temporaryDir('portal-settings-data-')
    env.INIT_CWD = ROOT
    const out: string[] = []
    try {
      const code = await runSettingsCheck(
        env,
        [],
        (line) => out.push(line),
        (line) => out.push(line),
      )
      expect(out.join('\n'), out.join('\n')).toMatch(/^Konfiguration in Ordnung/m)
      expect(code).toBe(0)
      expect(out).toContain('Mailserver: erreichbar, Anmeldung angenommen.')
      if (isPostgres) expect(out.join('\n')).toContain('Datenbank: erreichbar und leer')
    } finally {
      if (database) {
        await onServer(inject('serverUrl'), [`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`])
      }
    }
  })
})

interface Run {
  code: number | null
  output: string
}

/** A command as the operator runs it, in a child process; its output (stdout and stderr). */
function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000)
    child.on('error', reject)
    child.on('exit', (code) => {
      clearTimeout(timer)
      resolve({ code, output })
    })
  })
}

describe.skipIf(!isPostgres)('a settings file with a bad value in every line', () => {
  const password = 'pg-geheim-4711'
  const missing = `portal_gibt_es_nicht_${randomBytes(4).toString('hex')}`
  let env: NodeJS.ProcessEnv
  /** The start of each line that must name a setting. */
  const expected = [
    'PUBLIC_URL=portal.bergmann-abrechnung.de: ',
    'HOST=nirgendwo.invalid: ',
    'PORT=70000: ',
    'JWT_SECRET=(7 Zeichen, nicht angezeigt): ',
    'SECOND_FACTOR_KEY=(15 Zeichen, nicht angezeigt): ',
    'TRUST_PROXY=true ',
    'CUSTOMER=gibt-es-nicht: ',
    `DATABASE_URL=postgres://postgres:***@127.0.0.1:`,
  ]

  beforeAll(async () => {
    const server = new URL(inject('serverUrl'))
    server.password = password
    const file = await settingsFile(
      [
        '# every setting wrong',
        'NODE_ENV=production',
        'PUBLIC_URL=portal.bergmann-abrechnung.de',
        'HOST=nirgendwo.invalid',
        'PORT=70000',
        'JWT_SECRET=zu-kurz',
        'SECOND_FACTOR_KEY=kein-schluessel',
        'TRUST_PROXY=true',
        'CUSTOMER=gibt-es-nicht',
        `DATABASE_URL=${databaseUrl(server.toString(), missing)}`,
        `DATA_DIR=${await temporaryDir('portal-settings-data-')}`,
        '',
      ].join('\n'),
    )
    env = { ...environmentWithoutSettings(), ENV_FILE: file }
  })

  /** The lines that name a setting, each expected start found exactly once. */
  const namedLines = (output: string) => {
    const lines = output.split('\n')
    return expected.map((start) => {
      const found = lines.filter((line) => line.startsWith(start))
      expect(found, `${start} in:\n${output}`).toHaveLength(1)
      return found[0]!
    })
  }

  it('npm run provider -- check names each in one line and exits 1', async () => {
    const checked = await run('npm', ['run', 'provider', '--', 'check'], env)
    expect(checked.code, checked.output).toBe(1)
    const lines = namedLines(checked.output)
    expect(lines.at(-1)).toMatch(new RegExp(`„${missing}“ gibt es auf 127\\.0\\.0\\.1:\\d+ nicht`))
    expect(checked.output).toMatch(/^Konfiguration fehlerhaft \(ENV_FILE=.*\): 8 Probleme; /m)
    expect(checked.output).not.toContain(password)
    expect(checked.output).not.toMatch(/^ {4}at /m)
  })

  it('the server, production entry and demo entry, exits 1 with the same lines and no stack trace', async () => {
    const checked = namedLines((await run('npm', ['run', 'provider', '--', 'check'], env)).output)
    for (const entry of ['apps/server/src/main.ts', 'apps/server/src/demo/main.ts']) {
      const started = await run(process.execPath, ['--import', 'tsx', entry], env)
      expect(started.code, started.output).toBe(1)
      expect(started.output).toMatch(/^Konfigurationsfehler:$/m)
      expect(namedLines(started.output)).toEqual(checked)
      expect(started.output).not.toContain(password)
      expect(started.output).not.toMatch(/^ {4}at /m)
      expect(started.output).not.toContain('Server listening')
    }
  })

  it('a provider command on a database that does not exist: one line, no stack trace', async () => {
    const file = await settingsFile(
      `DATABASE_URL=${databaseUrl(inject('serverUrl'), missing)}\nDATA_DIR=${await temporaryDir('portal-settings-data-')}\n`,
    )
    const listed = await run('npm', ['run', 'provider', '--', 'user', 'list'], {
      ...environmentWithoutSettings(),
      ENV_FILE: file,
    })
    expect(listed.code, listed.output).toBe(1)
    expect(listed.output).toMatch(
      new RegExp(
        `^DATABASE_URL=.*: die Datenbank „${missing}“ gibt es auf 127\\.0\\.0\\.1:\\d+ nicht;`,
        'm',
      ),
    )
    expect(listed.output).not.toMatch(/^ {4}at /m)
  })
})
