/**
 * Decision 066: the monthly notice. For the last complete month every user of a radio-read unit
 * gets one notice: a mail where he has a resident account with "per E-Mail", else a letter; each
 * delivery is recorded (sent, failed, letter produced, opened) and audited.
 */
import { formatMonth, lastCompleteMonth, monthEnd, toIsoDate } from '@portal/domain'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { serializeError } from '../../platform/logging'
import type { Mailer } from '../../platform/mailer'
import { writeAudit } from '../../platform/persistence/audit'
import { SYSTEM_USER } from '../../platform/persistence/actors'
import type { Database, Executor } from '../../platform/persistence/database'
import { claimJobRun, type JobLogger } from '../../platform/jobs/job-claim'
import { contracts, measurements, residentNotices, users } from '../../platform/persistence/schema'
import { propertyMonthUsers } from '../consumption/index'

export const NOTICE_ACTIONS = {
  sent: 'RESIDENT_NOTICE_SENT',
  letters: 'RESIDENT_NOTICE_LETTERS',
} as const

/** Decision 066: a failed mail is tried again by the next runs, five times at most. */
export const NOTICE_MAX_ATTEMPTS = 5
/** A row left `sending` by a run that died is taken up again after this long. */
const STALE_SENDING = sql`interval '15 minutes'`
export const NOTICE_JOB_INTERVAL_MS = 60 * 60 * 1000

export interface NoticeSettings {
  /** Where residents reach the portal. */
  publicUrl: string
}

/**
 * The properties to plan `month` for: those with radio readings at its end that have no notice of
 * the month yet, or one still `missing` its values.
 */
async function propertiesToPlan(
  db: Executor,
  month: string,
): Promise<{ property: string; companyCode: string }[]> {
  const rows = await db.execute(sql`
    select distinct m.property_connection as property, m.company_code as "companyCode"
    from ${measurements} m
    where m.reading_type = 'Funkablesung' and m.reading_date = ${monthEnd(month)}
      and (not exists (select 1 from ${residentNotices} n
             where n.property_connection = m.property_connection and n.month = ${month})
        or exists (select 1 from ${residentNotices} n
             where n.property_connection = m.property_connection and n.month = ${month}
               and n.state = 'missing'))
    order by 1`)
  return (rows as { rows: { property: string; companyCode: string }[] }).rows
}

/** Creates the notices of `property` for `month`; a `missing` one whose values came becomes due. */
async function planProperty(db: Database, companyCode: string, property: string, month: string) {
  const scope = { userId: SYSTEM_USER, userName: SYSTEM_USER, companyCode, businessPartner: null }
  const monthUsers = await propertyMonthUsers(db, scope, property, month)
  if (monthUsers.length === 0) return 0
  const accounts = await db
    .select({
      id: users.id,
      contract: users.residentContract,
      businessPartner: contracts.businessPartner,
      pointOfDelivery: contracts.pointOfDelivery,
      mail: users.mail,
      noticeChannel: users.noticeChannel,
    })
    .from(users)
    .innerJoin(contracts, eq(contracts.key, users.residentContract))
    .where(and(eq(contracts.propertyConnection, property), sql`${users.disabledAt} is null`))
  let planned = 0
  for (const user of monthUsers) {
    const account = accounts.find(
      (a) =>
        a.pointOfDelivery === user.pointOfDelivery && a.businessPartner === user.businessPartner,
    )
    const byMail = account !== undefined && account.noticeChannel === 'mail' && account.mail !== ''
    const channel = byMail ? 'mail' : 'letter'
    const state = !user.complete ? 'missing' : byMail ? 'pending' : 'letter'
    const inserted = await db
      .insert(residentNotices)
      .values({
        companyCode,
        propertyConnection: property,
        pointOfDelivery: user.pointOfDelivery,
        businessPartner: user.businessPartner,
        contract: user.contract,
        month,
        channel,
        state,
        userId: account?.id ?? null,
        mail: byMail ? account.mail : null,
      })
      .onConflictDoUpdate({
        target: [
          residentNotices.pointOfDelivery,
          residentNotices.businessPartner,
          residentNotices.month,
        ],
        set: { channel, state, userId: account?.id ?? null, mail: byMail ? account.mail : null },
        // only a notice still missing its values is planned again
        setWhere: sql`${residentNotices.state} = 'missing'`,
      })
      .returning({ id: residentNotices.id })
    planned += inserted.length
  }
  return planned
}

/** The German notice: the month is ready, where to see it, how to switch to letters; no figure. */
export function noticeMail(publicUrl: string, notice: { to: string; name: string; month: string }) {
  const month = formatMonth(notice.month)
  return {
    to: notice.to,
    subject: `Ihre Verbrauchsinformation für ${month} ist da`,
    text: [
      `Guten Tag ${notice.name},`,
      '',
      `Ihre monatliche Verbrauchsinformation für ${month} nach § 6a der Heizkostenverordnung steht im Kundenportal für Sie bereit:`,
      `${publicUrl}/dashboard`,
      '',
      'Aus Datenschutzgründen stehen Ihre Verbrauchswerte nicht in dieser E-Mail. Im Portal sehen Sie sie mit dem Vergleich zum Vormonat, zum Vorjahresmonat und zu einer durchschnittlichen Nutzeinheit, auch als PDF.',
      '',
      'Möchten Sie die Information lieber per Brief erhalten, stellen Sie das im Portal unter „Benachrichtigung“ um.',
    ].join('\n'),
  }
}

