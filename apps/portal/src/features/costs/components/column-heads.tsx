import TableCell from '@mui/material/TableCell'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'

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
