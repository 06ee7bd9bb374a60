import { DEFAULT_PAGE_SIZE, compareNaturalText } from '@portal/domain'

/** §2: the state of a data table is a pure reducer; the component only renders it. */

export type SortOrder = 'asc' | 'desc'
export type SortItem = { key: string; order: SortOrder }
export type SelectStrategy = 'single' | 'page' | 'all'

/** §2: page (1-based), itemsPerPage (-1 for all rows), sortBy, groupBy and search. */
export type DataTableOptions = {
  page: number
  itemsPerPage: number
  sortBy: SortItem[]
  groupBy: SortItem[]
  search: string
}

export type DataTableState = DataTableOptions & { selected: ReadonlySet<string> }

export type DataTableConfig = {
  mustSort: boolean
  multiSort: boolean
  selectStrategy?: SelectStrategy | undefined
}

export type DataTableAction =
  | { type: 'toggleSort'; key: string }
  | { type: 'setSortBy'; sortBy: SortItem[] }
  | { type: 'setGroupBy'; groupBy: SortItem[] }
  | { type: 'setPage'; page: number; total: number }
  /** total: the number of filtered rows, to find the first row of a page beyond the list. */
  | { type: 'setItemsPerPage'; itemsPerPage: number; total?: number }
  | { type: 'setSearch'; search: string }
  | { type: 'clampPage'; total: number }
  | { type: 'toggleRow'; id: string }
  /** pageIds: the rows of the current page; allIds: every row of the filtered list. */
  | { type: 'toggleAll'; pageIds: readonly string[]; allIds: readonly string[] }
  | { type: 'setSelected'; ids: Iterable<string> }

