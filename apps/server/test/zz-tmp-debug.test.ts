import { it, inject } from 'vitest'
import { buildApp } from '../src/app'
import { DEFAULT_CUSTOMERS_DIR } from '../src/config'
import { loadCustomer } from '../src/customer/load-customer'
import { DEMO_PASSWORD } from '../src/seed/demo-users'
import { openTestDatabase } from './test-database'
it('debug', async () => {
  const database = await openTestDatabase(inject('testDatabaseKind'), { pgliteDump: inject('pgliteDump'), serverUrl: inject('serverUrl') })
  const app = await buildApp({ database, logger: { level: 'error' }, config: { port: 0, host: '127.0.0.1', databaseUrl: undefined, dataDir: '/tmp/dbg', jwtSecret: new Uint8Array(32).fill(1), smtpUrl: undefined, publicUrl: 'http://x', logLevel: 'error', customer: loadCustomer(DEFAULT_CUSTOMERS_DIR), portalDist: undefined } })
  await app.ready()
  const t = await app.inject({ method: 'POST', url: '/api/token', payload: { username: 'verwalter', password: DEMO_PASSWORD } })
  const auth = { authorization: `Bearer ${t.json().token}` }
  for (const [url, body] of JSON.parse(process.env.CASES ?? '[]')) {
    const r = await app.inject({ method: 'POST', url, headers: auth, payload: body })
    console.log(url, JSON.stringify(body), r.statusCode, r.body.slice(0, 300))
  }
  await app.close(); await database.close()
})
