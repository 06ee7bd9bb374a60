import ExpandLess from '@mui/icons-material/ExpandLess'
import ExpandMore from '@mui/icons-material/ExpandMore'
import Box from '@mui/material/Box'
import CircularProgress from '@mui/material/CircularProgress'
import IconButton from '@mui/material/IconButton'
import Link from '@mui/material/Link'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableContainer from '@mui/material/TableContainer'
import TableRow from '@mui/material/TableRow'
import { useTheme, type SxProps, type Theme } from '@mui/material/styles'
import {
  ALL_ROWS,
  EMPTY_LIST_MESSAGE,
  PAGE_SIZE_OPTIONS,
  clampPage,
  compareTableValues,
  isEmptyTableValue,
  matchesTableSearch,
} from '@portal/domain'
import {
  columnFilteringFeature,
  createFilteredRowModel,
  createPaginatedRowModel,
  createSortedRowModel,
  functionalUpdate,
  globalFilteringFeature,
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type PaginationState,
  type RowData,
  type SortingState,
} from '@tanstack/react-table'
import {
  Fragment,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type MouseEvent,
  type ReactNode,
} from 'react'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'
import { DescriptionList } from '../description-list'
import { visuallyHidden } from '../visually-hidden'
import { displayText, sortValueOf } from './cell-values'
import { tableExportOf } from './data-table-export'
import { DataTableHead } from './data-table-head'
import { DataTablePagination } from './data-table-pagination'
import { stickyStyle } from './data-table-sticky'
import {
  DETAIL_COLUMN,
  type DataTableColumn,
  type DataTableField,
  type DataTableLinkProps,
  type DataTableProps,
  type SortItem,
} from './data-table-types'
import { TableExportButton } from './table-export-button'
import type { TableExport } from './table-export-menu'
import { TableSearchField } from './table-search-field'
import { useLocalTableStore, useUrlTableStore, type TableStore } from './table-state'
import { useHorizontalOverflow } from './use-horizontal-overflow'

export type { DataTableColumn, DataTableLinkProps, DataTableProps } from './data-table-types'

/** `renderLink` for rows that link to another page of the portal: the router follows the link. */
export function renderRouterLink({ href, className, children }: DataTableLinkProps) {
  return (
    <Link component={RouterLink} to={href} className={className}>
      {children}
    </Link>
  )
}

const ROW_LINK_CLASS = 'DataTable-rowLink'
const INTERACTIVE = 'a, button, input, select, textarea, label, [role="button"], [role="checkbox"]'

const linkedRowSx: SxProps<Theme> = { cursor: 'pointer' }
const OFF_PHONE = { display: { xs: 'none', sm: 'table-cell' } } as const
const ONLY_PHONE = { display: { sm: 'none' } } as const

/**
 * TanStack Table owns the row models: the search (a global filter), the sort and the page; the
 * rules of §2 are its functions from the domain package (decision 046).
 */
const features = tableFeatures({
  columnFilteringFeature,
  globalFilteringFeature,
  rowSortingFeature,
  rowPaginationFeature,
  filteredRowModel: createFilteredRowModel(),
  sortedRowModel: createSortedRowModel(),
  paginatedRowModel: createPaginatedRowModel(),
})
type Features = typeof features

/** A column as TanStack Table sorts and searches it. */
function columnDef<Row extends RowData>(field: DataTableField<Row>): ColumnDef<Features, Row> {
  const { compare } = field
  return {
    id: field.key,
    // the value sorted by; an empty one is left undefined, which sorts last in both directions
    accessorFn: (row) => {
      const value = compare ? displayText(row, field) : sortValueOf(row, field)
      return isEmptyTableValue(value) ? undefined : value
    },
    sortFn: compare
      ? (a, b) => Math.sign(compare(a.original, b.original))
      : (a, b, id) => compareTableValues(a.getValue(id), b.getValue(id)),
    sortUndefined: 'last',
    enableSorting: field.sortable !== false,
    enableGlobalFilter: field.searchable !== false,
  }
}

const toSorting = (sortBy: readonly SortItem[]): SortingState =>
  sortBy.map((item) => ({ id: item.key, desc: item.order === 'desc' }))

const fromSorting = (sorting: SortingState): SortItem[] =>
  sorting.map((sort) => ({ key: sort.id, order: sort.desc ? 'desc' : 'asc' }))

const NO_ROWS: never[] = []

