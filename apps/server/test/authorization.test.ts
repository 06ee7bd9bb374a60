/**
 * Walks every registered route: without a token each answers 401 (but the public ones); with an id
 * of data the caller may not see each answers 404; no search lets data of another company code or
 * another owner through. New routes are covered as soon as they are registered.
 */
import { and, desc, eq, inArray, isNull, lte, ne, notInArray, sql } from 'drizzle-orm'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RouteEntry } from '../src/app'
import type { PgColumn } from 'drizzle-orm/pg-core'
import {
  auditLog,
  attachments,
  billingObjects,
  connections,
  contractAccounts,
  contracts,
  deviceAlarms,
  devices,
  operatingCostsDistributions,
  operatingCostsExpenses,
  partners,
  pointsOfDelivery,
  products,
  users,
} from '../src/platform/persistence/schema'
import { providerKeyHeader, runProvider } from './fixtures/provider-command'
import { berlinToday } from '../src/demo/calendar'
import { lastCompleteMonth, monthEnd } from '@portal/domain'
import {
  createConsumptionCredential,
  credentialOwner,
} from '../src/modules/accounts/consumption-credentials'
import {
  createTestContext,
  firstOf1000,
  ownedPropertiesOf,
  ownerOf,
  propertyOf1000,
  type TestContext,
} from './helper'

let ctx: TestContext
let portalDist: string
/** Every route but the documentation's. */
let allRoutes: RouteEntry[]
/** The API: every route below /api/, where the data is. */
let routes: RouteEntry[]
const as: Record<string, { authorization: string }> = {}

/** The routes that anyone may call. */
const PUBLIC_ROUTES = [
  'POST /api/token',
  'GET /api/health',
  'GET /api/health/live',
  'GET /api/health/ready',
  // answered only with METRICS_TOKEN as bearer, 404 without it (test/operations.test.ts)
  'GET /metrics',
  'POST /api/processes/customer-portal/password-reset',
  'POST /api/processes/customer-portal/password-reset/confirm',
  'POST /api/processes/customer-portal/invitation/check',
  'POST /api/processes/customer-portal/invitation/accept',
  'POST /api/processes/customer-portal/resident-registration',
  'GET /api/configuration/customer',
  'GET /api/configuration/faq',
  'GET /customer-assets/:file',
  'GET /*',
  // the token travels in the body; see test/routes/legacy.test.ts
  'POST /api/legacy',
]

/**
 * Decision 018: the scope each provider route needs. A provider route missing here fails the walk,
 * so that no route below /api/provider/ is added without its scope being checked.
 */
const PROVIDER_ROUTE_SCOPES: Record<string, string> = {
  'GET /api/provider/changes': 'export',
  'GET /api/provider/changes/bved-costs': 'export',
  'GET /api/provider/dump': 'export',
  'POST /api/provider/import': 'import',
  'POST /api/provider/steps/distribute': 'steps',
  'POST /api/provider/steps/release': 'steps',
  'POST /api/provider/steps/cancel': 'steps',
  'GET /api/provider/users': 'users',
  'POST /api/provider/users': 'users',
  'POST /api/provider/users/disable': 'users',
  'POST /api/provider/users/enable': 'users',
  'POST /api/provider/users/reset': 'users',
  'POST /api/provider/users/reset-second-factor': 'users',
  'POST /api/provider/users/delete': 'users',
  'POST /api/provider/residents/invitations': 'users',
  'GET /api/provider/residents/letters': 'users',
  'POST /api/provider/service-orders/:id/status': 'steps',
}
const PROVIDER_SCOPES = ['import', 'export', 'steps', 'users']

/** A provider key of the given scope, created on the command line; its bearer header. */
const providerKey = (scope: string) =>
  providerKeyHeader(ctx.database.db, `walk-${scope.replaceAll(',', '-')}`, scope)

/** For each route with an id: an id of company code 1000 that eigentuemer does not own. */
type IdSample = (ctx: TestContext, notOwned: string) => Promise<Record<string, string>>

/** The first key of a table's rows that belong to the given property. */
async function keyInProperty(
  { database }: TestContext,
  table: { propertyConnection: PgColumn },
  key: PgColumn,
  property: string,
): Promise<string> {
  const [row] = await database.db
    .select({ key })
    .from(key.table)
    .where(eq(table.propertyConnection, property))
    .orderBy(key)
    .limit(1)
  return String(row!.key)
}

