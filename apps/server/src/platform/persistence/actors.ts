import { inArray } from 'drizzle-orm'
import type { Executor } from './database'
import { users } from './schema'

/**
 * The user names the audit log records for what no portal user did: the provider's steps, imports
 * and account commands (`provider`), and the portal's own jobs such as the automatic approval
 * (`system`). No portal account can carry either name: user names are the provider's, who never
 * hands these out.
 */
export const PROVIDER_USER = 'provider'
export const SYSTEM_USER = 'system'

/**
 * Decision 044: the persons' names of the users who did something (decided, declined), as the
 * portal shows them, for the user names given; a name without a user row (a deleted user's
 * pseudonym, `provider`, `system`) stays as it is.
 */
export async function personNamesOf(
  db: Executor,
  userNames: Iterable<string>,
): Promise<(userName: string) => string> {
  const wanted = [...new Set(userNames)]
  const rows =
    wanted.length === 0
      ? []
      : await db
          .select({ userName: users.userName, name: users.name })
          .from(users)
          .where(inArray(users.userName, wanted))
  const names = new Map(rows.map((row) => [row.userName, row.name]))
  return (userName) => names.get(userName) ?? userName
}
