/**
 * The production mode (ARCHITECTURE 3.5, docs/operations.md): `NODE_ENV=production` never seeds,
 * never prints the demo logins, and refuses to start while an account can be signed in to with
 * the demo password, which the README publishes.
 */
import { verifyPassword } from './auth/passwords'
import { ConcurrencyLimit } from './concurrency-limit'
import type { Executor } from './persistence/database'
import { users } from './persistence/schema'
import { DEMO_PASSWORD } from './auth/demo-password'

export function isProductionMode(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.NODE_ENV === 'production'
}

/** Names listed in the refusal at most; a longer list ends with how many more there are. */
const LISTED_NAMES = 10

/**
 * The user names whose password hash verifies the demo password, in name order. Each distinct
 * hash is verified once (the demo seed gives all its users one hash), four at a time: about 10 ms
 * each, so a few hundred accounts cost a second or two once per start.
 */
export async function accountsWithDemoPassword(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ userName: users.userName, passwordHash: users.passwordHash })
    .from(users)
    .orderBy(users.userName)
  const namesByHash = new Map<string, string[]>()
  for (const row of rows) {
    namesByHash.set(row.passwordHash, [...(namesByHash.get(row.passwordHash) ?? []), row.userName])
  }
  const limit = new ConcurrencyLimit({ concurrency: 4, maxWaiting: Number.MAX_SAFE_INTEGER })
  const found = await Promise.all(
    [...namesByHash].map(([hash, names]) =>
      limit.run(async () => ((await verifyPassword(hash, DEMO_PASSWORD)) ? names : [])),
    ),
  )
  return found.flat().sort()
}

/** The German refusal for the operator: which accounts, and how to make the start possible. */
export function demoPasswordRefusal(userNames: readonly string[]): string {
  const listed = userNames.slice(0, LISTED_NAMES).join(', ')
  const more =
    userNames.length > LISTED_NAMES ? ` und ${userNames.length - LISTED_NAMES} weitere` : ''
  return [
    `Der Produktionsbetrieb (NODE_ENV=production) startet nicht: ${userNames.length === 1 ? 'ein Benutzerkonto hat' : `${userNames.length} Benutzerkonten haben`} das öffentlich bekannte Demo-Passwort (${listed}${more}).`,
    'Löschen Sie diese Konten (npm run provider -- user delete <Benutzer>) oder setzen Sie ihr Passwort zurück (npm run provider -- user reset <Benutzer>: das Demo-Passwort gilt dann nicht mehr, der Benutzer erhält einen Link per E-Mail).',
  ].join('\n')
}
