/**
 * Decision 065: residents. The demo resident sees his tenancy and his own months only (not his
 * predecessor's, not another unit, nothing of the manager's routes); a manager invites the residents
 * of a property (mails over a real SMTP server, letters as a PDF read back), a code registers once;
 * after the move-out the access lasts a year; no other customer or owner reaches any of it.
 */
import {
  normalizeRegistrationCode,
  ResidentInvitationsSchema,
  ResidentTenancySchema,
  UnitConsumptionSchema,
  addYears,
  isShownContractAccountType,
  isCurrentContract,
  type UserConsumption,
} from '@portal/domain'
import { and, eq, isNull, notInArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { berlinToday, addDays } from '../../src/demo/calendar'
import { pdfProblems, pdfTextRuns } from '../../src/platform/files/pdf-structure'
import {
  connections,
  contractAccounts,
  contracts,
  partners,
  residentInvitations,
  users,
} from '../../src/platform/persistence/schema'
import { DEMO_PASSWORD } from '../../src/platform/auth/demo-password'
import { providerKeyHeader } from '../fixtures/provider-command'
import { startSmtpServer, type TestSmtpServer } from '../fixtures/smtp'
import { ownedPropertiesOf, propertyOf1000, useTestContext } from '../helper'

let smtp: TestSmtpServer
beforeAll(async () => {
  smtp = await startSmtpServer()
})
afterAll(() => smtp.close())

const { ctx, as } = useTestContext(['verwalter', 'eigentuemer', 'fremd', 'bewohner'], () => ({
  config: { smtpUrl: smtp.url },
}))
const today = berlinToday()

const get = (user: string | { authorization: string }, url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: typeof user === 'string' ? as[user] : user })

async function residentContract(userName = 'bewohner') {
  const [row] = await ctx.database.db
    .select({
      contract: contracts.key,
      pointOfDelivery: contracts.pointOfDelivery,
      property: contracts.propertyConnection,
      businessPartner: contracts.businessPartner,
      from: contracts.from,
      until: contracts.until,
    })
    .from(users)
    .innerJoin(contracts, eq(contracts.key, users.residentContract))
    .where(eq(users.userName, userName))
  return row!
}

