/**
 * The changes feed (ARCHITECTURE 3.5, decision 018): what the portal's users did, read from the
 * audit log in the order it was written, as events for the provider's billing. Cost lines added,
 * changed and deleted; corrections of the CO2 split; finalizations and approvals; declines with their reasons (distributions and
 * invoices); tenant changes with their attachment; service orders (decision 069, a tenant change's
 * interim reading too); uploaded and deleted cost documents. Not in it:
 * the provider's own steps, the automatic approval, imports, key uses and sign-in matters.
 *
 * The cursor is an opaque position in the log. A page is read under a SHARE lock on the log, which
 * waits for every transaction that is writing an entry and holds new ones back for the read: an
 * entry whose id was taken by a transaction still open would otherwise be passed over for ever
 * once a later id is delivered.
 */
import { and, asc, eq, gt, inArray, max, notInArray, sql } from 'drizzle-orm'
import { USER_UPLOAD_OBJECT_TYPE, type DistributionStatus } from '@portal/domain'
import { badRequest } from '../../platform/http-errors'
import type { Database, Executor } from '../../platform/persistence/database'
import { ATTACHMENT_ENTITY } from '../../platform/persistence/files'
import { auditLog } from '../../platform/persistence/schema'
import { contentFileOf } from './interchange/tables'
import {
  CHANGES_DEFAULT_LIMIT,
  type ChangeAction,
  type ChangedFile,
  type ChangeEvent,
} from './schemas'
import { ACTIVITY_CREATED } from '../files/index'
import { CO2_SPLIT_UPDATED } from '../costs/index'
import { DECLINE_ACTION } from '../costs/index'
import { isDistributionStatus, STATUS_CHANGE_ACTION } from '../costs/index'
import { EXPENSE_ADDED, EXPENSE_DELETED, EXPENSE_UPDATED } from '../costs/index'
import { ATTACHMENT_DELETED, ATTACHMENT_UPLOADED } from '../files/index'
import { INVOICE_APPROVED_ACTION, INVOICE_DECLINED_ACTION } from '../costs/index'
import { SERVICE_ORDER_CREATED } from '../care/index'
import { PROVIDER_USER, SYSTEM_USER } from '../../platform/persistence/actors'

/** The audit actions that are users' work, as the feed names them. */
export const CHANGE_ACTIONS = [
  EXPENSE_ADDED,
  EXPENSE_UPDATED,
  EXPENSE_DELETED,
  STATUS_CHANGE_ACTION,
  DECLINE_ACTION,
  CO2_SPLIT_UPDATED,
  INVOICE_APPROVED_ACTION,
  INVOICE_DECLINED_ACTION,
  ACTIVITY_CREATED,
  ATTACHMENT_UPLOADED,
  ATTACHMENT_DELETED,
  SERVICE_ORDER_CREATED,
] as const satisfies readonly ChangeAction[]

export const INVALID_CURSOR_MESSAGE =
  'Der Cursor ist ungültig. Verwenden Sie den Cursor der vorigen Antwort, oder rufen Sie ohne ihn vom Anfang ab.'

const CURSOR_TEXT = /^audit:(0|[1-9][0-9]{0,17})$/

/** The opaque cursor of a position in the audit log: after the entry with this id. */
export const encodeCursor = (id: number) => Buffer.from(`audit:${id}`).toString('base64url')

/** The id behind a cursor (0 without one); 400 naming `since` for anything else. */
export function decodeCursor(cursor: string | undefined): number {
  if (cursor === undefined || cursor === '') return 0
  const match = /^[A-Za-z0-9_-]+$/.test(cursor)
    ? CURSOR_TEXT.exec(Buffer.from(cursor, 'base64url').toString('utf8'))
    : null
  if (!match) throw badRequest(INVALID_CURSOR_MESSAGE, 'INVALID_CURSOR', 'since')
  return Number(match[1])
}

export interface ChangesPage {
  items: ChangeEvent[]
  /** Where the next read starts: after the last event, or the end of the log when none follows. */
  cursor: string
  more: boolean
}

