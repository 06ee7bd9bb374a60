import { PRODUCT_ATTRIBUTE, type Connection } from '@portal/domain'
import { and, eq } from 'drizzle-orm'
import { anyOf } from '../any-of'
import type { Executor } from '../database'
import { groupBy } from '../group-by'
import { connectionFeatures, connections, objectAttributes, products } from '../schema'
import { visibleThroughProperty, type SessionUser } from '../scope'
import type { SearchableEntity } from '../search'

type ConnectionRow = typeof connections.$inferSelect

const CONNECTION_OBJECT = 'ANSCHLUSS'

export const connectionEntity: SearchableEntity = {
  label: 'Anschlüsse',
  table: connections,
  properties: {
    connection: connections.connection,
    companyCode: connections.companyCode,
    parentConnection: connections.parentConnection,
    name1: connections.name1,
    name2: connections.name2,
    street: connections.street,
    houseNumber: connections.houseNumber,
    postalCode: connections.postalCode,
    city: connections.city,
  },
  uniqueOrder: [connections.connection],
  defaultSort: [
    { property: 'name1', order: 'asc' },
    { property: 'name2', order: 'asc' },
  ],
  visibleTo: (user) => visibleThroughProperty(user, connections),
}

/**
 * Adds features, attributes and product name to connection rows: two queries, in parallel, for any
 * number of rows (the product's name comes with its attribute).
 */
export async function toConnections(db: Executor, rows: ConnectionRow[]): Promise<Connection[]> {
  if (rows.length === 0) return []
  const ids = rows.map((r) => r.connection)
  const [features, attributes] = await Promise.all([
    db
      .select({
        connection: connectionFeatures.connection,
        connectionAttributes: connectionFeatures.connectionAttributes,
        value: connectionFeatures.value,
        from: connectionFeatures.from,
        until: connectionFeatures.until,
      })
      .from(connectionFeatures)
      .where(anyOf(connectionFeatures.connection, ids))
      .orderBy(connectionFeatures.id),
    db
      .select({
        objectKey: objectAttributes.objectKey,
        name: objectAttributes.name,
        value: objectAttributes.value,
        productName: products.name,
      })
      .from(objectAttributes)
      .leftJoin(
        products,
        and(
          eq(objectAttributes.name, PRODUCT_ATTRIBUTE),
          eq(products.product, objectAttributes.value),
        ),
      )
      .where(
        and(
          eq(objectAttributes.objectType, CONNECTION_OBJECT),
          anyOf(objectAttributes.objectKey, ids),
        ),
      )
      .orderBy(objectAttributes.id),
  ])
  const featuresOf = groupBy(features, (f) => f.connection)
  const attributesOf = groupBy(attributes, (a) => a.objectKey)
  return rows.map((row) => {
    const own = attributesOf.get(row.connection) ?? []
    const product = own.find((a) => a.name === PRODUCT_ATTRIBUTE)
    return {
      connection: row.connection,
      companyCode: row.companyCode,
      parentConnection: row.parentConnection,
      name1: row.name1,
      name2: row.name2,
      street: row.street,
      houseNumber: row.houseNumber,
      houseNumberSuffix: row.houseNumberSuffix,
      postalCode: row.postalCode,
      city: row.city,
      productName: product ? ((product.value && product.productName) ?? null) : null,
      connectionFeature: (featuresOf.get(row.connection) ?? []).map((f) => ({
        connectionAttributes: f.connectionAttributes,
        value: f.value,
        from: f.from,
        until: f.until,
      })),
      attributesCollection: own.map((a) => ({ name: a.name, value: a.value })),
    }
  })
}

export async function findVisibleConnection(
  db: Executor,
  user: SessionUser,
  id: string,
): Promise<Connection | undefined> {
  const rows = await db
    .select()
    .from(connections)
    .where(and(eq(connections.connection, id), connectionEntity.visibleTo(user)))
  const [found] = await toConnections(db, rows)
  return found
}
