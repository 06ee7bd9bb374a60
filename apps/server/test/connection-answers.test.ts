/**
 * The connections' stored JSON (decision 058, migration 0017): the function that builds it is the
 * search's `connectionJson`; after any write to a connection, its features, its attributes or its
 * product, through the server or directly in SQL, each stored text is what the search would build;
 * two transactions that change one connection at once leave the JSON of both changes.
 */
import { PgDialect } from 'drizzle-orm/pg-core'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { connectionJson, toConnections } from '../src/modules/master-data/repositories/connections'
import {
  connectionAnswers,
  connectionFeatures,
  connections,
  objectAttributes,
  products,
} from '../src/platform/persistence/schema'
import { queryStatement } from '../src/platform/persistence/statement'
import { useTestContext } from './helper'

const { ctx, as } = useTestContext(['verwalter'])
const db = () => ctx.database.db
const onServer = process.env.TEST_DATABASE_KIND === 'postgres'

/** The connections whose stored JSON differs from what `connectionJson` builds now, and missing ones. */
async function staleAnswers(): Promise<string[]> {
  const rows = await db()
    .select({ connection: connections.connection })
    .from(connections)
    .leftJoin(connectionAnswers, eq(connectionAnswers.connection, connections.connection))
    .where(sql`${connectionAnswers.json} is distinct from ${connectionJson}`)
  return rows.map((r) => r.connection)
}

/** A connection of company code 1000 with a feature and a product attribute. */
async function someConnection() {
  const [row] = await db()
    .select({ connection: connections.connection, product: objectAttributes.value })
    .from(connections)
    .innerJoin(
      objectAttributes,
      sql`${objectAttributes.objectKey} = ${connections.connection}
        and ${objectAttributes.objectType} = 'ANSCHLUSS' and ${objectAttributes.name} = 'PR'
        and ${objectAttributes.value} <> ''`,
    )
    .where(eq(connections.companyCode, '1000'))
    .orderBy(connections.connection)
    .limit(1)
  return row!
}

