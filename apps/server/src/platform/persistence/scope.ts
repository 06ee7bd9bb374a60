/**
 * Who sees what (ARCHITECTURE 3.2), in one place.
 *
 * A user sees a property (top-level connection) when its company code is the user's and, for a
 * user with a business partner, when the property's `HE` feature holds that partner and is valid
 * today (decision 016). Every other row is visible only through a visible property: it carries
 * `companyCode` and `propertyConnection`.
 */
import { PARTNER_FEATURE, toIsoDate } from '@portal/domain'
import { and, eq, or, sql, type SQL } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { connectionFeatures, contracts, objectRelations } from './schema'

export interface SessionUser {
  /** The user's immutable id, the subject of the user's tokens (decision 016). */
  userId: string
  userName: string
  companyCode: string
  businessPartner: string | null
  /**
   * Decision 065: a resident's contract; he sees no row through this scope (his own routes read
   * his contract), so that a route that forgot the auth plugin's wall still shows him nothing.
   */
  residentContract?: string | null
}

/** Decision 065: nothing of the scope is a resident's. */
const NOTHING = sql`false`

/**
 * Properties whose owner feature holds the user's business partner and is valid today: from its
 * `from` day through its `until` day (inclusive; a missing date is open), on the provider's calendar
 * (Europe/Berlin). An owner who sold keeps the property until the feature's last day, a new one
 * gets it on its first day (decision 016). The dates filter the rows the index on
 * (connection_attributes, value) finds.
 */
function ownedProperties(businessPartner: string, today = toIsoDate(new Date())) {
  return sql`(select ${connectionFeatures.connection} from ${connectionFeatures}
    where ${connectionFeatures.connectionAttributes} = ${PARTNER_FEATURE}
      and ${connectionFeatures.value} = ${businessPartner}
      and (${connectionFeatures.from} is null or ${connectionFeatures.from} <= ${today})
      and (${connectionFeatures.until} is null or ${connectionFeatures.until} >= ${today}))`
}

/**
 * Rows of the user's company code; for a user with a business partner, only those that `ofPartner`
 * admits for the partner.
 */
function ofCompanyAndPartner(
  user: SessionUser,
  companyCode: PgColumn,
  ofPartner: (businessPartner: string) => SQL | undefined,
): SQL {
  if (user.residentContract) return NOTHING
  const company = sameCompany(user, companyCode)
  if (!user.businessPartner) return company
  return and(company, ofPartner(user.businessPartner))!
}

/** Condition on a row that carries `companyCode` and `propertyConnection`. */
export function visibleThroughProperty(
  user: SessionUser,
  columns: { companyCode: PgColumn; propertyConnection: PgColumn },
): SQL {
  return ofCompanyAndPartner(
    user,
    columns.companyCode,
    (partner) => sql`${columns.propertyConnection} in ${ownedProperties(partner)}`,
  )
}

/**
 * Condition on a row without a company code of its own (contract tariffs and features, device time
 * slices and assignments): it is visible when its parent row is. `childKey` references the
 * parent's `key`, and the parent carries `companyCode` and `propertyConnection`.
 */
export function visibleThroughParent(
  user: SessionUser,
  childKey: PgColumn,
  parent: { key: PgColumn; companyCode: PgColumn; propertyConnection: PgColumn },
): SQL {
  return sql`${childKey} in (select ${parent.key} from ${parent.key.table} where ${visibleThroughProperty(user, parent)})`
}

/**
 * Partners are visible when they belong to the user's company code and, for a user with a business
 * partner, when they are that partner or appear in one of the user's properties (owner or contact
 * feature, contact relation, contract).
 */
export function visiblePartner(
  user: SessionUser,
  columns: { companyCode: PgColumn; businessPartner: PgColumn },
): SQL {
  return ofCompanyAndPartner(user, columns.companyCode, (partner) => {
    const owned = ownedProperties(partner)
    return or(
      eq(columns.businessPartner, partner),
      sql`exists (select 1 from ${connectionFeatures} where ${connectionFeatures.value} = ${columns.businessPartner} and ${connectionFeatures.connection} in ${owned})`,
      sql`exists (select 1 from ${objectRelations} where ${objectRelations.targetType} = 'PARTNER' and ${objectRelations.targetKey} = ${columns.businessPartner} and ${objectRelations.propertyConnection} in ${owned})`,
      sql`exists (select 1 from ${contracts} where ${contracts.businessPartner} = ${columns.businessPartner} and ${contracts.propertyConnection} in ${owned})`,
    )
  })
}

/** Rows of the company code only, for catalogue data (products, company codes). */
export function sameCompany(user: SessionUser, companyCode: PgColumn): SQL {
  if (user.residentContract) return NOTHING
  return eq(companyCode, user.companyCode)
}
