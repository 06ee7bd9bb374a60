import { useReducer, useState } from 'react'
import { NavigationType, useLocation, useNavigationType, useSearchParams } from 'react-router'
import {
  createDataTableState,
  dataTableReducer,
  type DataTableAction,
  type DataTableConfig,
  type DataTableState,
} from './data-table-state'
import type { DataTableProps, TableStore } from './data-table-types'
import { readTableOptions, writeTableOptions } from './table-url-state'

function configOf<Row>(props: DataTableProps<Row>): DataTableConfig {
  return {
    mustSort: props.mustSort ?? false,
    multiSort: props.multiSort ?? false,
    selectStrategy: props.selectStrategy,
  }
}

/** The table state in the component. */
export function useLocalStore<Row>(props: DataTableProps<Row>): TableStore {
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
export function useUrlStore<Row>(props: DataTableProps<Row>, stateKey: string): TableStore {
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
