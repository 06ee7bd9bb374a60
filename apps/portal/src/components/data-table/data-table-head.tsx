import Box from '@mui/material/Box'
import Checkbox from '@mui/material/Checkbox'
import TableCell from '@mui/material/TableCell'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import TableSortLabel from '@mui/material/TableSortLabel'
import { flexRender, type Table } from '@tanstack/react-table'
import { useTranslation } from 'react-i18next'
import { visuallyHidden } from '../visually-hidden'
import type { SelectStrategy } from './data-table-state'
import type { DataTableColumn } from './data-table-types'

/** The header row: the select-all checkbox, then a sort button per sortable column. */
export function DataTableHead<Row>({
  table,
  columnByKey,
  selectStrategy,
  loading,
  scopeSize,
  selectedInScope,
  onToggleAll,
  onToggleSort,
  stickySx,
}: {
  table: Table<Row>
  columnByKey: ReadonlyMap<string, DataTableColumn<Row>>
  selectStrategy: SelectStrategy | undefined
  loading: boolean
  /** How many rows select-all selects, and how many of them are selected. */
  scopeSize: number
  selectedInScope: number
  onToggleAll: () => void
  onToggleSort: (key: string) => void
  stickySx: (key: string, header: boolean) => object
}) {
  const { t } = useTranslation()
  return (
    <TableHead>
      {table.getHeaderGroups().map((headerGroup) => (
        <TableRow key={headerGroup.id}>
          {selectStrategy && (
            <TableCell padding="checkbox">
              {selectStrategy === 'single' ? (
                <Box component="span" sx={visuallyHidden}>
                  {t('dataTable.selection', 'Auswahl')}
                </Box>
              ) : (
                <Checkbox
                  checked={scopeSize > 0 && selectedInScope === scopeSize}
                  indeterminate={selectedInScope > 0 && selectedInScope < scopeSize}
                  disabled={loading || scopeSize === 0}
                  onChange={onToggleAll}
                  slotProps={{
                    input: { 'aria-label': t('dataTable.selectAll', 'Alle auswählen') },
                  }}
                />
              )}
            </TableCell>
          )}
          {headerGroup.headers.map((header) => {
            const column = columnByKey.get(header.column.id)
            const sorted = header.column.getIsSorted()
            const label = flexRender(header.column.columnDef.header, header.getContext())
            return (
              <TableCell
                key={header.id}
                align={column?.align}
                sortDirection={sorted}
                sx={{
                  ...(column?.width === undefined ? {} : { width: column.width }),
                  ...stickySx(header.column.id, true),
                }}
              >
                {column?.sortable !== false ? (
                  <TableSortLabel
                    active={sorted !== false}
                    direction={sorted === false ? 'asc' : sorted}
                    onClick={() => onToggleSort(header.column.id)}
                  >
                    {label}
                  </TableSortLabel>
                ) : (
                  label
                )}
              </TableCell>
            )
          })}
        </TableRow>
      ))}
    </TableHead>
  )
}
