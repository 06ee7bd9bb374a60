/**
 * Walks every registered route and sends it fast-check-generated input as a signed-in user:
 * random JSON, wrong types, huge numbers, impossible dates, long strings and nested objects, the
 * route's own field names with garbage, and valid-ish bodies (built from the route's OpenAPI
 * schema) with one field broken. No answer may be a 5xx: bad input is the client's error, a 4xx
 * naming it. Routes that change data may succeed with a generated body; the database is a copy.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import {
  ActivityInputSchema,
  FILTER_TYPES,
  FileUploadFieldsSchema,
  lastCompleteMonth,
} from '@portal/domain'
import { and, eq } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { RouteEntry } from '../src/app'
import {
  attachments,
  billingObjects,
  contractAccounts,
  contracts,
  devices,
  operatingCostsDistributions,
  operatingCostsExpenses,
  pointsOfDelivery,
  products,
} from '../src/platform/persistence/schema'
import type { SearchableEntity } from '../src/platform/persistence/search'
import { createProviderKey } from '../src/modules/provider/api-keys'
import {
  createConsumptionCredential,
  credentialOwner,
} from '../src/modules/accounts/consumption-credentials'
import { berlinToday } from '../src/demo/calendar'
import { SAMPLE_FILES, multipart } from './fixtures/files'
import { SEARCHES } from './fixtures/searches'
import { createTestContext, firstOf1000, ownerOf } from './helper'
import { tenantChangeActivity, tenantChangeForm } from './tenant-change'

/**
 * Generated requests per route: enough to walk every route's shapes, few enough for two cores.
 * `FUZZ_RUNS=200` searches longer; a failure prints the route, the request and fast-check's seed.
 */
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 8)

interface JsonSchema {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  enum?: unknown[]
  const?: unknown
  nullable?: boolean
  minimum?: number
  maximum?: number
  minLength?: number
  maxLength?: number
  minItems?: number
  format?: string
  pattern?: string
}

interface Operation {
  parameters?: { in: string; name: string; schema: JsonSchema }[]
  requestBody?: { content: Record<string, { schema: JsonSchema }> }
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

interface FuzzRequest {
  method: string
  url: string
  headers: Record<string, string>
  payload?: string | Buffer
  /** Another client address per request, so that sign-in throttles never hit the test's login. */
  remoteAddress: string
}

const portalDist = await mkdtemp(path.join(tmpdir(), 'portal-dist-'))
await writeFile(path.join(portalDist, 'index.html'), '<!doctype html><title>Portal</title>')
const ctx = await createTestContext({ portalDist })
let auth = await ctx.login('verwalter')
/** Decision 018: the routes below /api/provider/ take a provider key instead of the token. */
const providerAuth = {
  authorization: `Bearer ${(await createProviderKey(ctx.database.db, 'fuzz', 'all')).key}`,
}
const isProviderUrl = (url: string) => url.startsWith('/api/provider/')
/** Decision 062: the routes below /api/bved/ take a consumption-data credential (HTTP Basic). */
const basicAuth = await (async () => {
  const owner = await credentialOwner(ctx.database.db, 'verwalter')
  const created = await createConsumptionCredential(ctx.database.db, owner!, 'fuzz')
  const pair = `${created.userName}:${created.password}`
  return { authorization: `Basic ${Buffer.from(pair).toString('base64')}` }
})()
/** Decision 065: the resident's own routes answer only a resident. */
const residentAuth = await ctx.login('bewohner')
const authOf = (url: string) =>
  isProviderUrl(url)
    ? providerAuth
    : url.startsWith('/api/bved/')
      ? basicAuth
      : url.startsWith('/api/residents/')
        ? residentAuth
        : auth
afterAll(async () => {
  await ctx.close()
  await rm(portalDist, { recursive: true, force: true })
})

const openApi = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
  paths: Record<string, Record<string, Operation>>
}>()
const routes: RouteEntry[] = ctx.app.routeTable.filter(
  (r) => r.method !== 'HEAD' && r.method !== 'OPTIONS' && !r.url.startsWith('/api/docs'),
)
const routeKey = (route: RouteEntry) => `${route.method} ${route.url}`
const operationOf = (route: RouteEntry): Operation =>
  openApi.paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()] ?? {}