/** A distribution of the property and one of its expense lines of the given kind. */
async function expenseInProperty(
  { database }: TestContext,
  property: string,
  kind: 'heating' | 'working',
): Promise<Record<string, string>> {
  const [row] = await database.db
    .select({
      id: operatingCostsExpenses.operatingCostsDistribution,
      guid: operatingCostsExpenses.guid,
    })
    .from(operatingCostsExpenses)
    .where(
      and(
        eq(operatingCostsExpenses.propertyConnection, property),
        eq(operatingCostsExpenses.kind, kind),
      ),
    )
    .orderBy(operatingCostsExpenses.guid)
    .limit(1)
  return { id: row!.id, guid: row!.guid }
}

/** A property of company code 1000 with radio readings last month that eigentuemer does not own. */
async function radioPropertyNotOwned(
  ctx: TestContext,
): Promise<{ number: string; connection: string }> {
  const owned = await ownedPropertiesOf(ctx, 'eigentuemer')
  const lastMonth = lastCompleteMonth(berlinToday())
  const [row] = await ctx.database.db
    .select({ number: connections.bvedPropertyNumber, connection: connections.connection })
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
  return { number: row!.number!, connection: row!.connection }
}

const distributionSample: IdSample = async (ctx, notOwned) => ({
  id: await keyInProperty(
    ctx,
    operatingCostsDistributions,
    operatingCostsDistributions.operatingCostsDistribution,
    notOwned,
  ),
})
const propertySample: IdSample = async (_ctx, notOwned) => ({ connection: notOwned })
const unitSample: IdSample = async (ctx, notOwned) => ({
  id: await keyInProperty(ctx, pointsOfDelivery, pointsOfDelivery.pointOfDelivery, notOwned),
})
const attachmentSample: IdSample = async (ctx, notOwned) => ({
  id: await keyInProperty(ctx, attachments, attachments.attachment, notOwned),
})

