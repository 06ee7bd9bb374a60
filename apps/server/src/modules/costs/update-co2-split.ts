/**
 * Stores what a user corrected of a heating distribution's CO2 split from the invoice (decision 032):
 * one transaction, the distribution locked and open, the corrections audited
 * (before and after, part of the changes feed); a field left out stays, null takes the default.
 */
import type { Co2SplitAnswer, Co2SplitCorrections, Co2SplitUpdate } from '@portal/domain'
import { eq, sql } from 'drizzle-orm'
import { writeAudit } from '../../platform/persistence/audit'
import type { Executor } from '../../platform/persistence/database'
import { co2SplitInputs } from '../../platform/persistence/schema'
import type { SessionUser } from '../../platform/persistence/scope'
import { co2SplitOf, correctionsOf, NO_CORRECTIONS } from './co2-split-figures'
import { changeOpenDistribution } from './expense-rules'

export const CO2_SPLIT_UPDATED = 'CO2_SPLIT_UPDATED'
export const CO2_SPLIT_ENTITY = 'co2Split'

/** PUT: 404 for an invisible distribution, 409 for one not open; answers the new split. */
export async function updateCo2Split(
  db: Executor,
  user: SessionUser,
  id: string,
  update: Co2SplitUpdate,
): Promise<Co2SplitAnswer> {
  return changeOpenDistribution(db, user, id, async (tx, row) => {
    const [stored] = await tx
      .select()
      .from(co2SplitInputs)
      .where(eq(co2SplitInputs.operatingCostsDistribution, id))
    const before = correctionsOf(stored)
    const after: Co2SplitCorrections = { ...before }
    for (const field of Object.keys(NO_CORRECTIONS) as (keyof Co2SplitCorrections)[]) {
      const value = update[field]
      if (value !== undefined) (after as Record<string, unknown>)[field] = value
    }
    const changed = (Object.keys(after) as (keyof Co2SplitCorrections)[]).some(
      (field) => after[field] !== before[field],
    )
    if (changed) {
      await tx
        .insert(co2SplitInputs)
        .values({
          operatingCostsDistribution: id,
          companyCode: row.companyCode,
          propertyConnection: row.propertyConnection,
          ...after,
          updatedBy: user.userName,
        })
        .onConflictDoUpdate({
          target: co2SplitInputs.operatingCostsDistribution,
          set: {
            ...after,
            updatedBy: user.userName,
            updatedAt: sql`now()`,
            version: sql`${co2SplitInputs.version} + 1`,
          },
        })
      await writeAudit(tx, {
        userName: user.userName,
        companyCode: row.companyCode,
        action: CO2_SPLIT_UPDATED,
        entity: CO2_SPLIT_ENTITY,
        entityKey: id,
        before: { operatingCostsDistribution: id, ...before },
        after: { operatingCostsDistribution: id, ...after },
      })
    }
    return co2SplitOf(tx, row)
  })
}
