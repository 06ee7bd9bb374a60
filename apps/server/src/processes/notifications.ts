/**
 * §1 "Notification" screen: what the user should know, newest first: the tenant changes the user
 * submitted with their status, distributions of visible properties released for approval (F), and
 * those whose automatic approval (one year after the release) falls within the next 60 days.
 */
import {
  addYears,
  APPROVAL_DUE_WITHIN_DAYS,
  AUTO_APPROVAL_AFTER_YEARS,
  formatDate,
  TENANT_CHANGE_ACTIVITY,
  type Notification,
} from '@portal/domain'
import { and, eq } from 'drizzle-orm'
import type { Executor } from '../persistence/database'
import { activities, operatingCostsDistributions, pointsOfDelivery } from '../persistence/schema'
import { visibleThroughProperty, type SessionUser } from '../persistence/scope'

export const ACTIVITY_STATUS_TEXTS: Record<string, string> = {
  EINGEGANGEN: 'eingegangen',
  IN_BEARBEITUNG: 'in Bearbeitung',
  ERLEDIGT: 'erledigt',
  ABGELEHNT: 'abgelehnt',
}

const day = (timestamp: string) => new Date(timestamp).toISOString().slice(0, 10)

function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

const distributionLink = (property: string, distribution: string) =>
  `/properties/${encodeURIComponent(property)}/costs?distribution=${encodeURIComponent(distribution)}`

export async function notificationsFor(
  db: Executor,
  user: SessionUser,
  today = new Date().toISOString().slice(0, 10),
): Promise<Notification[]> {
  const items: { notification: Notification; sortKey: string }[] = []

  const changes = await db
    .select({
      id: activities.id,
      status: activities.status,
      objectKey: activities.objectKey,
      propertyConnection: activities.propertyConnection,
      payload: activities.payload,
      createdAt: activities.createdAt,
      reference: pointsOfDelivery.reference,
    })
    .from(activities)
    .leftJoin(pointsOfDelivery, eq(pointsOfDelivery.pointOfDelivery, activities.objectKey))
    .where(
      and(
        eq(activities.createdBy, user.userName),
        eq(activities.activityType, TENANT_CHANGE_ACTIVITY),
        visibleThroughProperty(user, activities),
      ),
    )
  for (const change of changes) {
    const payload = (change.payload ?? {}) as Record<string, unknown>
    const name = [payload.NAME1, payload.NAME2].filter((v) => typeof v === 'string').join(' ')
    const moveOut = typeof payload.AUSZUG === 'string' ? formatDate(payload.AUSZUG) : ''
    const status = ACTIVITY_STATUS_TEXTS[change.status] ?? change.status
    const unit = change.reference ?? change.objectKey
    items.push({
      sortKey: new Date(change.createdAt).toISOString(),
      notification: {
        id: `TENANT_CHANGE-${change.id}`,
        kind: 'TENANT_CHANGE',
        title: `Mieterwechsel gemeldet: ${status}`,
        text:
          `Ihr gemeldeter Mieterwechsel für die Nutzeinheit ${unit}` +
          (name ? ` (${name})` : '') +
          (moveOut ? `, Auszug am ${moveOut},` : '') +
          ` ist ${status}.`,
        date: new Date(change.createdAt).toISOString(),
        link: `/properties/${encodeURIComponent(change.propertyConnection)}/units/${encodeURIComponent(change.objectKey)}`,
      },
    })
  }

  const released = await db
    .select()
    .from(operatingCostsDistributions)
    .where(
      and(
        eq(operatingCostsDistributions.operatingCostsDistributionStatus, 'F'),
        visibleThroughProperty(user, operatingCostsDistributions),
      ),
    )
  const dueLimit = addDays(today, APPROVAL_DUE_WITHIN_DAYS)
  for (const row of released) {
    const releasedOn = day(row.statusChangedAt)
    const period = `${formatDate(row.from)} – ${formatDate(row.until)}`
    const link = distributionLink(row.propertyConnection, row.operatingCostsDistribution)
    items.push({
      sortKey: new Date(row.statusChangedAt).toISOString(),
      notification: {
        id: `RELEASED-${row.operatingCostsDistribution}`,
        kind: 'RELEASED',
        title: 'Kostenverteilung zur Genehmigung freigegeben',
        text: `Die Kostenverteilung ${row.operatingCostsDistribution} (${period}) wurde am ${formatDate(releasedOn)} zur Genehmigung freigegeben.`,
        date: new Date(row.statusChangedAt).toISOString(),
        link,
      },
    })
    const autoApproval = addYears(releasedOn, AUTO_APPROVAL_AFTER_YEARS)
    if (autoApproval >= today && autoApproval <= dueLimit) {
      items.push({
        // the nearer the automatic approval, the newer the notice
        sortKey: `${addDays(autoApproval, -APPROVAL_DUE_WITHIN_DAYS)}T00:00:00.000Z`,
        notification: {
          id: `APPROVAL_DUE-${row.operatingCostsDistribution}`,
          kind: 'APPROVAL_DUE',
          title: `Genehmigung fällig bis ${formatDate(autoApproval)}`,
          text: `Bitte genehmigen Sie die Kostenverteilung ${row.operatingCostsDistribution} (${period}) oder lehnen Sie sie ab. Ohne Ihre Entscheidung gilt sie am ${formatDate(autoApproval)} automatisch als genehmigt.`,
          date: autoApproval,
          link,
        },
      })
    }
  }
  return items
    .sort((a, b) => (a.sortKey < b.sortKey ? 1 : a.sortKey > b.sortKey ? -1 : 0))
    .map((item) => item.notification)
}
