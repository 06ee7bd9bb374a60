/**
 * Decision 062: the bved consumption-data service 1.1 for a radio property of the demo data. Every
 * answer is validated against `arge-consumption-data-1.1.yaml` itself (the published file, kept
 * byte for byte in docs/bved/); the figures are the monthly information's of the whole unit; the
 * credentials are a user's own, see what he sees, and nothing else opens the service.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createHash } from 'node:crypto'
import { Ajv, type ValidateFunction } from 'ajv'
import addFormats from 'ajv-formats'
import { parse } from 'yaml'
import {
  BvedConsumptionDataSchema,
  BvedConsumptionSummarySchema,
  UnitConsumptionSchema,
  lastCompleteMonth,
  monthEnd,
  monthsUntil,
} from '@portal/domain'
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  auditLog,
  connections,
  pointsOfDelivery,
  users,
} from '../../src/platform/persistence/schema'
import { DEMO_PASSWORD } from '../../src/platform/auth/demo-password'
import { berlinToday } from '../../src/demo/calendar'
import { useTestContext, ownedPropertiesOf, propertyOf1000 } from '../helper'
import { providerTerminal } from '../fixtures/provider-command'
import { CONSUMPTION_ACCESS_USAGE } from '../../src/modules/accounts/consumption-credential-commands'

const { ctx, as } = useTestContext(['verwalter', 'eigentuemer', 'fremd'])
const lastMonth = lastCompleteMonth(berlinToday())
const YAML_FILE = fileURLToPath(
  new URL('../../../../docs/bved/arge-consumption-data-1.1.yaml', import.meta.url),
)
/** SHA-256 of the published file (bved, version 1.1). */
const YAML_SHA256 = 'c9788a96910d73c6b2890b49ff988d2fa0d626eac7e1c4477bf4b85100fb90b4'
const CREDENTIALS = '/api/persistence/consumption-credentials'
const BASE = '/api/bved/consumption-data/v1.1/billingunits'

let validate: Record<'ConsumptionSummary' | 'ConsumptionData', ValidateFunction>
/** A radio property of company code 1000 that eigentuemer does not own, and its number. */
let property: string
let propertyNumber: string
const basic: Record<string, string> = {}

const basicHeader = (userName: string, password: string) =>
  `Basic ${Buffer.from(`${userName}:${password}`).toString('base64')}`

async function createCredential(user: string, name = `ERP ${user}`) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: CREDENTIALS,
    headers: { ...as[user], 'idempotency-key': `cd-${user}-${name.replaceAll(' ', '-')}` },
    payload: { name, currentPassword: DEMO_PASSWORD },
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json<{ id: string; userName: string; password: string }>()
}

const service = (authorization: string, url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: { authorization } })

beforeAll(async () => {
  const file = await readFile(YAML_FILE)
  expect(createHash('sha256').update(file).digest('hex')).toBe(YAML_SHA256)
  // where the published file sits beside the repository, the kept one must be it
  const published = path.resolve(
    YAML_FILE,
    '../../../../shared/bved/arge-consumption-data-1.1.yaml',
  )
  const original = await readFile(published).catch(() => null)
  if (original) expect(original.equals(file)).toBe(true)
  const ajv = new Ajv({ strict: false, allErrors: true })
  addFormats(ajv)
  ajv.addSchema(parse(file.toString('utf8')) as object, 'arge')
  validate = {
    ConsumptionSummary: ajv.getSchema('arge#/components/schemas/ConsumptionSummary')!,
    ConsumptionData: ajv.getSchema('arge#/components/schemas/ConsumptionData')!,
  }

  const { db } = ctx.database
  const owned = await ownedPropertiesOf(ctx, 'eigentuemer')
  const [radio] = await db
    .select({ connection: connections.connection, number: connections.bvedPropertyNumber })
    .from(connections)
    .where(
      propertyOf1000(
        notInArray(connections.connection, owned),
        sql`${connections.bvedPropertyNumber} is not null`,
        sql`exists (select 1 from measurements m where m.property_connection = ${connections.connection}
          and m.reading_type = 'Funkablesung' and m.reading_date = ${monthEnd(lastMonth)})`,
      ),
    )
    .orderBy(connections.connection)
    .limit(1)
  property = radio!.connection
  propertyNumber = radio!.number!
  for (const user of ['verwalter', 'eigentuemer', 'fremd']) {
    const created = await createCredential(user)
    basic[user] = basicHeader(created.userName, created.password)
  }
})

