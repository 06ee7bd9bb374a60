/**
 * A deadlock between two transactions on PostgreSQL reaches the error handler as what it is: the
 * driver's 40P01 inside drizzle's error, so the request is answered 503 TRANSACTION_CONFLICT (retry)
 * and not 500. PGlite runs one transaction at a time and cannot deadlock.
 */
import { sql } from 'drizzle-orm'
import { describe, expect, inject, it } from 'vitest'
import { isTransactionConflict } from '../src/platform/persistence/database-errors'
import { useTestContext } from './helper'

const isPostgres = inject('testDatabaseKind') === 'postgres'

describe.skipIf(!isPostgres)('transaction conflicts', () => {
  const { ctx } = useTestContext()

  it('a real deadlock is told apart as a conflict, and the other transaction commits', async () => {
    const db = ctx.database.db
    await db.execute(sql`create table deadlock_rows (id int primary key, v int not null)`)
    await db.execute(sql`insert into deadlock_rows values (1, 0), (2, 0)`)
    // both transactions hold their first row before either asks for the other's
    let arrived = 0
    let bothHold!: () => void
    const holding = new Promise<void>((resolve) => (bothHold = resolve))
    const crosswise = (first: number, second: number) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`update deadlock_rows set v = v + 1 where id = ${first}`)
        if (++arrived === 2) bothHold()
        await holding
        await tx.execute(sql`update deadlock_rows set v = v + 1 where id = ${second}`)
      })
    const results = await Promise.allSettled([crosswise(1, 2), crosswise(2, 1)])
    const failed = results.filter((result) => result.status === 'rejected')
    expect(failed).toHaveLength(1)
    expect(isTransactionConflict((failed[0] as PromiseRejectedResult).reason)).toBe(true)
    const rows = await db.execute(sql`select sum(v)::int as total from deadlock_rows`)
    // the survivor's two updates, none of the victim's
    expect((rows as { rows: { total: number }[] }).rows[0]!.total).toBe(2)
  })
})
