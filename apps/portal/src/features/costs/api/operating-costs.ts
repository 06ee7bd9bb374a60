import {
  ERROR,
  EXPENSE_LIST_FIELDS,
  selectDistributions,
  toIsoDate,
  type Expense,
  type ExpenseType,
  type ExpenseInput,
  type HistoryEntry,
  type OperatingCosts,
  type OperatingCostsSummary,
  type ValueListRequest,
} from '@portal/domain'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiRequest, SEARCH_ALL } from '../../../lib/api-client'
import { eq, getRecord, searchAll } from '../../../lib/queries'

export type ExpenseKind = ExpenseType

const distributionPath = (id: string) => `operating-costs/${encodeURIComponent(id)}`

/** §5: the distributions of the property that end within the last three years, newest first. */
export function useDistributions(connection: string) {
  return useQuery({
    queryKey: ['distributions', connection],
    queryFn: async () =>
      selectDistributions(
        await searchAll<OperatingCostsSummary>(
          'operating-costs',
          [eq('connection', connection)],
          ERROR.distributionSearch,
        ),
        toIsoDate(new Date()),
      ),
  })
}

export function useOperatingCosts(id: string | undefined) {
  return useQuery({
    queryKey: ['operating-costs', id],
    enabled: Boolean(id),
    queryFn: () => getRecord<OperatingCosts>(distributionPath(id!), ERROR.operatingCosts),
  })
}

export function useHistory(id: string | undefined) {
  return useQuery({
    queryKey: ['operating-costs', id, 'history'],
    enabled: Boolean(id),
    queryFn: () =>
      getRecord<{ items: HistoryEntry[] }>(
        `${distributionPath(id!)}/history`,
        ERROR.operatingCosts,
      ).then((answer) => answer.items),
  })
}

type ValueListEntry = { key: string; obj: string; name: string }

/** §7 value list: cost types, allocation keys, objects and relations (error 114). */
export function useValueList(request: ValueListRequest | null) {
  return useQuery({
    queryKey: ['value-list', request],
    enabled: request !== null,
    staleTime: 10 * 60_000,
    queryFn: () =>
      apiRequest<{ data: { data: ValueListEntry[] } }>(
        `/api/processes/system/value-list${SEARCH_ALL}`,
        { body: request, errorCode: ERROR.allocationKeys },
      ).then((answer) => answer.data.data),
  })
}

/** After any change: the distribution, its history and the property's list are read again. */
function useRefresh(id: string) {
  const client = useQueryClient()
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['operating-costs', id] }),
      client.invalidateQueries({ queryKey: ['distributions'] }),
    ])
}

export function useSaveExpense(id: string) {
  const refresh = useRefresh(id)
  return useMutation({
    mutationFn: ({
      kind,
      guid,
      version,
      input,
    }: {
      kind: ExpenseKind
      guid?: string
      version?: number
      input: ExpenseInput
    }) =>
      guid
        ? apiRequest<Expense>(
            `/api/persistence/${distributionPath(id)}/${kind}-expenses/${encodeURIComponent(guid)}`,
            { method: 'PATCH', body: { ...input, version }, errorCode: ERROR.expenseUpdate },
          )
        : apiRequest<unknown>(`/api/persistence/${distributionPath(id)}/${kind}-expenses`, {
            body: { [EXPENSE_LIST_FIELDS[kind]]: [input] },
            errorCode: ERROR.expenseAdd,
          }),
    onSettled: refresh,
  })
}

export function useDeleteExpense(id: string) {
  const refresh = useRefresh(id)
  return useMutation({
    mutationFn: ({ kind, guid }: { kind: ExpenseKind; guid: string }) =>
      apiRequest<void>(
        `/api/persistence/${distributionPath(id)}/${kind}-expenses/${encodeURIComponent(guid)}`,
        { method: 'DELETE', errorCode: ERROR.expenseDelete },
      ),
    onSettled: refresh,
  })
}

export function useFinalizeEntry(id: string) {
  const refresh = useRefresh(id)
  return useMutation({
    mutationFn: () =>
      apiRequest<{ successMessage: string }>('/api/processes/operating-costs/entry-finalization', {
        body: { operatingCostsDistribution: id },
        errorCode: ERROR.entryFinalization,
      }),
    onSettled: refresh,
  })
}

export function useApproveDistribution(id: string) {
  const refresh = useRefresh(id)
  return useMutation({
    mutationFn: (decision: { approved: boolean; reason?: string }) =>
      apiRequest<{ successMessage: string }>(
        '/api/processes/operating-costs/distribution-approval',
        {
          body: { operatingCostsDistribution: id, ...decision },
          errorCode: ERROR.distributionApproval,
        },
      ),
    onSettled: refresh,
  })
}
