/**
 * `user delete` (decision 019): removes the person's data as the DSGVO requires and keeps the audit
 * trail, pseudonymised. Removed: the user row (name, mail address, password hash), the links and
 * the stored answers of idempotency keys. Kept, under a stable pseudonym in place of the user
 * name: the audit log and the author columns of what the user did (cost lines, files, tenant
 * changes and declines, invoice decisions), which are the provider's records of the billing.
 */
import { createHash } from 'node:crypto'
import { and, eq, sql, type Column } from 'drizzle-orm'
import type { PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core'
import {
  contentHashesOf,
  erasureDigestOf,
  recordErasure,
  writeAudit,
} from '../../platform/persistence/audit'
import type { Executor } from '../../platform/persistence/database'
import {
  activities,
  attachments,
  auditLog,
  idempotencyKeys,
  bvedCostImports,
  bvedUserImports,
  residentInvitations,
  serviceOrders,
  deviceAlarms,
  invoiceApprovals,
  operatingCostsExpenses,
  passwordResetTokens,
  users,
} from '../../platform/persistence/schema'
import { PROVIDER_USER } from '../../platform/persistence/actors'
import { ACCOUNT_ACTIONS, oneUserCommand, USER_ENTITY } from './accounts'

/**
 * The pseudonym of a deleted user: the same for the same user (so one person's actions stay
 * together in the trail), different for a later user of the same name (another id), and not
 * to be turned back into the name without the deleted row.
 */
export function pseudonymOf(user: { userName: string; id: string }): string {
  const digest = createHash('sha256').update(`${user.userName}${user.id}`).digest('hex')
  return `gelöscht-${digest.slice(0, 8)}`
}

/** Keys of the audit log's before/after documents that name the acting user. */
const AUTHOR_KEYS = ['userName', 'createdBy', 'uploadedBy', 'decidedBy', 'by'] as const

export interface DeleteUserResult {
  message: string
  pseudonym: string
  /** Rows per table (and `audit_log`) that now carry the pseudonym, and rows removed. */
  pseudonymised: Record<string, number>
  removed: Record<string, number>
}

const ONE = { one: sql<number>`1` }
/** The number of rows a statement with `returning(ONE)` touched. */
const count = async (statement: PromiseLike<unknown[]>) => (await statement).length

/** Writes the pseudonym in the table's author column where it names the user; answers the rows. */
function pseudonymiseAuthor<T extends PgTable>(
  tx: Executor,
  table: T,
  author: keyof T['$inferInsert'] & keyof T,
  names: { userName: string; pseudonym: string },
): Promise<number> {
  const set = { [author]: names.pseudonym } as PgUpdateSetSource<T>
  const column = table[author] as Column
  return count(tx.update(table).set(set).where(eq(column, names.userName)).returning(ONE))
}

/** Ids of the audit entries a statement with `returning(ID)` changed. */
const ID = { id: auditLog.id }
const places = async (statement: PromiseLike<{ id: number }[]>) =>
  (await statement).map((row) => row.id)

/** Pseudonymises the user in the audit log; answers the number of changes and the entries changed. */
async function pseudonymiseAudit(
  tx: Executor,
  userName: string,
  pseudonym: string,
): Promise<{ changes: number; ids: number[] }> {
  const changed: number[][] = [
    await places(
      tx
        .update(auditLog)
        .set({ userName: pseudonym })
        .where(eq(auditLog.userName, userName))
        .returning(ID),
    ),
    await places(
      tx
        .update(auditLog)
        .set({ entityKey: pseudonym })
        .where(and(eq(auditLog.entity, USER_ENTITY), eq(auditLog.entityKey, userName)))
        .returning(ID),
    ),
  ]
  // author names inside the before/after documents, at the known keys
  for (const name of ['before', 'after'] as const) {
    const document = auditLog[name]
    for (const key of AUTHOR_KEYS) {
      const replaced = sql`jsonb_set(${document}, ${`{${key}}`}::text[], to_jsonb(${pseudonym}::text))`
      changed.push(
        await places(
          tx
            .update(auditLog)
            .set(name === 'before' ? { before: replaced } : { after: replaced })
            .where(sql`${document} ->> ${key} = ${userName}`)
            .returning(ID),
        ),
      )
    }
  }
  return { changes: changed.reduce((sum, list) => sum + list.length, 0), ids: changed.flat() }
}

/** `user delete`: see the module comment. Refused for an unknown user. */
export const deleteUser = oneUserCommand(async (tx, account): Promise<DeleteUserResult> => {
  const { userName } = account
  const pseudonym = pseudonymOf(account)
  const names = { userName, pseudonym }
  const audit = await pseudonymiseAudit(tx, userName, pseudonym)
  // what the chain's check is to accept in place of the chained content (decision 034)
  const erased = await contentHashesOf(tx, audit.ids)
  const pseudonymised: Record<string, number> = {
    audit_log: audit.changes,
    activities: await pseudonymiseAuthor(tx, activities, 'createdBy', names),
    attachments: await pseudonymiseAuthor(tx, attachments, 'uploadedBy', names),
    operating_costs_expenses: await pseudonymiseAuthor(
      tx,
      operatingCostsExpenses,
      'createdBy',
      names,
    ),
    invoice_approvals: await pseudonymiseAuthor(tx, invoiceApprovals, 'decidedBy', names),
    bved_cost_imports: await pseudonymiseAuthor(tx, bvedCostImports, 'importedBy', names),
    bved_user_imports: await pseudonymiseAuthor(tx, bvedUserImports, 'importedBy', names),
    resident_invitations: await pseudonymiseAuthor(tx, residentInvitations, 'createdBy', names),
    service_orders: await pseudonymiseAuthor(tx, serviceOrders, 'createdBy', names),
    device_alarms: await pseudonymiseAuthor(tx, deviceAlarms, 'stateChangedBy', names),
  }
  const removed: Record<string, number> = {
    idempotency_keys: await count(
      tx.delete(idempotencyKeys).where(eq(idempotencyKeys.userName, userName)).returning(ONE),
    ),
    password_reset_tokens: await count(
      tx
        .delete(passwordResetTokens)
        .where(eq(passwordResetTokens.userName, userName))
        .returning(ONE),
    ),
  }
  await tx.delete(users).where(eq(users.userName, userName))
  const erasure = await writeAudit(tx, {
    userName: PROVIDER_USER,
    companyCode: account.companyCode,
    action: ACCOUNT_ACTIONS.deleted,
    entity: USER_ENTITY,
    entityKey: pseudonym,
    after: { pseudonymised, removed, erasureDigest: erasureDigestOf(erased) },
  })
  await recordErasure(tx, erasure, erased)
  const total = Object.values(pseudonymised).reduce((sum, count) => sum + count, 0)
  return {
    message: `Benutzer ${userName} gelöscht (Name, E-Mail-Adresse, Passwort, Links, gespeicherte Antworten); ${total} Einträge in Protokoll und Vorgängen tragen jetzt das Pseudonym ${pseudonym}.`,
    pseudonym,
    pseudonymised,
    removed,
  }
})
