/**
 * a failed statement is logged with its SQL text and its error code, never with its
 * parameter values. One failed 1 MB upload logged 6.9 MB: drizzle's error message and its `params`
 * held the file's bytes.
 */
import { Writable } from 'node:stream'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { maskDatabaseMessage, serializeError } from '../src/platform/logging'
import { operatingCostsDistributions } from '../src/platform/persistence/schema'
import { uploadFile } from './fixtures/files'
import { createTestContext, type TestContext } from './helper'

const lines: string[] = []
const stream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean))
    done()
  },
})

let ctx: TestContext
let authorization: { authorization: string }

beforeAll(async () => {
  ctx = await createTestContext({ logger: { level: 'info', stream } })
  authorization = await ctx.login('verwalter')
  // the upload's content insert fails as a full disk would make it fail
  await ctx.database.db.execute(
    sql.raw(`
      create function portal_test_fail_upload() returns trigger language plpgsql as $$
      begin
        raise exception using errcode = '53100', message = 'could not extend file "base/5/16384": No space left on device';
      end $$
    `),
  )
  await ctx.database.db.execute(
    sql.raw(`
      create trigger portal_test_fail_upload before insert on attachment_contents
        for each row execute function portal_test_fail_upload()
    `),
  )
})
afterAll(async () => ctx.close())

describe('a failed statement in the log', () => {
  it('names the statement and the code, holds no file bytes and no personal data', async () => {
    const [distribution] = await ctx.database.db
      .select({ id: operatingCostsDistributions.operatingCostsDistribution })
      .from(operatingCostsDistributions)
      .where(sql`${operatingCostsDistributions.companyCode} = '1000'`)
      .limit(1)
    const marker = 'VERTRAULICH-Erika-Mustermann-IBAN-DE02120300000000202051'
    const content = Buffer.concat([
      Buffer.from('%PDF-1.4\n', 'latin1'),
      Buffer.from(`${marker}\n`.repeat(Math.ceil((1024 * 1024) / (marker.length + 1))), 'latin1'),
      Buffer.from('%%EOF\n', 'latin1'),
    ])
    lines.length = 0
    const response = await uploadFile(
      ctx,
      authorization,
      { objectType: 'KOSTENBELEG', objectKey: distribution!.id, note: 'Notiz Erika Mustermann' },
      { fileName: 'Mustermann-Nebenkosten.pdf', contentType: 'application/pdf', content },
    )
    expect(response.statusCode, response.body).toBe(500)

    const failed = lines.filter((line) => line.includes('"level":50'))
    expect(failed).toHaveLength(1)
    const line = failed[0]!
    expect(line.length, line.slice(0, 2000)).toBeLessThan(4096)
    expect(lines.join('\n').length).toBeLessThan(16 * 1024)
    for (const secret of [marker, 'Mustermann', 'DE02120300000000202051', '%PDF', '37,80,68,70']) {
      expect(line).not.toContain(secret)
    }
    const { err } = JSON.parse(line) as { err: Record<string, unknown> }
    expect(err.code).toBe('53100')
    expect(err.statement).toMatch(
      /^insert into "attachment_contents" \("attachment", "chunk", "content"\)/,
    )
    expect(err).not.toHaveProperty('params')
    expect(err.cause).toMatchObject({
      code: '53100',
      message: 'could not extend file "base/5/16384": No space left on device',
    })
  })
})

describe('the error serializer', () => {
  it('masks quoted values in a database message and keeps the names of objects', () => {
    expect(maskDatabaseMessage('invalid input syntax for type uuid: "erika@example.com"')).toBe(
      'invalid input syntax for type uuid: "…"',
    )
    expect(
      maskDatabaseMessage(
        'duplicate key value violates unique constraint "users_user_name_key" on relation "users"',
      ),
    ).toBe(
      'duplicate key value violates unique constraint "users_user_name_key" on relation "users"',
    )
  })

  it('drops the detail of a database error, which quotes the row', () => {
    const error = Object.assign(new Error('duplicate key value violates unique constraint "u"'), {
      code: '23505',
      severity: 'ERROR',
      detail: 'Key (mail)=(erika@example.com) already exists.',
      constraint: 'u',
    })
    const serialized = JSON.stringify(serializeError(error))
    expect(serialized).not.toContain('erika@example.com')
    expect(serialized).toContain('"code":"23505"')
    expect(serialized).toContain('"constraint":"u"')
  })
})
