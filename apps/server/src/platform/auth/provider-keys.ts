/**
 * A provider API key as every request's authentication checks it (decision 018): its form, its
 * scopes, and the one indexed read and the audited use of a stored key. Creating, listing and
 * revoking keys are the provider module's commands (`modules/provider/api-keys.ts`).
 */
import { createHash } from 'node:crypto'
import { and, eq, isNull, sql } from 'drizzle-orm'
import { writeAudit } from '../persistence/audit'
import type { Database, Executor } from '../persistence/database'
import { providerApiKeys } from '../persistence/schema'

export const PROVIDER_KEY_PREFIX = 'pk_'

/** The parts of the provider API a key may be granted; `all` grants every one. */
export const PROVIDER_SCOPES = ['import', 'export', 'steps', 'users'] as const
export type ProviderScope = (typeof PROVIDER_SCOPES)[number]
export const ALL_SCOPES = 'all'

/** The audit action of one call with a key. */
export const PROVIDER_API_CALL = 'PROVIDER_API_CALL'
export const PROVIDER_KEY_ENTITY = 'providerApiKey'
/** Who acted, in the audit log and as the owner of idempotency keys: `provider:<key name>`. */
export const providerActor = (name: string) => `provider:${name}`

/** A key as the server checks it: never the key itself. */
export interface ProviderKey {
  id: string
  name: string
  /** The granted scopes, or `all`. */
  scope: string
  revoked: boolean
}

/** What is stored of a key: its SHA-256, never the key. */
export const providerKeyHash = (text: string) =>
  createHash('sha256').update(text, 'utf8').digest('hex')

/** The text a bearer header carries for a provider key (not a JWT: no dots). */
export function looksLikeProviderKey(token: string): boolean {
  return token.startsWith(PROVIDER_KEY_PREFIX)
}

/** Whether a key of `scope` (as stored) may call a route of `needed`. */
export function scopeCovers(scope: string, needed: ProviderScope): boolean {
  const granted = scope.split(',')
  return granted.includes(ALL_SCOPES) || granted.includes(needed)
}

/** The stored key a bearer value stands for (revoked ones too), or null. One indexed read. */
export async function findProviderKey(db: Executor, key: string): Promise<ProviderKey | null> {
  if (!looksLikeProviderKey(key)) return null
  const [row] = await db
    .select({
      id: providerApiKeys.id,
      name: providerApiKeys.name,
      scope: providerApiKeys.scope,
      revokedAt: providerApiKeys.revokedAt,
    })
    .from(providerApiKeys)
    .where(eq(providerApiKeys.keyHash, providerKeyHash(key)))
  if (!row) return null
  return { id: row.id, name: row.name, scope: row.scope, revoked: row.revokedAt !== null }
}

/**
 * One use of a key: the audit entry (route template and status, never the query or the body) and
 * the key's last use, in one transaction after the answer went out.
 */
export async function recordProviderKeyUse(
  db: Database,
  key: ProviderKey,
  call: { method: string; route: string; status: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(providerApiKeys)
      .set({ lastUsedAt: sql`now()` })
      .where(and(eq(providerApiKeys.id, key.id), isNull(providerApiKeys.revokedAt)))
    await writeAudit(tx, {
      userName: providerActor(key.name),
      action: PROVIDER_API_CALL,
      entity: PROVIDER_KEY_ENTITY,
      entityKey: key.name,
      after: call,
    })
  })
}