/**
 * Sends the due mails: each row is claimed (`sending`) in one statement that skips rows another run
 * holds, so that no notice is mailed twice by runs at once; the SMTP server's acceptance sets
 * `sent` (audited), a refusal `failed` with its reason.
 */
export async function sendDueNotices(
  db: Database,
  mailer: Mailer,
  settings: NoticeSettings,
): Promise<{ sent: number; failed: number }> {
  let sent = 0
  let failed = 0
  // a mail that failed in this run is tried again by the next run, not at once
  const started = new Date()
  for (;;) {
    const result = await db.execute(sql`
      update ${residentNotices} n set state = 'sending', claimed_at = now(), attempts = n.attempts + 1
      from ${users} u
      where n.id in (
          select id from ${residentNotices}
          where channel = 'mail' and (state = 'pending'
            or (state = 'failed' and attempts < ${NOTICE_MAX_ATTEMPTS} and claimed_at < ${started})
            or (state = 'sending' and claimed_at < now() - ${STALE_SENDING}))
          order by created_at, id
          limit 20
          for update skip locked)
        and u.id = n.user_id
      returning n.id, n.mail, n.month, n.company_code as "companyCode",
        n.point_of_delivery as "pointOfDelivery", n.business_partner as "businessPartner",
        u.name`)
    const claimed = result as {
      rows: {
        id: string
        mail: string
        month: string
        companyCode: string
        pointOfDelivery: string
        businessPartner: string
        name: string
      }[]
    }
    if (claimed.rows.length === 0) break
    for (const notice of claimed.rows) {
      try {
        await mailer.send(
          noticeMail(settings.publicUrl, {
            to: notice.mail,
            name: notice.name,
            month: notice.month,
          }),
        )
      } catch (error) {
        failed++
        await db
          .update(residentNotices)
          .set({ state: 'failed', lastError: (error as Error).message.slice(0, 500) })
          .where(eq(residentNotices.id, notice.id))
        continue
      }
      sent++
      await db.transaction(async (tx) => {
        await tx
          .update(residentNotices)
          .set({ state: 'sent', sentAt: new Date(), lastError: null })
          .where(eq(residentNotices.id, notice.id))
        await writeAudit(tx, {
          userName: SYSTEM_USER,
          companyCode: notice.companyCode,
          action: NOTICE_ACTIONS.sent,
          entity: 'resident-notice',
          entityKey: notice.id,
          after: {
            month: notice.month,
            pointOfDelivery: notice.pointOfDelivery,
            businessPartner: notice.businessPartner,
          },
        })
      })
    }
  }
  return { sent, failed }
}

export interface NoticeRun {
  month: string
  planned: number
  sent: number
  failed: number
}

/** Plans the last complete month's notices and sends the due mails. */
export async function runMonthlyNotices(
  db: Database,
  mailer: Mailer,
  settings: NoticeSettings,
  today = toIsoDate(new Date()),
): Promise<NoticeRun> {
  const month = lastCompleteMonth(today)
  let planned = 0
  for (const { property, companyCode } of await propertiesToPlan(db, month)) {
    planned += await planProperty(db, companyCode, property, month)
  }
  return { month, planned, ...(await sendDueNotices(db, mailer, settings)) }
}

/** Decision 066: hourly, once across the replicas, first an hour after the start. */
export function startMonthlyNoticeJob(
  db: Database,
  mailer: Mailer,
  settings: NoticeSettings,
  log: JobLogger,
  intervalMs = NOTICE_JOB_INTERVAL_MS,
): { stop(): void } {
  const run = async () => {
    try {
      if (!(await claimJobRun(db, 'monthly-notices', intervalMs))) return
      const result = await runMonthlyNotices(db, mailer, settings)
      if (result.planned + result.sent + result.failed > 0) log.info(result, 'monthly notices')
    } catch (err) {
      log.error({ err: serializeError(err) }, 'monthly notices failed')
    }
  }
  const timer = setInterval(() => void run(), intervalMs)
  timer.unref()
  return { stop: () => clearInterval(timer) }
}

/** The notices of the months a resident was shown are marked opened (decision 066). */
export async function markNoticesOpened(
  db: Executor,
  user: { pointOfDelivery: string; businessPartner: string },
  months: readonly string[],
): Promise<void> {
  if (months.length === 0) return
  await db
    .update(residentNotices)
    .set({ openedAt: new Date() })
    .where(
      and(
        eq(residentNotices.pointOfDelivery, user.pointOfDelivery),
        eq(residentNotices.businessPartner, user.businessPartner),
        inArray(residentNotices.month, [...months]),
        sql`${residentNotices.openedAt} is null`,
      ),
    )
}
