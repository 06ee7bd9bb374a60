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
const relationKey = (object: string, ref: string) => `${object}\u0000${ref}`

/** A line the table shows with a related record. */
const hasRelation = (e: Expense): e is Expense & { object: string; allocationRef: string } =>
  isVisibleExpense(e) &&
  Boolean(e.allocationRef) &&
  e.object !== null &&
  Object.hasOwn(EXPENSE_OBJECT_TYPES, e.object)

/**
 * The related record of a line by name: `null` while the names of its object type are loading (the
 * table shows a placeholder, never the raw key), the key itself when the list has no name for it.
 */
export type RelationNames = {
  nameOf: (object: string, ref: string) => string | null
}

/**
 * §3 cost line relations: the readable names of the records the lines are allocated to, from the
 * §7 value list of the distribution (the one the entry dialog offers, scoped by the server to what
 * the user sees). One request per list and object type in use, however many lines there are; the
 * dialog reuses the answers (docs/decisions/012).
 */
export function useRelationNames(costs: OperatingCosts | undefined): RelationNames {
  const requested = costs
    ? KINDS.flatMap((kind) =>
        [...new Set(costs[EXPENSE_LIST_FIELDS[kind]].filter(hasRelation).map((e) => e.object))]
          .sort()
          .map((object) => ({
            object,
            query: valueListQuery(valueListRequest(costs, kind, { OBJECT: object })),
          })),
      )
    : []
  const results = useQueries({ queries: requested.map(({ query }) => query) })
  const names = new Map<string, string>()
  const loading = new Set<string>()
  results.forEach((result, index) => {
    if (result.isPending) loading.add(requested[index]!.object)
    for (const entry of result.data ?? []) {
      const key = relationKey(entry.obj, entry.key)
      if (!names.has(key)) names.set(key, entry.name)
    }
  })
  return {
    nameOf: (object, ref) =>
      names.get(relationKey(object, ref)) ?? (loading.has(object) ? null : ref),
  }
}
