import {
  EXPENSE_LIST_FIELDS,
  EXPENSE_OBJECT_TYPES,
  isVisibleExpense,
  type Expense,
  type OperatingCosts,
} from '@portal/domain'
import { useQueries } from '@tanstack/react-query'
import { valueListQuery, valueListRequest, type ExpenseKind } from './operating-costs'

const KINDS: readonly ExpenseKind[] = ['heating', 'working']

/** The key of a relation's name: the object type and the related record's key. */
export const relationKey = (object: string, ref: string) => `${object}\u0000${ref}`

/** A line the table shows with a related record. */
const hasRelation = (e: Expense): e is Expense & { object: string; allocationRef: string } =>
  isVisibleExpense(e) &&
  Boolean(e.allocationRef) &&
  e.object !== null &&
  Object.hasOwn(EXPENSE_OBJECT_TYPES, e.object)

/**
 * §3 cost line relations: the readable names of the records the lines are allocated to, from the
 * §7 value list of the distribution (the one the entry dialog offers, scoped by the server to what
 * the user sees). One request per list and object type in use, however many lines there are; the
 * dialog reuses the answers. Keyed by `relationKey(object, allocationRef)` (docs/decisions/012).
 */
export function useRelationNames(costs: OperatingCosts | undefined): Map<string, string> {
  const queries = costs
    ? KINDS.flatMap((kind) =>
        [...new Set(costs[EXPENSE_LIST_FIELDS[kind]].filter(hasRelation).map((e) => e.object))]
          .sort()
          .map((object) => valueListQuery(valueListRequest(costs, kind, { OBJECT: object }))),
      )
    : []
  const results = useQueries({ queries })
  const names = new Map<string, string>()
  for (const result of results) {
    for (const entry of result.data ?? []) {
      const key = relationKey(entry.obj, entry.key)
      if (!names.has(key)) names.set(key, entry.name)
    }
  }
  return names
}