/** Ids of data verwalter sees, so that generated requests reach past the 404 of an unknown id. */
async function visibleIds() {
  const { db } = ctx.database
  const [distribution] = await db
    .select()
    .from(operatingCostsDistributions)
    .where(
      and(
        eq(operatingCostsDistributions.companyCode, '1000'),
        eq(operatingCostsDistributions.operatingCostsDistributionStatus, 'O'),
      ),
    )
    .orderBy(operatingCostsDistributions.operatingCostsDistribution)
    .limit(1)
  const property = distribution!.propertyConnection
  const first = async <T>(rows: Promise<T[]>) => (await rows)[0]!
  /** The id of the first row of `id`'s table that belongs to the property. */
  const onProperty = async (id: PgColumn, propertyConnection: PgColumn) =>
    (await first(db.select({ id }).from(id.table).where(eq(propertyConnection, property))))
      .id as string
  const expense = (kind: 'heating' | 'working') =>
    first(
      db
        .select({ guid: operatingCostsExpenses.guid })
        .from(operatingCostsExpenses)
        .where(
          and(
            eq(
              operatingCostsExpenses.operatingCostsDistribution,
              distribution!.operatingCostsDistribution,
            ),
            eq(operatingCostsExpenses.kind, kind),
          ),
        ),
    )
  return {
    distribution: distribution!.operatingCostsDistribution,
    property,
    heating: (await expense('heating')).guid,
    working: (await expense('working')).guid,
    partner: await ownerOf(ctx, property),
    product: await firstOf1000(ctx, products.product),
    pointOfDelivery: await onProperty(
      pointsOfDelivery.pointOfDelivery,
      pointsOfDelivery.propertyConnection,
    ),
    contract: await onProperty(contracts.key, contracts.propertyConnection),
    contractAccount: await onProperty(
      contractAccounts.contractAccount,
      contractAccounts.propertyConnection,
    ),
    device: await onProperty(devices.key, devices.propertyConnection),
    billingObject: await onProperty(billingObjects.key, billingObjects.propertyConnection),
    attachment: await onProperty(attachments.attachment, attachments.propertyConnection),
  }
}
const ids = await visibleIds()
const knownIds = Object.values(ids)

/** A heating line of 2024 for the visible property, valid but for what a test breaks in it. */
const FUEL_LINE = {
  tariffComponent: 'HK_BRENNSTOFF',
  object: 'ANSCHLUSS',
  allocationRef: ids.property,
  key: 'HF',
  from: '2024-01-01',
  until: '2024-12-31',
  amountTransactionCurrency: '100.00',
  apportionableAmount: '100.00',
}

/** The visible id each path parameter of a route takes, where the route has one. */
const VALID_PARAMS: Record<string, Record<string, string>> = {
  'GET /api/persistence/connections/:connection': { connection: ids.property },
  'GET /api/persistence/connection-object-relations/:connection': { connection: ids.property },
  'GET /api/persistence/partners/:id': { id: ids.partner },
  'GET /api/persistence/products/:id': { id: ids.product },
  'GET /api/persistence/points-of-delivery/:id': { id: ids.pointOfDelivery },
  'GET /api/persistence/point-of-delivery-object-relations/:id': { id: ids.pointOfDelivery },
  'GET /api/persistence/points-of-delivery/:id/monthly-consumption': { id: ids.pointOfDelivery },
  'GET /api/persistence/points-of-delivery/:id/monthly-consumption/:month/pdf': {
    id: ids.pointOfDelivery,
    month: lastCompleteMonth(berlinToday()),
  },
  'GET /api/persistence/connections/:connection/monthly-consumption': {
    connection: ids.property,
  },
  'GET /api/persistence/contracts/:key': { key: ids.contract },
  'GET /api/persistence/contract-accounts/:contractAccount': {
    contractAccount: ids.contractAccount,
  },
  'GET /api/persistence/devices/:key': { key: ids.device },
  'GET /api/persistence/billing-objects/:key': { key: ids.billingObject },
  'GET /api/persistence/operating-costs/:id': { id: ids.distribution },
  'GET /api/persistence/operating-costs/:id/history': { id: ids.distribution },
  'GET /api/persistence/operating-costs/:id/history/:sequence/receipt': {
    id: ids.distribution,
    sequence: '1',
  },
  ...Object.fromEntries(
    (['heating', 'working'] as const).flatMap((kind) => {
      const lines = `/api/persistence/operating-costs/:id/${kind}-expenses`
      const line = { id: ids.distribution, guid: ids[kind] }
      return [
        [`POST ${lines}`, { id: ids.distribution }],
        [`PATCH ${lines}/:guid`, line],
        [`DELETE ${lines}/:guid`, line],
      ]
    }),
  ),

  'GET /api/processes/system/file-download/:id': { id: ids.attachment },
  'DELETE /api/persistence/attachments/:id': { id: ids.attachment },
  'GET /customer-assets/:file': { file: 'favicon.svg' },
  'POST /api/persistence/connections/:connection/resident-invitations': {
    connection: ids.property,
  },
  'GET /api/persistence/connections/:connection/resident-notices': { connection: ids.property },
}

/** The entity each search answers, so that filters name its own properties. */
const SEARCHED: Record<string, SearchableEntity> = Object.fromEntries(
  SEARCHES.map(({ route, entity }) => [route, entity]),
)

/** Routes that read multipart/form-data themselves: the schema of their text fields. */
const MULTIPART: Record<string, (fields: Record<string, unknown>) => Record<string, string>> = {
  'POST /api/processes/system/file-upload': (fields) =>
    Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, String(value)])),
  'POST /api/persistence/activities': (fields) => ({ activity: JSON.stringify(fields) }),
}
const MULTIPART_SCHEMAS: Record<string, z.ZodType> = {
  'POST /api/processes/system/file-upload': FileUploadFieldsSchema,
  'POST /api/persistence/activities': ActivityInputSchema,
}

// -- generated values ------------------------------------------------------------------------------

