import {
  ERROR,
  EXPENSE_LIST_FIELDS,
  selectDistributions,
  toIsoDate,
  type Expense,
  type ExpenseType,
  type ExpenseInput,
  ExpenseSchema,
  HeatingExpensesSchema,
  SuccessMessageSchema,
  HistorySchema,
  OperatingCostsSchema,
  OperatingCostsSummarySchema,
  ValueListAnswerSchema,
  WorkingExpensesSchema,
  type History,
  type HistoryEntry,
  type OperatingCosts,
  type OperatingCostsSummary,
  type ValueListAnswer,
  type ValueListRequest,
} from '@portal/domain'
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { apiRequest, downloadFile, SEARCH_ALL } from '../../../lib/api-client'
import {
  dataOf,
  eq,
  parseAnswer,
  readAnswer,
  readPages,
  searchAnswer,
  type Answer,
} from '../../../lib/api-query'
import { dataKeys } from '../../../lib/data-keys'
import { useIdempotentMutation } from '../../../lib/idempotent-mutation'

export type ExpenseKind = ExpenseType

const distributionPath = (id: string) => `operating-costs/${encodeURIComponent(id)}`

/** The keys of the cost entry's reads; everything of a distribution lies below its own key. */
export const costKeys = {
  distributions: (connection: string) => [...dataKeys.distributions, connection] as const,
  detail: (id: string) => dataKeys.distribution(id),
  expenses: (id: string, kind: ExpenseKind) =>
    [...dataKeys.distribution(id), 'expenses', kind] as const,
  history: (id: string) => [...dataKeys.distribution(id), 'history'] as const,
  co2Split: (id: string) => [...dataKeys.distribution(id), 'co2-split'] as const,
  valueLists: ['value-list'] as const,
  valueList: (request: ValueListRequest | null) => [...costKeys.valueLists, request] as const,
}

/** §5: the distributions that end within the last three years, newest first (today's rule). */
const currentDistributions = (answer: Answer<OperatingCostsSummary[]>) =>
  selectDistributions(answer.data, toIsoDate(new Date()))

/** §5: the distributions of the property that end within the last three years, newest first. */
export const distributionsQuery = (connection: string) =>
  queryOptions({
    queryKey: costKeys.distributions(connection),
    queryFn: (context) =>
      searchAnswer(
        context,
        'operating-costs',
        [eq('connection', connection)],
        OperatingCostsSummarySchema,
        ERROR.distributionSearch,
      ),
    select: currentDistributions,
  })

export const useDistributions = (connection: string) => useQuery(distributionsQuery(connection))

export const operatingCostsQuery = (id: string) =>
  queryOptions({
    queryKey: costKeys.detail(id),
    queryFn: (context) =>
      readAnswer(context, `/api/persistence/${distributionPath(id)}`, OperatingCostsSchema, {
        errorCode: ERROR.operatingCosts,
      }),
    select: dataOf,
  })

export const useOperatingCosts = (id: string | undefined) =>
  useQuery({ ...operatingCostsQuery(id ?? ''), enabled: Boolean(id) })

/** Pages of the expense lists: the lines under the list's field, and where the next page starts. */
const HEATING_PAGE = HeatingExpensesSchema.extend({ next: z.string().nullish() })
const WORKING_PAGE = WorkingExpensesSchema.extend({ next: z.string().nullish() })

/** §7: one expense list of a distribution, every page of it (`next` followed). */
export const expenseListQuery = (id: string, kind: ExpenseKind) =>
  queryOptions({
    queryKey: costKeys.expenses(id, kind),
    queryFn: (context): Promise<Answer<Expense[]>> => {
      const path = `/api/persistence/${distributionPath(id)}/${kind}-expenses`
      return kind === 'heating'
        ? readPages(
            context,
            path,
            {},
            HEATING_PAGE,
            (page) => page.operatingCostsHeatingExpense,
            ERROR.operatingCosts,
          )
        : readPages(
            context,
            path,
            {},
            WORKING_PAGE,
            (page) => page.operatingCostsWorkingExpense,
            ERROR.operatingCosts,
          )
    },
    select: dataOf,
  })

export const useExpenseList = (id: string | undefined, kind: ExpenseKind) =>
  useQuery({ ...expenseListQuery(id ?? '', kind), enabled: Boolean(id) })

const historyItems = (answer: Answer<History>): HistoryEntry[] => answer.data.items

export const historyQuery = (id: string) =>
  queryOptions({
    queryKey: costKeys.history(id),
    queryFn: (context) =>
      readAnswer(context, `/api/persistence/${distributionPath(id)}/history`, HistorySchema, {
        errorCode: ERROR.operatingCosts,
      }),
    select: historyItems,
  })

export const useHistory = (id: string | undefined) =>
  useQuery({ ...historyQuery(id ?? ''), enabled: Boolean(id) })

/** Saves the PDF receipt of a decision in the history (its entry's place in the audit chain). */
export function downloadReceipt(id: string, sequence: number): Promise<void> {
  return downloadFile(
    `/api/persistence/${distributionPath(id)}/history/${sequence}/receipt`,
    `Beleg ${id} Eintrag ${sequence}.pdf`,
    ERROR.fileDownload,
  )
}

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

const valueListEntries = (answer: Answer<ValueListAnswer>) => answer.data.data.data

/** §7 value list: cost types, allocation keys, objects and relations (error 114). */
export const valueListQuery = (request: ValueListRequest | null) =>
  queryOptions({
    queryKey: costKeys.valueList(request),
    enabled: request !== null,
    staleTime: 10 * 60_000,
    queryFn: (context) =>
      readAnswer(context, `/api/processes/system/value-list${SEARCH_ALL}`, ValueListAnswerSchema, {
        body: request,
        errorCode: ERROR.allocationKeys,
      }),
    select: valueListEntries,
  })

export function useValueList(request: ValueListRequest | null) {
  return useQuery(valueListQuery(request))
}

/** After any change: the distribution with all read below it, and every list of distributions. */
export function useRefresh(id: string) {
  const client = useQueryClient()
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: costKeys.detail(id) }),
      client.invalidateQueries({ queryKey: dataKeys.distributions }),
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
        ? apiRequest<unknown>(
            `/api/persistence/${distributionPath(id)}/${kind}-expenses/${encodeURIComponent(guid)}`,
            {
              method: 'PATCH',
              body: { ...input, version },
              errorCode: ERROR.expenseUpdate,
              idempotencyKey,
            },
          ).then((answer) => parseAnswer(ExpenseSchema, answer, ERROR.expenseUpdate))
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
      apiRequest<unknown>(`/api/processes/operating-costs/${step}`, {
        body: { operatingCostsDistribution: id, ...decision },
        errorCode,
        idempotencyKey,
      }).then((answer) => parseAnswer(SuccessMessageSchema, answer, errorCode)),
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
