import {
  checkLandlordLine,
  isCo2CostType,
  parseGermanDecimal,
  sumAmounts,
  type Expense,
  type OperatingCosts,
} from '@portal/domain'
import { useQuery } from '@tanstack/react-query'
import { co2SplitQuery } from '../api/co2-split'
import type { ExpenseKind } from '../api/operating-costs'

/**
 * Decision 032: a landlord's CO2 line is checked against the server's split before it is sent.
 * `differs` is whether the save must give a reason: as on the server, only a new line, or a change
 * of its amount or cost type, is checked.
 */
export function useCo2Check({
  costs,
  kind,
  tariffComponent,
  grossAmount,
  initial,
  expense,
}: {
  costs: OperatingCosts
  kind: ExpenseKind
  tariffComponent: string
  grossAmount: string
  /** The values the form started with. */
  initial: { tariffComponent: string; amountTransactionCurrency: string }
  /** The line being edited. */
  expense?: Expense
}) {
  const isCo2Line = kind === 'heating' && isCo2CostType(tariffComponent)
  const split = useQuery({
    ...co2SplitQuery(costs.operatingCostsDistribution),
    enabled: isCo2Line,
  })
  const typedGross = parseGermanDecimal(grossAmount.trim())
  const check =
    isCo2Line && split.data?.landlordAmount != null && typedGross !== null
      ? checkLandlordLine(
          sumAmounts([
            ...costs.operatingCostsHeatingExpense
              .filter((line) => isCo2CostType(line.tariffComponent) && line.guid !== expense?.guid)
              .map((line) => line.amountTransactionCurrency),
            typedGross,
          ]),
          split.data.landlordAmount,
        )
      : null
  const touched =
    !expense ||
    grossAmount !== initial.amountTransactionCurrency ||
    tariffComponent !== initial.tariffComponent
  const mismatch = check !== null && !check.matches
  return { check, typedGross, mismatch, differs: touched && mismatch }
}
