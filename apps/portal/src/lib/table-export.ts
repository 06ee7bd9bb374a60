/**
 * Decision 030: a data table exported as CSV or XLSX. The CSV is written by the domain's `tableToCsv`;
 * the XLSX by `write-excel-file`, which loads only when a user asks for one (docs/decisions/030).
 */
import {
  exportFileName,
  neutralizeFormula,
  percentAsFraction,
  spreadsheetNumberFormat,
  tableToCsv,
  toCalendarDate,
  toIsoDate,
  type ExportCell,
  type ExportColumn,
} from '@portal/domain'
import { saveFile } from './save-file'

export type ExportFormat = 'csv' | 'xlsx'

/**
 * A decimal as a number cell and a percentage as a percent cell, each showing the screen's digits;
 * a date as a date cell; text as text (Excel must not reinterpret it).
 */
function xlsxCell(column: ExportColumn, value: ExportCell) {
  if (value === null || value === '') return null
  if (column.kind === 'decimal' && Number.isFinite(Number(value))) {
    return { type: Number, value: Number(value), format: spreadsheetNumberFormat(column) }
  }
  if (column.kind === 'percent' && Number.isFinite(Number(value))) {
    const fraction = Number(percentAsFraction(value))
    return { type: Number, value: fraction, format: spreadsheetNumberFormat(column) }
  }
  const day = column.kind === 'date' ? toCalendarDate(value) : null
  if (day !== null) {
    return { type: Date, value: new Date(`${day}T00:00:00Z`), format: 'dd.mm.yyyy' }
  }
  return { type: String, value: neutralizeFormula(value), format: '@' }
}

export async function exportTable(
  format: ExportFormat,
  name: string,
  columns: readonly ExportColumn[],
  rows: readonly ExportCell[][],
): Promise<void> {
  const fileName = exportFileName(name, format, toIsoDate(new Date()))
  if (format === 'csv') {
    saveFile(new Blob([tableToCsv(columns, rows)], { type: 'text/csv;charset=utf-8' }), fileName)
    return
  }
  const { default: writeXlsxFile } = await import('./xlsx-writer')
  const header = columns.map((column) => ({ value: column.header, fontWeight: 'bold' as const }))
  const body = rows.map((row) =>
    columns.map((column, index) => xlsxCell(column, row[index] ?? null)),
  )
  const blob = await writeXlsxFile([header, ...body], {
    // Excel refuses sheet names longer than 31 characters or with : \ / ? * [ ]
    sheet: name.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31),
    stickyRowsCount: 1,
    columns: columns.map((column) => ({ width: column.kind === 'text' ? 30 : 14 })),
  }).toBlob()
  saveFile(blob, fileName)
}
