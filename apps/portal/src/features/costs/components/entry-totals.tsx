import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableRow from '@mui/material/TableRow'
import { expenseTotals, formatAmount, isVisibleExpense, type OperatingCosts } from '@portal/domain'
import { useTranslation } from 'react-i18next'
import { ColumnHeads } from './column-heads'

/**
 * §4 'Kosten erfasst': the sums the user confirms, amount and apportionable amount of the heating
 * and the operating costs and overall, over the visible expenses (§5) as the header counts them.
 */
export function EntryTotals({ costs }: { costs: OperatingCosts }) {
  const { t } = useTranslation()
  const heating = costs.operatingCostsHeatingExpense.filter(isVisibleExpense)
  const working = costs.operatingCostsWorkingExpense.filter(isVisibleExpense)
  const rows = [
    { name: t('costs.heatingCaption'), totals: expenseTotals(heating), total: false },
    { name: t('costs.workingCaption'), totals: expenseTotals(working), total: false },
    {
      name: t('costs.finalize.totals.total'),
      totals: expenseTotals([...heating, ...working]),
      total: true,
    },
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
      <ColumnHeads
        columns={[
          { label: t('costs.finalize.totals.list') },
          { label: t('costs.finalize.totals.gross'), numeric: true },
          { label: t('costs.finalize.totals.apportionable'), numeric: true },
        ]}
      />
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.name} className={row.total ? 'entry-total' : undefined}>
            <TableCell component="th" scope="row">
              {row.name}
            </TableCell>
            <TableCell align="right">
              {formatAmount(row.totals.amountTransactionCurrency)}
            </TableCell>
            <TableCell align="right">{formatAmount(row.totals.apportionableAmount)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