const IMPOSSIBLE_DATES = [
  '2024-02-30',
  '2023-02-29',
  '2024-13-45',
  '2024-99-99',
  '0000-01-01',
  '2024-00-00',
  '99999-01-01',
  '2024-02-29T25:61:00',
  '2024-01-01T10:00:00+16:00',
  '9999-99-99T99:99:99+99:99',
]
const HUGE_NUMBERS = [
  2_147_483_648,
  -2_147_483_649,
  12_345_678_901,
  2 ** 53 + 2,
  -(2 ** 63),
  1e21,
  1e308,
  -1e308,
  0.5,
  -0,
  5e-324,
]
const NASTY_STRINGS = [
  '',
  ' ',
  '12345678901',
  '99999999999999999999999',
  '1e400',
  '-1',
  'NaN',
  'Infinity',
  'null',
  'true',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'Heizöl\ud800 Lieferung',
  '\udc00',
  'x\ud83d',
  '\u202e\u0301',
  '💶'.repeat(60),
  'x'.repeat(5000),
  "' OR 1=1 --",
  '%_\\',
  '__proto__',
  '../../../etc/passwd',
  '<script>alert(1)</script>',
]

const nastyScalar: fc.Arbitrary<Json> = fc.oneof(
  fc.constantFrom<Json>(...IMPOSSIBLE_DATES, ...HUGE_NUMBERS, ...NASTY_STRINGS, true, false, null),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string({ unit: 'binary', maxLength: 40 }),
)
const nastyValue: fc.Arbitrary<Json> = fc.oneof(
  { weight: 4, arbitrary: nastyScalar },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json> },
  { weight: 1, arbitrary: fc.constantFrom<Json>([], {}, [[[[]]]], { a: { b: { c: { d: {} } } } }) },
)

const isoDate = fc
  .date({ min: new Date('1990-01-01'), max: new Date('2060-12-31'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10))

const DATE_FIELD = /^(from|until|AB|BIS|AUSZUG|\w*Date|createdAt)$/

/** Values that fit a JSON schema, drawn towards what the route looks up (dates, visible ids). */
function plausible(schema: JsonSchema, name: string, hints: Hints): fc.Arbitrary<Json> {
  const hinted = hints[name]
  if (hinted) return hinted
  const members = schema.anyOf ?? schema.oneOf
  let arbitrary: fc.Arbitrary<Json>
  if (members) arbitrary = fc.oneof(...members.map((member) => plausible(member, name, hints)))
  else if (schema.enum) arbitrary = fc.constantFrom(...(schema.enum as Json[]))
  else if (schema.const !== undefined) arbitrary = fc.constant(schema.const as Json)
  else {
    const type = Array.isArray(schema.type) ? schema.type[0] : schema.type
    switch (type) {
      case 'object':
        arbitrary = fc.record(
          Object.fromEntries(
            Object.entries(schema.properties ?? {}).map(([key, value]) => [
              key,
              plausible(value, key, hints),
            ]),
          ),
          { requiredKeys: schema.required ?? [] },
        )
        break
      case 'array':
        arbitrary = fc.array(plausible(schema.items ?? {}, name, hints), {
          minLength: Math.min(schema.minItems ?? 0, 1),
          maxLength: 3,
        })
        break
      case 'integer':
        arbitrary = fc.integer({
          min: Math.max(schema.minimum ?? -1000, -(2 ** 31)),
          max: Math.min(schema.maximum ?? 1000, 2 ** 31 - 1),
        })
        break
      case 'number':
        arbitrary = fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 })
        break
      case 'boolean':
        arbitrary = fc.boolean()
        break
      case 'null':
        arbitrary = fc.constant(null)
        break
      case 'string':
        if (schema.format === 'uuid') arbitrary = fc.oneof(fc.uuid(), fc.constantFrom(ids.heating))
        else if (schema.pattern) arbitrary = fc.stringMatching(new RegExp(schema.pattern))
        else if (DATE_FIELD.test(name)) arbitrary = isoDate
        else {
          const text = fc.string({
            minLength: schema.minLength ?? 0,
            maxLength: Math.max(schema.minLength ?? 0, Math.min(schema.maxLength ?? 20, 20)),
          })
          arbitrary = fc.oneof(text, fc.constantFrom(...knownIds))
        }
        break
      default:
        arbitrary = fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>
    }
  }
  return schema.nullable ? fc.option(arbitrary, { nil: null }) : arbitrary
}

type Hints = Record<string, fc.Arbitrary<Json> | undefined>

/** Filters of a search name the entity's own properties and the known filter types. */
function searchHints(entity: SearchableEntity | undefined): Hints {
  if (!entity) return {}
  const properties = Object.keys(entity.properties)
  return {
    property: fc.oneof(fc.constantFrom(...properties), fc.string({ minLength: 1, maxLength: 12 })),
    type: fc.constantFrom(...FILTER_TYPES, 'between'),
    value: fc.oneof(
      nastyScalar,
      isoDate,
      fc.constantFrom(...knownIds),
      fc.array(fc.oneof(nastyScalar, isoDate), { maxLength: 3 }),
    ),
  }
}

