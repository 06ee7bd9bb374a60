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
import TableHead from '@mui/material/TableHead'
import TablePagination from '@mui/material/TablePagination'
import TableRow from '@mui/material/TableRow'
import TableSortLabel from '@mui/material/TableSortLabel'
import { useTheme, type SxProps, type Theme } from '@mui/material/styles'
import { EMPTY_LIST_MESSAGE, PAGE_SIZE_OPTIONS, type ExportColumn } from '@portal/domain'
import {
  flexRender,
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
  useReducer,
  useRef,
  useState,
  type MouseEvent,
  type ReactNode,
  type RefObject,
} from 'react'
import { useTranslation } from 'react-i18next'
import { NavigationType, useLocation, useNavigationType, useSearchParams } from 'react-router'
import { visuallyHidden } from '../visually-hidden'
import {
  ALL_ITEMS,
  applyOptions,
  createDataTableState,
  dataTableReducer,
  displayText,
  exportValue,
  type DataTableAction,
  type DataTableConfig,
  type DataTableField,
  type DataTableGroup,
  type DataTableOptions,
  type DataTableState,
  type SelectStrategy,
} from './data-table-state'
import { TableExportButton } from './table-export-button'
import type { TableExport } from './table-export-menu'
import { TableSearchField } from './table-search-field'
import { readTableOptions, writeTableOptions } from './table-url-state'

export type DataTableColumn<Row> = DataTableField<Row> & {
  header: string
  /** Renders the cell; defaults to the column's displayed text. */
  cell?: (row: Row) => ReactNode
  align?: 'left' | 'center' | 'right'
  /**
   * The cell that names the row: it is the row header for screen readers and, with `rowHref` or
   * `onRowClick`, holds the link. Defaults to the first column. As the first column it stays at
   * the left edge while a wide table scrolls sideways.
   */
  primary?: boolean
  /** The row's actions (buttons): the last column, kept at the right edge while the table scrolls. */
  actions?: boolean
  /** Not shown as a column, but searched: for what a row shows in its details. */
  hidden?: boolean
  width?: number | string
}

export type DataTableLinkProps = {
  href: string
  /** Must reach the rendered anchor: a click anywhere in the row follows it. */
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
  /** Read once when the table mounts; with `stateKey`, the defaults the address leaves out. */
  initialOptions?: Partial<DataTableOptions>
  /**
   * Keeps page, page size, sort and search in the address (`?units.page=2&units.q=…`), so that
   * back, links and reloads show the table as it was left. Each table of a page needs its own key;
   * '' leaves the parameters bare (`?page=2`), for a page with one table.
   */
  stateKey?: string
  itemsPerPageOptions?: readonly number[]
  mustSort?: boolean
  multiSort?: boolean
  /** Shows a checkbox per row; 'page' and 'all' add a select-all checkbox. */
  selectStrategy?: SelectStrategy
  initialSelected?: Iterable<string>
  onSelectionChange?: (selected: ReadonlySet<string>) => void
  /** Makes the primary cell a link to this address; a click anywhere in the row follows it. */
  rowHref?: (row: Row) => string
  /** Renders the row link, e.g. with the router's link component; defaults to an MUI Link. */
  renderLink?: (props: DataTableLinkProps) => ReactNode
  /** Without `rowHref`: makes the primary cell a button; a click anywhere in the row presses it. */
  onRowClick?: (row: Row) => void
  /**
   * What a row shows below itself when opened: the fields that do not fit as columns. Adds a
   * toggle button to the actions column (or a column of its own).
   */
  renderDetail?: (row: Row) => ReactNode
  searchable?: boolean
  searchLabel?: string
  /**
   * Issue 16: offers "Exportieren" (CSV, XLSX) of the rows the table holds, with its search and
   * sort applied, all pages; the name heads the sheet and the file. Exported are the shown columns
   * and the hidden ones (what a row shows in its details), not the actions.
   */
  exportName?: string
  emptyText?: string
  loadingText?: string
  hideFooter?: boolean
  size?: 'small' | 'medium'
}

