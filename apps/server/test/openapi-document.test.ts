/**
 * The API document as integrators' tools take it: Redocly's recommended rules pass without an error
 * or a warning, and a TypeScript client generated from it (openapi-typescript) compiles against a
 * typed call of each tag.
 */
import { spawnSync } from 'node:child_process'
import { writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import openapiTS, { astToString } from 'openapi-typescript'
import { beforeAll, describe, expect, it } from 'vitest'
import { openApiPath } from '../src/platform/http/openapi-document'
import { useTemporaryDirs, useTestContext } from './helper'

const require = createRequire(import.meta.url)
const REDOCLY = path.join(path.dirname(require.resolve('@redocly/cli/package.json')), 'bin/cli.js')
const TSC = require.resolve('typescript/bin/tsc')

const temporaryDir = useTemporaryDirs()
const { ctx } = useTestContext()
let folder: string
let document: Record<string, unknown>

beforeAll(async () => {
  folder = await temporaryDir('portal-openapi-')
  const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })
  expect(response.statusCode).toBe(200)
  document = response.json()
})

/** Type-checks `file` of the folder strictly, as an integrator's build would. */
const typeCheck = (file: string) =>
  spawnSync(
    process.execPath,
    [
      TSC,
      '--noEmit',
      '--strict',
      '--target',
      'es2022',
      '--module',
      'nodenext',
      '--skipLibCheck',
      file,
    ],
    { cwd: folder, encoding: 'utf8' },
  )

describe('operations', () => {
  it('every route of the API names a stable id and a German summary, each id once', () => {
    const paths = document.paths as Record<
      string,
      Record<string, { operationId?: string; summary?: string }>
    >
    const routes = ctx.app.routeTable
      .filter((route) => route.method !== 'HEAD' && !route.url.startsWith('/api/docs'))
      .filter((route) => route.url.startsWith('/api/') || route.url.startsWith('/customer-assets'))
    const operations = routes.map((route) => ({
      route: `${route.method} ${openApiPath(route.url)}`,
      ...paths[openApiPath(route.url)]?.[route.method.toLowerCase()],
    }))
    expect(operations.length).toBeGreaterThan(70)
    expect(operations.filter((operation) => !operation.operationId || !operation.summary)).toEqual(
      [],
    )
    const documented = Object.values(paths).flatMap((methods) => Object.values(methods))
    const ids = documented.map((operation) => operation.operationId)
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([])
    expect(ids).toHaveLength(operations.length)
  })
})

describe('the served document', () => {
  it('passes the recommended rules of Redocly without an error or a warning', async () => {
    const file = path.join(folder, 'openapi.json')
    await writeFile(file, JSON.stringify(document))
    const lint = spawnSync(process.execPath, [REDOCLY, 'lint', file, '--format=json'], {
      encoding: 'utf8',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    })
    const report = JSON.parse(lint.stdout) as {
      totals: { errors: number; warnings: number }
      problems: { ruleId: string; message: string; location: { pointer: string }[] }[]
    }
    const problems = report.problems.map(
      (p) => `${p.ruleId}: ${p.message} (${p.location[0]?.pointer ?? ''})`,
    )
    expect(problems).toEqual([])
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 })
  })

  it('names the portal as its server', () => {
    expect(document.servers).toEqual([
      { url: ctx.config.publicUrl, description: expect.any(String) },
    ])
  })

  it('generates a TypeScript client that compiles against a typed call of each tag', async () => {
    const client = astToString(await openapiTS(document as never))
    await writeFile(path.join(folder, 'api.ts'), client)
    await writeFile(path.join(folder, 'calls.ts'), TYPED_CALLS)
    const compiled = typeCheck('calls.ts')
    expect(compiled.stdout + compiled.stderr).toBe('')
    expect(compiled.status).toBe(0)

    // the check can fail: a call that does not match the document is refused
    await writeFile(
      path.join(folder, 'wrong.ts'),
      `import type { operations } from './api.js'
const body: operations['signIn']['requestBody']['content']['application/json'] = { user: 'x' }
export { body }
`,
    )
    const refused = typeCheck('wrong.ts')

    expect(refused.status).not.toBe(0)
  })
})

/** One typed call per tag, as an integrator writes them against the generated types. */
const TYPED_CALLS = `import type { operations } from './api.js'

type Body<O extends keyof operations> = operations[O] extends {
  requestBody?: { content: { 'application/json': infer B } }
}
  ? B
  : never
type Answer<O extends keyof operations, S extends number = 200> = operations[O]['responses'] extends Record<
  S,
  { content: { 'application/json': infer A } }
>
  ? A
  : never
type Failure = Answer<'signIn', 401>

declare function call<O extends keyof operations>(operation: O, body?: Body<O>): Promise<Answer<O>>

export async function oneCallPerTag(): Promise<unknown[]> {
  const health = await call('getHealth')
  const { token } = await call('signIn', { username: 'verwalter', password: 'geheim' })
  const failure: Failure = { detail: 'Login Fehler!', code: 'LOGIN_FAILED' }
  const connections = await call('searchConnections', {
    filters: [{ property: 'companyCode', type: 'eq', value: '1000' }],
    sort: [{ property: 'name1', order: 'asc' }],
  })
  const names: string[] = connections.items.map((c) => c.name1)
  const connection = await call('getConnection')
  const partner = await call('getPartner')
  const product = await call('getProduct')
  const unit = await call('getPointOfDelivery')
  const contract = await call('getContract')
  const device = await call('getDevice')
  const costs = await call('getOperatingCosts')
  const lines = costs.operatingCostsHeatingExpense.map((line) => line.amountTransactionCurrency)
  const decided = await call('decideDistribution', {
    operatingCostsDistribution: costs.operatingCostsDistribution,
    approved: false,
    reason: 'Zu hoch',
  })
  const files = await call('searchAttachments', { filters: [] })
  const notifications = await call('getNotifications')
  const legacy = await call('legacyTransaction')
  const changed = await call('changePassword', {
    currentPassword: 'alt',
    newPassword: 'Neu#2024!',
    newPasswordRepeat: 'Neu#2024!',
  })
  const customer = await call('getCustomerConfiguration')
  return [health, token, failure, names, connection, partner, product, unit, contract, device, lines,
    decided.successMessage, files.items, notifications, legacy, changed, customer.applicationTitle]
}
`
