import { hasOwnTableOrder } from '@portal/domain'
import type { DataTableField } from './data-table-types'

function rawValue<Row>(row: Row, field: DataTableField<Row>): unknown {
  if (field.value) return field.value(row)
  if (typeof row === 'object' && row !== null) return (row as Record<string, unknown>)[field.key]
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
  return field.format ? field.format(row) : valueAsText(rawValue(row, field))
}

/** Decision 030: the cell as exported: decimals and dates as their raw value, else the displayed text. */
export function exportValue<Row>(row: Row, field: DataTableField<Row>): string | null {
  if (field.exportAs) {
    const value = rawValue(row, field)
    if (typeof value === 'number') return String(value)
    return typeof value === 'string' && value.trim() !== '' ? value : null
  }
  const text = displayText(row, field)
  return text === '' ? null : text
}

/**
 * What a column sorts by: its sortValue; else, for a column with a format, what the cell shows (a
 * code's label, a composed name or address, not the hidden code or a missing field), except that
 * numbers and dates keep their own order; else the raw value.
 */
export function sortValueOf<Row>(row: Row, field: DataTableField<Row>): unknown {
  if (field.sortValue) return field.sortValue(row)
  const raw = rawValue(row, field)
  if (!field.format || hasOwnTableOrder(raw)) return raw
  return field.format(row)
}
