import {
  comparePreviousYear,
  DEFAULT_PLAUSIBILITY_THRESHOLD_PERCENT,
  previousDistributionOf,
  type LinesByList,
  type OperatingCosts,
  type OperatingCostsSummary,
  type PlausibilityReport,
} from '@portal/domain'
import { useMemo } from 'react'
import { useCustomer } from '../../../lib/customer'
import { useOperatingCosts } from './operating-costs'

export const linesOf = (costs: OperatingCosts): LinesByList => ({
  heating: costs.operatingCostsHeatingExpense,
  working: costs.operatingCostsWorkingExpense,
})

export type PreviousYear = {
  /** The previous distribution of the property with its lines; undefined when there is none. */
  previous: OperatingCosts | undefined
  /** This year against the previous one; every type `new` while there is none. */
  report: PlausibilityReport | undefined
  loading: boolean
}

/**
 * Decision 031: the distribution's costs against the property's previous distribution, with the
 * customer's threshold (docs/decisions/031).
 */
export function usePreviousYear(
  costs: OperatingCosts | undefined,
  distributions: readonly OperatingCostsSummary[] | undefined,
): PreviousYear {
  const { config } = useCustomer()
  const threshold = config.plausibilityThresholdPercent ?? DEFAULT_PLAUSIBILITY_THRESHOLD_PERCENT
  const previousId = costs
    ? previousDistributionOf(distributions ?? [], costs)?.operatingCostsDistribution
    : undefined
  const previous = useOperatingCosts(previousId)
  const report = useMemo(
    () =>
      costs &&
      comparePreviousYear(linesOf(costs), previous.data ? linesOf(previous.data) : null, threshold),
    [costs, previous.data, threshold],
  )
  return {
    previous: previous.data,
    report,
    loading: previousId !== undefined && previous.isPending,
  }
}
