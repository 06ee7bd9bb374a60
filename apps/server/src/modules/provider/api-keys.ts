/**
 * Provider API keys (ARCHITECTURE 3.5, decision 018): what reaches `/api/provider/*` instead of a
 * portal token. A key is 32 random bytes behind a recognisable prefix (`pk_`, so that a leaked one
 * is found by secret scanners and never mistaken for a token); only its sha256 is stored, with a
 * name and a scope. Created, listed and revoked on the command line; every use is audited.
 */
import { createHash, randomBytes } from 'node:crypto'
import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import { writeAudit } from '../../platform/persistence/audit'
import type { Database, Executor } from '../../platform/persistence/database'
import { providerApiKeys } from '../../platform/persistence/schema'

export const PROVIDER_KEY_PREFIX = 'pk_'

/** The parts of the provider API a key may be granted; `all` grants every one. */
export const PROVIDER_SCOPES = ['import', 'export', 'steps', 'users'] as const
export type ProviderScope = (typeof PROVIDER_SCOPES)[number]
export const ALL_SCOPES = 'all'

/** The audit action of one call with a key. */
export const PROVIDER_API_CALL = 'PROVIDER_API_CALL'
export const PROVIDER_KEY_ENTITY = 'providerApiKey'
export const PROVIDER_KEY_CREATED = 'PROVIDER_KEY_CREATED'
export const PROVIDER_KEY_REVOKED = 'PROVIDER_KEY_REVOKED'

/** Who acted, in the audit log and as the owner of idempotency keys: `provider:<key name>`. */
export const providerActor = (name: string) => `provider:${name}`

const NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$/
export const KEY_NAME_RULE =
  'Der Name eines Schlüssels besteht aus 1 bis 63 Buchstaben, Ziffern, Punkten, Binde- oder Unterstrichen und beginnt mit einem Buchstaben oder einer Ziffer.'

/** A key as the server checks it: never the key itself. */
export interface ProviderKey {
  id: string
  name: string
  /** The granted scopes, or `all`. */
  scope: string
  revoked: boolean
}

export interface ProviderKeyListing {
  name: string
  scope: string
  createdAt: Date
  lastUsedAt: Date | null
  revokedAt: Date | null
}

/** A refused command (German message for the command line). */
export class ProviderKeyError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ProviderKeyError'
  }
}

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')

/** The text a bearer header carries for a provider key (not a JWT: no dots). */
export function looksLikeProviderKey(token: string): boolean {
  return token.startsWith(PROVIDER_KEY_PREFIX)
}

/** `import,export` as stored (`all` alone, else the known scopes in their order); throws German. */
export function parseScope(text: string): string {
  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
  if (parts.length === 0) throw new ProviderKeyError(scopeRule())
  const unknown = parts.filter(
    (part) => part !== ALL_SCOPES && !(PROVIDER_SCOPES as readonly string[]).includes(part),
  )
  if (unknown.length > 0) {
    throw new ProviderKeyError(`Unbekannter Bereich ${unknown.join(', ')}. ${scopeRule()}`)
  }
  if (parts.includes(ALL_SCOPES)) return ALL_SCOPES
  return PROVIDER_SCOPES.filter((scope) => parts.includes(scope)).join(',')
}

const scopeRule = () =>
  `Bereiche: ${[...PROVIDER_SCOPES, ALL_SCOPES].join(', ')} (mehrere durch Komma getrennt).`

/** Whether a key of `scope` (as stored) may call a route of `needed`. */
export function scopeCovers(scope: string, needed: ProviderScope): boolean {
  const granted = scope.split(',')
  return granted.includes(ALL_SCOPES) || granted.includes(needed)
}

/** Creates a key; answers it in clear text, which is shown this once and stored nowhere. */
export async function createProviderKey(
  db: Executor,
  name: string,
  scopeText: string,
): Promise<{ key: string; name: string; scope: string }> {
  if (!NAME_PATTERN.test(name)) throw new ProviderKeyError(KEY_NAME_RULE)
  const scope = parseScope(scopeText)
  const key = `${PROVIDER_KEY_PREFIX}${randomBytes(32).toString('base64url')}`
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(providerApiKeys)
      .values({ name, scope, keyHash: sha256Hex(key) })
      .onConflictDoNothing({ target: providerApiKeys.name })
      .returning({ id: providerApiKeys.id })
    if (!row) return false
    await writeAudit(tx, {
      userName: providerActor(name),
      action: PROVIDER_KEY_CREATED,
      entity: PROVIDER_KEY_ENTITY,
      entityKey: name,
      after: { scope },
    })
    return true
  })
  if (!created) {
    throw new ProviderKeyError(
      `Einen Schlüssel namens ${name} gibt es schon (auch widerrufene Namen bleiben belegt).`,
    )
  }
  return { key, name, scope }
}

export async function listProviderKeys(db: Executor): Promise<ProviderKeyListing[]> {
  const rows = await db
    .select({
      name: providerApiKeys.name,
      scope: providerApiKeys.scope,
      createdAt: providerApiKeys.createdAt,
      lastUsedAt: providerApiKeys.lastUsedAt,
      revokedAt: providerApiKeys.revokedAt,
    })
    .from(providerApiKeys)
    .orderBy(asc(providerApiKeys.name))
  return rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt) }))
}

/** Revokes a key at once (the next request with it is refused); throws for an unknown name. */
export async function revokeProviderKey(db: Executor, name: string): Promise<void> {
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: providerApiKeys.id, revokedAt: providerApiKeys.revokedAt })
      .from(providerApiKeys)
      .where(eq(providerApiKeys.name, name))
      .for('update')
    if (!row) return 'unknown'
    if (row.revokedAt) return 'revoked'
    await tx
      .update(providerApiKeys)
      .set({ revokedAt: sql`now()` })
      .where(eq(providerApiKeys.id, row.id))
    await writeAudit(tx, {
      userName: providerActor(name),
      action: PROVIDER_KEY_REVOKED,
      entity: PROVIDER_KEY_ENTITY,
      entityKey: name,
    })
    return 'done'
  })
  if (outcome === 'unknown')
    throw new ProviderKeyError(`Einen Schlüssel namens ${name} gibt es nicht.`)
  if (outcome === 'revoked')
    throw new ProviderKeyError(`Der Schlüssel ${name} ist schon widerrufen.`)
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
    .where(eq(providerApiKeys.keyHash, sha256Hex(key)))
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