describe('the consumption-data service', () => {
  it('lists the last twelve complete months of a radio property, valid against the YAML', async () => {
    const response = await service(
      basic.verwalter!,
      `${BASE}/${propertyNumber}/consumptions/periods`,
    )
    expect(response.statusCode, response.body).toBe(200)
    const body = response.json()
    expect(
      validate.ConsumptionSummary(body),
      JSON.stringify(validate.ConsumptionSummary.errors),
    ).toBe(true)
    const summary = BvedConsumptionSummarySchema.parse(body)
    expect(summary.billingunit.reference.mscnumber).toBe(propertyNumber)
    const periods = summary.billingunit.periods.map((p) => p.period)
    expect(periods.length).toBeGreaterThan(0)
    expect(monthsUntil(lastMonth, 12)).toEqual(expect.arrayContaining(periods))
    expect(periods).toContain(lastMonth)
    const last = summary.billingunit.periods.find((p) => p.period === lastMonth)!
    expect(last.update).toMatch(new RegExp(`^${monthEnd(lastMonth)}T00:00:00\\+0[12]:00$`))

    const year = Number(lastMonth.slice(0, 4))
    const ofYear = await service(
      basic.verwalter!,
      `${BASE}/${propertyNumber}/consumptions/periods?year=${year}`,
    )
    expect(ofYear.statusCode).toBe(200)
    const yearPeriods = BvedConsumptionSummarySchema.parse(ofYear.json()).billingunit.periods
    expect(yearPeriods.map((p) => p.period)).toEqual(
      periods.filter((p) => p.startsWith(`${year}-`)),
    )
  })

  it('gives each unit’s month as the monthly information has it, valid against the YAML', async () => {
    const response = await service(
      basic.verwalter!,
      `${BASE}/${propertyNumber}/consumptions/periods/${lastMonth}`,
    )
    expect(response.statusCode, response.body).toBe(200)
    const body = response.json()
    expect(validate.ConsumptionData(body), JSON.stringify(validate.ConsumptionData.errors)).toBe(
      true,
    )
    const data = BvedConsumptionDataSchema.parse(body).billingunit
    expect(data.period).toBe(lastMonth)
    const units = await ctx.database.db
      .select({
        pod: pointsOfDelivery.pointOfDelivery,
        number: pointsOfDelivery.bvedUnitNumber,
        erp: pointsOfDelivery.erpReference,
      })
      .from(pointsOfDelivery)
      .where(eq(pointsOfDelivery.propertyConnection, property))
    expect(data.residentialunits.map((u) => u.reference.mscnumber).sort()).toEqual(
      units.map((u) => u.number).sort(),
    )
    let compared = 0
    for (const unit of units) {
      const answer = data.residentialunits.find((u) => u.reference.mscnumber === unit.number)!
      expect(answer.reference.pmnumber).toBe(unit.erp ?? undefined)
      // the portal's own monthly information of the unit (its current user's months)
      const information = UnitConsumptionSchema.parse(
        (
          await ctx.app.inject({
            method: 'GET',
            url: `/api/persistence/points-of-delivery/${encodeURIComponent(unit.pod)}/monthly-consumption`,
            headers: as.verwalter,
          })
        ).json(),
      )
      for (const series of information.series) {
        const month = series.months.find((m) => m.month === lastMonth)
        if (!month) continue
        const native = answer.consumptions.find(
          (c) =>
            !c.converted &&
            c.unitofmeasure === { kWh: 'KWH', 'm³': 'M3', Einheiten: 'HCU' }[series.unit] &&
            c.service === (series.medium === 'heating' ? 'HEATING' : 'HOT_WATER'),
        )
        expect(native, `${unit.pod} ${series.typeClass}`).toBeDefined()
        if (month.consumption === null) expect(native!.errors).toBe(true)
        else expect(native!.amount).toBe(Number(month.consumption))
        if (series.unit !== 'kWh' && month.kwh !== null) {
          const converted = answer.consumptions.find(
            (c) => c.converted && c.service === native!.service,
          )
          expect(converted?.unitofmeasure).toBe('KWH')
          expect(converted?.amount).toBe(Number(month.kwh))
        }
        if (month.averageForArea !== null) {
          expect(answer.benchmarks).toContainEqual({
            service: native!.service,
            unitofmeasure: native!.unitofmeasure,
            amount: Number(month.averageForArea),
          })
        }
        compared += 1
      }
    }
    expect(compared).toBeGreaterThan(0)
    expect(
      data.residentialunits.some((u) => u.consumptions.some((c) => c.unitofmeasure === 'HCU')),
    ).toBe(true)
  })

  it('answers 404 for a month without data and 400 for a malformed one', async () => {
    const old = await service(
      basic.verwalter!,
      `${BASE}/${propertyNumber}/consumptions/periods/1999-01`,
    )
    expect(old.statusCode).toBe(404)
    expect(old.json<{ detail: string }>().detail).toBe(
      'Für diesen Monat liegen keine Verbrauchsdaten vor.',
    )
    const malformed = await service(
      basic.verwalter!,
      `${BASE}/${propertyNumber}/consumptions/periods/2026-13`,
    )
    expect(malformed.statusCode).toBe(400)
    const year = await service(
      basic.verwalter!,
      `${BASE}/${propertyNumber}/consumptions/periods?year=18`,
    )
    expect(year.statusCode).toBe(400)
  })
})

