/**
 * Starts the reference server (server.ts): `DATABASE_URL` (PostgreSQL only), `PORT`, `HOST`, and
 * the product's JWT secret as the product finds it: `JWT_SECRET`, or the `jwt-secret` file in
 * `DATA_DIR`, which the product writes at its first start (the reference only reads it).
 * `npm run bench` bundles this file and runs it with node beside the product.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { createReferenceServer } from './server'

const databaseUrl = process.env.DATABASE_URL
if (!databaseUrl) {
  console.error('Referenz: DATABASE_URL fehlt; die Referenz fragt PostgreSQL über einen pg-Pool.')
  process.exit(1)
}
const secretText =
  process.env.JWT_SECRET ??
  readFileSync(path.join(process.env.DATA_DIR ?? 'data', 'jwt-secret'), 'utf8').trim()

// the product's pool (apps/server/src/platform/persistence/database.ts): ten connections
const pool = new pg.Pool({
  connectionString: databaseUrl,
  max: 10,
  connectionTimeoutMillis: 10_000,
  keepAlive: true,
  // decision 079: an idle connection is kept five minutes, as the product keeps it
  idleTimeoutMillis: 5 * 60_000,
})
pool.on('error', () => {})
const server = createReferenceServer({ pool, secret: new TextEncoder().encode(secretText) })

const stop = () => {
  server.close()
  server.closeAllConnections()
  void pool.end().then(() => process.exit(0))
}
process.once('SIGTERM', stop)
process.once('SIGINT', stop)

const port = Number(process.env.PORT ?? 4321)
server.listen(port, process.env.HOST ?? '127.0.0.1', () => {
  console.log(`Referenz läuft auf Port ${port}.`)
})
