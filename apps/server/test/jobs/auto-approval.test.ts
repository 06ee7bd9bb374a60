/**
 * §4, §9: released distributions are approved one year after the release, idempotently; the
 * provider's steps follow the status machine and are audited.
 */
import { and, asc, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { runAutoApprovalJob } from '../../src/modules/costs/auto-approval-job'
import { auditLog, operatingCostsDistributions } from '../../src/platform/persistence/schema'
import { autoApproveDistributions } from '../../src/modules/costs/auto-approval'
import { providerTerminal } from '../fixtures/provider-command'
import { useTestContext } from '../helper'

const { ctx } = useTestContext()
let ids: string[]
const TODAY = '2025-06-15'

beforeAll(async () => {
  ids = (
    await ctx.database.db
      .select({ id: operatingCostsDistributions.operatingCostsDistribution })
      .from(operatingCostsDistributions)
      .orderBy(asc(operatingCostsDistributions.operatingCostsDistribution))
      .limit(6)
  ).map((r) => r.id)
  // only our samples are released; everything else released is moved out of the way
  await ctx.database.db
    .update(operatingCostsDistributions)
    .set({ operatingCostsDistributionStatus: 'G' })
    .where(eq(operatingCostsDistributions.operatingCostsDistributionStatus, 'F'))
})

const set = (id: string, status: string, changedOn = TODAY) =>
  ctx.database.db
    .update(operatingCostsDistributions)
    .set({ operatingCostsDistributionStatus: status, statusChangedAt: `${changedOn}T09:30:00Z` })
    .where(eq(operatingCostsDistributions.operatingCostsDistribution, id))

const status = async (id: string) =>
  (
    await ctx.database.db
      .select()
      .from(operatingCostsDistributions)
      .where(eq(operatingCostsDistributions.operatingCostsDistribution, id))
  )[0]!.operatingCostsDistributionStatus

describe('automatic approval', () => {
  it('approves 365 and 366 days after the release, not 364; a second run changes nothing', async () => {
    const [d364, d365, d366] = ids as [string, string, string]
    await set(d364, 'F', '2024-06-16')
    await set(d365, 'F', '2024-06-15')
    await set(d366, 'F', '2024-06-14')
    const approved = await autoApproveDistributions(ctx.database.db, { today: TODAY })
    expect(approved.sort()).toEqual([d365, d366].sort())
    expect(await status(d364)).toBe('F')
    expect(await status(d365)).toBe('G')
    expect(await status(d366)).toBe('G')
    const audits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityKey, d365), eq(auditLog.userName, 'system')))
    expect(audits).toHaveLength(1)
    expect(await autoApproveDistributions(ctx.database.db, { today: TODAY })).toEqual([])
    const log = { info: () => {}, error: () => {} }
    expect(await runAutoApprovalJob(ctx.database.db, log, TODAY)).toEqual([])
  })
})

describe('provider steps', () => {
  it('walks E -> V -> F, refuses steps out of order, audits as provider', async () => {
    const id = ids[3]!
    await set(id, 'E')
    const { run, out, err } = providerTerminal(ctx.database.db)

    expect(await run('release', id)).toBe(1)
    expect(err.at(-1)).toMatch(/^Abgelehnt: /)
    expect(await run('distribute', id)).toBe(0)
    expect(await status(id)).toBe('V')
    expect(await run('release', id)).toBe(0)
    expect(out.at(-1)).toMatch(/freigegeben/)
    expect(await status(id)).toBe('F')
    expect(await run('distribute', id)).toBe(1)
    expect(await run('cancel', id)).toBe(0)
    expect(await status(id)).toBe('S')
    expect(await run('cancel', id)).toBe(1)
    expect(await run('release', 'gibt-es-nicht')).toBe(1)
    expect(await run('frobnicate', id)).toBe(1)
    expect(await run('auto-approve')).toBe(0)
    const [audited] = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(and(eq(auditLog.entityKey, id), eq(auditLog.userName, 'provider')))
    expect(audited!.n).toBe(3)
  })
})