/** Every path to a value inside `value` (object keys and array indexes), the root as []. */
function pathsOf(value: Json, at: (string | number)[] = []): (string | number)[][] {
  const inner =
    value !== null && typeof value === 'object'
      ? Object.entries(value).flatMap(([key, child]) =>
          pathsOf(child, [...at, Array.isArray(value) ? Number(key) : key]),
        )
      : []
  return [at, ...inner]
}

/** A copy of `value` with the value at one of its paths replaced (or the key removed). */
function breakOne(value: Json, pick: number, replacement: Json | undefined): Json {
  const paths = pathsOf(value).filter((p) => p.length > 0)
  if (paths.length === 0) return replacement ?? null
  const target = paths[pick % paths.length]!
  const copy = structuredClone(value)
  let parent = copy as Record<string | number, Json>
  for (const step of target.slice(0, -1)) parent = parent[step] as Record<string | number, Json>
  const last = target.at(-1)!
  if (replacement === undefined && !Array.isArray(parent)) delete parent[last]
  else parent[last] = replacement ?? null
  return copy
}

/** Every property name of a schema, at any depth. */
function namesIn(schema: JsonSchema | undefined): string[] {
  if (!schema) return []
  return [
    ...Object.keys(schema.properties ?? {}),
    ...Object.values(schema.properties ?? {}).flatMap(namesIn),
    ...namesIn(schema.items),
    ...(schema.anyOf ?? schema.oneOf ?? []).flatMap(namesIn),
  ]
}

/** Bodies for a schema: random JSON, its field names with garbage, valid-ish with one field broken. */
function bodies(schema: JsonSchema | undefined, hints: Hints): fc.Arbitrary<Json> {
  const names = [...new Set(namesIn(schema))]
  const random = fc.oneof(nastyValue, fc.jsonValue({ maxDepth: 4 }) as fc.Arbitrary<Json>)
  if (!schema) return random
  const valid = plausible(schema, '', hints)
  const ownNames =
    names.length > 0
      ? (fc.dictionary(fc.constantFrom(...names), nastyValue, { maxKeys: 5 }) as fc.Arbitrary<Json>)
      : random
  const broken = fc
    .tuple(valid, fc.nat(), fc.option(nastyValue, { nil: undefined, freq: 6 }))
    .map(([body, pick, replacement]) => breakOne(body, pick, replacement))
  return fc.oneof(
    { weight: 1, arbitrary: random },
    { weight: 1, arbitrary: ownNames },
    { weight: 2, arbitrary: valid },
    { weight: 4, arbitrary: broken },
  )
}

/** A path segment: the visible id, a random text, or raw malformed percent-encoding. */
function pathSegment(valid: string | undefined): fc.Arbitrary<string> {
  const encode = (text: string) => {
    try {
      return encodeURIComponent(text)
    } catch {
      return 'x' // a lone surrogate cannot be percent-encoded
    }
  }
  const garbage = fc.oneof(
    fc.constantFrom(...NASTY_STRINGS, ...IMPOSSIBLE_DATES, ...HUGE_NUMBERS.map(String)).map(encode),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }).map(encode),
    fc.constantFrom('%', '%zz', '%00', '%C0%AF', '..%2F..%2Fpackage.json', '%E2%82'),
  )
  if (!valid) return garbage
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant(encodeURIComponent(valid)) },
    { weight: 1, arbitrary: garbage },
  )
}

function queryString(names: string[]): fc.Arbitrary<string> {
  const value = fc.oneof(
    fc.constantFrom(...NASTY_STRINGS, ...IMPOSSIBLE_DATES, ...HUGE_NUMBERS.map(String), '0', '50'),
    fc
      .constantFrom('1e400', '99999999999999999999', '-5', '9007199254740991', 'abc', '')
      .map((text) => Buffer.from(text).toString('base64url')),
    fc.string({ unit: 'binary', maxLength: 20 }),
  )
  const pairs = fc.array(
    fc.tuple(fc.oneof(fc.constantFrom(...names, 'limit'), fc.string({ maxLength: 8 })), value),
    { maxLength: 4 },
  )
  const garbage = pairs.map((entries) => {
    const encoded = entries.flatMap(([name, text]) => {
      try {
        return [`${encodeURIComponent(name)}=${encodeURIComponent(text)}`]
      } catch {
        return []
      }
    })
    return encoded.length > 0 ? `?${encoded.join('&')}` : ''
  })
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant('') },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 9999 }).map((limit) => `?limit=${limit}`) },
    { weight: 2, arbitrary: garbage },
  )
}

function fillPath(route: RouteEntry): fc.Arbitrary<string> {
  const names = [...route.url.matchAll(/:(\w+)|\*/g)].map((match) => match[1] ?? '*')
  const valid = VALID_PARAMS[routeKey(route)] ?? {}
  return fc.tuple(...names.map((name) => pathSegment(valid[name]))).map((segments) => {
    let index = 0
    return route.url.replace(/:(\w+)|\*/g, () => segments[index++]!)
  })
}

const remoteAddress = fc
  .tuple(fc.integer({ min: 1, max: 254 }), fc.integer({ min: 1, max: 254 }))
  .map(([a, b]) => `10.77.${a}.${b}`)

const RAW_JSON = ['{', '[', '{"a":', 'null', '"text"', '1e999', '[1,2', '{"__proto__":{"x":1}}']