type TableStore = {
  state: DataTableState
  dispatch: (action: DataTableAction) => void
  /**
   * Changes when the state was replaced from outside (back or forward in the history): the search
   * field then shows the search of the address, even a keystroke it sent a moment before.
   */
  externalChange?: string
}

const ROW_LINK_CLASS = 'DataTable-rowLink'
const DETAIL_COLUMN = '__detail'
const INTERACTIVE = 'a, button, input, select, textarea, label, [role="button"], [role="checkbox"]'

const linkedRowSx: SxProps<Theme> = { cursor: 'pointer' }

/**
 * A cell that stays in view while the table scrolls sideways; it needs a background of its own,
 * which takes on the row's hover and selection tint.
 */
function stickyStyle(theme: Theme, side: 'left' | 'right', edge: boolean, header: boolean) {
  const tint = (color: string) => ({ backgroundImage: `linear-gradient(${color}, ${color})` })
  return {
    position: 'sticky',
    [side]: 0,
    // on a phone the row's name wraps, so that the columns between the sticky ones keep room
    ...(side === 'left'
      ? {
          [theme.breakpoints.down('sm')]: {
            minWidth: '7em',
            maxWidth: '50vw',
            // a header keeps its word whole; a cell breaks a word only when the word alone is wider
            // than the column (German compounds such as "Dienstleistungspauschale"), hyphenated
            // where the browser has the German dictionary
            ...(header ? {} : { overflowWrap: 'break-word', hyphens: 'auto' }),
          },
        }
      : {}),
    zIndex: 1,
    backgroundColor: theme.palette.background.paper,
    '.MuiTableRow-hover:hover > &': tint(theme.palette.action.hover),
    '.Mui-selected > &': tint(theme.palette.action.selected),
    // a line on the inner edge shows that columns pass beneath while the table scrolls
    ...(edge
      ? { boxShadow: `inset ${side === 'left' ? -1 : 1}px 0 0 ${theme.palette.divider}` }
      : {}),
  } as const
}

/** §9 reflow: the pager wraps onto a second line on a phone instead of hiding its buttons. */
const paginationSx: SxProps<Theme> = {
  overflow: 'visible',
  '& .MuiTablePagination-toolbar': {
    flexWrap: 'wrap',
    justifyContent: 'flex-end',
    columnGap: 1,
    rowGap: 0.5,
    px: { xs: 0, sm: 2 },
  },
  '& .MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } },
  '& .MuiTablePagination-input': { ml: 1, mr: { xs: 0, sm: 4 } },
  '& .MuiTablePagination-actions': { ml: { xs: 0, sm: 2.5 } },
}

function pageSizeChoices(options: readonly number[], current: number): number[] {
  const sizes = new Set([...options, current])
  const all = sizes.delete(ALL_ITEMS)
  return [...[...sizes].sort((a, b) => a - b), ...(all ? [ALL_ITEMS] : [])]
}

function configOf<Row>(props: DataTableProps<Row>): DataTableConfig {
  return {
    mustSort: props.mustSort ?? false,
    multiSort: props.multiSort ?? false,
    selectStrategy: props.selectStrategy,
  }
}

/** The table state in the component. */
function useLocalStore<Row>(props: DataTableProps<Row>): TableStore {
  const config = configOf(props)
  const [state, dispatch] = useReducer(
    (current: DataTableState, action: DataTableAction) => dataTableReducer(current, action, config),
    null,
    () => createDataTableState(props.initialOptions, props.initialSelected),
  )
  return { state, dispatch }
}

/**
 * The table state in the address: page, size, sort and search are search parameters, grouping and
 * selection stay in the component. Typing a search replaces the history entry; a page, a size or
 * a sort adds one, so that back returns to it.
 */