const SAMPLES: Record<string, IdSample> = {
  'GET /api/persistence/operating-costs/:id': distributionSample,
  'GET /api/persistence/operating-costs/:id/history': distributionSample,
  'GET /api/persistence/operating-costs/:id/co2-split': distributionSample,
  'GET /api/persistence/operating-costs/:id/billing-information': distributionSample,
  'PUT /api/persistence/operating-costs/:id/co2-split': distributionSample,
  'POST /api/persistence/operating-costs/:id/bved-costs': distributionSample,
  'GET /api/persistence/operating-costs/:id/bved-costs': distributionSample,
  // an approval by verwalter, so that the receipt exists
  'GET /api/persistence/operating-costs/:id/history/:sequence/receipt': async (ctx, notOwned) => {
    const { id } = await distributionSample(ctx, notOwned)
    const distribution = eq(operatingCostsDistributions.operatingCostsDistribution, id!)
    await ctx.database.db
      .update(operatingCostsDistributions)
      .set({ operatingCostsDistributionStatus: 'F' })
      .where(distribution)
    const approved = await ctx.app.inject({
      method: 'POST',
      url: '/api/processes/operating-costs/distribution-approval',
      headers: await ctx.login('verwalter'),
      payload: { operatingCostsDistribution: id, approved: true },
    })
    expect(approved.statusCode, approved.body).toBe(200)
    const [decision] = await ctx.database.db
      .select({ seq: auditLog.seq })
      .from(auditLog)
      .where(and(eq(auditLog.entityKey, id!), sql`${auditLog.after} ? 'snapshotHash'`))
      .orderBy(desc(auditLog.seq))
      .limit(1)
    return { id: id!, sequence: String(decision!.seq) }
  },
  'POST /api/persistence/operating-costs/:id/heating-expenses': distributionSample,
  'POST /api/persistence/operating-costs/:id/working-expenses': distributionSample,
  'PATCH /api/persistence/operating-costs/:id/heating-expenses/:guid': (ctx, notOwned) =>
    expenseInProperty(ctx, notOwned, 'heating'),
  'PATCH /api/persistence/operating-costs/:id/working-expenses/:guid': (ctx, notOwned) =>
    expenseInProperty(ctx, notOwned, 'working'),
  'DELETE /api/persistence/operating-costs/:id/heating-expenses/:guid': (ctx, notOwned) =>
    expenseInProperty(ctx, notOwned, 'heating'),
  'DELETE /api/persistence/operating-costs/:id/working-expenses/:guid': (ctx, notOwned) =>
    expenseInProperty(ctx, notOwned, 'working'),
  'GET /api/persistence/connections/:connection': propertySample,
  'GET /api/persistence/partners/:id': async (ctx, notOwned) => ({
    id: await ownerOf(ctx, notOwned),
  }),
  'GET /api/persistence/products/:id': async (ctx) => ({
    id: await firstOf1000(ctx, products.product),
  }),
  'GET /api/persistence/contracts/:key': async (ctx, notOwned) => ({
    key: await keyInProperty(ctx, contracts, contracts.key, notOwned),
  }),
  'GET /api/persistence/contract-accounts/:contractAccount': async (ctx, notOwned) => ({
    contractAccount: await keyInProperty(
      ctx,
      contractAccounts,
      contractAccounts.contractAccount,
      notOwned,
    ),
  }),
  'GET /api/persistence/connection-object-relations/:connection': propertySample,
  'GET /api/persistence/point-of-delivery-object-relations/:id': unitSample,
  'GET /api/persistence/points-of-delivery/:id': unitSample,
  'GET /api/persistence/points-of-delivery/:id/monthly-consumption': unitSample,
  'GET /api/persistence/points-of-delivery/:id/monthly-consumption/:month/pdf': async (
    ctx,
    notOwned,
  ) => ({ ...(await unitSample(ctx, notOwned)), month: lastCompleteMonth(berlinToday()) }),
  'GET /api/persistence/connections/:connection/monthly-consumption': propertySample,
  'POST /api/persistence/connections/:connection/bved-users': propertySample,
  'GET /api/persistence/devices/:key': async (ctx, notOwned) => ({
    key: await keyInProperty(ctx, devices, devices.key, notOwned),
  }),
  'GET /api/persistence/billing-objects/:key': async (ctx, notOwned) => ({
    key: await keyInProperty(ctx, billingObjects, billingObjects.key, notOwned),
  }),
  'GET /api/processes/system/file-download/:id': attachmentSample,
  'GET /api/bved/consumption-data/v1.1/billingunits/:mscnumber/consumptions/periods': async (
    ctx,
  ) => ({ mscnumber: (await radioPropertyNotOwned(ctx)).number }),
  'GET /api/bved/consumption-data/v1.1/billingunits/:mscnumber/consumptions/periods/:period':
    async (ctx) => ({
      mscnumber: (await radioPropertyNotOwned(ctx)).number,
      period: lastCompleteMonth(berlinToday()),
    }),
  // a credential of verwalter: no one else may revoke it
  'DELETE /api/persistence/consumption-credentials/:id': async ({ database }) => {
    const owner = await credentialOwner(database.db, 'verwalter')
    return { id: (await createConsumptionCredential(database.db, owner!, 'walk sample')).id }
  },
  'DELETE /api/persistence/attachments/:id': attachmentSample,
  'POST /api/persistence/connections/:connection/resident-invitations': propertySample,
  // verwalter's invitation of the property's residents, one of them without a mail address
  'GET /api/persistence/connections/:connection/resident-letters/:batch': async (
    ctx,
    notOwned,
  ) => ({ connection: notOwned, batch: await letterBatchOf(ctx, notOwned) }),
  'GET /api/persistence/connections/:connection/resident-notices': propertySample,
  // decision 066: the month's letters of a radio-read property, after the notices were planned
  'GET /api/persistence/connections/:connection/notice-letters/:month': async (ctx) => {
    const run = await runProvider(ctx.database.db, ['notices', 'run'], {
      mailer: ctx.app.mailer,
      config: ctx.config,
    })
    expect(run.code, run.err.join('\n')).toBe(0)
    return {
      connection: (await radioPropertyNotOwned(ctx)).connection,
      month: lastCompleteMonth(berlinToday()),
    }
  },
  // decision 070: an alarm on a unit of the property
  'PATCH /api/persistence/device-alarms/:id': async (ctx, notOwned) => {
    const pointOfDelivery = await keyInProperty(
      ctx,
      pointsOfDelivery,
      pointsOfDelivery.pointOfDelivery,
      notOwned,
    )
    const [alarm] = await ctx.database.db
      .insert(deviceAlarms)
      .values({
        companyCode: '1000',
        propertyConnection: notOwned,
        alarmKey: `VACANT_CONSUMPTION|${pointOfDelivery}||walk`,
        kind: 'VACANT_CONSUMPTION',
        pointOfDelivery,
        details: { unitReference: pointOfDelivery, month: '2026-10', HV: '1.000' },
        detectedOn: '2026-11-01',
      })
      .onConflictDoUpdate({ target: deviceAlarms.alarmKey, set: { state: 'OFFEN' } })
      .returning({ id: deviceAlarms.id })
    return { id: alarm!.id }
  },
  // decision 065: a month of the demo resident; his routes answer every other user 404
  'GET /api/residents/monthly-consumption/:month/pdf': async (ctx) => ({
    month: await residentMonth(ctx),
  }),
  // decision 067: the demo resident moved in this year; a tenant of a billed period stands in
  'GET /api/residents/billing-information/:id': async (ctx) => ({
    id: await billedPeriodOfResident(ctx),
  }),
}

