import Alert from '@mui/material/Alert'
import {
  DISTRIBUTION_STATUS,
  expenseTotals,
  formatAmount,
  formatDate,
  isVisibleExpense,
  label,
  sumAmounts,
  type OperatingCosts,
} from '@portal/domain'
import { useTranslation } from 'react-i18next'
import { DescriptionList } from '../../../components/description-list'
import { CostsSection } from './costs-section'
import '../locales'

/**
 * §3 header totals: sums over the (visible) expenses, with a decimal comma and EUR; §4: the latest
 * decline since the status last changed, with its reason.
 */
export function CostAllocationHeader({ costs }: { costs: OperatingCosts }) {
  const { t } = useTranslation()
  const expenses = [
    ...costs.operatingCostsHeatingExpense,
    ...costs.operatingCostsWorkingExpense,
  ].filter(isVisibleExpense)
  const totals = expenseTotals(expenses)
  const decline = costs.lastDecline
  return (
    <CostsSection id="costs-header-title" title={t('costs.header.title')}>
      <DescriptionList
        items={[
          {
            term: t('costs.header.period'),
            description: `${formatDate(costs.from)} – ${formatDate(costs.until)}`,
          },
          {
            term: t('costs.header.status'),
            description: label(DISTRIBUTION_STATUS, costs.operatingCostsDistributionStatus),
          },
          {
            term: t('costs.header.gross'),
            description: formatAmount(totals.amountTransactionCurrency),
          },
          {
            term: t('costs.header.apportionable'),
            description: formatAmount(totals.apportionableAmount),
          },
          {
            term: t('costs.header.deductible'),
            description: formatAmount(totals.deductibleAmount),
          },
          {
            term: t('costs.header.apportionableAll'),
            description: formatAmount(sumAmounts(expenses.map((e) => e.amountNetApportionable))),
          },
        ]}
      />
      {decline && (
        <Alert severity="warning" role="note" sx={{ mt: 2 }}>
          {t('costs.header.declined', {
            date: formatDate(decline.at),
            user: decline.name,
            reason: decline.reason,
          })}
        </Alert>
      )}
    </CostsSection>
  )
}
