import {
  ERROR,
  OperatingCostsSummarySchema,
  type DistributionStatus,
  type OperatingCostsSummary,
} from '@portal/domain'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { searchAnswer, type Answer } from '../../../lib/api-query'
import { dataKeys } from '../../../lib/data-keys'

/** Below every list of distributions: a change of a distribution makes it stale. */
export const dashboardKeys = {
  billingYears: (since: string) => [...dataKeys.distributions, 'billing-years', since] as const,
}

/** What a billing year's cost entry has come to, over the user's properties (§4 status codes). */
export type BillingYearState = 'open' | 'released' | 'recorded' | 'closed'

export type BillingYear = { year: string; state: BillingYearState }

/** The state a year shows: the first of these its distributions are in (open before released …). */
const STATES: readonly [BillingYearState, readonly DistributionStatus[]][] = [
  ['open', ['O']],
  ['released', ['F']],
  ['recorded', ['E', 'V']],
  ['closed', ['G', 'S']],
]

/** A calendar billing year by its number; one across the turn of a year as "2023/2024". */
const yearOf = ({ from, until }: Pick<OperatingCostsSummary, 'from' | 'until'>) => {
  const [first, last] = [from.slice(0, 4), until.slice(0, 4)]
  return first === last ? first : `${first}/${last}`
}

/**
 * Decision 045: the billing years of the user's distributions, newest first, each with the state
 * that matters most for what to do: open for entry while any property's distribution is, then
 * released (to review), recorded or distributed (with the provider), else closed.
 */
export function billingYears(
  distributions: readonly Pick<
    OperatingCostsSummary,
    'from' | 'until' | 'operatingCostsDistributionStatus'
  >[],
): BillingYear[] {
  const statuses = new Map<string, Set<string>>()
  for (const d of distributions) {
    const year = yearOf(d)
    statuses.set(year, (statuses.get(year) ?? new Set()).add(d.operatingCostsDistributionStatus))
  }
  return [...statuses]
    .sort(([a], [b]) => b.localeCompare(a))
    .map(([year, inYear]) => ({
      year,
      state: STATES.find(([, codes]) => codes.some((code) => inYear.has(code)))?.[0] ?? 'closed',
    }))
}

/** How many billing years the dashboard speaks of: the running one and the one before. */
const SHOWN_YEARS = 2

const shownYears = (answer: Answer<OperatingCostsSummary[]>) =>
  billingYears(answer.data).slice(0, SHOWN_YEARS)

/** The distributions of the last billing years, over every property the user sees. */
export const billingYearsQuery = (since: string) =>
  queryOptions({
    queryKey: dashboardKeys.billingYears(since),
    queryFn: (context) =>
      searchAnswer(
        context,
        'operating-costs',
        [{ property: 'until', type: 'ge', value: since }],
        OperatingCostsSummarySchema,
        ERROR.distributionSearch,
      ),
    select: shownYears,
  })

export const useBillingYears = () =>
  useQuery(billingYearsQuery(`${new Date().getFullYear() - SHOWN_YEARS}-01-01`))