function useUrlStore<Row>(props: DataTableProps<Row>, stateKey: string): TableStore {
  const config = configOf(props)
  const [params, setParams] = useSearchParams()
  const [initial] = useState(() =>
    createDataTableState(props.initialOptions, props.initialSelected),
  )
  const [local, setLocal] = useState({ groupBy: initial.groupBy, selected: initial.selected })
  const sortable = new Set(
    props.columns
      .filter((column) => column.sortable !== false && !column.hidden)
      .map((column) => column.key),
  )
  const state: DataTableState = {
    ...readTableOptions(params, stateKey, initial, sortable),
    ...local,
  }
  const dispatch = (action: DataTableAction) => {
    const next = dataTableReducer(state, action, config)
    if (next.groupBy !== state.groupBy || next.selected !== state.selected) {
      setLocal({ groupBy: next.groupBy, selected: next.selected })
    }
    if (
      next.page !== state.page ||
      next.itemsPerPage !== state.itemsPerPage ||
      next.sortBy !== state.sortBy ||
      next.search !== state.search
    ) {
      setParams((current) => writeTableOptions(current, stateKey, next, initial), {
        replace: action.type === 'setSearch' || action.type === 'clampPage',
        preventScrollReset: true,
      })
    }
  }
  const location = useLocation()
  const externalChange = useNavigationType() === NavigationType.Pop ? location.key : undefined
  return { state, dispatch, externalChange }
}

/** Whether the element's content is wider than the element, measured again as either resizes. */
function useHorizontalOverflow(ref: RefObject<HTMLElement | null>): boolean {
  const [overflowing, setOverflowing] = useState(false)
  useEffect(() => {
    const element = ref.current
    if (!element || typeof ResizeObserver === 'undefined') return
    const measure = () => setOverflowing(element.scrollWidth > element.clientWidth + 1)
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    if (element.firstElementChild) observer.observe(element.firstElementChild)
    measure()
    return () => observer.disconnect()
  }, [ref])
  return overflowing
}

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
  const columns: readonly DataTableColumn<Row>[] =
    renderDetail && !hasActionsColumn
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
    if (renderDetail && column.key === actionsKey) {
      return (
        <Box sx={{ display: 'inline-flex', alignItems: 'center', whiteSpace: 'nowrap' }}>
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
    if (key === primaryKey && stickyPrimary) return stickyStyle(theme, 'left', overflowing, header)
    if (key === actionsKey) return stickyStyle(theme, 'right', overflowing, header)
    return {}
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
    const open = renderDetail !== undefined && expanded.has(row.id)
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
        {open && renderDetail && (
          <TableRow>
            <TableCell colSpan={columnCount} sx={{ bgcolor: 'action.hover' }}>
              {/* stays in view while the table scrolls sideways */}
              <Box
                id={`${detailIdPrefix}-${row.id}`}
                sx={{ position: 'sticky', left: 16, maxWidth: 'calc(100vw - 64px)' }}
              >
                {renderDetail(row.original)}
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

  const allLabel = t('dataTable.all', 'Alle')

  const exportedTable = (): TableExport => {
    const exported = fields.filter((field) => !field.actions && field.key !== DETAIL_COLUMN)
    // a unit per row gets a column of its own right after its numbers
    const columns = exported.flatMap((field): TableExport['columns'] => {
      const unit = field.exportUnit
      const column: ExportColumn = {
        header: typeof unit === 'string' ? `${field.header} (${unit})` : field.header,
        kind: field.exportAs ?? 'text',
        ...(field.exportDigits === undefined ? {} : { digits: field.exportDigits }),
      }
      return typeof unit === 'function'
        ? [column, { header: t('dataTable.unitOf', { column: field.header }), kind: 'text' }]
        : [column]
    })
    return {
      name: exportName ?? caption,
      columns,
      rows: view.filteredRows.map((row) =>
        exported.flatMap((field) => {
          const value = exportValue(row, field)
          return typeof field.exportUnit === 'function' ? [value, field.exportUnit(row)] : [value]
        }),
      ),
    }
  }

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
                      sx={{
                        ...(column?.width === undefined ? {} : { width: column.width }),
                        ...stickySx(header.column.id, true),
                      }}
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
          sx={paginationSx}
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
            update({
              type: 'setItemsPerPage',
              itemsPerPage: Number(event.target.value),
              total: view.total,
            })
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