/** Values just outside what a column of this type takes, and some inside it. */
function nearMisses(column: PgColumn): fc.Arbitrary<Json> {
  switch (column.columnType) {
    case 'PgDateString':
    case 'PgTimestampString':
    case 'PgTimestamp':
      return fc.oneof(
        { weight: 2, arbitrary: fc.constantFrom(...IMPOSSIBLE_DATES) },
        { weight: 1, arbitrary: isoDate },
      )
    case 'PgInteger':
    case 'PgSerial':
    case 'PgBigInt53':
    case 'PgBigSerial53':
      return fc.oneof(
        fc.constantFrom<Json>(...HUGE_NUMBERS, ...HUGE_NUMBERS.map(String)),
        fc.integer().map(String),
      )
    case 'PgNumeric':
      return fc.constantFrom<Json>('1e5', '1234567890123456789', '0.1234567', 1e300, 5e-324, '-')
    case 'PgUUID':
      return fc.oneof(fc.uuid(), fc.constantFrom('1234', ids.heating.toUpperCase()))
    default:
      return fc.constantFrom<Json>(...NASTY_STRINGS, 12_345_678_901, true)
  }
}

/** A search body whose only filter names a property of the entity, with a value near its type. */
function filterProbe(entity: SearchableEntity): fc.Arbitrary<Json> {
  const comparisons = FILTER_TYPES.filter((type) => type !== 'in')
  return fc
    .constantFrom(...Object.entries(entity.properties))
    .chain(([property, column]) =>
      fc.oneof(
        {
          weight: 4,
          arbitrary: fc.record({
            property: fc.constant(property),
            type: fc.constantFrom(...comparisons),
            value: nearMisses(column),
          }),
        },
        {
          weight: 1,
          arbitrary: fc.record({
            property: fc.constant(property),
            type: fc.constant('in'),
            value: fc.array(nearMisses(column), { maxLength: 3 }),
          }),
        },
        {
          weight: 1,
          arbitrary: fc.record({
            property: fc.constant(property),
            type: fc.constantFrom(...FILTER_TYPES, 'between'),
            value: nastyValue,
          }),
        },
      ),
    )
    .map((filter) => ({ filters: [filter] }))
}

function jsonRequests(route: RouteEntry, schema: JsonSchema | undefined) {
  const entity = SEARCHED[routeKey(route)]
  const hints = searchHints(entity)
  const payload = fc.oneof(
    { weight: 6, arbitrary: bodies(schema, hints).map((body) => JSON.stringify(body)) },
    {
      weight: entity ? 6 : 0,
      arbitrary: (entity ? filterProbe(entity) : fc.constant(null)).map((body) =>
        JSON.stringify(body),
      ),
    },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_JSON, '['.repeat(5000)) },
  )
  return fc.record({ payload, contentType: fc.constant('application/json') })
}

function multipartRequests(route: RouteEntry) {
  const key = routeKey(route)
  const schema = z.toJSONSchema(MULTIPART_SCHEMAS[key]!, { io: 'input' }) as JsonSchema
  const fields = fc.oneof(
    bodies(schema, {}).map((body) =>
      body !== null && typeof body === 'object' && !Array.isArray(body)
        ? MULTIPART[key]!(body)
        : { activity: JSON.stringify(body) },
    ),
    fc.dictionary(
      fc.oneof(
        fc.constantFrom(...namesIn(schema), 'activity', 'file'),
        fc.string({ maxLength: 8 }),
      ),
      fc.oneof(fc.constantFrom(...NASTY_STRINGS), fc.string({ unit: 'binary', maxLength: 30 })),
      { maxKeys: 4 },
    ),
  )
  const file = fc.option(
    fc.record({
      name: fc.constantFrom('file', 'file', 'datei'),
      fileName: fc.constantFrom(
        'beleg.pdf',
        'a.exe',
        '',
        'x'.repeat(300),
        '../../x.pdf',
        'ä ö.pdf',
      ),
      content: fc.oneof(
        fc.constantFrom(SAMPLE_FILES.pdf, SAMPLE_FILES.exe, Buffer.alloc(0)),
        fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
      ),
    }),
    { nil: undefined },
  )
  return fc
    .record({
      fields,
      file,
      cut: fc.option(fc.nat(), { nil: undefined, freq: 4 }),
      form: fc.constantFrom('multipart', 'multipart', 'multipart', 'no-boundary', 'json'),
    })
    .map(({ fields, file, cut, form }) => {
      if (form === 'json') {
        return { payload: JSON.stringify(fields), contentType: 'application/json' }
      }
      const body = multipart(fields, file)
      const payload =
        cut === undefined ? body.payload : body.payload.subarray(0, cut % body.payload.length)
      const contentType =
        form === 'no-boundary' ? 'multipart/form-data' : body.headers['content-type']
      return { payload, contentType }
    })
}

