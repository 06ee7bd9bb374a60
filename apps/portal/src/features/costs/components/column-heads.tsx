import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import { formatAmount } from '@portal/domain'

/** A table's column headers; the columns of amounts and changes are right-aligned. */
export function ColumnHeads({ columns }: { columns: { label: string; numeric?: boolean }[] }) {
  return (
    <TableHead>
      <TableRow>
        {columns.map(({ label, numeric }) => (
          <TableCell key={label} component="th" scope="col" align={numeric ? 'right' : undefined}>
            {label}
          </TableCell>
        ))}
      </TableRow>
    </TableHead>
  )
}

type Amount = Parameters<typeof formatAmount>[0]

/**
 * Heads and rows of a table of amounts: a name, the amount and the apportionable amount. A total
 * row carries the class `entry-total`, for the table to set it apart.
 */
export function AmountRows({
  labels: [nameLabel, amountLabel, apportionableLabel],
  rows,
}: {
  labels: [name: string, amount: string, apportionable: string]
  rows: readonly (readonly [name: string, amount: Amount, apportionable: Amount, total?: boolean])[]
}) {
  return (
    <>
      <ColumnHeads
        columns={[
          { label: nameLabel },
          { label: amountLabel, numeric: true },
          { label: apportionableLabel, numeric: true },
        ]}
      />
      <TableBody>
        {rows.map(([name, amount, apportionable, total], index) => (
          <TableRow key={index} className={total ? 'entry-total' : undefined}>
            <TableCell component="th" scope="row">
              {name}
            </TableCell>
            <TableCell align="right">{formatAmount(amount)}</TableCell>
            <TableCell align="right">{formatAmount(apportionable)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </>
  )
}
