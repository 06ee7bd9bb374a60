import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PARTNER_FEATURE } from '@portal/domain'
import { and, asc, eq, getTableColumns, isNull, sql, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, inject } from 'vitest'
import { buildApp, type App, type AppOptions } from '../src/app'
import { DEFAULT_CUSTOMERS_DIR, type ServerConfig } from '../src/platform/config'
import { loadCustomer } from '../src/platform/load-customer'
import type { DatabaseHandle } from '../src/platform/persistence/database'
import { connectionFeatures, connections, users } from '../src/platform/persistence/schema'
import { DEMO_PASSWORD } from '../src/platform/auth/demo-password'
import { openTestDatabase } from './test-database'

export interface TestContext {
  app: App
  database: DatabaseHandle
  config: ServerConfig
  /** Signs in through the API and answers the bearer header for that user. */
  login(userName: string, password?: string): Promise<{ authorization: string }>
  close(): Promise<void>
}

export interface TestContextOptions {
  /** The customer configuration (a folder of `customers/`); default: the default customer. */
  customer?: string
  /** A built portal to serve; default: none, the server answers the API only. */
  portalDist?: string
  /** Settings that differ from the test defaults, e.g. `trustProxy` or `smtpUrl`. */
  config?: Partial<ServerConfig>
  /** The server's logger (Fastify's `logger` option); default: none. */
  logger?: AppOptions['logger']
  /** The database; default: a copy of the seeded template (`openTestDatabase`). */
  database?: () => Promise<DatabaseHandle>
  /** Thresholds of the overload answer; default `TEST_BACK_PRESSURE` (it has its own test). */
  backPressure?: AppOptions['backPressure']
}

/**
 * A test server's overload answer: no event-loop threshold. A test's own burst, or PGlite working
 * in the test's process, may hold the loop for seconds on a busy machine; an app a test builds
 * itself takes this too, or it answers 503 where the test expects its answer.
 */
export const TEST_BACK_PRESSURE: NonNullable<AppOptions['backPressure']> = {
  maxEventLoopDelayMs: 0,
}

/**
 * The server's settings in a test: fresh random keys, no mail server, the portal at
 * `http://portal.test`, its files in `dataDir`, and what `options` sets.
 */
export function testConfig(
  dataDir: string,
  options: Pick<TestContextOptions, 'customer' | 'portalDist' | 'config'> = {},
): ServerConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    databaseUrl: undefined,
    dataDir,
    jwtSecret: crypto.getRandomValues(new Uint8Array(32)),
    secondFactorKey: crypto.getRandomValues(new Uint8Array(32)),
    smtpUrl: undefined,
    publicUrl: 'http://portal.test',
    logLevel: 'silent',
    customer: loadCustomer(DEFAULT_CUSTOMERS_DIR, options.customer),
    portalDist: options.portalDist,
    ...options.config,
  }
}

/** The sign-in (`POST /api/token`) with `payload`, from `remoteAddress`; the answer as it comes. */
export const signInRequest = (
  app: App,
  payload: { username: string; password: string; [field: string]: unknown },
  remoteAddress?: string,
) =>
  app.inject({
    method: 'POST',
    url: '/api/token',
    payload,
    ...(remoteAddress ? { remoteAddress } : {}),
  })

/** A server on its own copy
 of the seeded template database, called through `app.inject`. */
export async function createTestContext(options: TestContextOptions = {}): Promise<TestContext> {
  const database = options.database
    ? await options.database()
    : await openTestDatabase(inject('testDatabaseKind'), {
        pgliteDump: inject('pgliteDump'),
        serverUrl: inject('serverUrl'),
      })
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-data-'))
  const config = testConfig(dataDir, options)
  const app = await buildApp({
    config,
    database,
    logger: options.logger,
    backPressure: options.backPressure ?? TEST_BACK_PRESSURE,
  })
  await app.ready()
  return {
    app,
    database,
    config,
    async login(userName, password = DEMO_PASSWORD) {
      const response = await signInRequest(app, { username: userName, password })
      if (response.statusCode !== 200) {
        throw new Error(`login ${userName} failed: ${response.statusCode} ${response.body}`)
      }
      return { authorization: `Bearer ${response.json<{ token: string }>().token}` }
    },
    async close() {
      await app.close()
      await database.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * Folders below the system's temporary folder for a test file or `describe` block, removed in its
 * `afterAll`: call the answer with a prefix for each new folder.
 */
export function useTemporaryDirs(): (prefix: string) => Promise<string> {
  const dirs: string[] = []
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true })
  })
  return async (prefix) => {
    const dir = await mkdtemp(path.join(tmpdir(), prefix))
    dirs.push(dir)
    return dir
  }
}

/** The bearer headers of signed-in users, by user name. */

export type SignedIn = Record<string, { authorization: string }>

