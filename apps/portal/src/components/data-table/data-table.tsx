import SearchIcon from '@mui/icons-material/Search'
import Box from '@mui/material/Box'
import Checkbox from '@mui/material/Checkbox'
import CircularProgress from '@mui/material/CircularProgress'
import InputAdornment from '@mui/material/InputAdornment'
import Link from '@mui/material/Link'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableContainer from '@mui/material/TableContainer'
import TableHead from '@mui/material/TableHead'
import TablePagination from '@mui/material/TablePagination'
import TableRow from '@mui/material/TableRow'
import TableSortLabel from '@mui/material/TableSortLabel'
import TextField from '@mui/material/TextField'
import type { SxProps, Theme } from '@mui/material/styles'
import { EMPTY_LIST_MESSAGE, PAGE_SIZE_OPTIONS } from '@portal/domain'
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type Row as TableRowModel,
} from '@tanstack/react-table'
import { useId, useMemo, useReducer, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { visuallyHidden } from '../visually-hidden'
import {
  ALL_ITEMS,
  applyOptions,
  createDataTableState,
  dataTableReducer,
  displayText,
  type DataTableAction,
  type DataTableConfig,
  type DataTableField,
  type DataTableGroup,
  type DataTableOptions,
  type DataTableState,
  type SelectStrategy,
} from './data-table-state'

export type DataTableColumn<Row> = DataTableField<Row> & {
  header: string
  /** Renders the cell; defaults to the column's displayed text. */
  cell?: (row: Row) => ReactNode
  align?: 'left' | 'center' | 'right'
  /**
   * The cell that names the row: it is the row header for screen readers and, with `rowHref` or
   * `onRowClick`, holds the link. Defaults to the first column.
   */
  primary?: boolean
  width?: number | string
}

export type DataTableLinkProps = {
  href: string
  /** Must reach the rendered anchor: it stretches the link over the whole row. */
  className: string
  children: ReactNode
}

export type DataTableProps<Row> = {
  columns: readonly DataTableColumn<Row>[]
  rows: readonly Row[]
  getRowId: (row: Row) => string
  /** Names the table for screen readers; not shown. */
  caption: string
  loading?: boolean
  /** Read once when the table mounts. */
  initialOptions?: Partial<DataTableOptions>
  itemsPerPageOptions?: readonly number[]
  mustSort?: boolean
  multiSort?: boolean
  /** Shows a checkbox per row; 'page' and 'all' add a select-all checkbox. */
  selectStrategy?: SelectStrategy
  initialSelected?: Iterable<string>
  onSelectionChange?: (selected: ReadonlySet<string>) => void
  /** Makes the primary cell a link to this address; the link covers the whole row. */
  rowHref?: (row: Row) => string
  /** Renders the row link, e.g. with the router's link component; defaults to an MUI Link. */
  renderLink?: (props: DataTableLinkProps) => ReactNode
  /** Without `rowHref`: makes the primary cell a button covering the whole row. */
  onRowClick?: (row: Row) => void
  searchable?: boolean
  searchLabel?: string
  emptyText?: string
  loadingText?: string
  hideFooter?: boolean
  size?: 'small' | 'medium'
}

const ROW_LINK_CLASS = 'DataTable-rowLink'

// The link's pseudo-element spans the row, so the whole row is clickable while the keyboard and
// screen readers meet one ordinary link; the checkbox cell is lifted above it.
const linkedRowSx: SxProps<Theme> = {
  position: 'relative',
  cursor: 'pointer',
  [`& .${ROW_LINK_CLASS}::after`]: { content: '""', position: 'absolute', inset: 0 },
}

function pageSizeChoices(options: readonly number[], current: number): number[] {
  const sizes = new Set([...options, current])
  const all = sizes.delete(ALL_ITEMS)
  return [...[...sizes].sort((a, b) => a - b), ...(all ? [ALL_ITEMS] : [])]
}

export function DataTable<Row>({
  columns,
  rows,
  getRowId,
  caption,
  loading = false,
  initialOptions,
  itemsPerPageOptions = PAGE_SIZE_OPTIONS,
  mustSort = false,
  multiSort = false,
  selectStrategy,
  initialSelected,
  onSelectionChange,
  rowHref,
  renderLink,
  onRowClick,
  searchable = false,
  searchLabel,
  emptyText,
  loadingText,
  hideFooter = false,
  size = 'medium',
}: DataTableProps<Row>) {
  const { t } = useTranslation()
  const searchId = useId()
  const config: DataTableConfig = { mustSort, multiSort, selectStrategy }
  const [state, dispatch] = useReducer(
    (current: DataTableState, action: DataTableAction) => dataTableReducer(current, action, config),
    null,
    () => createDataTableState(initialOptions, initialSelected),
  )

  const view = useMemo(
    () => applyOptions(loading ? [] : rows, columns, state),
    [loading, rows, columns, state],
  )
  // §2: keep the stored page within the page count when rows or the search shrink the list. While
  // loading the list is empty for a moment, which must not throw away a page the user chose.
  if (!loading && state.page !== view.page) {
    dispatch({ type: 'clampPage', total: view.total })
  }

  const update = (action: DataTableAction) => {
    if (onSelectionChange) {
      const next = dataTableReducer(state, action, config)
      if (next.selected !== state.selected) onSelectionChange(next.selected)
    }
    dispatch(action)
  }

  const primaryColumn = columns.find((column) => column.primary) ?? columns[0]
  const primaryKey = primaryColumn?.key

  const renderPrimary = (row: Row, content: ReactNode): ReactNode => {
    if (rowHref) {
      const href = rowHref(row)
      if (renderLink) return renderLink({ href, className: ROW_LINK_CLASS, children: content })
      return (
        <Link href={href} className={ROW_LINK_CLASS}>
          {content}
        </Link>
      )
    }
    if (onRowClick) {
      return (
        <Link
          component="button"
          type="button"
          className={ROW_LINK_CLASS}
          onClick={() => onRowClick(row)}
          sx={{ textAlign: 'inherit', verticalAlign: 'baseline' }}
        >
          {content}
        </Link>
      )
    }
    return content
  }

  const columnDefs: ColumnDef<Row>[] = columns.map((column) => ({
    id: column.key,
    header: column.header,
    cell: ({ row }) => {
      const content = column.cell ? column.cell(row.original) : displayText(row.original, column)
      return column.key === primaryKey ? renderPrimary(row.original, content) : content
    },
  }))

  // TanStack Table renders the columns; the reducer owns sorting, paging and selection, so the
  // table only receives the finished page and mirrors that state.
  // eslint-disable-next-line react-hooks/incompatible-library -- the portal does not run the React Compiler, and the table instance never leaves this render
  const table = useReactTable({
    data: view.pageRows,
    columns: columnDefs,
    getRowId: (row) => getRowId(row),
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualFiltering: true,
    manualPagination: true,
    manualGrouping: true,
    enableMultiSort: multiSort,
    enableRowSelection: selectStrategy !== undefined,
    state: {
      sorting: state.sortBy.map((item) => ({ id: item.key, desc: item.order === 'desc' })),
      rowSelection: Object.fromEntries([...state.selected].map((id) => [id, true])),
    },
  })

  const columnByKey = new Map(columns.map((column) => [column.key, column]))
  const columnCount = columns.length + (selectStrategy ? 1 : 0)
  const tableRows = table.getRowModel().rows
  const rowsById = new Map(tableRows.map((row) => [row.id, row]))
  const pageIds = tableRows.map((row) => row.id)
  const allIds = view.filteredRows.map(getRowId)
  const scopeIds = selectStrategy === 'all' ? allIds : pageIds
  const selectedInScope = scopeIds.filter((id) => state.selected.has(id)).length
  const interactiveRows = rowHref !== undefined || onRowClick !== undefined

  const renderRow = (row: TableRowModel<Row>) => {
    const selected = row.getIsSelected()
    const rowName = primaryColumn ? displayText(row.original, primaryColumn) : ''
    return (
      <TableRow
        key={row.id}
        hover={interactiveRows || selectStrategy !== undefined}
        selected={selected}
        sx={interactiveRows ? linkedRowSx : undefined}
      >
        {selectStrategy && (
          <TableCell padding="checkbox" sx={{ position: 'relative', zIndex: 1 }}>
            <Checkbox
              checked={selected}
              onChange={() => update({ type: 'toggleRow', id: row.id })}
              slotProps={{
                input: {
                  'aria-label': rowName
                    ? t('dataTable.selectRowNamed', 'Zeile auswählen: {{name}}', { name: rowName })
                    : t('dataTable.selectRow', 'Zeile auswählen'),
                },
              }}
            />
          </TableCell>
        )}
        {row.getVisibleCells().map((cell) => {
          const column = columnByKey.get(cell.column.id)
          const isPrimary = cell.column.id === primaryKey
          return (
            <TableCell
              key={cell.id}
              align={column?.align}
              {...(isPrimary ? { component: 'th', scope: 'row' } : {})}
            >
              {flexRender(cell.column.columnDef.cell, cell.getContext())}
            </TableCell>
          )
        })}
      </TableRow>
    )
  }

  const groupHeader = (group: DataTableGroup<Row>) => (
    <TableRow>
      <TableCell
        component="th"
        scope="rowgroup"
        colSpan={columnCount}
        sx={{ fontWeight: 'fontWeightMedium', pl: 2 + group.depth * 2, bgcolor: 'action.hover' }}
      >
        {t('dataTable.groupHeader', '{{column}}: {{value}} ({{count}})', {
          column: columnByKey.get(group.key)?.header ?? group.key,
          value: group.label || t('dataTable.groupWithoutValue', 'ohne Angabe'),
          count: group.count,
        })}
      </TableCell>
    </TableRow>
  )

  const messageRow = (content: ReactNode) => (
    <TableBody>
      <TableRow>
        <TableCell colSpan={columnCount} align="center">
          {content}
        </TableCell>
      </TableRow>
    </TableBody>
  )

  const body = () => {
    if (loading) {
      return messageRow(
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
          <Box component="span" aria-hidden sx={{ display: 'inline-flex' }}>
            <CircularProgress size={16} />
          </Box>
          {loadingText ?? t('dataTable.loading', 'Daten werden geladen …')}
        </Box>,
      )
    }
    if (tableRows.length === 0) {
      return messageRow(emptyText ?? t('dataTable.empty', EMPTY_LIST_MESSAGE))
    }
    if (view.groups) {
      return view.groups.map((group) => (
        <TableBody key={group.id}>
          {groupHeader(group)}
          {group.rows.map((row) => {
            const tableRow = rowsById.get(getRowId(row))
            return tableRow && renderRow(tableRow)
          })}
        </TableBody>
      ))
    }
    return <TableBody>{tableRows.map(renderRow)}</TableBody>
  }

  const allLabel = t('dataTable.all', 'Alle')

  return (
    <Box>
      {searchable && (
        <TextField
          id={searchId}
          type="search"
          size="small"
          label={searchLabel ?? t('dataTable.search', 'Suchen')}
          value={state.search}
          onChange={(event) => update({ type: 'setSearch', search: event.target.value })}
          sx={{ mb: 2, minWidth: { xs: '100%', sm: 320 } }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon />
                </InputAdornment>
              ),
            },
          }}
        />
      )}
      <TableContainer>
        <Table size={size} aria-busy={loading || undefined}>
          <Box component="caption" sx={visuallyHidden}>
            {caption}
          </Box>
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
                        checked={scopeIds.length > 0 && selectedInScope === scopeIds.length}
                        indeterminate={selectedInScope > 0 && selectedInScope < scopeIds.length}
                        disabled={loading || scopeIds.length === 0}
                        onChange={() => update({ type: 'toggleAll', pageIds, allIds })}
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
                      sx={column?.width === undefined ? undefined : { width: column.width }}
                    >
                      {column?.sortable !== false ? (
                        <TableSortLabel
                          active={sorted !== false}
                          direction={sorted === false ? 'asc' : sorted}
                          onClick={() => update({ type: 'toggleSort', key: header.column.id })}
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
          {body()}
        </Table>
      </TableContainer>
      {!hideFooter && (
        <TablePagination
          component="div"
          count={view.total}
          page={view.page - 1}
          rowsPerPage={state.itemsPerPage}
          rowsPerPageOptions={pageSizeChoices(itemsPerPageOptions, state.itemsPerPage).map(
            (value) => (value === ALL_ITEMS ? { label: allLabel, value } : value),
          )}
          onPageChange={(_event, page) =>
            update({ type: 'setPage', page: page + 1, total: view.total })
          }
          onRowsPerPageChange={(event) =>
            update({ type: 'setItemsPerPage', itemsPerPage: Number(event.target.value) })
          }
          labelRowsPerPage={t('dataTable.rowsPerPage', 'Zeilen pro Seite')}
          labelDisplayedRows={({ from, to, count }) =>
            t('dataTable.displayedRows', '{{from}}–{{to}} von {{count}}', {
              from,
              to,
              count,
            })
          }
          getItemAriaLabel={(type) => {
            switch (type) {
              case 'first':
                return t('dataTable.firstPage', 'Zur ersten Seite')
              case 'previous':
                return t('dataTable.previousPage', 'Zur vorherigen Seite')
              case 'next':
                return t('dataTable.nextPage', 'Zur nächsten Seite')
              case 'last':
                return t('dataTable.lastPage', 'Zur letzten Seite')
            }
          }}
          showFirstButton
          showLastButton
        />
      )}
    </Box>
  )
}
