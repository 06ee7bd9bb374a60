import type { Executor } from './database'
import { auditLog } from './schema'

export interface AuditEntry {
  userName: string
  companyCode?: string | null
  action: string
  entity: string
  entityKey: string
  before?: unknown
  after?: unknown
}

/** Writes who changed what; call it inside the transaction of the change itself. */
export async function writeAudit(db: Executor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    userName: entry.userName,
    companyCode: entry.companyCode ?? null,
    action: entry.action,
    entity: entry.entity,
    entityKey: entry.entityKey,
    before: entry.before ?? null,
    after: entry.after ?? null,
  })
}