type AuditRow = typeof auditLog.$inferSelect
type Json = Record<string, unknown>

const json = (value: unknown): Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {}
const text = (value: unknown): string => (typeof value === 'string' ? value : '')
const textOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null)
const statusOf = (value: unknown): DistributionStatus | null =>
  typeof value === 'string' && isDistributionStatus(value) ? value : null

/** Who is not a portal user: the provider (command line and keys) and the server's own jobs. */
const NOT_USERS = [PROVIDER_USER, SYSTEM_USER]

function fileOf(recorded: unknown): ChangedFile {
  const file = json(recorded)
  const mediaType = text(file.mediaType)
  return {
    attachment: text(file.attachment),
    objectType: text(file.objectType),
    objectKey: text(file.objectKey),
    fileName: text(file.fileName),
    mediaType,
    size: typeof file.size === 'number' ? file.size : 0,
    sha256: text(file.sha256),
    note: textOrNull(file.note),
    contentFile: contentFileOf(text(file.attachment), mediaType),
  }
}

/** An expense entry's recorded line without the fields the event names itself. */
function lineOf(recorded: Json): Json {
  const { operatingCostsDistribution: _distribution, kind: _kind, ...line } = recorded
  return line
}

function toEvent(row: AuditRow, files: ReadonlyMap<string, ChangedFile>): ChangeEvent {
  const before = json(row.before)
  const after = json(row.after)
  const common = {
    cursor: encodeCursor(row.id),
    at: new Date(row.at).toISOString(),
    user: row.userName,
    companyCode: row.companyCode,
    entity: row.entity,
    key: row.entityKey,
  }
  const expense = (recorded: Json) => ({
    operatingCostsDistribution: text(recorded.operatingCostsDistribution),
    kind: recorded.kind === 'working' ? ('working' as const) : ('heating' as const),
    line: lineOf(recorded),
  })
  const action = row.action as ChangeAction
  switch (action) {
    case 'EXPENSE_ADDED':
      return { ...common, action, data: expense(after) }
    case 'EXPENSE_UPDATED':
      return { ...common, action, data: { ...expense(after), previous: lineOf(before) } }
    case 'EXPENSE_DELETED':
      return { ...common, action, data: expense(before) }
    case 'DISTRIBUTION_STATUS_CHANGED':
      return {
        ...common,
        action,
        data: {
          operatingCostsDistribution: row.entityKey,
          from: statusOf(before.operatingCostsDistributionStatus),
          to: statusOf(after.operatingCostsDistributionStatus),
        },
      }
    case 'DISTRIBUTION_DECLINED':
      return {
        ...common,
        action,
        data: {
          operatingCostsDistribution: row.entityKey,
          reason: text(after.reason),
          activity: textOrNull(after.activity),
        },
      }
    case 'CO2_SPLIT_UPDATED': {
      const { operatingCostsDistribution: _after, ...corrections } = after
      const { operatingCostsDistribution: _before, ...previous } = before
      return {
        ...common,
        action,
        data: { operatingCostsDistribution: row.entityKey, corrections, previous },
      }
    }
    case 'INVOICE_APPROVED':
    case 'INVOICE_DECLINED':
      return {
        ...common,
        action,
        data: {
          billingVoucher: row.entityKey,
          invoiceVoucher: textOrNull(after.invoiceVoucher),
          operatingCostsDistribution: textOrNull(after.operatingCostsDistribution),
          status: textOrNull(after.status),
          reason: textOrNull(after.reason),
          previousStatus: textOrNull(before.status),
        },
      }
    case 'ACTIVITY_CREATED': {
      const attachment = textOrNull(after.attachment)
      return {
        ...common,
        action,
        data: {
          activityType: text(after.activityType),
          objectType: text(after.objectType),
          objectKey: text(after.objectKey),
          payload: json(after.payload),
          attachment: attachment === null ? null : (files.get(attachment) ?? null),
        },
      }
    }
    case 'SERVICE_ORDER_CREATED':
      return {
        ...common,
        action,
        data: {
          serviceOrder: row.entityKey,
          kind: text(after.kind),
          propertyConnection: text(after.propertyConnection),
          pointOfDelivery: textOrNull(after.pointOfDelivery),
          devices: Array.isArray(after.devices) ? after.devices.map(text) : [],
          wishedDate: textOrNull(after.wishedDate),
          note: text(after.note),
          activity: textOrNull(after.activity),
        },
      }
    case 'ATTACHMENT_UPLOADED':
      return { ...common, action, data: { attachment: fileOf(after) } }
    case 'ATTACHMENT_DELETED':
      return { ...common, action, data: { attachment: fileOf(before) } }
  }
}

