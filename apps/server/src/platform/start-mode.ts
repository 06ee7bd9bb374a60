/**
 * What the server does before it listens, by mode (ARCHITECTURE 3.5):
 * - production (`NODE_ENV=production`): no seeding, no demo logins, and no start while an account
 *   has the demo password;
 * - demo (otherwise): an empty database gets the demo data, and the banner lists the demo logins.
 *
 * The demo seeding is imported through a URL computed at run time, so that esbuild does not follow
 * it: the bundle (`dist/main.js`) holds neither the demo generator nor faker. From the source (tsx)
 * the URL names `demo.ts` beside this file; from the bundle it names a file that does not exist,
 * and the built server starts without seeding.
 */
import { fileURLToPath } from 'node:url'
import type { Database } from './persistence/database'
import { users } from './persistence/schema'
import { DEMO_PASSWORD, DEMO_USERS } from '../demo/demo-users'
import type * as DemoModule from '../demo/demo'
import { accountsWithDemoPassword, demoPasswordRefusal, isProductionMode } from './production'

/** The start is refused; the message is for the operator and the process exits with 1. */
export class StartRefusedError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'StartRefusedError'
  }
}

async function loadDemoModule(): Promise<typeof DemoModule | null> {
  const url = new URL('../demo/demo.ts', import.meta.url).href
  try {
    return (await import(url)) as typeof DemoModule
  } catch (error) {
    // only demo.ts itself missing means the bundle; a module missing below it is an error
    const { code, message } = error as NodeJS.ErrnoException
    if (code === 'ERR_MODULE_NOT_FOUND' && message.includes(fileURLToPath(url))) return null
    throw error
  }
}

/**
 * Prepares the start in the mode `env` names; answers the lines the start banner ends with.
 * Throws `StartRefusedError` when production finds an account with the demo password.
 */
export async function prepareStart(
  db: Database,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string[]> {
  if (isProductionMode(env)) {
    const demoAccounts = await accountsWithDemoPassword(db)
    if (demoAccounts.length > 0) throw new StartRefusedError(demoPasswordRefusal(demoAccounts))
    const anyUser = await db.select({ userName: users.userName }).from(users).limit(1)
    return [
      'Betriebsart:        Produktion (NODE_ENV=production)',
      ...(anyUser.length === 0
        ? ['Noch kein Benutzer: npm run provider -- user add <Benutzer> … (docs/operations.md)']
        : []),
    ]
  }
  const lines: string[] = []
  const demo = await loadDemoModule()
  if (demo) {
    const seeded = await demo.seedEmptyDatabase(db)
    if (seeded) lines.push(seeded)
  } else if ((await db.select({ userName: users.userName }).from(users).limit(1)).length === 0) {
    return [
      'Die Datenbank ist leer: der gebaute Server legt keine Demodaten an (npm start legt sie an).',
    ]
  }
  return [
    ...lines,
    `Demo-Zugänge (Passwort ${DEMO_PASSWORD}):`,
    ...DEMO_USERS.map((u) => `  ${u.userName.padEnd(12)} ${u.description}`),
  ]
}
