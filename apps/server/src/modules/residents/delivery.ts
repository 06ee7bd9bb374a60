/** Decision 066: the proof of delivery of a property's notices of one month. */
import { contractName, type ResidentNotice } from '@portal/domain'
import { and, asc, eq } from 'drizzle-orm'
import type { Executor } from '../../platform/persistence/database'
import { partners, pointsOfDelivery, residentNotices } from '../../platform/persistence/schema'
import type { SessionUser } from '../../platform/persistence/scope'

const iso = (instant: Date | null) => instant?.toISOString() ?? null

/** Every user's notice of `month` of `property` (which the caller has checked `user` may see). */
export async function deliveryList(
  db: Executor,
  user: SessionUser,
  property: string,
  month: string,
): Promise<ResidentNotice[]> {
  const rows = await db
    .select({
      pointOfDelivery: residentNotices.pointOfDelivery,
      reference: pointsOfDelivery.reference,
      locationAddendum: pointsOfDelivery.locationAddendum,
      businessPartner: residentNotices.businessPartner,
      name1: partners.name1,
      name2: partners.name2,
      channel: residentNotices.channel,
      state: residentNotices.state,
      mail: residentNotices.mail,
      attempts: residentNotices.attempts,
      lastError: residentNotices.lastError,
      sentAt: residentNotices.sentAt,
      letterProducedAt: residentNotices.letterProducedAt,
      openedAt: residentNotices.openedAt,
    })
    .from(residentNotices)
    .innerJoin(
      pointsOfDelivery,
      eq(pointsOfDelivery.pointOfDelivery, residentNotices.pointOfDelivery),
    )
    .leftJoin(partners, eq(partners.businessPartner, residentNotices.businessPartner))
    .where(
      and(
        eq(residentNotices.propertyConnection, property),
        eq(residentNotices.companyCode, user.companyCode),
        eq(residentNotices.month, month),
      ),
    )
    .orderBy(asc(pointsOfDelivery.reference), asc(residentNotices.businessPartner))
  return rows.map((row) => ({
    pointOfDelivery: row.pointOfDelivery,
    reference: row.reference,
    locationAddendum: row.locationAddendum,
    name: contractName(row) || row.businessPartner,
    channel: row.channel === 'mail' ? 'mail' : 'letter',
    state: row.state as ResidentNotice['state'],
    mail: row.mail,
    attempts: row.attempts,
    lastError: row.lastError,
    sentAt: iso(row.sentAt),
    letterProducedAt: iso(row.letterProducedAt),
    openedAt: iso(row.openedAt),
  }))
}
