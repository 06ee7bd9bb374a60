import { CATALOGUE, type ObjectRelation, type PointOfDelivery } from '@portal/domain'
import { and, asc, eq } from 'drizzle-orm'
import type { Executor } from '../../../platform/persistence/database'
import {
  connections,
  objectRelations,
  pointsOfDelivery,
} from '../../../platform/persistence/schema'
import { visibleThroughProperty, type SessionUser } from '../../../platform/persistence/scope'
import { propertySearch } from '../../../platform/persistence/catalogue-search'

type PointOfDeliveryRow = typeof pointsOfDelivery.$inferSelect

/** The object types of section 3 that carry relations and attributes. */
export const CONNECTION_OBJECT = 'ANSCHLUSS'
export const POINT_OF_DELIVERY_OBJECT = 'VSTELLE'

export const pointOfDeliveryEntity = propertySearch(CATALOGUE.pointsOfDelivery, pointsOfDelivery, {
  label: 'Verbrauchsstellen',
  uniqueOrder: [pointsOfDelivery.pointOfDelivery],
  defaultSort: [
    { property: 'street', order: 'asc' },
    { property: 'houseNumber', order: 'asc' },
    { property: 'houseNumberSuffix', order: 'asc' },
  ],
})

export function toPointsOfDelivery(_db: Executor, rows: PointOfDeliveryRow[]): PointOfDelivery[] {
  return rows.map((row) => ({
    pointOfDelivery: row.pointOfDelivery,
    connection: row.connection,
    reference: row.reference,
    street: row.street,
    houseNumber: row.houseNumber,
    houseNumberSuffix: row.houseNumberSuffix,
    position: row.position,
    locationAddendum: row.locationAddendum,
    bvedUnitNumber: row.bvedUnitNumber,
    erpReference: row.erpReference,
  }))
}

export async function findVisiblePointOfDelivery(
  db: Executor,
  user: SessionUser,
  id: string,
): Promise<PointOfDelivery | undefined> {
  const rows = await db
    .select()
    .from(pointsOfDelivery)
    .where(and(eq(pointsOfDelivery.pointOfDelivery, id), pointOfDeliveryEntity.visibleTo(user)))
  return toPointsOfDelivery(db, rows)[0]
}

/** Whether a connection (ANSCHLUSS) or point of delivery (VSTELLE) exists and the user sees it. */
export async function isVisibleObject(
  db: Executor,
  user: SessionUser,
  objectType: string,
  key: string,
): Promise<boolean> {
  if (objectType === CONNECTION_OBJECT) {
    const rows = await db
      .select({ key: connections.connection })
      .from(connections)
      .where(and(eq(connections.connection, key), visibleThroughProperty(user, connections)))
    return rows.length > 0
  }
  if (objectType === POINT_OF_DELIVERY_OBJECT) {
    const rows = await db
      .select({ key: pointsOfDelivery.pointOfDelivery })
      .from(pointsOfDelivery)
      .where(and(eq(pointsOfDelivery.pointOfDelivery, key), pointOfDeliveryEntity.visibleTo(user)))
    return rows.length > 0
  }
  return false
}

/**
 * The relations whose source is the given connection or point of delivery (contracts, contacts,
 * billing objects); undefined when the source is not visible to the user.
 */
export async function findVisibleRelations(
  db: Executor,
  user: SessionUser,
  sourceType: typeof CONNECTION_OBJECT | typeof POINT_OF_DELIVERY_OBJECT,
  sourceKey: string,
): Promise<ObjectRelation[] | undefined> {
  if (!(await isVisibleObject(db, user, sourceType, sourceKey))) return undefined
  return db
    .select({
      sourceType: objectRelations.sourceType,
      sourceKey: objectRelations.sourceKey,
      targetType: objectRelations.targetType,
      targetKey: objectRelations.targetKey,
      role: objectRelations.role,
      from: objectRelations.from,
      until: objectRelations.until,
    })
    .from(objectRelations)
    .where(
      and(
        eq(objectRelations.sourceType, sourceType),
        eq(objectRelations.sourceKey, sourceKey),
        visibleThroughProperty(user, objectRelations),
      ),
    )
    .orderBy(asc(objectRelations.id))
}
