import { compareGermanText, compareHouseNumbers } from '../format/compare'
import { endsAfter, toCalendarDateOrThrow } from '../format/date'

/** §3: the feature that keeps a connection active until its end date. */
export const ACTIVE_FEATURE = 'HW'
/** §3: the feature whose value is the business partner (owner) of a connection. */
export const PARTNER_FEATURE = 'HE'
/** §3: the attribute in attributesCollection that holds the product id. */
export const PRODUCT_ATTRIBUTE = 'PR'

export interface ConnectionFeatureLike {
  connectionAttributes: string
  value?: string | null
  from?: string | null
  until?: string | null
}

export interface ConnectionLike {
  connectionFeature?: readonly ConnectionFeatureLike[] | null
  parentConnection?: string | null
  name1?: string | null
  name2?: string | null
  street?: string | null
  houseNumber?: string | null
}

export interface PointOfDeliveryLike {
  street?: string | null
  houseNumber?: string | null
  houseNumberSuffix?: string | null
}

/** §3, §5: the connection has an HW feature whose end date is after today (none = open-ended). */
export function hasActiveHwFeature(connection: ConnectionLike, today: string): boolean {
  const day = toCalendarDateOrThrow(today)
  return (connection.connectionFeature ?? []).some(
    (feature) => feature.connectionAttributes === ACTIVE_FEATURE && endsAfter(feature.until, day),
  )
}

/** §5: a property is a connection without parent; buildings are its sub-connections. */
export function isTopLevel(connection: ConnectionLike): boolean {
  return !connection.parentConnection
}

/** §5: connections are kept only if they have an active HW feature and no parent connection. */
export function keepConnection(connection: ConnectionLike, today: string): boolean {
  return isTopLevel(connection) && hasActiveHwFeature(connection, today)
}

/** §6: the connection's HE feature holds this business partner. */
export function belongsToPartner(connection: ConnectionLike, businessPartner: string): boolean {
  return (connection.connectionFeature ?? []).some(
    (feature) =>
      feature.connectionAttributes === PARTNER_FEATURE && feature.value === businessPartner,
  )
}

/** §5: connections are sorted by name1, then name2, then street, then house number. */
export function compareConnections(a: ConnectionLike, b: ConnectionLike): number {
  return (
    compareGermanText(a.name1, b.name1) ||
    compareGermanText(a.name2, b.name2) ||
    compareGermanText(a.street, b.street) ||
    compareHouseNumbers(a.houseNumber, b.houseNumber)
  )
}

/** §5: the connections the portal lists, filtered and sorted, as a new array. */
export function selectPortalConnections<T extends ConnectionLike>(
  connections: readonly T[],
  today: string,
): T[] {
  const day = toCalendarDateOrThrow(today)
  return connections
    .filter((connection) => keepConnection(connection, day))
    .sort(compareConnections)
}

/** §5: points of delivery of sub-connections are sorted by street, house number, suffix. */
export function comparePointsOfDelivery(a: PointOfDeliveryLike, b: PointOfDeliveryLike): number {
  return (
    compareGermanText(a.street, b.street) ||
    compareHouseNumbers(a.houseNumber, b.houseNumber) ||
    compareHouseNumbers(a.houseNumberSuffix, b.houseNumberSuffix)
  )
}

/** §5: points of delivery in display order, as a new array. */
export function sortPointsOfDelivery<T extends PointOfDeliveryLike>(points: readonly T[]): T[] {
  return [...points].sort(comparePointsOfDelivery)
}
