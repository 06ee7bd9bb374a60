import type { Partner } from '@portal/domain'
import { and, eq } from 'drizzle-orm'
import type { Executor } from '../../../platform/persistence/database'
import { partners } from '../../../platform/persistence/schema'
import { visiblePartner, type SessionUser } from '../../../platform/persistence/scope'

export async function findVisiblePartner(
  db: Executor,
  user: SessionUser,
  id: string,
): Promise<Partner | undefined> {
  const [row] = await db
    .select({
      businessPartner: partners.businessPartner,
      name1: partners.name1,
      name2: partners.name2,
      street: partners.street,
      houseNumber: partners.houseNumber,
      houseNumberSuffix: partners.houseNumberSuffix,
      postalCode: partners.postalCode,
      city: partners.city,
      mail: partners.mail,
      phone: partners.phone,
    })
    .from(partners)
    .where(and(eq(partners.businessPartner, id), visiblePartner(user, partners)))
  return row
}