function LocalDataTable<Row extends RowData>(props: DataTableProps<Row>) {
  return <DataTableContent {...props} store={useLocalTableStore(props.initialOptions)} />
}

function UrlDataTable<Row extends RowData>(props: DataTableProps<Row> & { stateKey: string }) {
  const sortable = new Set(
    props.columns
      .filter((column) => column.sortable !== false && !column.hidden)
      .map((column) => column.key),
  )
  return (
    <DataTableContent
      {...props}
      store={useUrlTableStore(props.initialOptions, props.stateKey, sortable)}
    />
  )
}

export function DataTable<Row extends RowData>(props: DataTableProps<Row>) {
  return props.stateKey === undefined ? (
    <LocalDataTable {...props} />
  ) : (
    <UrlDataTable {...props} stateKey={props.stateKey} />
  )
}

function DataTableContent<Row extends RowData>({
  columns: givenColumns,
  rows,
  getRowId,
  caption,
  loading = false,
  itemsPerPageOptions = PAGE_SIZE_OPTIONS,
  mustSort = false,
  rowHref,
  renderLink,
  onRowClick,
  renderDetail,
  searchable = false,
  searchLabel,
  exportName,
  emptyText,
  loadingText,
  hideFooter = false,
  size = 'medium',
  store: { options, change, externalChange },
}: DataTableProps<Row> & { store: TableStore }) {
  const { t } = useTranslation()
  const theme = useTheme()
  const detailIdPrefix = useId()
  const containerRef = useRef<HTMLDivElement>(null)
  const overflowing = useHorizontalOverflow(containerRef)
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set())

  // every column is searched and may be sorted by; only those not hidden are shown
  const fields = givenColumns
  const shownColumns = givenColumns.filter((column) => !column.hidden)
  const hasActionsColumn = shownColumns.some((column) => column.actions)
  // decision 045: a table that names its phone columns shows only them (and the actions) below sm;
  // the others open in the row's details there
  const offPhone = givenColumns.some((column) => column.phone)
    ? shownColumns.filter((column) => !column.phone && !column.actions)
    : []
  const offPhoneKeys = new Set(offPhone.map((column) => column.key))
  const hasDetail = renderDetail !== undefined || offPhone.length > 0
  const columns: readonly DataTableColumn<Row>[] =
    hasDetail && !hasActionsColumn
      ? [
          ...shownColumns,
          {
            key: DETAIL_COLUMN,
            header: t('dataTable.details', 'Details'),
            sortable: false,
            searchable: false,
            actions: true,
          },
        ]
      : shownColumns

  // TanStack keeps a row's values as long as the list it came in: a new list comes with new
  // columns, as a cell's text may change with them (a label whose catalogue has just loaded)
  const { columnDefs, data } = useMemo(
    () => ({ columnDefs: fields.map(columnDef), data: loading ? NO_ROWS : [...rows] }),
    [fields, loading, rows],
  )
  const fieldByKey = new Map(fields.map((field) => [field.key, field]))
  const sorting = toSorting(options.sortBy)
  const pagination: PaginationState = {
    pageIndex: options.page - 1,
    pageSize: options.itemsPerPage === ALL_ROWS ? Infinity : options.itemsPerPage,
  }
  // §2: a new sort or search goes back to page 1; a new page size keeps the first row of the
  // page on screen (TanStack's setPageSize)
  const table = useTable({
    features,
    data,
    columns: columnDefs,
    getRowId: (row) => getRowId(row),
    state: { sorting, globalFilter: options.search, pagination },
    onSortingChange: (updater) =>
      change(
        { ...options, sortBy: fromSorting(functionalUpdate(updater, sorting)), page: 1 },
        false,
      ),
    onGlobalFilterChange: (updater) =>
      change(
        { ...options, search: String(functionalUpdate(updater, options.search)), page: 1 },
        true,
      ),
    onPaginationChange: (updater) => {
      const next = functionalUpdate(updater, pagination)
      change(
        {
          ...options,
          page: next.pageIndex + 1,
          itemsPerPage: next.pageSize === Infinity ? ALL_ROWS : next.pageSize,
        },
        false,
      )
    },
    globalFilterFn: (row, key, search: string) => {
      const field = fieldByKey.get(key)
      return field !== undefined && matchesTableSearch(displayText(row.original, field), search)
    },
    // every column is searched unless it says otherwise, whatever its first row holds
    getColumnCanGlobalFilter: () => true,
    sortDescFirst: false,
    enableSortingRemoval: !mustSort,
    enableMultiSort: false,
    // the page follows the rules above and the clamp below, not every change of the rows
    autoResetPageIndex: false,
  })

  const total = table.getRowCount()
  const page = clampPage(options.page, total, options.itemsPerPage)
  // §2: keep the stored page within the page count when rows or the search shrink the list. While
  // loading the list is empty for a moment, which must not throw away a page the user chose.
  const mustClamp = !loading && page !== options.page
  useEffect(() => {
    if (mustClamp) change({ ...options, page }, true)
  })

  const primaryColumn = columns.find((column) => column.primary) ?? columns[0]
  const primaryKey = primaryColumn?.key
  // only a first column can stay at the left edge without covering the columns before it
  const stickyPrimary = primaryColumn !== undefined && columns[0] === primaryColumn
  const actionsKey = columns.at(-1)?.actions ? columns.at(-1)?.key : undefined

  const rowName = (row: Row) => (primaryColumn ? displayText(row, primaryColumn) : '')

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

  const detailToggle = (row: Row, id: string) => {
    const open = expanded.has(id)
    return (
      <IconButton
        // only the phone columns' details: no toggle where every column shows
        sx={renderDetail ? undefined : ONLY_PHONE}
        size="small"
        aria-expanded={open}
        aria-controls={open ? `${detailIdPrefix}-${id}` : undefined}
        aria-label={t('dataTable.showDetails', 'Einzelheiten zu {{name}}', { name: rowName(row) })}
        onClick={() =>
          setExpanded((current) => {
            const next = new Set(current)
            if (!next.delete(id)) next.add(id)
            return next
          })
        }
      >
        {open ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
      </IconButton>
    )
  }

  // Called directly, not through flexRender: a cell function given to flexRender is a new
  // component on every render, which remounts the cell and takes the focus from its buttons.
  const renderCell = (column: DataTableColumn<Row>, row: Row, id: string): ReactNode => {
    if (column.key === DETAIL_COLUMN) return detailToggle(row, id)
    const content = column.cell ? column.cell(row) : displayText(row, column)
    if (column.key === primaryKey) return renderPrimary(row, content)
    if (hasDetail && column.key === actionsKey) {
      return (
        <Box
          sx={{
            display: 'inline-flex',
            alignItems: 'center',
            whiteSpace: 'nowrap',
            // a phone showing only its phone columns stacks the buttons two by two: room for them
            ...(offPhone.length > 0
              ? { flexWrap: { xs: 'wrap', sm: 'nowrap' }, maxWidth: { xs: 64, sm: 'none' } }
              : {}),
          }}
        >
          {detailToggle(row, id)}
          {content}
        </Box>
      )
    }
    return content
  }

  const columnCount = columns.length
  const tableRows = table.getRowModel().rows
  const interactiveRows = rowHref !== undefined || onRowClick !== undefined

  const sortOf = (key: string) => {
    const column = fieldByKey.has(key) ? table.getColumn(key) : undefined
    if (!column?.getCanSort()) return undefined
    return { sorted: column.getIsSorted(), toggle: () => column.toggleSorting() }
  }

  const stickySx = (key: string, header = false) => {
    if (key === primaryKey && stickyPrimary) {
      return stickyStyle(theme, 'left', overflowing, header, offPhone.length > 0)
    }
    if (key === actionsKey) {
      return {
        ...stickyStyle(theme, 'right', overflowing, header),
        ...(key === DETAIL_COLUMN && !renderDetail ? ONLY_PHONE : {}),
      }
    }
    return offPhoneKeys.has(key) ? OFF_PHONE : {}
  }

  // The row link sits in the primary cell for the keyboard and screen readers; a pointer may click
  // anywhere in the row. (A link stretched over the row cannot be: the sticky cell contains it.)
  const followRow = (event: MouseEvent<HTMLTableRowElement>, row: Row) => {
    if (event.defaultPrevented || event.button !== 0) return
    if ((event.target as Element).closest(INTERACTIVE)) return
    if (window.getSelection()?.toString()) return
    if (rowHref && (event.ctrlKey || event.metaKey || event.shiftKey)) {
      window.open(rowHref(row), '_blank', 'noopener')
      return
    }
    event.currentTarget.querySelector<HTMLElement>(`.${ROW_LINK_CLASS}`)?.click()
  }

  const renderRow = (row: { id: string; original: Row }) => {
    const open = hasDetail && expanded.has(row.id)
    return (
      <Fragment key={row.id}>
        <TableRow
          hover={interactiveRows}
          sx={interactiveRows ? linkedRowSx : undefined}
          onClick={interactiveRows ? (event) => followRow(event, row.original) : undefined}
        >
          {columns.map((column) => (
            <TableCell
              key={column.key}
              align={column.align}
              sx={stickySx(column.key)}
              {...(column.key === primaryKey ? { component: 'th', scope: 'row' } : {})}
            >
              {renderCell(column, row.original, row.id)}
            </TableCell>
          ))}
        </TableRow>
        {open && (
          <TableRow sx={renderDetail ? undefined : ONLY_PHONE}>
            <TableCell colSpan={columnCount} sx={{ bgcolor: 'action.hover' }}>
              {/* stays in view while the table scrolls sideways */}
              <Box
                id={`${detailIdPrefix}-${row.id}`}
                sx={{ position: 'sticky', left: 16, maxWidth: 'calc(100vw - 64px)' }}
              >
                {offPhone.length > 0 && (
                  <Box sx={{ ...ONLY_PHONE, py: 1 }}>
                    <DescriptionList
                      items={offPhone.map((column) => ({
                        key: column.key,
                        term: column.header,
                        description: column.cell
                          ? column.cell(row.original)
                          : displayText(row.original, column),
                      }))}
                    />
                  </Box>
                )}
                {renderDetail?.(row.original)}
              </Box>
            </TableCell>
          </TableRow>
        )}
      </Fragment>
    )
  }

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
    // a page beyond the list shows nothing until the clamp above takes it back
    if (total === 0) return messageRow(emptyText ?? t('dataTable.empty', EMPTY_LIST_MESSAGE))
    return <TableBody>{tableRows.map(renderRow)}</TableBody>
  }

  const exportedTable = (): TableExport =>
    tableExportOf(
      fields,
      table.getPrePaginatedRowModel().rows.map((row) => row.original),
      exportName ?? caption,
      (column) => t('dataTable.unitOf', { column }),
    )

  return (
    <Box sx={{ minWidth: 0 }}>
      {(searchable || exportName !== undefined) && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', columnGap: 2 }}>
          {searchable && (
            <TableSearchField
              label={searchLabel ?? t('dataTable.search', 'Suchen')}
              value={options.search}
              externalChange={externalChange}
              onChange={(search) => table.setGlobalFilter(search)}
            />
          )}
          {exportName !== undefined && (
            <Box sx={{ ml: 'auto' }}>
              <TableExportButton
                tableName={exportName}
                disabled={loading || total === 0}
                table={exportedTable}
              />
            </Box>
          )}
        </Box>
      )}
      {/* A table wider than the screen scrolls in here, not the page (WCAG 1.4.10); while it does,
          the region can take the focus, so that the keyboard scrolls it too. */}
      <TableContainer
        ref={containerRef}
        sx={{
          overflowX: 'auto',
          // the sticky cells need a background; the whole table has the same one
          bgcolor: 'background.paper',
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
        }}
        {...(overflowing
          ? {
              tabIndex: 0,
              role: 'region',
              'aria-label': t(
                'dataTable.scrollRegion',
                '{{caption}} (Tabelle, seitlich scrollbar)',
                {
                  caption,
                },
              ),
            }
          : {})}
      >
        <Table
          size={size}
          aria-busy={loading || undefined}
          // narrower cells leave room for the columns, on a phone between the sticky ones
          sx={{
            '& .MuiTableCell-root:not(.MuiTableCell-paddingCheckbox)': { px: { xs: 1, sm: 1.5 } },
          }}
        >
          <Box component="caption" sx={visuallyHidden}>
            {caption}
          </Box>
          <DataTableHead columns={columns} sortOf={sortOf} stickySx={stickySx} />
          {body()}
        </Table>
      </TableContainer>
      {!hideFooter && (
        <DataTablePagination
          total={total}
          page={page}
          itemsPerPage={options.itemsPerPage}
          itemsPerPageOptions={itemsPerPageOptions}
          onPageChange={(next) => table.setPageIndex(next - 1)}
          onItemsPerPageChange={(next) => table.setPageSize(next === ALL_ROWS ? Infinity : next)}
        />
      )}
    </Box>
  )
}