/**
 * Ties the demo resident to a current contract that ran through an approved (G) or distributed
 * (V) period of company 1000, and answers that period's distribution.
 */
async function billedPeriodOfResident(ctx: TestContext): Promise<string> {
  const [row] = await ctx.database.db
    .select({
      contract: contracts.key,
      distribution: operatingCostsDistributions.operatingCostsDistribution,
    })
    .from(operatingCostsDistributions)
    .innerJoin(
      contracts,
      and(
        eq(contracts.propertyConnection, operatingCostsDistributions.propertyConnection),
        lte(contracts.from, operatingCostsDistributions.from),
        isNull(contracts.until),
      ),
    )
    .innerJoin(contractAccounts, eq(contractAccounts.contractAccount, contracts.contractAccount))
    .where(
      and(
        eq(operatingCostsDistributions.companyCode, '1000'),
        inArray(operatingCostsDistributions.operatingCostsDistributionStatus, ['G', 'V']),
        ne(contractAccounts.contractAccountType, 'VKT'),
      ),
    )
    .orderBy(contracts.key)
    .limit(1)
  await ctx.database.db
    .update(users)
    .set({ residentContract: row!.contract })
    .where(eq(users.userName, 'bewohner'))
  return row!.distribution
}

/** An invitation of `property`'s residents by verwalter with at least one letter: its batch. */
async function letterBatchOf(ctx: TestContext, property: string): Promise<string> {
  const [tenant] = await ctx.database.db
    .select({ partner: contracts.businessPartner })
    .from(contracts)
    .where(and(eq(contracts.propertyConnection, property), isNull(contracts.until)))
    .orderBy(contracts.key)
    .limit(1)
  await ctx.database.db
    .update(partners)
    .set({ mail: null })
    .where(eq(partners.businessPartner, tenant!.partner))
  const invited = await ctx.app.inject({
    method: 'POST',
    url: `/api/persistence/connections/${property}/resident-invitations`,
    headers: await ctx.login('verwalter'),
  })
  expect(invited.statusCode, invited.body).toBe(201)
  return invited.json<{ batch: string }>().batch
}

/** The newest month of the demo resident's information. */
async function residentMonth(ctx: TestContext): Promise<string> {
  const answer = await ctx.app.inject({
    method: 'GET',
    url: '/api/residents/monthly-consumption',
    headers: await ctx.login('bewohner'),
  })
  return answer.json<{ months: string[] }>().months.at(-1)!
}

/** Decision 065: routes only a resident reaches; every other user gets 404 there. */
const isResidentRoute = (route: RouteEntry) => route.url.startsWith('/api/residents/')

/** Routes that only a user with a business partner is kept from (catalogue data of the company). */
const COMPANY_WIDE = new Set(['GET /api/persistence/products/:id'])

const fill = (url: string, params: Record<string, string>) =>
  url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? 'fehlt'))

const key = (route: RouteEntry) => `${route.method} ${route.url}`

