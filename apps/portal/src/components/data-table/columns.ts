import { formatDate, formatDecimal } from '@portal/domain'
import type { ReactNode } from 'react'
import type { DataTableColumn } from './data-table-types'

/** The keys of a row whose values are calendar dates (ISO text) or missing. */
type DateKey<Row> = {
  [K in keyof Row]: Row[K] extends string | null | undefined ? K : never
}[keyof Row] &
  string

/**
 * A column of a calendar date: shown as DD.MM.YYYY (§2), sorted by the date, exported as a date
 * cell (decision 030). `more` adds what else the column is (the primary one, hidden).
 */
export function dateColumn<Row>(
  key: DateKey<Row>,
  header: string,
  more: Partial<DataTableColumn<Row>> = {},
): DataTableColumn<Row> {
  const date = (row: Row) => row[key] as string | null | undefined
  return {
    key,
    header,
    format: (row) => formatDate(date(row)),
    exportAs: 'date',
    sortValue: date,
    ...more,
  }
}

/** The keys of a row whose values are decimals (text as the API sends them) or missing. */
type DecimalKey<Row> = {
  [K in keyof Row]: Row[K] extends string | null ? K : never
}[keyof Row] &
  string

/**
 * A column of a decimal number with `digits` places: shown in German notation, right-aligned,
 * sorted by its value, exported as a number cell with as many places (decision 030); a missing
 * value stays empty.
 */
export function decimalColumn<Row>(
  key: DecimalKey<Row>,
  header: string,
  digits: number,
): DataTableColumn<Row> {
  const value = (row: Row) => row[key] as string | null
  return {
    key,
    header,
    format: (row) => {
      const shown = value(row)
      return shown === null ? '' : formatDecimal(shown, digits)
    },
    exportAs: 'decimal',
    exportDigits: digits,
    sortValue: (row) => {
      const sorted = value(row)
      return sorted === null ? null : Number(sorted)
    },
    align: 'right',
  }
}

/**
 * The row's buttons: neither sorted nor searched, the last column and kept in view while the
 * table scrolls sideways.
 */
export function actionsColumn<Row>(
  key: string,
  header: string,
  cell?: (row: Row) => ReactNode,
): DataTableColumn<Row> {
  return { key, header, sortable: false, searchable: false, actions: true, cell }
}