/** POST /api/legacy: the form field json with a valid-ish request (with the real token) or garbage. */
function legacyRequests() {
  const request = fc.record(
    {
      action: fc.oneof(fc.constant('trans'), nastyScalar),
      code: fc.oneof(fc.constantFrom('ATTRIBUTES', 'MEASUREMENTS'), nastyScalar),
      obj: fc.oneof(fc.constantFrom('ANSCHLUSS', 'VSTELLE'), nastyScalar),
      key: fc.oneof(fc.constantFrom(...knownIds), nastyScalar),
      token: fc.oneof(fc.constant(auth.authorization.slice('Bearer '.length)), nastyScalar),
      data: nastyValue,
    },
    { requiredKeys: [] },
  )
  const json = fc.oneof(
    request.map((body) => JSON.stringify(body)),
    nastyValue.map((body) => JSON.stringify(body)),
    fc.constantFrom(...RAW_JSON),
  )
  return fc.oneof(
    json.map((text) => ({
      payload: new URLSearchParams({ json: text }).toString(),
      contentType: 'application/x-www-form-urlencoded',
    })),
    fc.string({ unit: 'binary', maxLength: 60 }).map((text) => ({
      payload: text,
      contentType: 'application/x-www-form-urlencoded',
    })),
    json.map((text) => ({ payload: text, contentType: 'application/json' })),
  )
}

function requestsFor(route: RouteEntry): fc.Arbitrary<FuzzRequest> {
  const key = routeKey(route)
  const operation = operationOf(route)
  const queryNames = (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name)
  const schema = operation.requestBody?.content['application/json']?.schema
  const body: fc.Arbitrary<{ payload: string | Buffer; contentType: string } | undefined> =
    key === 'POST /api/legacy'
      ? legacyRequests()
      : MULTIPART[key]
        ? multipartRequests(route)
        : route.method === 'GET'
          ? fc.constant(undefined)
          : fc.option(jsonRequests(route, schema), {
              nil: undefined,
              freq: route.method === 'DELETE' ? 1 : 8,
            })
  return fc
    .record({ path: fillPath(route), query: queryString(queryNames), body, remoteAddress })
    .map(({ path, query, body, remoteAddress }): FuzzRequest => {
      const headers: Record<string, string> = body ? { 'content-type': body.contentType } : {}
      return {
        method: route.method,
        url: `${path}${query}`,
        headers,
        ...(body ? { payload: body.payload } : {}),
        remoteAddress,
      }
    })
}

const show = (request: FuzzRequest) => {
  const payload =
    request.payload === undefined
      ? '(kein Inhalt)'
      : Buffer.isBuffer(request.payload)
        ? request.payload.toString('latin1')
        : request.payload
  return `${request.method} ${request.url}\ncontent-type: ${request.headers['content-type'] ?? '-'}\n${payload.slice(0, 3000)}`
}

async function send(request: FuzzRequest) {
  const response = await ctx.app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: { ...authOf(request.url), ...request.headers },
    remoteAddress: request.remoteAddress,
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  })
  // a generated body may have signed the user out (POST /api/token/revoke): sign in again
  if (response.statusCode === 401 && authOf(request.url) === auth) {
    auth = await ctx.login('verwalter')
  }
  return response
}

/** For each column type: a value PostgreSQL would refuse for it (or, for text, a NUL character). */
function impossibleFor(column: PgColumn): Json {
  switch (column.columnType) {
    case 'PgDateString':
      return '2024-02-30'
    case 'PgTimestampString':
    case 'PgTimestamp':
      return '2024-99-99'
    case 'PgInteger':
    case 'PgSerial':
      return '12345678901'
    case 'PgBigInt53':
    case 'PgBigSerial53':
      return '99999999999999999999'
    case 'PgNumeric':
      return '1e5'
    case 'PgUUID':
      return '1234'
    case 'PgBoolean':
      return 'ja'
    default:
      return 'a\u0000b'
  }
}