const isProviderRoute = (route: RouteEntry) => route.url.startsWith('/api/provider/')
/** Decision 062: the consumption-data service, reached with a user's Basic credential only. */
const isBvedRoute = (route: RouteEntry) => route.url.startsWith('/api/bved/')
/** Each user's consumption-data credential, as a Basic header. */
const basicOf: Record<string, { authorization: string }> = {}
/** How `user` calls `route`: his Basic credential below /api/bved/, his token elsewhere. */
const headersOf = (route: RouteEntry, user: string) =>
  isBvedRoute(route) ? basicOf[user]! : as[user]!

const callWith = (route: RouteEntry, headers: Record<string, string>, params = {}) =>
  ctx.app.inject({
    method: route.method as 'GET',
    url: fill(route.url, params),
    headers,
    ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
  })

beforeAll(async () => {
  // with a built portal, so that its routes are walked too
  portalDist = await mkdtemp(path.join(tmpdir(), 'portal-dist-'))
  await writeFile(path.join(portalDist, 'index.html'), '<!doctype html><title>Portal</title>')
  ctx = await createTestContext({ portalDist })
  as.bewohner = await ctx.login('bewohner')
  for (const user of ['verwalter', 'eigentuemer', 'fremd']) {
    as[user] = await ctx.login(user)
    const owner = await credentialOwner(ctx.database.db, user)
    const credential = await createConsumptionCredential(ctx.database.db, owner!, `walk ${user}`)
    basicOf[user] = {
      authorization: `Basic ${Buffer.from(`${credential.userName}:${credential.password}`).toString('base64')}`,
    }
  }
  allRoutes = ctx.app.routeTable.filter(
    (r) => r.method !== 'HEAD' && r.method !== 'OPTIONS' && !r.url.startsWith('/api/docs'),
  )
  routes = allRoutes.filter((r) => r.url.startsWith('/api/'))
})
afterAll(async () => {
  await ctx.close()
  await rm(portalDist, { recursive: true, force: true })
})

async function notOwnedProperty(): Promise<string> {
  const owned = await ownedPropertiesOf(ctx, 'eigentuemer')
  const [property] = await ctx.database.db
    .select({ connection: connections.connection })
    .from(connections)
    .where(propertyOf1000(notInArray(connections.connection, owned)))
  return property!.connection
}