describe('who the service answers', () => {
  it('answers 401 with a Basic challenge to wrong, missing and bearer credentials', async () => {
    const url = `${BASE}/${propertyNumber}/consumptions/periods`
    const [userName] = Buffer.from(basic.verwalter!.slice(6), 'base64').toString().split(':')
    for (const authorization of [
      '',
      basicHeader(userName!, 'cd_falsch'),
      basicHeader('vd-000000000000', 'cd_x'),
      as.verwalter!.authorization,
      'Basic !!!',
      // a NUL in the user name never reaches the database (PostgreSQL refuses it in text)
      basicHeader('vd-\u0000', 'cd_x'),
      `Basic ${Buffer.from([0xff, 0xfe, 0x3a, 0x78]).toString('base64')}`,
    ]) {
      const response = await service(authorization, url)
      expect(response.statusCode, authorization).toBe(401)
      expect(response.headers['www-authenticate']).toBe(
        'Basic realm="bved consumption-data", charset="UTF-8"',
      )
    }
  })

  it('answers 404 for a property of another customer or that an owner does not own', async () => {
    const url = `${BASE}/${propertyNumber}/consumptions/periods`
    expect((await service(basic.fremd!, url)).statusCode).toBe(404)
    expect((await service(basic.eigentuemer!, url)).statusCode).toBe(404)
    expect((await service(basic.fremd!, `${url}/${lastMonth}`)).statusCode).toBe(404)
    expect(
      (await service(basic.verwalter!, `${BASE}/999999999/consumptions/periods`)).statusCode,
    ).toBe(404)
  })

  it('lets an owner read his own property', async () => {
    const owned = await ownedPropertiesOf(ctx, 'eigentuemer')
    const [row] = await ctx.database.db
      .select({ number: connections.bvedPropertyNumber })
      .from(connections)
      .where(propertyOf1000(inArray(connections.connection, owned)))
      .orderBy(connections.connection)
      .limit(1)
    const response = await service(
      basic.eigentuemer!,
      `${BASE}/${row!.number}/consumptions/periods`,
    )
    expect(response.statusCode, response.body).toBe(200)
  })

  it('refuses a portal credential on a portal route, and a credential after its user is disabled', async () => {
    const portal = await ctx.app.inject({
      method: 'GET',
      url: CREDENTIALS,
      headers: { authorization: basic.verwalter! },
    })
    expect(portal.statusCode).toBe(401)
    const url = `${BASE}/999999999/consumptions/periods`
    expect((await service(basic.fremd!, url)).statusCode).toBe(404)
    const fremd = eq(users.userName, 'fremd')
    await ctx.database.db.update(users).set({ disabledAt: new Date() }).where(fremd)
    try {
      expect((await service(basic.fremd!, url)).statusCode).toBe(401)
    } finally {
      await ctx.database.db.update(users).set({ disabledAt: null }).where(fremd)
    }
  })
})

