/**
 * A user's credentials for the bved consumption-data service (decision 062): created by the user
 * in "Mein Konto" or by the provider on the command line, listed without their passwords, revoked
 * at once. Each creation and revocation is audited under the user's company code.
 */
import { asc, and, eq } from 'drizzle-orm'
import type { ConsumptionCredential, CreatedConsumptionCredential } from '@portal/domain'
import {
  consumptionPasswordHash,
  newConsumptionCredential,
} from '../../platform/auth/consumption-credentials'
import { notFound } from '../../platform/http-errors'
import { writeAudit } from '../../platform/persistence/audit'
import type { Executor } from '../../platform/persistence/database'
import { consumptionDataCredentials, users } from '../../platform/persistence/schema'
import type { SessionUser } from '../../platform/persistence/scope'

export const CONSUMPTION_CREDENTIAL_CREATED = 'CONSUMPTION_CREDENTIAL_CREATED'
export const CONSUMPTION_CREDENTIAL_REVOKED = 'CONSUMPTION_CREDENTIAL_REVOKED'
export const CONSUMPTION_CREDENTIAL_ENTITY = 'consumptionDataCredential'
export const CREDENTIAL_NOT_FOUND = 'Diesen Zugang gibt es nicht (mehr).'
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const listed = {
  id: consumptionDataCredentials.id,
  name: consumptionDataCredentials.name,
  userName: consumptionDataCredentials.userName,
  createdAt: consumptionDataCredentials.createdAt,
  lastUsedAt: consumptionDataCredentials.lastUsedAt,
}

const toAnswer = (row: {
  id: string
  name: string
  userName: string
  createdAt: Date | string
  lastUsedAt: Date | string | null
}): ConsumptionCredential => ({
  ...row,
  createdAt: new Date(row.createdAt).toISOString(),
  lastUsedAt: row.lastUsedAt === null ? null : new Date(row.lastUsedAt).toISOString(),
})

export type CredentialOwner = Pick<SessionUser, 'userId' | 'userName' | 'companyCode'>

/** The user named `userName` as the owner of credentials, or null when there is none. */
export async function credentialOwner(
  db: Executor,
  userName: string,
): Promise<CredentialOwner | null> {
  const [row] = await db
    .select({ userId: users.id, userName: users.userName, companyCode: users.companyCode })
    .from(users)
    .where(eq(users.userName, userName))
  return row ?? null
}

/** The user's credentials, oldest first. */
export async function listConsumptionCredentials(
  db: Executor,
  user: Pick<SessionUser, 'userId'>,
): Promise<ConsumptionCredential[]> {
  const rows = await db
    .select(listed)
    .from(consumptionDataCredentials)
    .where(eq(consumptionDataCredentials.userId, user.userId))
    .orderBy(asc(consumptionDataCredentials.createdAt), asc(consumptionDataCredentials.userName))
  return rows.map(toAnswer)
}

/**
 * A new credential of `user` named `name`; the answer holds its password, which is shown this
 * once and stored nowhere. `actor` is who created it (the user, or the provider).
 */
export async function createConsumptionCredential(
  db: Executor,
  user: CredentialOwner,
  name: string,
  actor: string = user.userName,
): Promise<CreatedConsumptionCredential> {
  const { userName, password } = newConsumptionCredential()
  const [row] = await db
    .insert(consumptionDataCredentials)
    .values({
      userId: user.userId,
      name,
      userName,
      passwordHash: consumptionPasswordHash(password),
    })
    .returning(listed)
  await writeAudit(db, {
    userName: actor,
    companyCode: user.companyCode,
    action: CONSUMPTION_CREDENTIAL_CREATED,
    entity: CONSUMPTION_CREDENTIAL_ENTITY,
    entityKey: userName,
    after: { user: user.userName, name },
  })
  return { ...toAnswer(row!), password }
}

/** Revokes (deletes) one of the user's credentials; 404 for anyone else's or an unknown one. */
export async function revokeConsumptionCredential(
  db: Executor,
  user: CredentialOwner,
  id: string,
  actor: string = user.userName,
): Promise<void> {
  if (!UUID.test(id)) throw notFound(CREDENTIAL_NOT_FOUND)
  const [row] = await db
    .delete(consumptionDataCredentials)
    .where(
      and(
        eq(consumptionDataCredentials.id, id),
        eq(consumptionDataCredentials.userId, user.userId),
      ),
    )
    .returning({
      userName: consumptionDataCredentials.userName,
      name: consumptionDataCredentials.name,
    })
  if (!row) throw notFound(CREDENTIAL_NOT_FOUND)
  await writeAudit(db, {
    userName: actor,
    companyCode: user.companyCode,
    action: CONSUMPTION_CREDENTIAL_REVOKED,
    entity: CONSUMPTION_CREDENTIAL_ENTITY,
    entityKey: row.userName,
    before: { user: user.userName, name: row.name },
  })
}
