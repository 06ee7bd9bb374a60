import type { ExportColumn } from '@portal/domain'
import { exportValue } from './cell-values'
import { DETAIL_COLUMN, type DataTableColumn } from './data-table-types'
import type { TableExport } from './table-export-menu'

/**
 * The rows as exported: the shown and the hidden columns, not the actions; a unit per row gets a
 * column of its own, headed `unitHeader(column)`, right after its numbers.
 */
export function tableExportOf<Row>(
  fields: readonly DataTableColumn<Row>[],
  rows: readonly Row[],
  name: string,
  unitHeader: (column: string) => string,
): TableExport {
  const exported = fields.filter((field) => !field.actions && field.key !== DETAIL_COLUMN)
  const columns = exported.flatMap((field): TableExport['columns'] => {
    const unit = field.exportUnit
    const column: ExportColumn = {
      header: typeof unit === 'string' ? `${field.header} (${unit})` : field.header,
      kind: field.exportAs ?? 'text',
      ...(field.exportDigits === undefined ? {} : { digits: field.exportDigits }),
    }
    return typeof unit === 'function'
      ? [column, { header: unitHeader(field.header), kind: 'text' }]
      : [column]
  })
  return {
    name,
    columns,
    rows: rows.map((row) =>
      exported.flatMap((field) => {
        const value = exportValue(row, field)
        return typeof field.exportUnit === 'function' ? [value, field.exportUnit(row)] : [value]
      }),
    ),
  }
}
