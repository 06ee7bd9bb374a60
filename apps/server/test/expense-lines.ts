/**
 * Heating lines of a distribution as the cost entry builds them: from the value lists (field
 * `SCHLUESSEL` answers the cost types, a type's keys and the relations of an object), and the open
 * distributions with a line of a kind.
 */
import {
  SERVICE_FLAT_FEE,
  ValueListAnswerSchema,
  type ExpenseInput,
  type ValueListEntry,
} from '@portal/domain'
import { and, asc, eq, type SQL } from 'drizzle-orm'
import { expect } from 'vitest'
import {
  operatingCostsDistributions,
  operatingCostsExpenses,
} from '../src/platform/persistence/schema'
import type { TestContext } from './helper'

/** The body of a value-list request of the distribution's lines, with the line's fields so far. */
export const valueListRequest = (
  distribution: string,
  line: object,
  table = 'tb_uti_bkosten_h',
) => ({
  table_name: table,
  field_name: 'SCHLUESSEL',
  head_data: { BKOSTEN: distribution },
  line_data: line,
})

/** The value list through `app.inject` with the user's `headers`; the answer is 200 of its shape. */
export async function valueListOf(
  ctx: TestContext,
  headers: Record<string, string>,
  distribution: string,
  line: object,
  table?: string,
): Promise<ValueListEntry[]> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/processes/system/value-list?limit=9999',
    headers,
    payload: valueListRequest(distribution, line, table),
  })
  expect(response.statusCode, response.body).toBe(200)
  return ValueListAnswerSchema.parse(response.json()).data.data
}

/**
 * A heating line for the whole `period` as the value lists offer it: of cost type `tariff`, or else
 * the first type that is neither a CO2 cost nor the service flat fee, with the type's first key and
 * the first connection; 100.00, all of it apportionable.
 */
export async function offeredHeatingLine(
  valueList: (line: object) => Promise<{ key: string; obj?: string }[]>,
  period: { from: string; until: string },
  tariff?: string,
): Promise<ExpenseInput> {
  const type =
    tariff ??
    (await valueList({})).find((t) => !t.key.includes('CO2') && t.key !== SERVICE_FLAT_FEE)!.key
  const key = (await valueList({ TARIF: type })).find((e) => e.obj === 'SCHLUESSEL')!.key
  const relation = (await valueList({ OBJECT: 'ANSCHLUSS' }))[0]!
  return {
    tariffComponent: type,
    object: 'ANSCHLUSS',
    allocationRef: relation.key,
    key,
    from: period.from,
    until: period.until,
    amountTransactionCurrency: '100.00',
    apportionableAmount: '100.00',
  }
}

/** `offeredHeatingLine` for the distribution's period, through `app.inject` as the user. */
export async function heatingLine(
  ctx: TestContext,
  headers: Record<string, string>,
  distribution: string,
  tariff?: string,
): Promise<ExpenseInput> {
  const [period] = await ctx.database.db
    .select({ from: operatingCostsDistributions.from, until: operatingCostsDistributions.until })
    .from(operatingCostsDistributions)
    .where(eq(operatingCostsDistributions.operatingCostsDistribution, distribution))
  return offeredHeatingLine(
    (line) => valueListOf(ctx, headers, distribution, line),
    period!,
    tariff,
  )
}

/**
 * The first open distribution of company 1000 (by number) with an expense line that meets `line`:
 * the distribution's and the line's rows.
 */
export async function openDistributionWithLine(ctx: TestContext, line: SQL | undefined) {
  const [row] = await ctx.database.db
    .select({ distribution: operatingCostsDistributions, line: operatingCostsExpenses })
    .from(operatingCostsDistributions)
    .innerJoin(
      operatingCostsExpenses,
      eq(
        operatingCostsExpenses.operatingCostsDistribution,
        operatingCostsDistributions.operatingCostsDistribution,
      ),
    )
    .where(
      and(
        eq(operatingCostsDistributions.companyCode, '1000'),
        eq(operatingCostsDistributions.operatingCostsDistributionStatus, 'O'),
        line,
      ),
    )
    .orderBy(asc(operatingCostsDistributions.operatingCostsDistribution))
    .limit(1)
  return row!
}
