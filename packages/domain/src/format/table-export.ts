import { isDecimalString } from './amount'
import { formatDate, toCalendarDate } from './date'

/**
 * Decision 030: a table exported as a spreadsheet, as a German Excel opens it. A column is text (what
 * the cell shows), a decimal (an exact decimal string such as '-1234.5000'), a percentage (the
 * number of percent as a decimal string, '174.9' for +174,9 %) or a calendar date ('2024-12-31');
 * the cells are those values, `null` for an empty one. `digits` are the fraction digits the screen
 * shows (default 2): a spreadsheet shows as many, a CSV writes at least as many.
 */
export interface ExportColumn {
  header: string
  kind: 'text' | 'decimal' | 'percent' | 'date'
  digits?: number
}

export type ExportCell = string | null

/** A byte order mark: without it Excel reads UTF-8 as Windows-1252 and garbles the umlauts. */
export const CSV_BYTE_ORDER_MARK = '\uFEFF'

/**
 * A decimal string without trailing zeros beyond `digits` (the screen's precision, default the
 * cents), never in exponent notation: '100.0000' → '100.00', '1.2345' → '1.2345', '-7' → '-7';
 * with 3 digits '465950.7' → '465950.700'. No digit is dropped: an export is never less exact.
 */
export function trimDecimal(value: string, digits = 2): string {
  const [whole, fraction] = value.trim().replace(/^\+/, '').split('.')
  if (fraction === undefined) return whole!
  const kept = fraction.replace(/0+$/, '')
  return kept.length === 0 && digits === 0 ? whole! : `${whole}.${kept.padEnd(digits, '0')}`
}

/**
 * The fraction a number of percent stands for, exactly on the decimal string ('174.9' → '1.749',
 * '-5' → '-0.05'): a spreadsheet's percent format shows 1.749 as 174,9 %.
 */
export function percentAsFraction(percent: string): string {
  const text = percent.trim().replace(/^\+/, '')
  const negative = text.startsWith('-')
  const [whole = '', fraction = ''] = text.replace(/^-/, '').split('.')
  const digits = whole.padStart(3, '0')
  const shifted = `${digits.slice(0, -2).replace(/^0+(?=\d)/, '')}.${digits.slice(-2)}${fraction}`
  return `${negative ? '-' : ''}${shifted.replace(/\.?0+$/, '') || '0'}`
}

/** The spreadsheet number format of a decimal or percent column, with the screen's digits. */
export function spreadsheetNumberFormat(column: ExportColumn): string {
  const digits = column.digits ?? 2
  const number = digits > 0 ? `0.${'0'.repeat(digits)}` : '0'
  // a change in percent shows its sign as on screen: +174,9 %
  return column.kind === 'percent' ? `+${number}%;-${number}%;${number}%` : `#,##${number}`
}

/** Characters a spreadsheet may start a formula with: = + - @, and a tab or CR before one. */
const FORMULA_START = /^[=+\-@\t\r]/

/**
 * A text cell a spreadsheet would run as a formula ('=HYPERLINK(…)', '+1', '-x', '@SUM') gets a
 * leading apostrophe, so that a name or note typed by someone else never runs as one (OWASP CSV
 * injection). Also when whitespace comes first (a spreadsheet may trim it), and for the look-alikes
 * of those characters: their full-width forms ('＝', '＋', '－', '＠', as an IME types them), the
 * small form variants and superscript and subscript signs (all of which NFKC turns into the ASCII
 * character) and the minus sign U+2212.
 */
export function neutralizeFormula(text: string): string {
  // leading whitespace, or a tab or CR in it
  if (/^\s*[\t\r]/.test(text)) return `'${text}`
  const first = text.replace(/^\s+/, '').charAt(0)
  const runs = FORMULA_START.test(first.normalize('NFKC')) || first === '\u2212'
  return runs ? `'${text}` : text
}

/** A cell as German Excel reads it from a CSV: decimal comma, dates DD.MM.YYYY. */
function csvText(column: ExportColumn, value: ExportCell): string {
  if (value === null || value === '') return ''
  if ((column.kind === 'decimal' || column.kind === 'percent') && isDecimalString(value))
    return trimDecimal(value, column.digits).replace('.', ',')
  if (column.kind === 'date' && toCalendarDate(value) !== null) return formatDate(value)
  return neutralizeFormula(value)
}

function quoted(text: string): string {
  return /[;"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** A column's header; a CSV cell has no format, so a percent column says '(%)' in its header. */
function csvHeader(column: ExportColumn): string {
  return column.kind === 'percent' ? `${column.header} (%)` : column.header
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
    columns.map((column) => quoted(neutralizeFormula(csvHeader(column)))),
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
