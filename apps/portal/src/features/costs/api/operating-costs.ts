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
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { apiRequest, downloadFile, SEARCH_ALL } from '../../../lib/api-client'
import { useIdempotentMutation } from '../../../lib/idempotent-mutation'
import { followPages, getRecord, searchWhere } from '../../../lib/queries'

export type ExpenseKind = ExpenseType

const distributionPath = (id: string) => `operating-costs/${encodeURIComponent(id)}`

/** §5: the distributions of the property that end within the last three years, newest first. */
export function useDistributions(connection: string) {
  return useQuery({
    queryKey: ['distributions', connection],
    queryFn: async () =>
      selectDistributions(
        await searchWhere<OperatingCostsSummary>(
          'operating-costs',
          'connection',
          connection,
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

/** §7: one expense list of a distribution, every page of it (`next` followed). */
export function useExpenseList(id: string | undefined, kind: ExpenseKind) {
  const field = EXPENSE_LIST_FIELDS[kind]
  return useQuery({
    queryKey: ['operating-costs', id, 'expenses', kind],
    enabled: Boolean(id),
    queryFn: () =>
      followPages<Record<typeof field, Expense[]> & { next: string | null }, Expense>(
        `/api/persistence/${distributionPath(id!)}/${kind}-expenses`,
        {},
        ERROR.operatingCosts,
        (answer) => answer[field],
      ),
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

/** Saves the PDF receipt of a decision in the history (its entry's place in the audit chain). */
export function downloadReceipt(id: string, sequence: number): Promise<void> {
  return downloadFile(
    `/api/persistence/${distributionPath(id)}/history/${sequence}/receipt`,
    `Beleg ${id} Eintrag ${sequence}.pdf`,
    ERROR.fileDownload,
  )
}

type ValueListEntry = { key: string; obj: string; name: string }

const VALUE_LIST_TABLES = { heating: 'tb_uti_bkosten_h', working: 'tb_uti_bkosten_b' } as const

/** §7 value-list request of a distribution's list, with the head data the entry dialog sends. */
export function valueListRequest(
  costs: OperatingCosts,
  kind: ExpenseKind,
  line: ValueListRequest['line_data'],
): ValueListRequest {
  return {
    table_name: VALUE_LIST_TABLES[kind],
    field_name: 'SCHLUESSEL',
    head_data: {
      BKOSTEN: costs.operatingCostsDistribution,
      ANSCHLUSS: costs.connection,
      BUCHKREIS: costs.companyCode,
      PARTNER: costs.businessPartner,
      PRODUKT: costs.product,
      PRODVERSION: costs.productVersion,
      AB: costs.from,
      BIS: costs.until,
    },
    line_data: line,
  }
}

/** §7 value list: cost types, allocation keys, objects and relations (error 114). */
export function valueListQuery(request: ValueListRequest | null) {
  return {
    queryKey: ['value-list', request],
    enabled: request !== null,
    staleTime: 10 * 60_000,
    queryFn: () =>
      apiRequest<{ data: { data: ValueListEntry[] } }>(
        `/api/processes/system/value-list${SEARCH_ALL}`,
        { body: request, errorCode: ERROR.allocationKeys },
      ).then((answer) => answer.data.data),
  }
}

export function useValueList(request: ValueListRequest | null) {
  return useQuery(valueListQuery(request))
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
  return useIdempotentMutation({
    mutationFn: (
      {
        kind,
        guid,
        version,
        input,
      }: {
        kind: ExpenseKind
        guid?: string
        version?: number
        /** A new line whole; a change only with the fields it changes. */
        input: ExpenseInput | Partial<ExpenseInput>
      },
      idempotencyKey,
    ) =>
      guid
        ? apiRequest<Expense>(
            `/api/persistence/${distributionPath(id)}/${kind}-expenses/${encodeURIComponent(guid)}`,
            {
              method: 'PATCH',
              body: { ...input, version },
              errorCode: ERROR.expenseUpdate,
              idempotencyKey,
            },
          )
        : apiRequest<unknown>(`/api/persistence/${distributionPath(id)}/${kind}-expenses`, {
            body: { [EXPENSE_LIST_FIELDS[kind]]: [input] },
            errorCode: ERROR.expenseAdd,
            idempotencyKey,
          }),
    onSettled: refresh,
  })
}

/**
 * Decision 031, "Vorjahreswerte übernehmen": new lines of both lists in one user action, one request
 * per list; the action's key names both, so that a retry repeats neither.
 */
export function useAddExpenses(id: string) {
  const refresh = useRefresh(id)
  return useIdempotentMutation({
    mutationFn: async (lines: Record<ExpenseKind, ExpenseInput[]>, idempotencyKey) => {
      for (const kind of ['heating', 'working'] as const) {
        if (lines[kind].length === 0) continue
        await apiRequest<unknown>(`/api/persistence/${distributionPath(id)}/${kind}-expenses`, {
          body: { [EXPENSE_LIST_FIELDS[kind]]: lines[kind] },
          errorCode: ERROR.expenseAdd,
          idempotencyKey: `${idempotencyKey}-${kind}`,
        })
      }
    },
    onSettled: refresh,
  })
}

export function useDeleteExpense(id: string) {
  const refresh = useRefresh(id)
  return useIdempotentMutation({
    mutationFn: ({ kind, guid }: { kind: ExpenseKind; guid: string }, idempotencyKey) =>
      apiRequest<void>(
        `/api/persistence/${distributionPath(id)}/${kind}-expenses/${encodeURIComponent(guid)}`,
        { method: 'DELETE', errorCode: ERROR.expenseDelete, idempotencyKey },
      ),
    onSettled: refresh,
  })
}

/**
 * A step of the distribution's workflow (§4, `/api/processes/operating-costs/…`): the request names
 * the distribution and carries the step's decision, if any.
 */
function useWorkflowStep<Decision extends object | void>(
  id: string,
  step: 'entry-finalization' | 'distribution-approval',
  errorCode: number,
) {
  const refresh = useRefresh(id)
  return useIdempotentMutation({
    mutationFn: (decision: Decision, idempotencyKey) =>
      apiRequest<{ successMessage: string }>(`/api/processes/operating-costs/${step}`, {
        body: { operatingCostsDistribution: id, ...decision },
        errorCode,
        idempotencyKey,
      }),
    onSettled: refresh,
  })
}

export const useFinalizeEntry = (id: string) =>
  useWorkflowStep<void>(id, 'entry-finalization', ERROR.entryFinalization)

export const useApproveDistribution = (id: string) =>
  useWorkflowStep<{ approved: boolean; reason?: string }>(
    id,
    'distribution-approval',
    ERROR.distributionApproval,
  )
