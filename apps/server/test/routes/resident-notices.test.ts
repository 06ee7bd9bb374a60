/**
 * Decision 066: the monthly notice reaches a real SMTP server once per resident and month, also when
 * the job runs twice at once; a refused mail is tried again; the others are in the month's letters;
 * the manager's proof of delivery shows each, and what the resident opened; the audit chain has it.
 */
import { lastCompleteMonth, ResidentNoticesSchema, type ResidentNotice } from '@portal/domain'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { berlinToday } from '../../src/demo/calendar'
import { pdfProblems, pdfTextRuns } from '../../src/platform/files/pdf-structure'
import { auditLog, connections, contracts, users } from '../../src/platform/persistence/schema'
import { runProvider } from '../fixtures/provider-command'
import { startSmtpServer, type TestSmtpServer } from '../fixtures/smtp'
import { ownedPropertiesOf, useTestContext } from '../helper'

let smtp: TestSmtpServer
beforeAll(async () => {
  smtp = await startSmtpServer()
})
afterAll(() => smtp.close())

const { ctx, as } = useTestContext(['verwalter', 'eigentuemer', 'fremd', 'bewohner'], () => ({
  config: { smtpUrl: smtp.url },
}))
const month = lastCompleteMonth(berlinToday())
const ADDRESS = 'bewohner@example.com'

/** `notices run` on the command line, as the provider or the hourly job runs it. */
const runNotices = async () => {
  const run = await runProvider(ctx.database.db, ['notices', 'run'], {
    mailer: ctx.app.mailer,
    config: ctx.config,
  })
  expect(run.code, run.err.join('\n')).toBe(0)
  return run.out.join('\n')
}

async function residentUnit() {
  const [row] = await ctx.database.db
    .select({ property: contracts.propertyConnection, pointOfDelivery: contracts.pointOfDelivery })
    .from(users)
    .innerJoin(contracts, eq(contracts.key, users.residentContract))
    .where(eq(users.userName, 'bewohner'))
  return row!
}

const deliveryOf = async (user: string, property: string) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/persistence/connections/${property}/resident-notices?month=${month}`,
    headers: as[user],
  })

const mailsTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address))

describe('the monthly notice', () => {
  it('is refused by the mail server first, tried again, and then sent once', async () => {
    const { property, pointOfDelivery } = await residentUnit()
    smtp.refuse.add(ADDRESS)
    expect(await runNotices()).toMatch(/1 fehlgeschlagen/)
    let list = ResidentNoticesSchema.parse((await deliveryOf('verwalter', property)).json())
    let own = list.items.find(
      (item) => item.pointOfDelivery === pointOfDelivery && item.channel === 'mail',
    )!
    expect(own).toMatchObject({ state: 'failed', attempts: 1, mail: ADDRESS, sentAt: null })
    expect(own.lastError).toMatch(/550/)

    smtp.refuse.delete(ADDRESS)
    // two runs at once, and a third after them: one mail
    await Promise.all([runNotices(), runNotices()])
    await runNotices()
    const mails = mailsTo(ADDRESS)
    expect(mails).toHaveLength(1)
    expect(mails[0]!.parsed.subject).toContain('ist da')
    expect(mails[0]!.parsed.text).toContain('http://portal.test/dashboard')
    expect(mails[0]!.parsed.text).not.toMatch(/\d+,\d+ (kWh|m³)/)

    list = ResidentNoticesSchema.parse((await deliveryOf('verwalter', property)).json())
    own = list.items.find(
      (item) => item.pointOfDelivery === pointOfDelivery && item.channel === 'mail',
    )!
    expect(own).toMatchObject({ state: 'sent', attempts: 2, lastError: null })
    expect(own.sentAt).toEqual(expect.any(String))
    const audited = await ctx.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'RESIDENT_NOTICE_SENT'), eq(auditLog.companyCode, '1000')))
    expect(audited.length).toBeGreaterThanOrEqual(1)
  })

  it('lists every other user of the property for a letter, and the letters record their production', async () => {
    const { property } = await residentUnit()
    const list = ResidentNoticesSchema.parse((await deliveryOf('verwalter', property)).json())
    const letters = list.items.filter((item: ResidentNotice) => item.state === 'letter')
    expect(letters.length).toBeGreaterThan(0)
    for (const item of letters) expect(item.letterProducedAt).toBeNull()
    const pdf = await ctx.app.inject({
      method: 'GET',
      url: `/api/persistence/connections/${property}/notice-letters/${month}`,
      headers: as.verwalter,
    })
    expect(pdf.statusCode).toBe(200)
    expect(pdfProblems(pdf.rawPayload)).toEqual([])
    const runs = pdfTextRuns(pdf.rawPayload)
    const covers = runs.filter((run) => run.text.startsWith('Ihre Verbrauchsinformation für'))
    expect(covers).toHaveLength(letters.length)
    for (const item of letters) {
      expect(runs.some((run) => run.text === item.name)).toBe(true)
    }
    const after = ResidentNoticesSchema.parse((await deliveryOf('verwalter', property)).json())
    for (const item of after.items.filter((i) => i.state === 'letter')) {
      expect(item.letterProducedAt).toEqual(expect.any(String))
    }
  })

  it('marks what the resident opened in the portal', async () => {
    const { property, pointOfDelivery } = await residentUnit()
    const opened = await ctx.app.inject({
      method: 'GET',
      url: '/api/residents/monthly-consumption',
      headers: as.bewohner,
    })
    expect(opened.statusCode).toBe(200)
    const list = ResidentNoticesSchema.parse((await deliveryOf('verwalter', property)).json())
    const own = list.items.find(
      (item) => item.pointOfDelivery === pointOfDelivery && item.channel === 'mail',
    )!
    expect(own.openedAt).toEqual(expect.any(String))
  })

  it('shows another customer and a not-owning owner nothing', async () => {
    const { property } = await residentUnit()
    expect((await deliveryOf('fremd', property)).statusCode).toBe(404)
    const owned = await ctx.database.db
      .select({ connection: connections.connection })
      .from(connections)
      .where(
        and(
          eq(connections.connection, property),
          sql`${connections.connection} in ${await ownedPropertiesOf(ctx, 'eigentuemer')}`,
        ),
      )
    // the owner sees it only when the property is his
    expect((await deliveryOf('eigentuemer', property)).statusCode).toBe(
      owned.length > 0 ? 200 : 404,
    )
    const letters = await ctx.app.inject({
      method: 'GET',
      url: `/api/persistence/connections/${property}/notice-letters/${month}`,
      headers: as.fremd,
    })
    expect(letters.statusCode).toBe(404)
  })
})
