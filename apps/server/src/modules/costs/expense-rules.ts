/**
 * What every expense change checks on the server (ARCHITECTURE 3.2), whatever the client did:
 * the distribution is visible (404) and open (409); the line is within the distribution period,
 * its CO2 amounts are negative, only a credit has negative amounts, a landlord's CO2 line matches
 * the CO2 split (or says why not), and its cost type, key, object type and relation are offered by
 * the value lists of the distribution (400).
 */
import {
  co2AmountViolation,
  EXPENSE_PERIOD_ORDER_MESSAGE,
  formatAmount,
  isCo2CostType,
  expenseAmountViolations,
  fuelQuantityViolation,
  expensePeriodViolation,
  isOpenForEntry,
  isProviderExpense,
  negativeAmountViolations,
  SERVICE_FEE_READ_ONLY_MESSAGE,
  SUPPLY_AREAS,
  type ExpenseAmountFields,
  type ExpenseType,
} from '@portal/domain'
import { badRequest, conflict, forbidden, notFound } from '../../platform/http-errors'
import { writeAudit } from '../../platform/persistence/audit'
import type { Executor } from '../../platform/persistence/database'
import { inTransaction } from '../../platform/persistence/transaction'
import {
  EXPENSE_ENTITY,
  findVisibleDistribution,
  findVisibleDistributionLine,
  type DistributionRow,
  type ExpenseRow,
} from './repositories/operating-costs'
import type { SessionUser } from '../../platform/persistence/scope'
import { DISTRIBUTION_NOT_FOUND_MESSAGE } from './distribution-status'
import { co2LineDiffersMessage, co2LineMismatch } from './co2-split-figures'
import { costTypes, keysAndObjects, relations, VALUE_LIST_TABLE_OF } from './value-list'

export const EXPENSE_ADDED = 'EXPENSE_ADDED'
export const EXPENSE_UPDATED = 'EXPENSE_UPDATED'
export const EXPENSE_DELETED = 'EXPENSE_DELETED'

export const DISTRIBUTION_NOT_OPEN_MESSAGE =
  'Die Kostenerfassung für diese Verteilung ist abgeschlossen.'
export const EXPENSE_NOT_FOUND_MESSAGE = 'Die Kostenzeile wurde nicht gefunden.'

/** 409 for a change of a distribution whose cost entry is closed. */
function assertOpenForEntry(row: DistributionRow): DistributionRow {
  if (!isOpenForEntry(row.operatingCostsDistributionStatus)) {
    throw conflict(DISTRIBUTION_NOT_OPEN_MESSAGE, 'DISTRIBUTION_NOT_OPEN')
  }
  return row
}

/** Locks the distribution of an expense change: 404 when invisible, 409 when not open. */
export async function lockOpenDistribution(
  tx: Executor,
  user: SessionUser,
  id: string,
): Promise<DistributionRow> {
  const row = await findVisibleDistribution(tx, user, id, { forUpdate: true })
  if (!row) throw notFound(DISTRIBUTION_NOT_FOUND_MESSAGE)
  return assertOpenForEntry(row)
}

/** Runs a change of a distribution's expenses in one transaction, the distribution locked and open. */
export function changeOpenDistribution<Result>(
  db: Executor,
  user: SessionUser,
  id: string,
  change: (tx: Executor, row: DistributionRow) => Promise<Result>,
): Promise<Result> {
  return inTransaction(db, async (tx) => change(tx, await lockOpenDistribution(tx, user, id)))
}

/** A stored expense line: its distribution, its list and its id. */
export interface ExpenseLineRef {
  distribution: string
  kind: ExpenseType
  guid: string
}

/**
 * The same for a change of one stored line, which `change` gets too: the distribution locked and
 * the line read in one statement; 404 when the list lacks the line, before the 409 of a closed
 * distribution (as the route's check before the body answers).
 */
export function changeExpenseLine<Result>(
  db: Executor,
  user: SessionUser,
  line: ExpenseLineRef,
  change: (tx: Executor, row: DistributionRow, existing: ExpenseRow) => Promise<Result>,
): Promise<Result> {
  return inTransaction(db, async (tx) => {
    const found = await findVisibleDistributionLine(
      tx,
      user,
      line.distribution,
      line.kind,
      line.guid,
      { forUpdate: true },
    )
    if (!found) throw notFound(DISTRIBUTION_NOT_FOUND_MESSAGE)
    if (!found.line) throw notFound(EXPENSE_NOT_FOUND_MESSAGE)
    return change(tx, assertOpenForEntry(found.distribution), found.line)
  })
}

/**
 * Audits a change of an expense line of the distribution: the line's fields before and after,
 * each after the distribution and the list it belongs to.
 */
export async function auditExpense(
  tx: Executor,
  user: SessionUser,
  row: DistributionRow,
  change: { action: string; kind: ExpenseType; guid: string; before?: object; after?: object },
): Promise<void> {
  const { action, kind, guid } = change
  const document = (fields: object | undefined) =>
    fields && { operatingCostsDistribution: row.operatingCostsDistribution, kind, ...fields }
  await writeAudit(tx, {
    userName: user.userName,
    companyCode: row.companyCode,
    action,
    entity: EXPENSE_ENTITY,
    entityKey: guid,
    before: document(change.before),
    after: document(change.after),
  })
}

