import ExpandLess from '@mui/icons-material/ExpandLess'
import ExpandMore from '@mui/icons-material/ExpandMore'
import Box from '@mui/material/Box'
import Checkbox from '@mui/material/Checkbox'
import CircularProgress from '@mui/material/CircularProgress'
import IconButton from '@mui/material/IconButton'
import Link from '@mui/material/Link'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableContainer from '@mui/material/TableContainer'
import TableRow from '@mui/material/TableRow'
import { useTheme, type SxProps, type Theme } from '@mui/material/styles'
import { EMPTY_LIST_MESSAGE, PAGE_SIZE_OPTIONS } from '@portal/domain'
import {
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type Row as TableRowModel,
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
import { tableExportOf } from './data-table-export'
import { DataTableHead } from './data-table-head'
import { DataTablePagination } from './data-table-pagination'
import {
  applyOptions,
  dataTableReducer,
  displayText,
  type DataTableAction,
  type DataTableConfig,
  type DataTableGroup,
} from './data-table-state'
import { stickyStyle } from './data-table-sticky'
import { useLocalStore, useUrlStore } from './data-table-store'
import {
  DETAIL_COLUMN,
  type DataTableColumn,
  type DataTableLinkProps,
  type DataTableProps,
  type TableStore,
} from './data-table-types'
import { TableExportButton } from './table-export-button'
import type { TableExport } from './table-export-menu'
import { TableSearchField } from './table-search-field'
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

function LocalDataTable<Row>(props: DataTableProps<Row>) {
  return <DataTableContent {...props} store={useLocalStore(props)} />
}

function UrlDataTable<Row>(props: DataTableProps<Row> & { stateKey: string }) {
  return <DataTableContent {...props} store={useUrlStore(props, props.stateKey)} />
}

export function DataTable<Row>(props: DataTableProps<Row>) {
  return props.stateKey === undefined ? (
    <LocalDataTable {...props} />
  ) : (
    <UrlDataTable {...props} stateKey={props.stateKey} />
  )
}

function DataTableContent<Row>({
  columns: givenColumns,
  rows,
  getRowId,
  caption,
  loading = false,
  itemsPerPageOptions = PAGE_SIZE_OPTIONS,
  multiSort = false,
  selectStrategy,
  onSelectionChange,
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
  store: { state, dispatch, externalChange },
  ...props
}: DataTableProps<Row> & { store: TableStore }) {
  const { t } = useTranslation()
  const theme = useTheme()
  const detailIdPrefix = useId()
  const containerRef = useRef<HTMLDivElement>(null)
  const overflowing = useHorizontalOverflow(containerRef)
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set())
  const config: DataTableConfig = { mustSort: props.mustSort ?? false, multiSort, selectStrategy }

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

  const view = useMemo(
    () => applyOptions(loading ? [] : rows, fields, state),
    [loading, rows, fields, state],
  )
  // §2: keep the stored page within the page count when rows or the search shrink the list. While
  // loading the list is empty for a moment, which must not throw away a page the user chose.
  const mustClamp = !loading && state.page !== view.page
  useEffect(() => {
    if (mustClamp) dispatch({ type: 'clampPage', total: view.total })
  })

  const update = (action: DataTableAction) => {
    if (onSelectionChange) {
      const next = dataTableReducer(state, action, config)
      if (next.selected !== state.selected) onSelectionChange(next.selected)
    }
    dispatch(action)
  }

  const primaryColumn = columns.find((column) => column.primary) ?? columns[0]
  const primaryKey = primaryColumn?.key
  // only a first column can stay at the left edge without covering the columns before it
  const stickyPrimary =
    !selectStrategy && primaryColumn !== undefined && columns[0] === primaryColumn
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

  const columnDefs: ColumnDef<Row>[] = columns.map((column) => ({
    id: column.key,
    header: column.header,
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

  const renderRow = (row: TableRowModel<Row>) => {
    const selected = row.getIsSelected()
    const name = rowName(row.original)
    const open = hasDetail && expanded.has(row.id)
    return (
      <Fragment key={row.id}>
        <TableRow
          hover={interactiveRows || selectStrategy !== undefined}
          selected={selected}
          sx={interactiveRows ? linkedRowSx : undefined}
          onClick={interactiveRows ? (event) => followRow(event, row.original) : undefined}
        >
          {selectStrategy && (
            <TableCell padding="checkbox">
              <Checkbox
                checked={selected}
                onChange={() => update({ type: 'toggleRow', id: row.id })}
                slotProps={{
                  input: {
                    'aria-label': name
                      ? t('dataTable.selectRowNamed', 'Zeile auswählen: {{name}}', { name })
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
                sx={stickySx(cell.column.id)}
                {...(isPrimary ? { component: 'th', scope: 'row' } : {})}
              >
                {column && renderCell(column, row.original, row.id)}
              </TableCell>
            )
          })}
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

  const exportedTable = (): TableExport =>
    tableExportOf(fields, view.filteredRows, exportName ?? caption, (column) =>
      t('dataTable.unitOf', { column }),
    )

  return (
    <Box sx={{ minWidth: 0 }}>
      {(searchable || exportName !== undefined) && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', columnGap: 2 }}>
          {searchable && (
            <TableSearchField
              label={searchLabel ?? t('dataTable.search', 'Suchen')}
              value={state.search}
              externalChange={externalChange}
              onChange={(search) => update({ type: 'setSearch', search })}
            />
          )}
          {exportName !== undefined && (
            <Box sx={{ ml: 'auto' }}>
              <TableExportButton
                tableName={exportName}
                disabled={loading || view.total === 0}
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
          <DataTableHead
            table={table}
            columnByKey={columnByKey}
            selectStrategy={selectStrategy}
            loading={loading}
            scopeSize={scopeIds.length}
            selectedInScope={selectedInScope}
            onToggleAll={() => update({ type: 'toggleAll', pageIds, allIds })}
            onToggleSort={(key) => update({ type: 'toggleSort', key })}
            stickySx={stickySx}
          />
          {body()}
        </Table>
      </TableContainer>
      {!hideFooter && (
        <DataTablePagination
          total={view.total}
          page={view.page}
          itemsPerPage={state.itemsPerPage}
          itemsPerPageOptions={itemsPerPageOptions}
          update={update}
        />
      )}
    </Box>
  )
}