/** The part of a column the state logic needs: how to read, show, sort and search a value. */
export type DataTableField<Row> = {
  key: string
  /** The raw value; defaults to `row[key]`. */
  value?: (row: Row) => unknown
  /**
   * The displayed text; searched, used for group headers and, unless the raw value is a number or
   * a date, sorted by. Defaults to the raw value as text.
   */
  format?: (row: Row) => string
  /** Overrides the value sorted and grouped by. */
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

export type DataTableGroup<Row> = {
  /** Unique among the groups; built from the values of every level down to this one. */
  id: string
  /** 0 for the first groupBy key, 1 for the second … */
  depth: number
  key: string
  value: unknown
  label: string
  /** Rows in this group across the whole filtered list, not just on this page. */
  count: number
  /** The rows of the current page directly under this header (only the deepest level has rows). */
  rows: Row[]
}

export type DataTableView<Row> = {
  /** The rows of the clamped page, in display order. */
  pageRows: Row[]
  /** Every row that passes the search, sorted. */
  filteredRows: Row[]
  total: number
  page: number
  pageCount: number
  /** The page rows under their group headers, in display order; only when grouping. */
  groups?: DataTableGroup<Row>[]
}

export const ALL_ITEMS = -1

export function createDataTableState(
  options: Partial<DataTableOptions> = {},
  selected: Iterable<string> = [],
): DataTableState {
  return {
    page: options.page ?? 1,
    itemsPerPage: options.itemsPerPage ?? DEFAULT_PAGE_SIZE,
    sortBy: options.sortBy ?? [],
    groupBy: options.groupBy ?? [],
    search: options.search ?? '',
    selected: new Set(selected),
  }
}

/** §2: with itemsPerPage -1 there is one page; there is always at least one page. */
export function pageCount(total: number, itemsPerPage: number): number {
  if (itemsPerPage <= 0) return 1
  return Math.max(1, Math.ceil(total / itemsPerPage))
}

/** §2: the page is clamped between 1 and the page count. */
export function clampPage(page: number, total: number, itemsPerPage: number): number {
  const whole = Number.isFinite(page) ? Math.floor(page) : 1
  return Math.min(Math.max(1, whole), pageCount(total, itemsPerPage))
}

/**
 * §2: a column cycles ascending, descending, off; a mandatory sort that is the only one returns
 * to ascending instead of switching off.
 */
export function nextSortOrder(
  current: SortOrder | undefined,
  mustSort: boolean,
  onlySort: boolean,
): SortOrder | undefined {
  if (current === undefined) return 'asc'
  if (current === 'asc') return 'desc'
  return mustSort && onlySort ? 'asc' : undefined
}

function toggleSort(sortBy: readonly SortItem[], key: string, config: DataTableConfig): SortItem[] {
  const current = sortBy.find((item) => item.key === key)
  if (!config.multiSort) {
    // Clicking another column replaces the sort, so this column is about to be the only one.
    const order = nextSortOrder(current?.order, config.mustSort, true)
    return order ? [{ key, order }] : []
  }
  const onlySort = sortBy.every((item) => item.key === key)
  const order = nextSortOrder(current?.order, config.mustSort, onlySort)
  if (!current) return [...sortBy, { key, order: 'asc' }]
  if (!order) return sortBy.filter((item) => item.key !== key)
  return sortBy.map((item) => (item.key === key ? { key, order } : item))
}

function isValidItemsPerPage(itemsPerPage: number): boolean {
  return itemsPerPage === ALL_ITEMS || (Number.isInteger(itemsPerPage) && itemsPerPage > 0)
}

function toggleIds(selected: ReadonlySet<string>, ids: readonly string[]): ReadonlySet<string> {
  const next = new Set(selected)
  const allSelected = ids.length > 0 && ids.every((id) => selected.has(id))
  for (const id of ids) {
    if (allSelected) next.delete(id)
    else next.add(id)
  }
  return next
}

function select(
  state: DataTableState,
  action: Extract<DataTableAction, { type: 'toggleRow' | 'toggleAll' | 'setSelected' }>,
  strategy: SelectStrategy,
): ReadonlySet<string> {
  switch (action.type) {
    case 'toggleRow': {
      if (strategy === 'single') {
        return state.selected.has(action.id) ? new Set() : new Set([action.id])
      }
      const next = new Set(state.selected)
      if (next.has(action.id)) next.delete(action.id)
      else next.add(action.id)
      return next
    }
    case 'toggleAll':
      if (strategy === 'single') return state.selected
      return toggleIds(state.selected, strategy === 'page' ? action.pageIds : action.allIds)
    case 'setSelected': {
      const ids = [...action.ids]
      return new Set(strategy === 'single' ? ids.slice(0, 1) : ids)
    }
  }
}

/**
 * The page that shows the row that was first on the current page, once the page size changes:
 * §2 resets the page only for sort and search, so a new page size keeps the reader's place.
 */
export function pageKeepingFirstRow(
  page: number,
  itemsPerPage: number,
  nextItemsPerPage: number,
): number {
  if (itemsPerPage <= 0 || nextItemsPerPage <= 0) return 1
  const firstRow = (Math.max(1, page) - 1) * itemsPerPage
  return Math.floor(firstRow / nextItemsPerPage) + 1
}

/**
 * §2: a change of sort or search (and of the grouping, which sorts) goes back to page 1; a change
 * of the page size keeps the first row of the page on screen.
 */
export function dataTableReducer(
  state: DataTableState,
  action: DataTableAction,
  config: DataTableConfig,
): DataTableState {
  switch (action.type) {
    case 'toggleSort':
      return { ...state, sortBy: toggleSort(state.sortBy, action.key, config), page: 1 }
    case 'setSortBy':
      return { ...state, sortBy: action.sortBy, page: 1 }
    case 'setGroupBy':
      return { ...state, groupBy: action.groupBy, page: 1 }
    case 'setSearch':
      return { ...state, search: action.search, page: 1 }
    case 'setItemsPerPage': {
      if (!isValidItemsPerPage(action.itemsPerPage)) return state
      const current =
        action.total === undefined
          ? state.page
          : clampPage(state.page, action.total, state.itemsPerPage)
      const page = pageKeepingFirstRow(current, state.itemsPerPage, action.itemsPerPage)
      return { ...state, itemsPerPage: action.itemsPerPage, page }
    }
    case 'setPage':
      return { ...state, page: clampPage(action.page, action.total, state.itemsPerPage) }
    case 'clampPage': {
      const page = clampPage(state.page, action.total, state.itemsPerPage)
      return page === state.page ? state : { ...state, page }
    }
    case 'toggleRow':
    case 'toggleAll':
    case 'setSelected': {
      if (!config.selectStrategy) return state
      const selected = select(state, action, config.selectStrategy)
      return selected === state.selected ? state : { ...state, selected }
    }
  }
}

const ISO_DATE =
  /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i

type Comparable =
  { kind: 'empty' } | { kind: 'number'; value: number } | { kind: 'text'; value: string }

function toComparable(value: unknown): Comparable {
  if (value === null || value === undefined) return { kind: 'empty' }
  if (typeof value === 'number')
    return Number.isNaN(value) ? { kind: 'empty' } : { kind: 'number', value }
  if (typeof value === 'bigint') return { kind: 'number', value: Number(value) }
  if (typeof value === 'boolean') return { kind: 'number', value: Number(value) }
  if (value instanceof Date) {
    const time = value.getTime()
    return Number.isNaN(time) ? { kind: 'empty' } : { kind: 'number', value: time }
  }
  const text = typeof value === 'string' ? value.trim() : JSON.stringify(value)
  if (text === '') return { kind: 'empty' }
  if (ISO_DATE.test(text)) {
    // A calendar date without zone is read as UTC midnight, which keeps it in order with instants
    // of the same day well enough for sorting.
    const time = Date.parse(text.length === 10 ? `${text}T00:00:00Z` : text)
    if (!Number.isNaN(time)) return { kind: 'number', value: time }
  }
  return { kind: 'text', value: text }
}

/**
 * Numbers numerically, ISO dates chronologically, text by German collation with runs of digits read
 * as numbers ('NE-2' before 'NE-10'). Empty values (null, undefined, '' or an invalid date) sort
 * last in either direction, so they never crowd the top.
 */
export function compareValues(a: unknown, b: unknown, order: SortOrder = 'asc'): number {
  const left = toComparable(a)
  const right = toComparable(b)
  if (left.kind === 'empty' || right.kind === 'empty') {
    return Number(left.kind === 'empty') - Number(right.kind === 'empty')
  }
  const direction = order === 'desc' ? -1 : 1
  if (left.kind === 'number' && right.kind === 'number') {
    return direction * Math.sign(left.value - right.value)
  }
  // Mixed kinds compare as text so the order stays total and deterministic.
  return direction * compareNaturalText(String(left.value), String(right.value))
}

/** A column's own comparer, reversed for descending; rows that show nothing still sort last. */
function compareRows<Row>(
  a: Row,
  b: Row,
  shownA: unknown,
  shownB: unknown,
  compare: (a: Row, b: Row) => number,
  order: SortOrder,
): number {
  const emptyA = String(shownA).trim() === ''
  const emptyB = String(shownB).trim() === ''
  if (emptyA || emptyB) return Number(emptyA) - Number(emptyB)
  return (order === 'desc' ? -1 : 1) * Math.sign(compare(a, b))
}

function fieldByKey<Row>(fields: readonly DataTableField<Row>[], key: string) {
  return fields.find((field) => field.key === key)
}

function rawValue<Row>(row: Row, key: string, field: DataTableField<Row> | undefined): unknown {
  if (field?.value) return field.value(row)
  if (typeof row === 'object' && row !== null) return (row as Record<string, unknown>)[key]
  return undefined
}

function valueAsText(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return String(value)
  }
  if (value instanceof Date) return value.toISOString()
  return JSON.stringify(value)
}

