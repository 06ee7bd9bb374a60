/**
 * Provider API keys (ARCHITECTURE 3.5, decision 018): what reaches `/api/provider/*` instead of a
 * portal token. A key is 32 random bytes behind a recognisable prefix (`pk_`, so that a leaked one
 * is found by secret scanners and never mistaken for a token); only its sha256 is stored, with a
 * name and a scope. Created, listed and revoked on the command line; every use is audited.
 */
import { randomBytes } from 'node:crypto'
import { asc, eq, sql } from 'drizzle-orm'
import { writeAudit } from '../../platform/persistence/audit'
import type { Executor } from '../../platform/persistence/database'
import { providerApiKeys } from '../../platform/persistence/schema'
import {
  ALL_SCOPES,
  PROVIDER_KEY_ENTITY,
  PROVIDER_KEY_PREFIX,
  PROVIDER_SCOPES,
  providerActor,
  providerKeyHash,
} from '../../platform/auth/provider-keys'

export const PROVIDER_KEY_CREATED = 'PROVIDER_KEY_CREATED'
export const PROVIDER_KEY_REVOKED = 'PROVIDER_KEY_REVOKED'

const NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$/
export const KEY_NAME_RULE =
  'Der Name eines Schlüssels besteht aus 1 bis 63 Buchstaben, Ziffern, Punkten, Binde- oder Unterstrichen und beginnt mit einem Buchstaben oder einer Ziffer.'

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
      .values({ name, scope, keyHash: providerKeyHash(key) })
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
