import { isDecimalString } from './amount'
import { formatDate, toCalendarDate } from './date'

/**
 * Issue 16: a table exported as a spreadsheet, as a German Excel opens it. A column is text (what
 * the cell shows), a decimal (an exact decimal string such as '-1234.5000') or a calendar date
 * ('2024-12-31'); the cells are those values, `null` for an empty one.
 */
export interface ExportColumn {
  header: string
  kind: 'text' | 'decimal' | 'date'
}

export type ExportCell = string | null

/** A byte order mark: without it Excel reads UTF-8 as Windows-1252 and garbles the umlauts. */
export const CSV_BYTE_ORDER_MARK = '\uFEFF'

/**
 * A decimal string without trailing zeros beyond the cents, never in exponent notation:
 * '100.0000' → '100.00', '1.2345' → '1.2345', '-7' → '-7'.
 */
export function trimDecimal(value: string): string {
  const text = value.trim().replace(/^\+/, '')
  const [whole, fraction = ''] = text.split('.')
  const kept = fraction.replace(/0+$/, '')
  if (kept.length === 0 && fraction.length === 0) return whole!
  return `${whole}.${kept.padEnd(2, '0')}`
}

/**
 * A text cell a spreadsheet would run as a formula ('=HYPERLINK(…)', '+1', '-x', '@SUM') gets a
 * leading apostrophe, so that a name or note typed by someone else never runs as one (OWASP CSV
 * injection).
 */
export function neutralizeFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text
}

/** A cell as German Excel reads it from a CSV: decimal comma, dates DD.MM.YYYY. */
function csvText(column: ExportColumn, value: ExportCell): string {
  if (value === null || value === '') return ''
  if (column.kind === 'decimal' && isDecimalString(value))
    return trimDecimal(value).replace('.', ',')
  if (column.kind === 'date' && toCalendarDate(value) !== null) return formatDate(value)
  return neutralizeFormula(value)
}

function quoted(text: string): string {
  return /[;"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/**
 * The table as CSV for Excel in Germany: UTF-8 with a byte order mark, semicolons between the
 * cells, CRLF between the lines (RFC 4180), a header line with the column names.
 */
export function tableToCsv(
  columns: readonly ExportColumn[],
  rows: readonly ExportCell[][],
): string {
  const lines = [
    columns.map((column) => quoted(neutralizeFormula(column.header))),
    ...rows.map((row) =>
      columns.map((column, index) => quoted(csvText(column, row[index] ?? null))),
    ),
  ]
  return CSV_BYTE_ORDER_MARK + lines.map((cells) => cells.join(';')).join('\r\n') + '\r\n'
}

/**
 * A file name for an export: the table's name in lower case with hyphens, German umlauts written
 * out, and the day it was made ('kosten-heizung-2026-11-24.csv').
 */
export function exportFileName(name: string, extension: 'csv' | 'xlsx', day: string): string {
  const base = name
    .toLowerCase()
    .replaceAll('ä', 'ae')
    .replaceAll('ö', 'oe')
    .replaceAll('ü', 'ue')
    .replaceAll('ß', 'ss')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  return `${base || 'tabelle'}-${day}.${extension}`
}