describe('the demo resident', () => {
  it('sees his tenancy: a current contract that began after a predecessor moved out', async () => {
    const own = await residentContract()
    const answer = await get('bewohner', '/api/residents/tenancy')
    expect(answer.statusCode).toBe(200)
    const tenancy = ResidentTenancySchema.parse(answer.json())
    expect(tenancy).toMatchObject({
      contract: own.contract,
      pointOfDelivery: own.pointOfDelivery,
      until: null,
      accessUntil: null,
      noticeChannel: 'mail',
    })
    const unitContracts = await ctx.database.db
      .select({ from: contracts.from, until: contracts.until, partner: contracts.businessPartner })
      .from(contracts)
      .where(eq(contracts.pointOfDelivery, own.pointOfDelivery))
    const predecessor = unitContracts.find((c) => c.until === addDays(own.from, -1))
    expect(predecessor).toBeDefined()
    expect(predecessor!.partner).not.toBe(own.businessPartner)
    expect(own.from > addYears(today, -1)).toBe(true)
  })

  it('sees only his own months, the same the manager sees for him, and no other user', async () => {
    const own = await residentContract()
    const answer = await get('bewohner', '/api/residents/monthly-consumption')
    expect(answer.statusCode).toBe(200)
    const report: UserConsumption = UnitConsumptionSchema.parse(answer.json())
    expect(report.pointOfDelivery).toBe(own.pointOfDelivery)
    expect(report.users).toEqual([report.user])
    expect(report.user!.businessPartner).toBe(own.businessPartner)
    expect(report.months.length).toBeGreaterThan(0)
    for (const month of report.months) expect(`${month}-01` >= own.from).toBe(true)
    const manager = await get(
      'verwalter',
      `/api/persistence/points-of-delivery/${encodeURIComponent(own.pointOfDelivery)}/monthly-consumption?partner=${own.businessPartner}`,
    )
    const managers = UnitConsumptionSchema.parse(manager.json())
    expect(report.months).toEqual(managers.months)
    expect(report.series).toEqual(managers.series)
    // the manager's answer names the predecessor; the resident's does not
    expect(managers.users.length).toBeGreaterThan(1)
    const names = managers.users.filter((u) => u.businessPartner !== own.businessPartner)
    for (const other of names) expect(answer.body).not.toContain(other.name)
  })

  it('downloads his months as PDF, and a month before his move-in is not his', async () => {
    const report = UnitConsumptionSchema.parse(
      (await get('bewohner', '/api/residents/monthly-consumption')).json(),
    )
    const month = report.months.at(-1)!
    const pdf = await get('bewohner', `/api/residents/monthly-consumption/${month}/pdf`)
    expect(pdf.statusCode).toBe(200)
    expect(pdf.headers['content-type']).toBe('application/pdf')
    expect(pdfProblems(pdf.rawPayload)).toEqual([])
    const before = addDays(`${report.months[0]}-01`, -1).slice(0, 7)
    expect(
      (await get('bewohner', `/api/residents/monthly-consumption/${before}/pdf`)).statusCode,
    ).toBe(404)
  })

  it('gets 404 from the manager routes, and his own routes answer 404 to a manager', async () => {
    const own = await residentContract()
    const unit = encodeURIComponent(own.pointOfDelivery)
    for (const [method, url] of [
      ['POST', '/api/persistence/connections-search'],
      ['GET', `/api/persistence/points-of-delivery/${unit}/monthly-consumption`],
      ['GET', `/api/persistence/connections/${own.property}`],
      ['GET', '/api/persistence/notifications'],
      ['POST', `/api/persistence/connections/${own.property}/resident-invitations`],
    ] as const) {
      const answer = await ctx.app.inject({ method, url, headers: as.bewohner, payload: {} })
      expect(answer.statusCode, `${method} ${url}`).toBe(404)
    }
    expect((await get('verwalter', '/api/residents/tenancy')).statusCode).toBe(404)
    expect((await get('verwalter', '/api/residents/monthly-consumption')).statusCode).toBe(404)
  })

  it('finds his own user record, marked a resident', async () => {
    const answer = await ctx.app.inject({
      method: 'POST',
      url: '/api/persistence/users-search',
      headers: as.bewohner,
      payload: {},
    })
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toMatchObject({ items: [{ userName: 'bewohner', resident: true }] })
  })

  it('chooses letter or e-mail; e-mail needs an address', async () => {
    const put = (noticeChannel: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/residents/notice-channel',
        headers: as.bewohner,
        payload: { noticeChannel },
      })
    expect((await put('letter')).json()).toEqual({ noticeChannel: 'letter' })
    expect((await put('letter')).statusCode).toBe(200)
    const tenancy = ResidentTenancySchema.parse(
      (await get('bewohner', '/api/residents/tenancy')).json(),
    )
    expect(tenancy.noticeChannel).toBe('letter')
    await ctx.database.db.update(users).set({ mail: '' }).where(eq(users.userName, 'bewohner'))
    const refused = await put('mail')
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toMatchObject({ code: 'MAIL_NEEDED' })
    await ctx.database.db
      .update(users)
      .set({ mail: 'bewohner@example.com' })
      .where(eq(users.userName, 'bewohner'))
    expect((await put('mail')).json()).toEqual({ noticeChannel: 'mail' })
  })
})

/** A radio property of 1000 that eigentuemer does not own, with current tenants with and without mail. */
async function propertyToInvite(): Promise<string> {
  const owned = await ownedPropertiesOf(ctx, 'eigentuemer')
  const rows = await ctx.database.db
    .select({ connection: connections.connection })
    .from(connections)
    .where(propertyOf1000(notInArray(connections.connection, owned)))
    .orderBy(connections.connection)
  return rows[1]!.connection
}

