import Alert from '@mui/material/Alert'
import Typography from '@mui/material/Typography'
import {
  formatAmount,
  formatChangePercent,
  isImplausible,
  isVisibleExpense,
  parseGermanDecimal,
  sumAmounts,
  yearOnYearChange,
  type Expense,
  type OperatingCosts,
  type PlausibilityReport,
} from '@portal/domain'
import { useTranslation } from 'react-i18next'
import type { ExpenseKind } from '../api/operating-costs'
import '../locales'

/**
 * Decision 031, at entry: last year's amount of the chosen cost type and what this year's lines of the
 * type come to with the typed amount; beyond the threshold a warning that does not block saving.
 */
export function PreviousYearHint({
  report,
  costs,
  kind,
  tariffComponent,
  amount,
  editing,
}: {
  report: PlausibilityReport
  costs: OperatingCosts
  kind: ExpenseKind
  tariffComponent: string
  amount: string
  /** The line being edited: its stored amount is replaced by the typed one. */
  editing?: Expense
}) {
  const { t } = useTranslation()
  const previous = report.costTypes.find(
    (c) => c.list === kind && c.tariffComponent === tariffComponent,
  )?.previous
  if (!tariffComponent || previous === null || previous === undefined) return null
  const lines =
    kind === 'heating' ? costs.operatingCostsHeatingExpense : costs.operatingCostsWorkingExpense
  const others = lines.filter(
    (line) =>
      isVisibleExpense(line) &&
      line.tariffComponent === tariffComponent &&
      line.guid !== editing?.guid,
  )
  const typed = parseGermanDecimal(amount.trim())
  if (typed === null) {
    return (
      <Typography variant="body2">
        {t('costs.previousYear.entryHintPrevious', { previous: formatAmount(previous) })}
      </Typography>
    )
  }
  const projected = sumAmounts([...others.map((line) => line.amountTransactionCurrency), typed])
  const change = yearOnYearChange(previous, projected)
  return (
    <>
      <Typography variant="body2">
        {t('costs.previousYear.entryHint', {
          previous: formatAmount(previous),
          current: formatAmount(projected),
          percent:
            change.kind === 'change'
              ? formatChangePercent(change.percent)
              : t(`costs.previousYear.change.${change.kind}`),
        })}
      </Typography>
      <div role="status">
        {isImplausible(change, report.thresholdPercent) && (
          <Alert severity="warning" sx={{ mt: 1 }}>
            {t('costs.previousYear.entryWarning', { threshold: report.thresholdPercent })}
          </Alert>
        )}
      </div>
    </>
  )
}
