import Menu from '@mui/material/Menu'
import MenuItem from '@mui/material/MenuItem'
import type { ExportCell, ExportColumn } from '@portal/domain'
import { useTranslation } from 'react-i18next'
import { exportTable, type ExportFormat } from '../../lib/table-export'

/** What a table hands to the export when a format is chosen. */
export type TableExport = {
  name: string
  columns: ExportColumn[]
  rows: ExportCell[][]
}

/**
 * Decision 030: the menu of the two formats, loaded with the first click on "Exportieren" (it is not
 * part of any screen's budget). Choosing one writes the file.
 */
export default function TableExportMenu({
  id,
  anchor,
  onClose,
  onFailure,
  table,
}: {
  id: string
  anchor: HTMLElement
  onClose: () => void
  onFailure: () => void
  table: () => TableExport
}) {
  const { t } = useTranslation()
  const choose = (format: ExportFormat) => {
    onClose()
    const { name, columns, rows } = table()
    exportTable(format, name, columns, rows).catch(onFailure)
  }
  return (
    // in the landmark of its table, as every content must be in a landmark
    <Menu
      id={id}
      anchorEl={anchor}
      container={anchor.closest<HTMLElement>('main, [role="main"], [role="dialog"]')}
      open
      onClose={onClose}
    >
      <MenuItem onClick={() => choose('csv')}>
        {t('dataTable.exportCsv', 'CSV für Excel (Semikolon)')}
      </MenuItem>
      <MenuItem onClick={() => choose('xlsx')}>
        {t('dataTable.exportXlsx', 'Excel-Arbeitsmappe (XLSX)')}
      </MenuItem>
    </Menu>
  )
}