async function invitableContractsOf(property: string) {
  const rows = await ctx.database.db
    .select({
      contract: contracts.key,
      from: contracts.from,
      until: contracts.until,
      contractAccountType: contractAccounts.contractAccountType,
      mail: partners.mail,
    })
    .from(contracts)
    .innerJoin(contractAccounts, eq(contractAccounts.contractAccount, contracts.contractAccount))
    .leftJoin(partners, eq(partners.businessPartner, contracts.businessPartner))
    .where(eq(contracts.propertyConnection, property))
  return rows.filter(
    (row) => isShownContractAccountType(row.contractAccountType) && isCurrentContract(row, today),
  )
}

/** The code a mailed invitation carries. */
function codeInMail(text: string | undefined): string {
  const match = /Ihr Registrierungscode: ([A-Z2-9-]{14})/.exec(text ?? '')
  expect(match, text).not.toBeNull()
  return match![1]!
}

/** The codes printed on the letters: the big bold line of each letter page. */
function codesOf(pdf: Buffer): string[] {
  return pdfTextRuns(pdf)
    .map((run) => normalizeRegistrationCode(run.text))
    .filter((code): code is string => code !== null && /[A-Z]/.test(code))
}

describe('inviting the residents of a property', () => {
  let property: string
  const invite = (user: string, connection: string, key?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/persistence/connections/${connection}/resident-invitations`,
      headers: { ...as[user], ...(key ? { 'idempotency-key': key } : {}) },
    })

  beforeAll(async () => {
    property = await propertyToInvite()
  })

  it('is refused for a property of another customer or owner', async () => {
    expect((await invite('fremd', property)).statusCode).toBe(404)
    expect((await invite('eigentuemer', property)).statusCode).toBe(404)
  })

  it('mails a code to every tenant with an address and prints a letter for each other one', async () => {
    // one tenant with an address and one without, at least
    const current = await invitableContractsOf(property)
    expect(current.length).toBeGreaterThan(1)
    await ctx.database.db
      .update(partners)
      .set({ mail: null })
      .where(
        eq(
          partners.businessPartner,
          (
            await ctx.database.db
              .select({ partner: contracts.businessPartner })
              .from(contracts)
              .where(eq(contracts.key, current[0]!.contract))
          )[0]!.partner,
        ),
      )
    const withMail = (await invitableContractsOf(property)).filter((c) => c.mail?.trim())
    const mailsBefore = smtp.received.length
    const answer = await invite('verwalter', property, 'invite-1')
    expect(answer.statusCode).toBe(201)
    const invited = ResidentInvitationsSchema.parse(answer.json())
    expect(invited.mailed).toBe(withMail.length)
    expect(invited.letters).toBe(current.length - withMail.length)
    expect(invited.registered).toBe(0)
    const mails = smtp.received.slice(mailsBefore)
    expect(mails).toHaveLength(withMail.length)
    for (const mail of mails) {
      expect(mail.parsed.subject).toBe('Ihre monatliche Verbrauchsinformation im Kundenportal')
      expect(mail.parsed.text).toMatch(/http:\/\/portal\.test\/register\?code=[A-Z2-9-]{14}/)
      // never the figures in the mail
      expect(mail.parsed.text).not.toMatch(/kWh|m³/)
    }

    // the same call again: the same batch, no second code, no second mail
    const again = await invite('verwalter', property, 'invite-1')
    expect(again.statusCode).toBe(201)
    expect(again.json()).toEqual(answer.json())
    expect(smtp.received.length).toBe(mailsBefore + withMail.length)
    const open = await ctx.database.db
      .select({ id: residentInvitations.id })
      .from(residentInvitations)
      .where(
        and(
          eq(residentInvitations.propertyConnection, property),
          isNull(residentInvitations.replacedAt),
        ),
      )
    expect(open).toHaveLength(current.length)

    const letters = await get(
      'verwalter',
      `/api/persistence/connections/${property}/resident-letters/${invited.batch}`,
    )
    expect(letters.statusCode).toBe(200)
    expect(letters.headers['content-type']).toBe('application/pdf')
    expect(pdfProblems(letters.rawPayload)).toEqual([])
    const codes = codesOf(letters.rawPayload)
    expect(codes).toHaveLength(invited.letters)
    const runs = pdfTextRuns(letters.rawPayload)
    // the address in the window of a DIN 5008 form B letter: 20 mm from the left, below 45 mm
    const window = runs.filter((run) => Math.abs(run.x - 56.69) < 0.01 && run.size === 10)
    expect(window.length).toBeGreaterThanOrEqual(3 * invited.letters)
    for (const run of window) {
      expect(842 - run.y).toBeGreaterThan(45 * (72 / 25.4))
      expect(842 - run.y).toBeLessThan(90 * (72 / 25.4))
    }

    // another customer and a not-owned owner do not get the letters
    const url = `/api/persistence/connections/${property}/resident-letters/${invited.batch}`
    expect((await get('fremd', url)).statusCode).toBe(404)
    expect((await get('eigentuemer', url)).statusCode).toBe(404)

    // a code registers once
    const register = (code: string, userName: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/processes/customer-portal/resident-registration',
        payload: {
          code: code.toLowerCase(),
          userName,
          mail: '',
          newPassword: 'Wohnung#2026x',
          newPasswordRepeat: 'Wohnung#2026x',
        },
        remoteAddress: '10.9.0.1',
      })
    const first = await register(codes[0]!, 'neuer.bewohner')
    expect(first.statusCode).toBe(201)
    expect(first.json<{ successMessage: string }>().successMessage).toContain('neuer.bewohner')
    const second = await register(codes[0]!, 'noch.einer')
    expect(second.statusCode).toBe(409)
    expect(second.json()).toMatchObject({ code: 'REGISTRATION_CODE_USED' })

    const signedIn = await ctx.login('neuer.bewohner', 'Wohnung#2026x')
    const tenancy = ResidentTenancySchema.parse(
      (await get(signedIn, '/api/residents/tenancy')).json(),
    )
    expect(tenancy.noticeChannel).toBe('letter')
    expect(current.map((c) => c.contract)).toContain(tenancy.contract)

    // the used code's letter is not printed again, and a new invitation leaves him out
    const reprinted = await get('verwalter', url)
    expect(codesOf(reprinted.rawPayload)).toEqual(codes.slice(1))
    const next = ResidentInvitationsSchema.parse((await invite('verwalter', property)).json())
    expect(next.registered).toBe(1)
    expect(next.mailed + next.letters).toBe(current.length - 1)
    // the newer invitation replaced the codes mailed before
    const replaced = await register(codeInMail(mails[0]!.parsed.text), 'zu.spaet')
    expect(replaced.statusCode).toBe(400)
    expect(replaced.json()).toMatchObject({ code: 'REGISTRATION_CODE_EXPIRED' })
  })

  it('refuses a code whose contract has ended, and a code that does not exist', async () => {
    const mailsBefore = smtp.received.length
    const batch = ResidentInvitationsSchema.parse((await invite('verwalter', property)).json())
    expect(batch.mailed).toBeGreaterThan(0)
    const mail = smtp.received[mailsBefore]!
    const code = codeInMail(mail.parsed.text)
    const [invitation] = await ctx.database.db
      .select({ contract: residentInvitations.contract })
      .from(residentInvitations)
      .innerJoin(contracts, eq(contracts.key, residentInvitations.contract))
      .innerJoin(partners, eq(partners.businessPartner, contracts.businessPartner))
      .where(and(eq(residentInvitations.batch, batch.batch), eq(partners.mail, mail.to[0]!)))
    await ctx.database.db
      .update(contracts)
      .set({ until: addDays(today, -1) })
      .where(eq(contracts.key, invitation!.contract))
    const payload = (value: string) => ({
      code: value,
      userName: 'ausgezogen',
      mail: 'a@example.com',
      newPassword: 'Wohnung#2026x',
      newPasswordRepeat: 'Wohnung#2026x',
    })
    const ended = await ctx.app.inject({
      method: 'POST',
      url: '/api/processes/customer-portal/resident-registration',
      payload: payload(code),
      remoteAddress: '10.9.0.2',
    })
    expect(ended.statusCode).toBe(400)
    expect(ended.json()).toMatchObject({ code: 'REGISTRATION_CONTRACT_ENDED' })
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/processes/customer-portal/resident-registration',
      payload: payload('ZZZZ-ZZZZ-ZZZZ'),
      remoteAddress: '10.9.0.2',
    })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json()).toMatchObject({ code: 'REGISTRATION_CODE_UNKNOWN' })
    expect(
      await ctx.database.db.select().from(users).where(eq(users.userName, 'ausgezogen')),
    ).toEqual([])
  })
})

describe('the provider', () => {
  it("invites a property's residents and prints their letters through the provider API", async () => {
    const property = await propertyToInvite()
    const key = await providerKeyHeader(ctx.database.db, 'residents-test', 'users')
    const invited = await ctx.app.inject({
      method: 'POST',
      url: '/api/provider/residents/invitations',
      headers: { ...key, 'idempotency-key': 'provider-invite-1' },
      payload: { connection: property },
    })
    expect(invited.statusCode, invited.body).toBe(201)
    const batch = ResidentInvitationsSchema.parse(invited.json())
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/provider/residents/invitations',
      headers: { ...key, 'idempotency-key': 'provider-invite-1' },
      payload: { connection: property },
    })
    expect(again.json()).toEqual(invited.json())
    const letters = await ctx.app.inject({
      method: 'GET',
      url: `/api/provider/residents/letters?connection=${property}&batch=${batch.batch}`,
      headers: key,
    })
    // the demo knows a private tenant in three without an e-mail address
    expect(batch.letters).toBeGreaterThan(0)
    expect(letters.statusCode).toBe(200)
    expect(codesOf(letters.rawPayload)).toHaveLength(batch.letters)
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/provider/residents/invitations',
      headers: key,
      payload: { connection: 'gibt-es-nicht' },
    })
    expect(unknown.statusCode).toBe(404)
  })
})

describe('after the move-out (decision 065)', () => {
  it('keeps his access for a year after his last day, then ends it', async () => {
    const own = await residentContract()
    const setUntil = (until: string) =>
      ctx.database.db.update(contracts).set({ until }).where(eq(contracts.key, own.contract))
    const months = UnitConsumptionSchema.parse(
      (await get('bewohner', '/api/residents/monthly-consumption')).json(),
    ).months
    // moved out yesterday: he still signs in and sees his months
    await setUntil(addDays(today, -1))
    const yesterday = await ctx.login('bewohner')
    const tenancy = ResidentTenancySchema.parse(
      (await get(yesterday, '/api/residents/tenancy')).json(),
    )
    expect(tenancy.accessUntil).toBe(addYears(addDays(today, -1), 1))
    expect(
      UnitConsumptionSchema.parse(
        (await get(yesterday, '/api/residents/monthly-consumption')).json(),
      ).months,
    ).toEqual(months)
    // his last day was a year and a day ago: no sign-in, and his token is refused
    await setUntil(addDays(addYears(today, -1), -1))
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/token',
      payload: { username: 'bewohner', password: DEMO_PASSWORD },
    })
    expect(refused.statusCode).toBe(401)
    expect(refused.json()).toMatchObject({ code: 'RESIDENT_ACCESS_ENDED' })
    expect((await get(yesterday, '/api/residents/tenancy')).statusCode).toBe(401)
    // exactly a year after his last day he still may
    await setUntil(addYears(today, -1))
    expect((await get(yesterday, '/api/residents/tenancy')).statusCode).toBe(200)
    await ctx.database.db
      .update(contracts)
      .set({ until: null })
      .where(eq(contracts.key, own.contract))
  })
})