export interface CheckedLine extends ExpenseAmountFields {
  tariffComponent: string
  quantity?: string | null | undefined
  object: string | null
  key: string | null
  allocationRef: string | null
  from: string | null
  until: string | null
  /** The stored line's id, for a change. */
  guid?: string
  /** Why a landlord's CO2 line differs from the split (decision 032). */
  co2DeviationReason?: string | null | undefined
}

/** §6: the 403 for any user change that would add, alter or delete the service flat fee. */
export const serviceFeeReadOnly = () =>
  forbidden(SERVICE_FEE_READ_ONLY_MESSAGE, 'SERVICE_FEE_READ_ONLY')

/**
 * Checks a whole line (a new one, or an existing one with the change applied); `changed` names
 * the fields the request sets, so that catalogue checks apply to what the user chose. `fieldPath`
 * turns a line's field into its path in the request body, for the answer's `field`.
 * Answers the supply area of the cost type.
 */
export async function checkExpenseLine(
  tx: Executor,
  user: SessionUser,
  distribution: DistributionRow,
  kind: ExpenseType,
  line: CheckedLine,
  changed: ReadonlySet<string>,
  fieldPath: (field: string) => string = (field) => field,
): Promise<string | null> {
  const invalid = (detail: string, field: string) =>
    badRequest(detail, 'EXPENSE_INVALID', fieldPath(field))
  if (isProviderExpense(line)) throw serviceFeeReadOnly()
  const period = expensePeriodViolation(line, distribution)
  if (period) {
    const field =
      period !== EXPENSE_PERIOD_ORDER_MESSAGE && line.from && line.from < distribution.from
        ? 'from'
        : 'until'
    throw invalid(period, field)
  }
  for (const field of ['amountTransactionCurrency', 'apportionableAmount'] as const) {
    const message = co2AmountViolation(line.tariffComponent, line[field])
    if (message) throw invalid(message, field)
  }
  const [negative] = negativeAmountViolations(line)
  if (negative) throw invalid(negative.message, negative.field)
  const [implausible] = expenseAmountViolations(line)
  if (implausible) throw invalid(implausible.message, implausible.field)
  const fuel = fuelQuantityViolation(line)
  if (fuel) throw invalid(fuel, 'quantity')
  const table = VALUE_LIST_TABLE_OF[kind]
  const mustCheck = (...fields: string[]) => fields.some((field) => changed.has(field))
  if (mustCheck('tariffComponent')) {
    const offered = await costTypes(tx, distribution, table)
    if (!offered.some((entry) => entry.key === line.tariffComponent)) {
      throw invalid(
        `Die Kostenart ${line.tariffComponent} ist für diese Verteilung nicht vorgesehen.`,
        'tariffComponent',
      )
    }
  }
  if (mustCheck('tariffComponent', 'key', 'object')) {
    const offered = await keysAndObjects(tx, distribution, table, line.tariffComponent)
    if (!offered.some((entry) => entry.obj === 'SCHLUESSEL' && entry.key === line.key)) {
      throw invalid(`Der Verteilerschlüssel ${line.key ?? ''} passt nicht zur Kostenart.`, 'key')
    }
    if (!offered.some((entry) => entry.obj === 'OBJEKT' && entry.key === line.object)) {
      throw invalid(
        `Das Objekt ${line.object ?? ''} ist für diese Kostenart nicht vorgesehen.`,
        'object',
      )
    }
  }
  if (mustCheck('object', 'allocationRef') && line.object) {
    const offered = await relations(tx, user, distribution, table, line.object)
    if (!offered.some((entry) => entry.key === line.allocationRef)) {
      throw invalid(
        'Die Zuordnung gehört nicht zur Liegenschaft dieser Verteilung.',
        'allocationRef',
      )
    }
  }
  if (
    kind === 'heating' &&
    isCo2CostType(line.tariffComponent) &&
    mustCheck('tariffComponent', 'amountTransactionCurrency') &&
    !line.co2DeviationReason
  ) {
    const expected = await co2LineMismatch(
      tx,
      distribution,
      line.amountTransactionCurrency ?? null,
      line.guid ?? null,
    )
    if (expected !== null) {
      throw badRequest(
        co2LineDiffersMessage(formatAmount(expected)),
        'CO2_LINE_DIFFERS',
        fieldPath('amountTransactionCurrency'),
      )
    }
  }
  return supplyAreaOf(line.tariffComponent)
}

/** VERSBEREICH from the cost type's prefix (HK_…, NK_…, SK_…, BK_…). */
export function supplyAreaOf(tariffComponent: string): string | null {
  const prefix = tariffComponent.split('_')[0] ?? ''
  return Object.hasOwn(SUPPLY_AREAS, prefix) ? prefix : null
}
