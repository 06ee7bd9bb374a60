import {
  AttributeSchema,
  CATALOGUE,
  ConnectionFeatureSchema,
  ConnectionSchema,
  PRODUCT_ATTRIBUTE,
  type Connection,
} from '@portal/domain'
import { and, eq, sql } from 'drizzle-orm'
import { anyOf } from '../../../platform/persistence/any-of'
import { propertySearch } from '../../../platform/persistence/catalogue-search'
import type { Executor } from '../../../platform/persistence/database'
import { groupBy } from '../../../platform/persistence/group-by'
import { jsonArray, jsonRecord } from '../../../platform/persistence/json-text'
import {
  connectionAnswers,
  connectionFeatures,
  connections,
  objectAttributes,
  products,
} from '../../../platform/persistence/schema'
import type { SessionUser } from '../../../platform/persistence/scope'

type ConnectionRow = typeof connections.$inferSelect

const CONNECTION_OBJECT = 'ANSCHLUSS'

export const connectionEntity = propertySearch(CATALOGUE.connections, connections, {
  label: 'Anschlüsse',
  uniqueOrder: [connections.connection],
  defaultSort: [
    { property: 'name1', order: 'asc' },
    { property: 'name2', order: 'asc' },
  ],
})

/**
 * A connection of the search as JSON text (decision 026), written by the database: the fields of
 * the response schema in its order (those of `toConnections`), with features and attributes by id
 * and the product's name from the first product attribute ('' for an empty value, null without one).
 */
export const connectionJson = jsonRecord(
  ConnectionSchema.shape,
  CATALOGUE.connections,
  connections,
  {
    productName: sql`coalesce((select to_json(case when ${objectAttributes.value} = '' then '' else ${products.name} end)::text
      from ${objectAttributes} left join ${products} on ${products.product} = ${objectAttributes.value}
      where ${objectAttributes.objectType} = ${sql.raw(`'${CONNECTION_OBJECT}'`)}
        and ${objectAttributes.objectKey} = ${connections.connection}
        and ${objectAttributes.name} = ${sql.raw(`'${PRODUCT_ATTRIBUTE}'`)}
      order by ${objectAttributes.id} limit 1), 'null')`,
    connectionFeature: jsonArray(
      jsonRecord(ConnectionFeatureSchema.shape, CATALOGUE.connectionFeatures, connectionFeatures),
      sql`from ${connectionFeatures} where ${connectionFeatures.connection} = ${connections.connection}`,
      sql`${connectionFeatures.id}`,
    ),
    attributesCollection: jsonArray(
      jsonRecord(AttributeSchema.shape, CATALOGUE.objectAttributes, objectAttributes),
      sql`from ${objectAttributes} where ${objectAttributes.objectType} = ${sql.raw(`'${CONNECTION_OBJECT}'`)}
        and ${objectAttributes.objectKey} = ${connections.connection}`,
      sql`${objectAttributes.id}`,
    ),
  },
)

/**
 * A connection of the search as the JSON text its triggers keep (decision 058): the text of
 * `connectionJson`, built when the connection, a feature, an attribute or its product changed, not
 * for each search. Migration 0017 holds `connectionJson` as the function `connection_answer_json`.
 */
export const storedConnectionJson = sql`(select ${connectionAnswers.json} from ${connectionAnswers}
  where ${connectionAnswers.connection} = ${connections.connection})`

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
      bvedPropertyNumber: row.bvedPropertyNumber,
      erpReference: row.erpReference,
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
