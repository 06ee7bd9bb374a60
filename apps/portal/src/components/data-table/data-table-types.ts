import type { ReactNode } from 'react'

export type SortItem = { key: string; order: 'asc' | 'desc' }

/** §2: page (counted from 1), itemsPerPage (-1 for all rows), sortBy and search. */
export type TableOptions = {
  page: number
  itemsPerPage: number
  sortBy: SortItem[]
  search: string
}

/** What a column reads, shows, sorts, searches and exports of a row. */
export type DataTableField<Row> = {
  key: string
  /** The raw value; defaults to `row[key]`. */
  value?: (row: Row) => unknown
  /**
   * The displayed text; searched and, unless the raw value is a number or a date, sorted by.
   * Defaults to the raw value as text.
   */
  format?: (row: Row) => string
  /** Overrides the value sorted by. */
  sortValue?: (row: Row) => unknown
  /**
   * Orders two rows ascending (descending reverses it), for what one value cannot order, such as
   * an address (street, then house number as a number); overrides the sort value.
   */
  compare?: (a: Row, b: Row) => number
  sortable?: boolean
  /** Defaults to true: the search looks at every column unless it is excluded. */
  searchable?: boolean
  /**
   * Decision 030: how the export writes the column: a decimal string, a number of percent or a date as
   * a number, percent or date cell (the raw value), otherwise the displayed text.
   */
  exportAs?: 'decimal' | 'percent' | 'date'
  /** The fraction digits the cell shows, for a number or percent cell (default 2). */
  exportDigits?: number
  /**
   * The unit of a number column the export cannot show in its cells: one for the whole column goes
   * into the header ('Zählerstand (m³)'), one per row into a unit column after it.
   */
  exportUnit?: string | ((row: Row) => string | null)
}

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
  /**
   * Shown below MUI's `sm` breakpoint. When a table marks any column so, a phone shows only those
   * and the actions; the others open in the row's details, so that nothing hides off-screen.
   */
  phone?: boolean
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
  initialOptions?: Partial<TableOptions>
  /**
   * Keeps page, page size, sort and search in the address (`?units.page=2&units.q=…`), so that
   * back, links and reloads show the table as it was left. Each table of a page needs its own key;
   * '' leaves the parameters bare (`?page=2`), for a page with one table.
   */
  stateKey?: string
  itemsPerPageOptions?: readonly number[]
  /** §2: sorting is mandatory: a column's third click sorts it ascending again, not off. */
  mustSort?: boolean
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
   * Decision 030: offers "Exportieren" (CSV, XLSX) of the rows the table holds, with its search and
   * sort applied, all pages; the name heads the sheet and the file. Exported are the shown columns
   * and the hidden ones (what a row shows in its details), not the actions.
   */
  exportName?: string
  emptyText?: string
  loadingText?: string
  hideFooter?: boolean
  size?: 'small' | 'medium'
}

/** The key of the column a table adds for the detail toggle when it has no actions column. */
export const DETAIL_COLUMN = '__detail'
