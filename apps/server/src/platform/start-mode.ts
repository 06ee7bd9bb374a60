/**
 * What the server does before it listens (ARCHITECTURE 3.5). This is the production entry's part
 * (`src/main.ts`, the bundle `dist/main.js`):
 * - production (`NODE_ENV=production`): no seeding, no demo logins, and no start while an account
 *   has the demo password;
 * - otherwise the server starts on what the database holds, and says so when it holds nothing.
 *
 * The demo mode (`npm start`) has its own entry, `src/demo/main.ts`, which seeds an empty database
 * and lists the demo logins; nothing here imports it, so the bundle holds neither the demo
 * generator nor faker.
 */
import type { Database } from './persistence/database'
import { users } from './persistence/schema'
import { accountsWithDemoPassword, demoPasswordRefusal, isProductionMode } from './production'

/** A start the operator must fix first: the message says what and how. */
export class StartRefusedError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'StartRefusedError'
  }
}

const hasAnyUser = async (db: Database) =>
  (await db.select({ userName: users.userName }).from(users).limit(1)).length > 0

/** Checks the database for the mode; answers the banner's lines or throws `StartRefusedError`. */
export async function prepareStart(
  db: Database,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string[]> {
  if (isProductionMode(env)) {
    const demoAccounts = await accountsWithDemoPassword(db)
    if (demoAccounts.length > 0) throw new StartRefusedError(demoPasswordRefusal(demoAccounts))
    return [
      'Betriebsart:        Produktion (NODE_ENV=production)',
      ...((await hasAnyUser(db))
        ? []
        : ['Noch kein Benutzer: npm run provider -- user add <Benutzer> … (docs/operations.md)']),
    ]
  }
  if (await hasAnyUser(db)) return []
  return [
    'Die Datenbank ist leer: der gebaute Server legt keine Demodaten an (npm start legt sie an).',
  ]
}
