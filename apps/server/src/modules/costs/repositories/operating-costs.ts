/**
 * Cost distributions and their expense lines (spec §3 "Operating costs record", "Expense"). Every
 * read goes through `visibleThroughProperty`; the processes lock a distribution row before they
 * change it or its lines.
 */
import {
  CATALOGUE,
  ExpenseSchema,
  isEnergyCarrierCode,
  type Expense,
  type ExpenseType,
  type OperatingCosts,
  type OperatingCostsSummary,
} from '@portal/domain'
import { and, asc, desc, eq, gte, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../../platform/persistence/database'
import { personNamesOf } from '../../../platform/persistence/actors'
import { firstRow } from '../../../platform/persistence/rows'
import { jsonRecord } from '../../../platform/persistence/json-text'
import {
  activities,
  operatingCostsDistributions,
  operatingCostsExpenses,
  valueListEntries,
} from '../../../platform/persistence/schema'
import { visibleThroughProperty, type SessionUser } from '../../../platform/persistence/scope'
import type { SearchableEntity } from '../../../platform/persistence/search'
import { propertySearch } from '../../../platform/persistence/catalogue-search'

export type DistributionRow = typeof operatingCostsDistributions.$inferSelect
export type ExpenseRow = typeof operatingCostsExpenses.$inferSelect

/** The audit entities of the cost allocation. */
export const DISTRIBUTION_ENTITY = 'operatingCostsDistribution'
export const EXPENSE_ENTITY = 'operatingCostsExpense'
/** The activity that records a decline and its reason (§4). */
export const DECLINE_ACTIVITY = 'ABLEHNUNG'

export const operatingCostsEntity = propertySearch(
  CATALOGUE.operatingCostsDistributions,
  operatingCostsDistributions,
  {
    label: 'Kostenverteilungen',
    uniqueOrder: [operatingCostsDistributions.operatingCostsDistribution],
    defaultSort: [{ property: 'until', order: 'desc' }],
  },
)

/** The expense lines of the distributions the user sees. */
const expenseLines = propertySearch(CATALOGUE.operatingCostsExpenses, operatingCostsExpenses, {
  label: 'Kostenzeilen',
  uniqueOrder: [operatingCostsExpenses.guid],
  defaultSort: [
    { property: 'createdAt', order: 'asc' },
    { property: 'tariffComponent', order: 'asc' },
  ],
})

/** The expense lines of one list of one distribution, for the generic search. */
export function expenseEntity(distribution: string, kind: ExpenseType): SearchableEntity {
  return {
    ...expenseLines,
    visibleTo: (user) =>
      and(
        expenseLines.visibleTo(user),
        eq(operatingCostsExpenses.operatingCostsDistribution, distribution),
        eq(operatingCostsExpenses.kind, kind),
      ),
  }
}

export function toSummary(row: DistributionRow): OperatingCostsSummary {
  return {
    operatingCostsDistribution: row.operatingCostsDistribution,
    connection: row.connection,
    from: row.from,
    until: row.until,
    operatingCostsDistributionStatus: row.operatingCostsDistributionStatus,
    product: row.product,
    productVersion: row.productVersion,
    version: row.version,
  }
}

/**
 * A cost line as JSON text (decision 026), written by the database: the fields of the response
 * schema in its order (those of `toExpense`).
 */
export const expenseJson = jsonRecord(
  ExpenseSchema.shape,
  CATALOGUE.operatingCostsExpenses,
  operatingCostsExpenses,
)

export function toExpense(row: ExpenseRow): Expense {
  return {
    guid: row.guid,
    tariffComponent: row.tariffComponent,
    supplyArea: row.supplyArea,
    object: row.object,
    key: row.key,
    allocationObject: row.allocationObject,
    allocationRef: row.allocationRef,
    from: row.from,
    until: row.until,
    quantity: row.quantity,
    unit: row.unit,
    energyCarrier: isEnergyCarrierCode(row.energyCarrier) ? row.energyCarrier : null,
    amountTransactionCurrency: row.amountTransactionCurrency,
    apportionableAmount: row.apportionableAmount,
    deductibleAmount: row.deductibleAmount,
    amountNet: row.amountNet,
    amountNetApportionable: row.amountNetApportionable,
    note: row.note,
    version: row.version,
  }
}

/** The distribution if the user sees it; `forUpdate` locks the row for the transaction. */
export async function findVisibleDistribution(
  db: Executor,
  user: SessionUser,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<DistributionRow | undefined> {
  const visible = visibleThroughProperty(user, operatingCostsDistributions)
  return findDistribution(db, id, options, visible)
}

/**
 * A distribution regardless of the user, for the provider's steps and the job; `scope` narrows it
 * to the rows a user sees.
 */
export async function findDistribution(
  db: Executor,
  id: string,
  options: { forUpdate?: boolean } = {},
  scope?: SQL,
): Promise<DistributionRow | undefined> {
  const byKey = eq(operatingCostsDistributions.operatingCostsDistribution, id)
  return firstRow(db, operatingCostsDistributions, [byKey, scope], options)
}

export async function listExpenses(
  db: Executor,
  distribution: string,
  kind?: ExpenseType,
): Promise<ExpenseRow[]> {
  return db
    .select()
    .from(operatingCostsExpenses)
    .where(
      and(
        eq(operatingCostsExpenses.operatingCostsDistribution, distribution),
        kind ? eq(operatingCostsExpenses.kind, kind) : undefined,
      ),
    )
    .orderBy(
      asc(operatingCostsExpenses.createdAt),
      asc(operatingCostsExpenses.tariffComponent),
      asc(operatingCostsExpenses.guid),
    )
}

/**
 * A visible distribution and, in the same statement, the line `guid` of its list of `kind`:
 * undefined when the distribution is not visible, `line` null when the list lacks it (`guid` null:
 * an id that cannot be a line's). `forUpdate` locks the distribution's row, not the line's.
 */
export async function findVisibleDistributionLine(
  db: Executor,
  user: SessionUser,
  id: string,
  kind: ExpenseType,
  guid: string | null,
  options: { forUpdate?: boolean } = {},
): Promise<{ distribution: DistributionRow; line: ExpenseRow | null } | undefined> {
  const query = db
    .select({ distribution: operatingCostsDistributions, line: operatingCostsExpenses })
    .from(operatingCostsDistributions)
    .leftJoin(
      operatingCostsExpenses,
      and(
        eq(
          operatingCostsExpenses.operatingCostsDistribution,
          operatingCostsDistributions.operatingCostsDistribution,
        ),
        eq(operatingCostsExpenses.kind, kind),
        guid === null ? sql`false` : eq(operatingCostsExpenses.guid, guid),
      ),
    )
    .where(
      and(
        eq(operatingCostsDistributions.operatingCostsDistribution, id),
        visibleThroughProperty(user, operatingCostsDistributions),
      ),
    )
  const [row] = options.forUpdate
    ? await query.for('update', { of: operatingCostsDistributions })
    : await query
  return row
}

/** The whole record of §3 with both expense lists (all lines, excluded components included). */
export async function findVisibleOperatingCosts(
  db: Executor,
  user: SessionUser,
  id: string,
): Promise<OperatingCosts | undefined> {
  const row = await findVisibleDistribution(db, user, id)
  if (!row) return undefined
  const [expenses, lastDecline] = await Promise.all([listExpenses(db, id), latestDecline(db, row)])
  return {
    ...toSummary(row),
    companyCode: row.companyCode,
    businessPartner: row.businessPartner,
    operatingCostsHeatingExpense: expenses.filter((e) => e.kind === 'heating').map(toExpense),
    operatingCostsWorkingExpense: expenses.filter((e) => e.kind === 'working').map(toExpense),
    lastDecline,
  }
}

/**
 * §4: the newest decline of the distribution since its status last changed, or null; an approval,
 * a new release or any other status change makes earlier declines history only.
 */
async function latestDecline(
  db: Executor,
  row: DistributionRow,
): Promise<NonNullable<OperatingCosts['lastDecline']> | null> {
  const [decline] = await db
    .select({
      at: activities.createdAt,
      userName: activities.createdBy,
      payload: activities.payload,
    })
    .from(activities)
    .where(
      and(
        // the property narrows by its index; the company code keeps the scope of the row
        eq(activities.propertyConnection, row.propertyConnection),
        eq(activities.companyCode, row.companyCode),
        eq(activities.activityType, DECLINE_ACTIVITY),
        eq(activities.objectKey, row.operatingCostsDistribution),
        gte(activities.createdAt, row.statusChangedAt),
      ),
    )
    .orderBy(desc(activities.createdAt), desc(activities.id))
    .limit(1)
  if (!decline) return null
  const reason = (decline.payload as { reason?: unknown } | null)?.reason
  const nameOf = await personNamesOf(db, [decline.userName])
  return {
    at: new Date(decline.at).toISOString(),
    userName: decline.userName,
    name: nameOf(decline.userName),
    reason: typeof reason === 'string' ? reason : '',
  }
}

/** The distributions in a status, with the day their status last changed (UTC). */
export async function distributionsInStatus(db: Executor, status: string) {
  return db
    .select({
      operatingCostsDistribution: operatingCostsDistributions.operatingCostsDistribution,
      statusChangedOn: sql<string>`to_char(${operatingCostsDistributions.statusChangedAt} at time zone 'UTC', 'YYYY-MM-DD')`,
    })
    .from(operatingCostsDistributions)
    .where(eq(operatingCostsDistributions.operatingCostsDistributionStatus, status))
    .orderBy(asc(operatingCostsDistributions.operatingCostsDistribution))
}

/**
 * The names of the cost types in the catalogue of the distribution's product and version, any
 * period: a line of an older period keeps its name.
 */
export async function costTypeNames(
  db: Executor,
  distribution: { companyCode: string; product: string; productVersion: string },
): Promise<Map<string, string>> {
  const rows = await db
    .select({ key: valueListEntries.key, name: valueListEntries.name })
    .from(valueListEntries)
    .where(
      and(
        eq(valueListEntries.companyCode, distribution.companyCode),
        eq(valueListEntries.product, distribution.product),
        eq(valueListEntries.productVersion, distribution.productVersion),
        eq(valueListEntries.obj, 'TARIF'),
      ),
    )
    // the newest period's name wins
    .orderBy(asc(valueListEntries.validFrom), asc(valueListEntries.id))
  return new Map(rows.map((row) => [row.key, row.name]))
}
