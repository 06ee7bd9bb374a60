import { DEFAULT_PAGE_SIZE } from '@portal/domain'
import { useState } from 'react'
import { NavigationType, useLocation, useNavigationType, useSearchParams } from 'react-router'
import type { TableOptions } from './data-table-types'
import { readTableOptions, writeTableOptions } from './table-url-state'

/**
 * Where a table keeps its options. `replace`: a change that adds no step to go back to (typing a
 * search, a page corrected to the list's length).
 */
export type TableStore = {
  options: TableOptions
  change: (next: TableOptions, replace: boolean) => void
  /**
   * Changes when the options were replaced from outside (back or forward in the history): the search
   * field then shows the search of the address, even a keystroke it sent a moment before.
   */
  externalChange?: string | undefined
}

export function initialTableOptions(given: Partial<TableOptions> = {}): TableOptions {
  return {
    page: given.page ?? 1,
    itemsPerPage: given.itemsPerPage ?? DEFAULT_PAGE_SIZE,
    sortBy: given.sortBy ?? [],
    search: given.search ?? '',
  }
}

/** The options in the component. */
export function useLocalTableStore(initial: Partial<TableOptions> | undefined): TableStore {
  const [options, setOptions] = useState(() => initialTableOptions(initial))
  return { options, change: (next) => setOptions(next) }
}

/**
 * The options in the address: page, size, sort and search are search parameters. Typing a search
 * replaces the history entry; a page, a size or a sort adds one, so that back returns to it.
 */
export function useUrlTableStore(
  initial: Partial<TableOptions> | undefined,
  stateKey: string,
  sortable: ReadonlySet<string>,
): TableStore {
  const [params, setParams] = useSearchParams()
  const [defaults] = useState(() => initialTableOptions(initial))
  const location = useLocation()
  const externalChange = useNavigationType() === NavigationType.Pop ? location.key : undefined
  return {
    options: readTableOptions(params, stateKey, defaults, sortable),
    change: (next, replace) =>
      setParams((current) => writeTableOptions(current, stateKey, next, defaults), {
        replace,
        preventScrollReset: true,
      }),
    externalChange,
  }
}
