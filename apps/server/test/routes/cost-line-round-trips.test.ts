/**
 * Decisions 060 and 071: a cost line's change, as the portal sends it (with an Idempotency-Key),
 * costs a fixed number of statements, each a round trip to the database. Counted on PostgreSQL,
 * where a round trip waits for the event loop's turn under load; PGlite has no network.
 */
import { SERVICE_FLAT_FEE } from '@portal/domain'
import { ne } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest'
import { verifyAuditChain } from '../../src/platform/persistence/audit'
import { operatingCostsExpenses } from '../../src/platform/persistence/schema'
import { openDistributionWithLine } from '../expense-lines'
import { createTestContext, type TestContext } from '../helper'

const isPostgres = inject('testDatabaseKind') === 'postgres'

/**
 * The token check, the key's look-up, BEGIN, the key's claim, the distribution with the line, the
 * UPDATE, the audit entry chained with its chain's lock (decision 075), the key's answer, COMMIT. A valid
 * change is checked visible in its transaction only (no statement before it).
 */
const STATEMENTS_OF_A_CHANGE = 9

describe.skipIf(!isPostgres)('a cost line’s change', () => {
  let ctx: TestContext
  let as: { authorization: string }

  beforeAll(async () => {
    ctx = await createTestContext()
    as = await ctx.login('verwalter')
  })
  afterAll(async () => ctx.close())

  it(`runs ${STATEMENTS_OF_A_CHANGE} statements and leaves the audit chains whole`, async () => {
    const { distribution, line } = await openDistributionWithLine(
      ctx,
      ne(operatingCostsExpenses.tariffComponent, SERVICE_FLAT_FEE),
    )
    const query = vi.spyOn(pg.Client.prototype, 'query')
    let status: number
    let statements: string[]
    try {
      const answer = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/persistence/operating-costs/${distribution.operatingCostsDistribution}/${line.kind}-expenses/${line.guid}`,
        headers: { ...as, 'idempotency-key': `round-trips-${line.guid}` },
        payload: { note: 'Gezählt', version: line.version },
      })
      status = answer.statusCode
      statements = query.mock.calls.map(([first]) =>
        typeof first === 'string' ? first : String((first as { text?: string }).text),
      )
    } finally {
      query.mockRestore()
    }
    expect(status).toBe(200)
    expect(statements, statements.join('\n---\n')).toHaveLength(STATEMENTS_OF_A_CHANGE)
    expect((await verifyAuditChain(ctx.database.db)).problem).toBeUndefined()
  })
})