/** The text a cell shows: the column's format, otherwise the raw value as text. */
export function displayText<Row>(row: Row, field: DataTableField<Row>): string {
  return field.format ? field.format(row) : valueAsText(rawValue(row, field.key, field))
}

/** Decision 030: the cell as exported: decimals and dates as their raw value, else the displayed text. */
export function exportValue<Row>(row: Row, field: DataTableField<Row>): string | null {
  if (field.exportAs) {
    const value = rawValue(row, field.key, field)
    if (typeof value === 'number') return String(value)
    return typeof value === 'string' && value.trim() !== '' ? value : null
  }
  const text = displayText(row, field)
  return text === '' ? null : text
}

/** A raw value whose own order is the right one: numbers and dates, however they are shown. */
function hasOwnOrder(value: unknown): boolean {
  if (typeof value === 'number' || typeof value === 'bigint' || value instanceof Date) return true
  return typeof value === 'string' && ISO_DATE.test(value.trim())
}

/**
 * What a column sorts by: its sortValue; else, for a column with a format, what the cell shows (a
 * code's label, a composed name or address, not the hidden code or a missing field), except that
 * numbers and dates keep their own order (1.234,50 and 02.01.2024 do not sort as text); else the
 * raw value.
 */
export function sortValueOf<Row>(row: Row, field: DataTableField<Row>): unknown {
  if (field.sortValue) return field.sortValue(row)
  const raw = rawValue(row, field.key, field)
  if (!field.format || hasOwnOrder(raw)) return raw
  return field.format(row)
}