describe('every route', () => {
  it('is known: the public list names only registered routes', () => {
    const registered = new Set(allRoutes.map(key))
    for (const route of PUBLIC_ROUTES) expect(registered.has(route), route).toBe(true)
    expect(
      allRoutes
        .filter((r) => r.public)
        .map(key)
        .sort(),
    ).toEqual([...PUBLIC_ROUTES].sort())
  })

  it('keeps data below /api/: every route outside it is public and carries none', () => {
    const outside = allRoutes.filter((r) => !r.url.startsWith('/api/'))
    expect(outside.map(key)).toEqual(
      expect.arrayContaining(['GET /customer-assets/:file', 'GET /*']),
    )
    for (const route of outside) expect(route.public, key(route)).toBe(true)
  })

  it('answers 401 without a token, and with a malformed one, unless public', async () => {
    const protectedRoutes = routes.filter((r) => !r.public)
    expect(protectedRoutes.length).toBeGreaterThan(5)
    for (const route of protectedRoutes) {
      for (const headers of [
        {},
        { authorization: 'Bearer abc.def.ghi' },
        { authorization: 'Basic dmVyd2FsdGVyOng=' },
      ]) {
        const response = await ctx.app.inject({
          method: route.method as 'GET',
          url: fill(route.url, {}),
          headers,
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        })
        expect(response.statusCode, key(route)).toBe(401)
        expect(response.json<{ detail: string }>().detail, key(route)).toEqual(expect.any(String))
      }
    }
  })

  it('answers 401 to a provider key on every portal route, and to a portal token below /api/provider/', async () => {
    const all = await providerKey('all')
    const portalRoutes = routes.filter((r) => !r.public && !isProviderRoute(r) && !isBvedRoute(r))
    const providerRoutes = routes.filter(isProviderRoute)
    expect(portalRoutes.length).toBeGreaterThan(5)
    expect(providerRoutes.length).toBeGreaterThanOrEqual(6)
    const notOwned = await notOwnedProperty()
    for (const route of portalRoutes) {
      const params = (await SAMPLES[key(route)]?.(ctx, notOwned)) ?? {}
      const response = await callWith(route, all, params)
      expect(response.statusCode, key(route)).toBe(401)
      expect(response.json<{ detail: string }>().detail, key(route)).toMatch(/Provider-Schlüssel/)
    }
    for (const route of providerRoutes) {
      for (const user of ['verwalter', 'eigentuemer', 'fremd']) {
        const response = await callWith(route, as[user]!)
        expect(response.statusCode, `${key(route)} as ${user}`).toBe(401)
        expect((await callWith(route, basicOf[user]!)).statusCode, key(route)).toBe(401)
      }
    }
    // decision 062: below /api/bved/ neither a provider key nor a portal token
    const bvedRoutes = routes.filter(isBvedRoute)
    expect(bvedRoutes.length).toBeGreaterThanOrEqual(2)
    for (const route of bvedRoutes) {
      const params = (await SAMPLES[key(route)]?.(ctx, notOwned)) ?? {}
      expect((await callWith(route, all, params)).statusCode, key(route)).toBe(401)
      for (const user of ['verwalter', 'eigentuemer', 'fremd']) {
        const response = await callWith(route, as[user]!, params)
        expect(response.statusCode, `${key(route)} as ${user}`).toBe(401)
      }
    }
    // and a Basic credential opens no portal route
    for (const route of portalRoutes) {
      const params = (await SAMPLES[key(route)]?.(ctx, notOwned)) ?? {}
      expect((await callWith(route, basicOf.verwalter!, params)).statusCode, key(route)).toBe(401)
    }
  })

  it('lets a provider key reach only the provider routes of its scope (403 otherwise)', async () => {
    const providerRoutes = routes.filter(isProviderRoute)
    expect(
      providerRoutes.map(key).filter((route) => PROVIDER_ROUTE_SCOPES[route] === undefined),
      'provider routes need an entry in PROVIDER_ROUTE_SCOPES',
    ).toEqual([])
    const keys: Record<string, { authorization: string }> = {}
    for (const scope of PROVIDER_SCOPES) keys[scope] = await providerKey(scope)
    for (const route of providerRoutes) {
      const needed = PROVIDER_ROUTE_SCOPES[key(route)]!
      for (const scope of PROVIDER_SCOPES) {
        const response = await callWith(route, keys[scope]!)
        if (scope === needed) {
          expect([401, 403], `${key(route)} with ${scope}`).not.toContain(response.statusCode)
        } else {
          expect(response.statusCode, `${key(route)} with ${scope}`).toBe(403)
        }
      }
    }
  })

  it('answers 404 for an id the caller may not see: another company code, another owner', async () => {
    const notOwned = await notOwnedProperty()
    // a provider key sees every company code: its routes are walked by their scope above
    const withIds = routes.filter((r) => r.url.includes(':') && !isProviderRoute(r))
    expect(withIds.length).toBeGreaterThan(0)
    for (const route of withIds) {
      const sample = SAMPLES[key(route)]
      expect(sample, `${key(route)} needs an entry in SAMPLES`).toBeDefined()
      const params = await sample!(ctx, notOwned)
      const url = fill(route.url, params)
      const callAs = (user: string) =>
        ctx.app.inject({
          method: route.method as 'GET',
          url,
          headers: headersOf(route, user),
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        })
      // the data exists: verwalter of the same company code sees it (the resident his own)
      if (route.method === 'GET') {
        const seer = isResidentRoute(route) ? 'bewohner' : 'verwalter'
        expect((await callAs(seer)).statusCode, key(route)).toBe(200)
      }
      if (isResidentRoute(route)) {
        expect((await callAs('verwalter')).statusCode, `${key(route)} as verwalter`).toBe(404)
      }
      expect((await callAs('fremd')).statusCode, `${key(route)} as fremd`).toBe(404)
      if (!COMPANY_WIDE.has(key(route))) {
        expect((await callAs('eigentuemer')).statusCode, `${key(route)} as eigentuemer`).toBe(404)
      }
    }
  })

  it('lets a resident reach only his own routes: 404 everywhere else (decision 065)', async () => {
    const notOwned = await notOwnedProperty()
    const portalRoutes = routes.filter((r) => !r.public && !isProviderRoute(r) && !isBvedRoute(r))
    const allowed = portalRoutes.filter((r) => r.residents).map(key)
    expect(allowed.sort()).toEqual(
      [
        'GET /api/persistence/personal-data',
        'GET /api/processes/second-factor',
        'GET /api/residents/billing-information',
        'GET /api/residents/billing-information/:id',
        'GET /api/residents/monthly-consumption',
        'GET /api/residents/monthly-consumption/:month/pdf',
        'GET /api/residents/tenancy',
        'POST /api/configuration/company-code-search',
        'POST /api/persistence/users-search',
        'POST /api/processes/second-factor/confirm',
        'POST /api/processes/second-factor/disable',
        'POST /api/processes/second-factor/recovery-codes',
        'POST /api/processes/second-factor/setup',
        'POST /api/processes/system/password-change',
        'POST /api/token/revoke',
        'POST /api/token/revoke-all',
        'PUT /api/residents/notice-channel',
      ].sort(),
    )
    for (const route of portalRoutes.filter((r) => !r.residents)) {
      const params = (await SAMPLES[key(route)]?.(ctx, notOwned)) ?? {}
      const response = await callWith(route, as.bewohner!, params)
      expect(response.statusCode, `${key(route)} as bewohner`).toBe(404)
    }
    // the provider's and the consumption-data service's routes do not take his token
    for (const route of routes.filter((r) => isProviderRoute(r) || isBvedRoute(r))) {
      const params = (await SAMPLES[key(route)]?.(ctx, notOwned)) ?? {}
      expect((await callWith(route, as.bewohner!, params)).statusCode, key(route)).toBe(401)
    }
    // what he may search is his own record and his company code's name
    for (const url of ['/api/persistence/users-search', '/api/configuration/company-code-search']) {
      const answer = await ctx.app.inject({
        method: 'POST',
        url: `${url}?limit=9999`,
        headers: as.bewohner,
        payload: {},
      })
      expect(answer.json<{ items: unknown[] }>().items, url).toHaveLength(1)
      expect(answer.body, url).not.toMatch(/verwalter|eigentuemer|"companyCode":"2000"/)
    }
    // with his token, the legacy endpoint's transactions find nothing either
    const legacy = await ctx.app.inject({
      method: 'POST',
      url: '/api/legacy',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        json: JSON.stringify({
          action: 'trans',
          code: 'ATTRIBUTES',
          obj: 'ANSCHLUSS',
          key: notOwned,
          token: as.bewohner!.authorization.slice('Bearer '.length),
        }),
      }).toString(),
    })
    expect(legacy.statusCode).toBe(200)
    expect(legacy.json()).toMatchObject({ success: false, data: null, token: null })
  })

  it('lets no search answer data of another company code or another owner', async () => {
    const notOwned = await notOwnedProperty()
    const foreignIds = [
      ...(
        await ctx.database.db
          .select({ id: connections.connection })
          .from(connections)
          .where(eq(connections.companyCode, '1000'))
      ).map((r) => r.id),
      ...(
        await ctx.database.db
          .select({ id: partners.businessPartner })
          .from(partners)
          .where(eq(partners.companyCode, '1000'))
      ).map((r) => r.id),
    ]
    expect(foreignIds.length).toBeGreaterThan(10)
    const searches = routes.filter((r) => r.method === 'POST' && r.url.endsWith('-search'))
    expect(searches.length).toBeGreaterThanOrEqual(3)
    for (const route of searches) {
      const asFremd = await ctx.app.inject({
        method: 'POST',
        url: `${route.url}?limit=9999`,
        headers: as.fremd,
        payload: {},
      })
      expect(asFremd.statusCode, key(route)).toBe(200)
      const body = asFremd.body
      expect(body, key(route)).not.toMatch(/"companyCode":"1000"/)
      for (const id of foreignIds)
        expect(body.includes(`"${id}"`), `${key(route)} leaks ${id}`).toBe(false)

      const asOwner = await ctx.app.inject({
        method: 'POST',
        url: `${route.url}?limit=9999`,
        headers: as.eigentuemer,
        payload: {},
      })
      expect(asOwner.body.includes(`"${notOwned}"`), `${key(route)} leaks ${notOwned}`).toBe(false)
    }
  })
})
