/**
 * The demo mode's start (`npm start`, entry `src/demo/main.ts`): an empty database gets the demo
 * data, and the banner lists the demo logins. With `NODE_ENV=production` the demo entry starts as
 * production does, demo password check included.
 */
import { DEMO_PASSWORD } from '../platform/auth/demo-password'
import type { Database } from '../platform/persistence/database'
import { isProductionMode } from '../platform/production'
import { prepareStart } from '../platform/start-mode'
import { isDatabaseEmpty, seedDemoData } from './demo-data'
import { DEMO_USERS } from './demo-users'

/** Seeds the demo data into an empty database; answers the banner line, or null when not empty. */
export async function seedEmptyDatabase(db: Database): Promise<string | null> {
  if (!(await isDatabaseEmpty(db))) return null
  const started = performance.now()
  await seedDemoData(db, {})
  return `Demodaten angelegt in ${((performance.now() - started) / 1000).toFixed(1)} s.`
}

/** The demo's part before the server listens; answers the banner's lines. */
export async function prepareDemoStart(
  db: Database,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string[]> {
  if (isProductionMode(env)) return prepareStart(db, env)
  const seeded = await seedEmptyDatabase(db)
  return [
    ...(seeded ? [seeded] : []),
    `Demo-Zugänge (Passwort ${DEMO_PASSWORD}):`,
    ...DEMO_USERS.map((u) => `  ${u.userName.padEnd(12)} ${u.description}`),
  ]
}