function sortValue<Row>(row: Row, key: string, fields: readonly DataTableField<Row>[]): unknown {
  const field = fieldByKey(fields, key)
  return field ? sortValueOf(row, field) : rawValue(row, key, undefined)
}

function groupLabel<Row>(row: Row, key: string, fields: readonly DataTableField<Row>[]): string {
  const field = fieldByKey(fields, key)
  return field ? displayText(row, field) : valueAsText(rawValue(row, key, undefined))
}

function normalize(text: string): string {
  return text.toLocaleLowerCase('de-DE')
}

/** §2: case-insensitive substring match over the displayed text of the searchable columns. */
export function matchesSearch<Row>(
  row: Row,
  fields: readonly DataTableField<Row>[],
  search: string,
): boolean {
  const needle = normalize(search.trim())
  if (needle === '') return true
  return fields.some(
    (field) => field.searchable !== false && normalize(displayText(row, field)).includes(needle),
  )
}

function buildGroups<Row>(
  pageRows: readonly Row[],
  filteredRows: readonly Row[],
  fields: readonly DataTableField<Row>[],
  groupBy: readonly SortItem[],
): DataTableGroup<Row>[] {
  // Rows are grouped by the value they are sorted by, so that every group is one contiguous run
  // of the sorted list even when two values share a displayed text.
  const pathOf = (row: Row) =>
    groupBy.map((item) => valueAsText(sortValue(row, item.key, fields)).trim())
  const pathId = (path: readonly string[]) => JSON.stringify(path)

  const counts = new Map<string, number>()
  for (const row of filteredRows) {
    const path = pathOf(row)
    for (let depth = 1; depth <= path.length; depth++) {
      const id = pathId(path.slice(0, depth))
      counts.set(id, (counts.get(id) ?? 0) + 1)
    }
  }

  const groups: DataTableGroup<Row>[] = []
  let previous: string[] | undefined
  for (const row of pageRows) {
    const path = pathOf(row)
    const firstChange = previous ? path.findIndex((part, depth) => part !== previous?.[depth]) : 0
    // A row in the same group as the one before it extends that group (findIndex gives -1).
    for (let depth = firstChange; depth >= 0 && depth < path.length; depth++) {
      const key = groupBy[depth]?.key ?? ''
      const id = pathId(path.slice(0, depth + 1))
      groups.push({
        id,
        depth,
        key,
        value: sortValue(row, key, fields),
        label: groupLabel(row, key, fields),
        count: counts.get(id) ?? 0,
        rows: [],
      })
    }
    groups.at(-1)?.rows.push(row)
    previous = path
  }
  return groups
}

/**
 * §2: search, then sort (group keys first, in the group order), then cut out the clamped page.
 * Groups are built from the page rows, so a group that spans pages continues on the next page
 * under a repeated header, and the page size counts data rows only.
 */
export function applyOptions<Row>(
  rows: readonly Row[],
  fields: readonly DataTableField<Row>[],
  options: DataTableOptions,
): DataTableView<Row> {
  const filtered = rows.filter((row) => matchesSearch(row, fields, options.search))
  const sortItems = [...options.groupBy, ...options.sortBy]
  const comparers = sortItems.map((item) => fieldByKey(fields, item.key)?.compare)
  const keyed = filtered.map((row) => ({
    row,
    values: sortItems.map((item, index) =>
      // a comparer orders rows itself; the displayed text only tells whether there is a value
      comparers[index] ? groupLabel(row, item.key, fields) : sortValue(row, item.key, fields),
    ),
  }))
  keyed.sort((a, b) => {
    for (const [index, item] of sortItems.entries()) {
      const compare = comparers[index]
      const result = compare
        ? compareRows(a.row, b.row, a.values[index], b.values[index], compare, item.order)
        : compareValues(a.values[index], b.values[index], item.order)
      if (result !== 0) return result
    }
    return 0
  })
  const filteredRows = keyed.map((entry) => entry.row)

  const total = filteredRows.length
  const page = clampPage(options.page, total, options.itemsPerPage)
  const pageRows =
    options.itemsPerPage <= 0
      ? filteredRows
      : filteredRows.slice((page - 1) * options.itemsPerPage, page * options.itemsPerPage)

  const view: DataTableView<Row> = {
    pageRows,
    filteredRows,
    total,
    page,
    pageCount: pageCount(total, options.itemsPerPage),
  }
  if (options.groupBy.length > 0) {
    view.groups = buildGroups(pageRows, filteredRows, fields, options.groupBy)
  }
  return view
}