/**
 * The test context of a test file or `describe` block: created in its `beforeAll` with `users`
 * signed in (their bearer headers in `as`), closed in its `afterAll`. Both objects are filled when
 * the block's tests and its later `beforeAll` hooks run. `options` may be a function, for settings
 * that are only known once an earlier `beforeAll` ran (a mail server's port, a built portal).
 */
export function useTestContext(
  users: readonly string[] = [],
  options: TestContextOptions | (() => TestContextOptions) = {},
): { ctx: TestContext; as: SignedIn } {
  const ctx = {} as TestContext
  const as: SignedIn = {}
  let created: TestContext | undefined
  beforeAll(async () => {
    created = await createTestContext(typeof options === 'function' ? options() : options)
    Object.assign(ctx, created)
    for (const user of users) as[user] = await ctx.login(user)
  })
  afterAll(() => created?.close())
  return { ctx, as }
}

/** The users-search of the user `authorization` (a bearer header) signs in: his own record. */
export const ownUserSearch = (ctx: TestContext, authorization: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/persistence/users-search',
    headers: { authorization },
    payload: {},
  })

/**
 * The properties whose owner feature holds the business partner of `userName`, as a subquery for
 * `in` / `not in`: the tests' way to find data an owner may or may not see.
 */
export async function ownedPropertiesOf(ctx: TestContext, userName: string): Promise<SQL> {
  const [user] = await ctx.database.db
    .select({ businessPartner: users.businessPartner })
    .from(users)
    .where(eq(users.userName, userName))
  return sql`(select ${connectionFeatures.connection} from ${connectionFeatures} where ${connectionFeatures.connectionAttributes} = ${PARTNER_FEATURE} and ${connectionFeatures.value} = ${user!.businessPartner})`
}

/** Properties (connections without a parent) of company code 1000 that meet `conditions`. */
export const propertyOf1000 = (...conditions: (SQL | undefined)[]) =>
  and(eq(connections.companyCode, '1000'), isNull(connections.parentConnection), ...conditions)

/** The business partner the owner feature of `property` names: the property's owner. */
export async function ownerOf(ctx: TestContext, property: string): Promise<string> {
  const [feature] = await ctx.database.db
    .select({ value: connectionFeatures.value })
    .from(connectionFeatures)
    .where(
      and(
        eq(connectionFeatures.connection, property),
        eq(connectionFeatures.connectionAttributes, PARTNER_FEATURE),
      ),
    )
  return feature!.value!
}

/**
 * Of the table of column `id`, the first id (in order) of company 1000 on a property `userName`
 * owns, and the first on a property they do not own: the tests' way to pick a row a user may or
 * may not see. The table has the columns `companyCode` and `propertyConnection`.
 */
export async function ownedAndNotOwned(
  ctx: TestContext,
  userName: string,
  id: PgColumn,
): Promise<{ owned: string; notOwned: string }> {
  const ownedProperties = await ownedPropertiesOf(ctx, userName)
  const { propertyConnection } = getTableColumns(id.table) as Record<string, PgColumn>
  return {
    owned: await firstOf1000(ctx, id, sql`${propertyConnection} in ${ownedProperties}`),
    notOwned: await firstOf1000(ctx, id, sql`${propertyConnection} not in ${ownedProperties}`),
  }
}

/**
 * `ownedAndNotOwned` picked in the `beforeAll` of the test file or `describe` block (after the
 * context's own): the tests read `owned` and `notOwned` of the answer.
 */
export function useOwnedAndNotOwned(
  ctx: TestContext,
  userName: string,
  id: PgColumn,
): { owned: string; notOwned: string } {
  const sample = { owned: '', notOwned: '' }
  beforeAll(async () => {
    Object.assign(sample, await ownedAndNotOwned(ctx, userName, id))
  })
  return sample
}

/** The row of `table` that `condition` names; the test knows it exists. */
export async function rowOf<T extends PgTable>(
  ctx: TestContext,
  table: T,
  condition: SQL,
): Promise<T['$inferSelect']> {
  // drizzle's `from` takes no generic table; the rows are those of `table`
  const from: PgTable = table
  const [row] = await ctx.database.db.select().from(from).where(condition)
  return row as T['$inferSelect']
}

/**
 * The first value (in order) of column `id` among the rows of company code 1000 that meet
 * `conditions`: the tests' way to pick a sample row. The table has the column `companyCode`.
 */
export async function firstOf1000(
  ctx: TestContext,
  id: PgColumn,
  ...conditions: (SQL | undefined)[]
): Promise<string> {
  const { companyCode } = getTableColumns(id.table) as Record<string, PgColumn>
  const [row] = await ctx.database.db
    .select({ id })
    .from(id.table)
    .where(and(eq(companyCode!, '1000'), ...conditions))
    .orderBy(asc(id))
    .limit(1)
  return row!.id as string
}