describe('impossible values answer 400 at their field', () => {
  it('in a search filter on every searchable property of every search', async () => {
    for (const [key, entity] of Object.entries(SEARCHED)) {
      const url = key.replace(/^POST /, '').replace(':id', ids.distribution)
      for (const [property, column] of Object.entries(entity.properties)) {
        for (const type of ['eq', 'in'] as const) {
          const value = impossibleFor(column)
          const response = await send({
            method: 'POST',
            url,
            headers: { 'content-type': 'application/json' },
            payload: JSON.stringify({
              filters: [{ property, type, value: type === 'in' ? [value] : value }],
            }),
            remoteAddress: '10.78.0.1',
          })
          const label = `${key} ${property} ${type} ${JSON.stringify(value)}`
          expect(response.statusCode, `${label}: ${response.body}`).toBe(400)
          const field = type === 'in' ? 'filters.0.value.0' : 'filters.0.value'
          expect(response.json<{ field?: string }>().field, label).toBe(field)
        }
      }
    }
  })

  it('in bodies: expense dates and versions, value-list dates, a move-out date', async () => {
    const base = `/api/persistence/operating-costs/${ids.distribution}`
    const cases: [string, string, unknown, string][] = [
      [
        'POST',
        `${base}/heating-expenses`,
        { operatingCostsHeatingExpense: [{ ...FUEL_LINE, from: '2024-02-30' }] },
        'operatingCostsHeatingExpense.0.from',
      ],
      [
        'POST',
        `${base}/working-expenses`,
        { operatingCostsWorkingExpense: [FUEL_LINE, { ...FUEL_LINE, until: '2023-02-29' }] },
        'operatingCostsWorkingExpense.1.until',
      ],
      [
        'PATCH',
        `${base}/heating-expenses/${ids.heating}`,
        { note: 'x', version: 2 ** 31 },
        'version',
      ],
      [
        'PATCH',
        `${base}/heating-expenses/${ids.heating}`,
        { from: '2024-13-45', version: 1 },
        'from',
      ],
      [
        'POST',
        '/api/processes/system/value-list',
        {
          table_name: 'tb_uti_bkosten_h',
          field_name: 'SCHLUESSEL',
          head_data: { BKOSTEN: ids.distribution, AB: '2024-02-30' },
          line_data: {},
        },
        'head_data.AB',
      ],
      ['POST', '/api/persistence/connections-search?limit=1e400', {}, 'limit'],
      ['POST', '/api/persistence/connections-search?limit=12345678901', {}, 'limit'],
    ]
    for (const [method, url, body, field] of cases) {
      const response = await send({
        method,
        url,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(body),
        remoteAddress: '10.78.0.2',
      })
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(400)
      expect(response.json<{ field?: string }>().field, `${method} ${url}`).toBe(field)
    }

    const tenantChange = tenantChangeForm(ids.pointOfDelivery, {
      customerType: 'company',
      salutation: 'UN',
      NAME1: 'Bäckerei Schulz',
      NAME2: 'GmbH',
      AUSZUG: '2025-02-29',
      PLZ: '10115',
      ORT: 'Berlin',
      STRASSE: 'Invalidenstraße',
      HAUSNR: '12a',
    })
    const response = await send({
      method: 'POST',
      url: '/api/persistence/activities',
      headers: tenantChange.headers,
      payload: tenantChange.payload,
      remoteAddress: '10.78.0.3',
    })
    expect(response.statusCode, response.body).toBe(400)
    expect(response.json()).toEqual({
      detail: 'Das Datum existiert nicht.',
      code: 'VALIDATION_FAILED',
      field: 'activity.payload.AUSZUG',
    })
  })
})

/**
 * Texts no route takes: U+0000, which PostgreSQL's text and jsonb cannot hold, and lone surrogates
 * (a JSON escape such as "\ud800" without its pair), which the drivers silently replace in text and
 * jsonb refuses. A non-ASCII character before the surrogate is the case once seen shortened on
 * PGlite.
 */
const INVALID_TEXTS = ['a\u0000b', 'Heizöl\ud800 Lieferung', '\udc00', 'x\ud83d']

