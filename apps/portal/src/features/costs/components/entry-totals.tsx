import Table from '@mui/material/Table'
import { expenseTotals, isVisibleExpense, type OperatingCosts } from '@portal/domain'
import { useTranslation } from 'react-i18next'
import { AmountRows } from './column-heads'
import '../locales'

/**
 * §4 'Kosten erfasst': the sums the user confirms, amount and apportionable amount of the heating
 * and the operating costs and overall, over the visible expenses (§5) as the header counts them.
 */
export function EntryTotals({ costs }: { costs: OperatingCosts }) {
  const { t } = useTranslation()
  const heating = costs.operatingCostsHeatingExpense.filter(isVisibleExpense)
  const working = costs.operatingCostsWorkingExpense.filter(isVisibleExpense)
  const row = (name: string, expenses: typeof heating, total = false) => {
    const totals = expenseTotals(expenses)
    return [name, totals.amountTransactionCurrency, totals.apportionableAmount, total] as const
  }
  const rows = [
    row(t('costs.heatingCaption'), heating),
    row(t('costs.workingCaption'), working),
    row(t('costs.finalize.totals.total'), [...heating, ...working], true),
  ]
  return (
    <Table
      size="small"
      sx={{
        mt: 2,
        '& caption': { captionSide: 'top', px: 0, pt: 0, color: 'text.primary' },
        '& .entry-total > *': { fontWeight: 'bold' },
        // on a phone the three columns fit the dialog: narrower gaps, amounts kept on one line
        '& th, & td': { px: { xs: 1, sm: 2 } },
        '& td': { whiteSpace: 'nowrap' },
      }}
    >
      <caption>{t('costs.finalize.totals.caption')}</caption>
      <AmountRows
        labels={[
          t('costs.finalize.totals.list'),
          t('costs.finalize.totals.gross'),
          t('costs.finalize.totals.apportionable'),
        ]}
        rows={rows}
      />
    </Table>
  )
}