describe('credentials in the account', () => {
  it('lists a user’s own credentials without their passwords, and records their last use', async () => {
    const list = await ctx.app.inject({ method: 'GET', url: CREDENTIALS, headers: as.verwalter })
    expect(list.statusCode).toBe(200)
    const items = list.json<{ items: { name: string; lastUsedAt: string | null }[] }>().items
    expect(items.map((i) => i.name)).toEqual(['ERP verwalter'])
    expect(list.body).not.toContain('cd_')
    expect(items[0]!.lastUsedAt).not.toBeNull()
  })

  it('takes the current password, shows the password once, and a repeat answers 409', async () => {
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: CREDENTIALS,
      headers: as.verwalter,
      payload: { name: 'Zweite Software', currentPassword: 'falsch' },
    })
    expect(wrong.statusCode).toBe(400)
    const empty = await ctx.app.inject({
      method: 'POST',
      url: CREDENTIALS,
      headers: as.verwalter,
      payload: { name: ' ', currentPassword: DEMO_PASSWORD },
    })
    expect(empty.statusCode).toBe(400)
    expect(empty.json<{ detail: string }>().detail).toContain('Dieses Feld muss ausgefüllt werden.')
    const created = await createCredential('verwalter', 'Zweite Software')
    expect(created.password).toMatch(/^cd_[A-Za-z0-9_-]{43}$/)
    const repeat = await ctx.app.inject({
      method: 'POST',
      url: CREDENTIALS,
      headers: { ...as.verwalter, 'idempotency-key': 'cd-verwalter-Zweite-Software' },
      payload: { name: 'Zweite Software', currentPassword: DEMO_PASSWORD },
    })
    expect(repeat.statusCode).toBe(409)
    expect(repeat.json<{ code: string }>().code).toBe('CONSUMPTION_CREDENTIAL_SHOWN')
    const list = await ctx.app.inject({ method: 'GET', url: CREDENTIALS, headers: as.verwalter })
    expect(list.json<{ items: unknown[] }>().items).toHaveLength(2)
    const audited = await ctx.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityKey, created.userName), eq(auditLog.userName, 'verwalter')))
    expect(audited.map((a) => a.action)).toEqual(['CONSUMPTION_CREDENTIAL_CREATED'])
  })

  it('revokes at once, only the user’s own', async () => {
    const created = await createCredential('verwalter', 'Zu widerrufen')
    const header = basicHeader(created.userName, created.password)
    const url = `${BASE}/${propertyNumber}/consumptions/periods`
    expect((await service(header, url)).statusCode).toBe(200)
    const foreign = await ctx.app.inject({
      method: 'DELETE',
      url: `${CREDENTIALS}/${created.id}`,
      headers: as.fremd,
    })
    expect(foreign.statusCode).toBe(404)
    const malformed = await ctx.app.inject({
      method: 'DELETE',
      url: `${CREDENTIALS}/kein-zugang`,
      headers: as.verwalter,
    })
    expect(malformed.statusCode).toBe(404)
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const revoked = await ctx.app.inject({
        method: 'DELETE',
        url: `${CREDENTIALS}/${created.id}`,
        headers: { ...as.verwalter, 'idempotency-key': `revoke-${created.id}` },
      })
      expect(revoked.statusCode).toBe(204)
    }
    expect((await service(header, url)).statusCode).toBe(401)
  })
})

describe('credentials on the provider’s command line', () => {
  it('creates one for a user, lists it, and revokes it', async () => {
    const terminal = providerTerminal(ctx.database.db)
    expect(
      await terminal.run(
        'consumption-access',
        'create',
        'verwalter',
        '--name',
        'ERP (Kommandozeile)',
      ),
    ).toBe(0)
    const userName = terminal.out.find((l) => l.startsWith('Benutzername: '))!.slice(14)
    const password = terminal.out.find((l) => l.startsWith('Passwort: '))!.slice(10)
    const url = `${BASE}/${propertyNumber}/consumptions/periods`
    expect((await service(basicHeader(userName, password), url)).statusCode).toBe(200)
    expect(await terminal.run('consumption-access', 'list', 'verwalter')).toBe(0)
    expect(terminal.out.some((l) => l.startsWith(`${userName}  ERP (Kommandozeile)`))).toBe(true)
    expect(await terminal.run('consumption-access', 'revoke', 'verwalter', userName)).toBe(0)
    expect((await service(basicHeader(userName, password), url)).statusCode).toBe(401)
    const audited = await ctx.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityKey, userName), eq(auditLog.userName, 'provider')))
    expect(audited.map((a) => a.action).sort()).toEqual([
      'CONSUMPTION_CREDENTIAL_CREATED',
      'CONSUMPTION_CREDENTIAL_REVOKED',
    ])
  })

  it('refuses an unknown user, a missing name and an unknown credential with a German line', async () => {
    const terminal = providerTerminal(ctx.database.db)
    expect(await terminal.run('consumption-access', 'create', 'niemand', '--name', 'ERP')).toBe(1)
    expect(await terminal.run('consumption-access', 'create', 'verwalter')).toBe(1)
    expect(await terminal.run('consumption-access', 'revoke', 'verwalter', 'vd-000000000000')).toBe(
      1,
    )
    expect(await terminal.run('consumption-access', 'delete', 'verwalter')).toBe(1)
    expect(terminal.err).toEqual([
      'Abgelehnt: Einen Benutzer niemand gibt es nicht.',
      'Abgelehnt: Dieses Feld muss ausgefüllt werden. (--name)',
      'Abgelehnt: verwalter hat keinen Zugang vd-000000000000.',
      `Aufruf: npm run provider -- ${CONSUMPTION_ACCESS_USAGE}`,
    ])
  })
})