/** The recorded uploads of the activities' attachments, by attachment id. */
async function activityFiles(
  db: Executor,
  rows: readonly AuditRow[],
): Promise<Map<string, ChangedFile>> {
  const ids = rows
    .filter((row) => row.action === ACTIVITY_CREATED)
    .map((row) => textOrNull(json(row.after).attachment))
    .filter((id): id is string => id !== null)
  if (ids.length === 0) return new Map()
  const uploads = await db
    .select({ key: auditLog.entityKey, after: auditLog.after })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, ATTACHMENT_ENTITY),
        inArray(auditLog.entityKey, ids),
        eq(auditLog.action, ATTACHMENT_UPLOADED),
      ),
    )
  return new Map(uploads.map((upload) => [upload.key, fileOf(upload.after)]))
}

/**
 * Up to `limit` events after `since` (a cursor of an earlier answer; none: from the start), and
 * the cursor to go on from. Throws 400 (`since`) for a cursor that is not one.
 */
export async function readChanges(
  db: Database,
  options: { since?: string; limit?: number } = {},
): Promise<ChangesPage> {
  const after = decodeCursor(options.since)
  const limit = options.limit ?? CHANGES_DEFAULT_LIMIT
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${auditLog} in share mode`)
    const rows = await tx
      .select()
      .from(auditLog)
      .where(
        and(
          gt(auditLog.id, after),
          inArray(auditLog.action, [...CHANGE_ACTIONS]),
          notInArray(auditLog.userName, NOT_USERS),
          sql`${auditLog.userName} not like ${`${PROVIDER_USER}:%`}`,
          // a tenant change's file is part of its ACTIVITY_CREATED event
          sql`not (${auditLog.action} = ${ATTACHMENT_UPLOADED} and coalesce(${auditLog.after}->>'objectType', '') <> ${USER_UPLOAD_OBJECT_TYPE})`,
        ),
      )
      .orderBy(asc(auditLog.id))
      .limit(limit + 1)
    const more = rows.length > limit
    const page = more ? rows.slice(0, limit) : rows
    let end = page.at(-1)?.id ?? after
    if (!more) {
      // everything up to the end of the log was read: the next read starts there
      const [last] = await tx.select({ id: max(auditLog.id) }).from(auditLog)
      end = Math.max(end, last?.id ?? 0)
    }
    const files = await activityFiles(tx, page)
    return {
      items: page.map((row) => toEvent(row, files)),
      cursor: encodeCursor(end),
      more,
    }
  })
}

/**
 * Every event after `since`, page by page (each page its own short read), handed to `write` as
 * NDJSON lines (without their line break) a page at a time; answers the cursor for the next call.
 */
export async function streamChanges(
  db: Database,
  since: string | undefined,
  write: (lines: string[]) => Promise<void> | void,
): Promise<{ cursor: string; events: number }> {
  let cursor = since
  let events = 0
  for (;;) {
    const page = await readChanges(db, { since: cursor, limit: CHANGES_DEFAULT_LIMIT })
    if (page.items.length > 0) await write(page.items.map((item) => JSON.stringify(item)))
    events += page.items.length
    cursor = page.cursor
    if (!page.more) return { cursor, events }
  }
}
