/**
 * Decision 066: two processes on one PostgreSQL database that run the monthly notices at the same
 * time (two replicas whose hourly job fires together; here the provider's `notices run` twice at
 * once) mail each resident's notice of the month once to a real SMTP server.
 */
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { lastCompleteMonth } from '@portal/domain'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { berlinToday } from '../src/demo/calendar'
import { startSmtpServer, type TestSmtpServer } from './fixtures/smtp'
import { databaseUrl, onServer, TEMPLATE_DATABASE } from './test-database'

const isPostgres = inject('testDatabaseKind') === 'postgres'
const SERVER_DIR = path.resolve(import.meta.dirname, '..')

/** `npm run provider -- notices run` as its own process; answers exit code and output. */
function noticesRun(env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['scripts/provider.mjs', 'notices', 'run'], {
      cwd: SERVER_DIR,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('exit', (code) => resolve({ code, output }))
  })
}

describe.skipIf(!isPostgres)('the monthly notices run by two processes at once', () => {
  const serverUrl = inject('serverUrl')
  const name = `portal_test_${randomBytes(6).toString('hex')}`
  let smtp: TestSmtpServer
  let dataDir: string

  beforeAll(async () => {
    await onServer(serverUrl, [`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`])
    smtp = await startSmtpServer()
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-notices-'))
  }, 300_000)

  afterAll(async () => {
    await smtp.close()
    await onServer(serverUrl, [`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`])
    await rm(dataDir, { recursive: true, force: true })
  }, 300_000)

  it('mails each resident once', async () => {
    const url = databaseUrl(serverUrl, name)
    // three residents with an address on the same property: the demo resident and two more
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    try {
      await client.query(`
        insert into users (user_name, company_code, name, mail, password_hash, resident_contract, notice_channel)
        select 'bewohner-' || c.key, '1000', 'Bewohner ' || c.key, 'bewohner-' || lower(c.key) || '@example.com',
          u.password_hash, c.key, 'mail'
        from contracts c
        join contract_accounts a on a.contract_account = c.contract_account
        join users u on u.user_name = 'bewohner'
        where c.property_connection = (select property_connection from contracts
                                         where key = u.resident_contract)
          and c.key <> u.resident_contract and c.until is null and a.contract_account_type = 'VKW'
          and c."from" < date_trunc('month', current_date) - interval '1 month'
        order by c.key limit 2`)
    } finally {
      await client.end()
    }
    const env = {
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      JWT_SECRET: randomBytes(32).toString('hex'),
    }
    const runs = await Promise.all([noticesRun(env), noticesRun(env)])
    for (const run of runs) expect(run.code, run.output).toBe(0)
    const month = lastCompleteMonth(berlinToday())
    const recipients = smtp.received.flatMap((mail) => mail.to)
    expect(recipients).toContain('bewohner@example.com')
    expect(recipients.filter((to) => to.startsWith('bewohner-'))).toHaveLength(2)
    // each once: no address twice
    expect(new Set(recipients).size).toBe(recipients.length)
    for (const mail of smtp.received) expect(mail.parsed.subject).toContain('ist da')
    // a third run later sends nothing more
    expect((await noticesRun(env)).output).toContain(
      `Verbrauchsinformation ${month}: 0 Benachrichtigungen angelegt, 0 E-Mails versendet`,
    )
    expect(smtp.received.flatMap((mail) => mail.to)).toHaveLength(recipients.length)
  }, 300_000)
})