describe('stored connection JSON (decision 058)', () => {
  it('is built by connectionJson as Drizzle renders it (migration 0017 holds the same text)', async () => {
    const dialect = new PgDialect({ casing: 'snake_case' })
    const expected = dialect.sqlToQuery(
      sql`select ${connectionJson} from ${connections} where ${connections.connection} = ${sql.raw('$1')}`,
    )
    expect(expected.params).toEqual([])
    const [row] = await queryStatement<{ body: string }>(
      db(),
      sql`select prosrc as body from pg_proc where proname = 'connection_answer_json'`,
    )
    const words = (text: string) => text.trim().replace(/\s+/g, ' ')
    expect(
      words(row!.body),
      'connectionJson changed: a new migration must replace connection_answer_json with this body and rebuild connection_answers',
    ).toBe(words(expected.sql))
  })

  it('holds every connection of the seed as the search builds it', async () => {
    const [{ count }] = (await db()
      .select({ count: sql<number>`count(*)::int` })
      .from(connectionAnswers)) as [{ count: number }]
    expect(count).toBeGreaterThan(10)
    expect(await staleAnswers()).toEqual([])
  })

  it('follows every kind of write, made directly in SQL', async () => {
    const { connection, product } = await someConnection()
    const changes = [
      sql`update ${connections} set ${sql.identifier('name1')} = 'Neu "benannt" \\ Haus' where ${connections.connection} = ${connection}`,
      sql`insert into ${connectionFeatures} (connection, connection_attributes, value) values (${connection}, 'ZZ', 'neu')`,
      sql`update ${connectionFeatures} set value = 'geändert' where ${connectionFeatures.connection} = ${connection} and connection_attributes = 'ZZ'`,
      sql`delete from ${connectionFeatures} where ${connectionFeatures.connection} = ${connection} and connection_attributes = 'ZZ'`,
      sql`insert into ${objectAttributes} (company_code, property_connection, object_type, object_key, name, value)
        select company_code, property_connection, 'ANSCHLUSS', connection, 'XY', 'Wert' from ${connections} where ${connections.connection} = ${connection}`,
      sql`update ${products} set name = 'Umbenanntes Produkt' where ${products.product} = ${product}`,
      sql`update ${objectAttributes} set value = '' where object_key = ${connection} and object_type = 'ANSCHLUSS' and name = 'PR'`,
      sql`delete from ${objectAttributes} where object_key = ${connection} and object_type = 'ANSCHLUSS' and name = 'XY'`,
    ]
    let before = await storedJson(connection)
    for (const change of changes) {
      await db().execute(change)
      const after = await storedJson(connection)
      expect(after, String(dialectText(change))).not.toBe(before)
      expect(await staleAnswers()).toEqual([])
      before = after
    }
    const [built] = await toConnections(
      db(),
      await db().select().from(connections).where(eq(connections.connection, connection)),
    )
    expect(JSON.parse(before!)).toEqual(JSON.parse(JSON.stringify(built)))
  })

  it('gives a new connection its JSON and drops a deleted one', async () => {
    const { connection } = await someConnection()
    const copy = `${connection}-K`
    await db().transaction(async (tx) => {
      await tx.execute(sql`insert into ${connections}
        select ${copy}, company_code, parent_connection, property_connection, name1, name2, street,
          house_number, house_number_suffix, postal_code, city
        from ${connections} where ${connections.connection} = ${connection}`)
      await tx.execute(sql`insert into ${connectionFeatures} (connection, connection_attributes, value)
        values (${copy}, 'HW', 'X')`)
    })
    expect(await storedJson(copy)).toContain('"connectionAttributes":"HW"')
    expect(await staleAnswers()).toEqual([])
    await db().delete(connections).where(eq(connections.connection, copy))
    expect(await storedJson(copy)).toBeUndefined()
  })

  it('is what the search answers after a write', async () => {
    const { connection } = await someConnection()
    const search = async () => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/persistence/connections-search',
        headers: as.verwalter!,
        payload: { filters: [{ property: 'connection', type: 'eq', value: connection }] },
      })
      expect(response.statusCode).toBe(200)
      return response.json<{ items: { name2: string | null }[] }>().items
    }
    await search()
    await db()
      .update(connections)
      .set({ name2: 'Gerade geändert' })
      .where(eq(connections.connection, connection))
    expect((await search()).map((item) => item.name2)).toEqual(['Gerade geändert'])
  })

  it.skipIf(!onServer)(
    'keeps both changes when two transactions change one connection at once',
    async () => {
      const { connection } = await someConnection()
      let release!: () => void
      const held = new Promise<void>((resolve) => (release = resolve))
      const first = db().transaction(async (tx) => {
        await tx.execute(sql`insert into ${connectionFeatures} (connection, connection_attributes, value)
          values (${connection}, 'P1', 'erste')`)
        await held
      })
      // the first transaction holds the connection's row once its statement has run
      for (;;) {
        const [row] = await queryStatement<{ locked: boolean }>(
          db(),
          sql`select exists (select 1 from pg_locks l join pg_class c on c.oid = l.relation
              where c.relname = 'connection_answers' and l.mode = 'RowExclusiveLock' and l.granted
                and l.database = (select oid from pg_database where datname = current_database())
                and l.pid <> pg_backend_pid()) as locked`,
        )
        if (row!.locked) break
        await new Promise((resolve) => setImmediate(resolve))
      }
      // (a query of Drizzle runs when it is awaited)
      const second = (async () =>
        db()
          .execute(sql`insert into ${connectionFeatures} (connection, connection_attributes, value)
          values (${connection}, 'P2', 'zweite')`))()
      // the second waits for the first's row lock
      for (;;) {
        const [row] = await queryStatement<{ waiting: number }>(
          db(),
          sql`select count(*)::int as waiting from pg_stat_activity
              where wait_event_type = 'Lock' and datname = current_database() and query like '%P2%'`,
        )
        if (row!.waiting > 0) break
        await new Promise((resolve) => setImmediate(resolve))
      }
      release()
      await Promise.all([first, second])
      const json = await storedJson(connection)
      expect(json).toContain('"value":"erste"')
      expect(json).toContain('"value":"zweite"')
      expect(await staleAnswers()).toEqual([])
    },
  )
})

async function storedJson(connection: string): Promise<string | undefined> {
  const [row] = await db()
    .select({ json: connectionAnswers.json })
    .from(connectionAnswers)
    .where(eq(connectionAnswers.connection, connection))
  return row?.json
}

function dialectText(statement: ReturnType<typeof sql>): string {
  return new PgDialect({ casing: 'snake_case' }).sqlToQuery(statement).sql
}
