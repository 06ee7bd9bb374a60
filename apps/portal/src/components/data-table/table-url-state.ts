import { ALL_ROWS } from '@portal/domain'
import type { SortItem, TableOptions } from './data-table-types'

/**
 * The names of a table's search parameters: `page`, `size`, `sort` and `q`, each behind the
 * table's key (`units.page`) so that several tables of one page keep apart; the empty key leaves
 * them bare, for the one table of a page.
 */
export function tableParamNames(stateKey: string) {
  const prefix = stateKey === '' ? '' : `${stateKey}.`
  return {
    page: `${prefix}page`,
    size: `${prefix}size`,
    sort: `${prefix}sort`,
    search: `${prefix}q`,
  }
}

const ALL = 'alle'
const POSITIVE_INTEGER = /^[1-9]\d{0,8}$/

function readPage(value: string | null, fallback: number): number {
  return value !== null && POSITIVE_INTEGER.test(value) ? Number(value) : fallback
}

function readSize(value: string | null, fallback: number): number {
  if (value === ALL) return ALL_ROWS
  return value !== null && POSITIVE_INTEGER.test(value) ? Number(value) : fallback
}

/** 'name' ascending, '-name' descending; unknown or unsortable columns are left out. */
function readSort(
  values: readonly string[],
  sortable: ReadonlySet<string>,
  fallback: SortItem[],
): SortItem[] {
  if (values.length === 0) return fallback
  const items: SortItem[] = []
  for (const value of values) {
    const order = value.startsWith('-') ? 'desc' : 'asc'
    const key = order === 'desc' ? value.slice(1) : value
    if (sortable.has(key) && !items.some((item) => item.key === key)) items.push({ key, order })
  }
  return items
}

const writeSort = (sortBy: readonly SortItem[]) =>
  sortBy.map((item) => (item.order === 'desc' ? `-${item.key}` : item.key))

const sameSort = (a: readonly SortItem[], b: readonly SortItem[]) =>
  writeSort(a).join() === writeSort(b).join()

/** The table's options from the address; what is missing or broken there comes from `defaults`. */
export function readTableOptions(
  params: URLSearchParams,
  stateKey: string,
  defaults: TableOptions,
  sortable: ReadonlySet<string>,
): TableOptions {
  const names = tableParamNames(stateKey)
  return {
    page: readPage(params.get(names.page), defaults.page),
    itemsPerPage: readSize(params.get(names.size), defaults.itemsPerPage),
    sortBy: readSort(
      params.getAll(names.sort).filter((value, index, all) => value !== '' || all.length === 1),
      sortable,
      defaults.sortBy,
    ),
    search: params.get(names.search) ?? defaults.search,
  }
}

/**
 * A copy of `params` with the table's options; an option at its default is left out, so that a
 * plain address shows the table as it starts. A sort switched off where the table starts sorted
 * is written as an empty `sort`.
 */
export function writeTableOptions(
  params: URLSearchParams,
  stateKey: string,
  options: TableOptions,
  defaults: TableOptions,
): URLSearchParams {
  const names = tableParamNames(stateKey)
  const next = new URLSearchParams(params)
  const set = (name: string, value: string | null) => {
    if (value === null) next.delete(name)
    else next.set(name, value)
  }
  set(names.page, options.page === defaults.page ? null : String(options.page))
  set(
    names.size,
    options.itemsPerPage === defaults.itemsPerPage
      ? null
      : options.itemsPerPage === ALL_ROWS
        ? ALL
        : String(options.itemsPerPage),
  )
  next.delete(names.sort)
  if (!sameSort(options.sortBy, defaults.sortBy)) {
    const sort = writeSort(options.sortBy)
    if (sort.length === 0) next.set(names.sort, '')
    for (const value of sort) next.append(names.sort, value)
  }
  set(names.search, options.search === defaults.search ? null : options.search)
  return next
}
