/**
 * A resident's tenancy (decision 065): the contract his account is tied to, its unit and his name.
 * Read first by every route of a resident; a contract that is gone answers 404.
 */
import {
  contractName,
  formatStreetAddress,
  residentAccessUntil,
  type ResidentTenancy,
} from '@portal/domain'
import { and, eq } from 'drizzle-orm'
import type { PgColumn, PgSelect } from 'drizzle-orm/pg-core'
import { notFound } from '../../platform/http-errors'
import type { Executor } from '../../platform/persistence/database'
import {
  connections,
  contracts,
  partners,
  pointsOfDelivery,
  users,
} from '../../platform/persistence/schema'
import type { SessionUser } from '../../platform/persistence/scope'

export const TENANCY_NOT_FOUND_MESSAGE =
  'Zu Ihrem Zugang wurde kein Mietverhältnis gefunden. Bitte wenden Sie sich an Ihre Hausverwaltung.'

/** The tenancy with what the server needs beside the answer: company code, property, partner. */
export interface Tenancy extends ResidentTenancy {
  companyCode: string
  propertyConnection: string
  businessPartner: string
  /** The unit's street and house number, and the property's postcode and town. */
  streetAddress: string
  postalCode: string
  city: string
}

/** What a tenancy is read from: the contract, its unit, its property and its partner. */
export const TENANCY_COLUMNS = {
  contract: contracts.key,
  companyCode: contracts.companyCode,
  propertyConnection: contracts.propertyConnection,
  businessPartner: contracts.businessPartner,
  from: contracts.from,
  until: contracts.until,
  pointOfDelivery: pointsOfDelivery.pointOfDelivery,
  reference: pointsOfDelivery.reference,
  locationAddendum: pointsOfDelivery.locationAddendum,
  street: pointsOfDelivery.street,
  houseNumber: pointsOfDelivery.houseNumber,
  houseNumberSuffix: pointsOfDelivery.houseNumberSuffix,
  postalCode: connections.postalCode,
  city: connections.city,
  name1: partners.name1,
  name2: partners.name2,
}

/** A row of `TENANCY_COLUMNS` (the partner's name null when the partner is not known). */
export interface TenancyRow {
  contract: string
  companyCode: string
  propertyConnection: string
  businessPartner: string
  from: string
  until: string | null
  pointOfDelivery: string
  reference: string
  locationAddendum: string | null
  street: string
  houseNumber: string
  houseNumberSuffix: string | null
  postalCode: string
  city: string
  name1: string | null
  name2: string | null
}

/** Joins to `query` what `TENANCY_COLUMNS` reads, from the contract `contract` names. */
export function joinTenancy<T extends PgSelect>(query: T, contract: PgColumn) {
  return query
    .innerJoin(contracts, eq(contracts.key, contract))
    .innerJoin(pointsOfDelivery, eq(pointsOfDelivery.pointOfDelivery, contracts.pointOfDelivery))
    .innerJoin(connections, eq(connections.connection, contracts.propertyConnection))
    .leftJoin(partners, eq(partners.businessPartner, contracts.businessPartner))
}

export function tenancyOf(row: TenancyRow, noticeChannel: string | null): Tenancy {
  const streetAddress = formatStreetAddress(row)
  return {
    contract: row.contract,
    companyCode: row.companyCode,
    propertyConnection: row.propertyConnection,
    businessPartner: row.businessPartner,
    pointOfDelivery: row.pointOfDelivery,
    reference: row.reference,
    locationAddendum: row.locationAddendum,
    address: `${streetAddress}, ${row.postalCode} ${row.city}`,
    streetAddress,
    postalCode: row.postalCode,
    city: row.city,
    name: contractName(row),
    from: row.from,
    until: row.until,
    accessUntil: residentAccessUntil(row.until),
    noticeChannel: noticeChannel === 'letter' ? 'letter' : 'mail',
  }
}

/** The signed-in resident's tenancy; 404 for any other user and for a contract that is gone. */
export async function residentTenancy(db: Executor, user: SessionUser): Promise<Tenancy> {
  if (!user.residentContract) throw notFound(TENANCY_NOT_FOUND_MESSAGE)
  const [row] = await joinTenancy(
    db
      .select({ ...TENANCY_COLUMNS, noticeChannel: users.noticeChannel })
      .from(users)
      .$dynamic(),
    users.residentContract,
  ).where(and(eq(users.id, user.userId), eq(contracts.companyCode, user.companyCode)))
  if (!row) throw notFound(TENANCY_NOT_FOUND_MESSAGE)
  return tenancyOf(row, row.noticeChannel)
}

/**
 * The scope a resident's figures are computed in: his company code as a whole, so that the
 * property's average counts every unit (decision 033). Used only to compute; what reaches him is
 * cut to his own user (`ownReport`).
 */
export function computingScope(user: SessionUser, tenancy: Tenancy): SessionUser {
  return {
    userId: user.userId,
    userName: user.userName,
    companyCode: tenancy.companyCode,
    businessPartner: null,
  }
}
