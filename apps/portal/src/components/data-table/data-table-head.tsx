import TableCell from '@mui/material/TableCell'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import TableSortLabel from '@mui/material/TableSortLabel'
import type { DataTableColumn } from './data-table-types'

export type ColumnSort = { sorted: false | 'asc' | 'desc'; toggle: () => void }

/** The header row: a sort button per sortable column. */
export function DataTableHead<Row>({
  columns,
  sortOf,
  stickySx,
}: {
  columns: readonly DataTableColumn<Row>[]
  /** How a column is sorted and how to sort it on; nothing for a column that cannot be sorted. */
  sortOf: (key: string) => ColumnSort | undefined
  stickySx: (key: string, header: boolean) => object
}) {
  return (
    <TableHead>
      <TableRow>
        {columns.map((column) => {
          const sort = sortOf(column.key)
          const sorted = sort?.sorted ?? false
          return (
            <TableCell
              key={column.key}
              align={column.align}
              sortDirection={sorted}
              sx={{
                ...(column.width === undefined ? {} : { width: column.width }),
                ...stickySx(column.key, true),
              }}
            >
              {sort ? (
                <TableSortLabel
                  active={sorted !== false}
                  direction={sorted === false ? 'asc' : sorted}
                  onClick={sort.toggle}
                >
                  {column.header}
                </TableSortLabel>
              ) : (
                column.header
              )}
            </TableCell>
          )
        })}
      </TableRow>
    </TableHead>
  )
}