describe('NUL and lone surrogates answer 400 INVALID_CHARACTER at their field, before any SQL', () => {
  let client = 0
  /** Sends `request` and expects the 400 naming `field`. */
  async function refused(request: Omit<FuzzRequest, 'remoteAddress'>, field: string) {
    client += 1
    const response = await send({
      ...request,
      remoteAddress: `10.79.${Math.floor(client / 250)}.${(client % 250) + 1}`,
    })
    const label = `${field}: ${response.statusCode} ${response.body}\n${show({ ...request, remoteAddress: '' })}`
    expect(response.statusCode, label).toBe(400)
    expect(response.json(), label).toMatchObject({ code: 'INVALID_CHARACTER', field })
  }

  const json = (payload: unknown) => ({
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  })

  /**
   * A multipart body whose text is UTF-16: the fields as `text/plain; charset=utf-16le` parts and
   * the file name as `filename*=utf-16le''…`. Unlike UTF-8, UTF-16 can carry a lone surrogate.
   */
  function utf16Multipart(fields: Record<string, string>, fileName: string) {
    const boundary = 'portal-test-utf16'
    const percent = (text: string) =>
      [...Buffer.from(text, 'utf16le')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`)
    const chunks = Object.entries(fields).flatMap(([name, value]) => [
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n` +
          'Content-Type: text/plain; charset=utf-16le\r\n\r\n',
      ),
      Buffer.from(value, 'utf16le'),
      Buffer.from('\r\n'),
    ])
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; ` +
          `filename*=utf-16le''${percent(fileName).join('')}\r\n` +
          'Content-Type: application/pdf\r\n\r\n',
      ),
      SAMPLE_FILES.pdf,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    )
    return {
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat(chunks),
    }
  }

  /** Bodies with `text` at a known field, as the route reads them. */
  function bodiesWith(
    route: RouteEntry,
    text: string,
  ): [Omit<FuzzRequest, 'remoteAddress' | 'method' | 'url'>, string][] {
    const key = routeKey(route)
    if (key === 'POST /api/legacy') {
      const request = { action: 'trans', code: 'ATTRIBUTES', obj: 'ANSCHLUSS', key: text }
      const form = (value: string) => ({
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ json: value }).toString(),
      })
      return [
        [form(JSON.stringify({ ...request, token: auth.authorization.slice(7) })), 'json.key'],
        [
          form(JSON.stringify({ ...request, key: ids.property, data: { AB: [text] } })),
          'json.data.AB.0',
        ],
      ]
    }
    if (key === 'POST /api/persistence/activities') {
      const activity = tenantChangeActivity(ids.pointOfDelivery, {
        customerType: 'company',
        NAME1: text,
        PLZ: '10115',
      })
      const body = multipart({ activity: JSON.stringify(activity) })
      const named = { ...activity, payload: { ...activity.payload, NAME1: 'Schulz' } }
      return [
        [{ headers: body.headers, payload: body.payload }, 'activity.payload.NAME1'],
        [utf16Multipart({ activity: JSON.stringify(named) }, `Vertrag${text}.pdf`), 'file'],
      ]
    }
    if (key === 'POST /api/processes/system/file-upload') {
      const fields = { objectType: 'KOSTENBELEG', objectKey: ids.distribution }
      return [
        [utf16Multipart({ ...fields, note: text }, 'beleg.pdf'), 'note'],
        [utf16Multipart(fields, `Beleg${text}.pdf`), 'file'],
      ]
    }
    const schema = operationOf(route).requestBody?.content['application/json']?.schema
    const first = Object.keys(schema?.properties ?? {})[0] ?? 'text'
    const cases: [Omit<FuzzRequest, 'remoteAddress' | 'method' | 'url'>, string][] = [
      [json({ [first]: text }), first],
    ]
    if (SEARCHED[key]) {
      const filter = { property: 'x', type: 'in', value: ['1', text] }
      cases.push([json({ filters: [filter] }), 'filters.0.value.1'])
    }
    return cases
  }

  it.each(routes.map((route) => [routeKey(route), route] as const))(
    '%s, in its path, query and body',
    async (key, route) => {
      const valid = VALID_PARAMS[key] ?? {}
      const names = [...route.url.matchAll(/:(\w+)|\*/g)].map((match) => match[1] ?? '*')
      const pathWith = (bad?: string) => {
        let index = 0
        return route.url.replace(/:(\w+)|\*/g, () => {
          const name = names[index++]!
          return name === bad ? 'a%00b' : encodeURIComponent(valid[name] ?? 'x')
        })
      }
      const method = route.method
      // a path or a query cannot carry a lone surrogate: percent-encoded UTF-8 has none
      for (const name of names) await refused({ method, url: pathWith(name), headers: {} }, name)
      await refused({ method, url: `${pathWith()}?q=a%00b`, headers: {} }, 'q')
      if (method === 'GET') return
      for (const text of INVALID_TEXTS) {
        for (const [body, field] of bodiesWith(route, text)) {
          await refused({ method, url: pathWith(), ...body }, field)
        }
      }
    },
  )

  it('a text with a lone surrogate after a non-ASCII character is neither shortened nor stored', async () => {
    const { db } = ctx.database
    const line = () =>
      db
        .select({ note: operatingCostsExpenses.note, version: operatingCostsExpenses.version })
        .from(operatingCostsExpenses)
        .where(eq(operatingCostsExpenses.guid, ids.heating))
    const [before] = await line()
    const base = `/api/persistence/operating-costs/${ids.distribution}/heating-expenses`
    await refused(
      {
        method: 'PATCH',
        url: `${base}/${ids.heating}`,
        ...json({ note: 'Heizöl\ud800 Lieferung März', version: before!.version }),
      },
      'note',
    )
    expect(await line()).toEqual([before])
    const added = await db.$count(
      operatingCostsExpenses,
      eq(operatingCostsExpenses.operatingCostsDistribution, ids.distribution),
    )
    await refused(
      {
        method: 'POST',
        url: base,
        ...json({
          operatingCostsHeatingExpense: [{ ...FUEL_LINE, note: 'Öl\udc00' }],
        }),
      },
      'operatingCostsHeatingExpense.0.note',
    )
    expect(
      await db.$count(
        operatingCostsExpenses,
        eq(operatingCostsExpenses.operatingCostsDistribution, ids.distribution),
      ),
    ).toBe(added)
  })
})

describe('every route, sent generated input as a signed-in user', () => {
  it('knows the routes it fills with visible ids and the searches it fills with properties', () => {
    const registered = new Set(routes.map(routeKey))
    for (const key of [
      ...Object.keys(VALID_PARAMS),
      ...Object.keys(SEARCHED),
      ...Object.keys(MULTIPART),
    ]) {
      expect(registered.has(key), key).toBe(true)
    }
    const searches = routes.filter((r) => r.url.endsWith('-search')).map(routeKey)
    for (const search of searches) expect(SEARCHED[search], search).toBeDefined()
  })

  it.each(routes.map((route) => [routeKey(route), route] as const))(
    '%s answers no 5xx',
    async (_key, route) => {
      await fc.assert(
        fc.asyncProperty(requestsFor(route), async (request) => {
          const response = await send(request)
          expect(
            response.statusCode,
            `${response.statusCode} ${response.body}\n${show(request)}`,
          ).toBeLessThan(500)
          if (
            response.statusCode >= 400 &&
            String(response.headers['content-type']).includes('json')
          ) {
            const answer = response.json<{ detail?: unknown; code?: unknown; field?: unknown }>()
            expect(typeof answer.detail, show(request)).toBe('string')
            expect(typeof answer.code, show(request)).toBe('string')
            expect(['undefined', 'string'], show(request)).toContain(typeof answer.field)
          }
        }),
        { numRuns: RUNS_PER_ROUTE },
      )
    },
  )
})
