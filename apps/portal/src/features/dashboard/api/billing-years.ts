import { ERROR, type DistributionStatus, type OperatingCostsSummary } from '@portal/domain'
import { useQuery } from '@tanstack/react-query'
import { searchAll } from '../../lib/queries'

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

/** The distributions of the last billing years, over every property the user sees. */
export function useBillingYears() {
  const since = `${new Date().getFullYear() - SHOWN_YEARS}-01-01`
  return useQuery({
    queryKey: ['distributions', 'billing-years', since],
    queryFn: async () =>
      billingYears(
        await searchAll<OperatingCostsSummary>(
          'operating-costs',
          [{ property: 'until', type: 'ge', value: since }],
          ERROR.distributionSearch,
        ),
      ).slice(0, SHOWN_YEARS),
  })
}
