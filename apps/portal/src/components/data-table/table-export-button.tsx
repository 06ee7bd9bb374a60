import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined'
import Button from '@mui/material/Button'
import Typography from '@mui/material/Typography'
import { lazy, Suspense, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { TableExport } from './table-export-menu'

const TableExportMenu = lazy(() => import('./table-export-menu'))

/**
 * Decision 030: "Exportieren" opens a menu of the formats (CSV for German Excel, XLSX). The menu and
 * the file writers load on the first click. A failure is said in words next to the button.
 */
export function TableExportButton({
  tableName,
  disabled,
  table,
}: {
  tableName: string
  disabled: boolean
  table: () => TableExport
}) {
  const { t } = useTranslation()
  const menuId = useId()
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  const [failed, setFailed] = useState(false)
  return (
    <>
      <Button
        variant="outlined"
        size="small"
        startIcon={<FileDownloadOutlined />}
        disabled={disabled}
        aria-haspopup="menu"
        aria-expanded={anchor ? true : undefined}
        aria-controls={anchor ? menuId : undefined}
        aria-label={t('dataTable.exportNamed', '{{table}} exportieren', { table: tableName })}
        onClick={(event) => {
          setFailed(false)
          setAnchor(event.currentTarget)
        }}
        sx={{ mb: 2 }}
      >
        {t('dataTable.export', 'Exportieren')}
      </Button>
      {anchor && (
        <Suspense fallback={null}>
          <TableExportMenu
            id={menuId}
            anchor={anchor}
            onClose={() => setAnchor(null)}
            onFailure={() => setFailed(true)}
            table={table}
          />
        </Suspense>
      )}
      {/* an alert is announced when it appears; no empty live region beside every table */}
      {failed && (
        <Typography role="alert" variant="body2" color="error" sx={{ mb: 2 }}>
          {t(
            'dataTable.exportFailed',
            'Der Export ist fehlgeschlagen. Bitte versuchen Sie es erneut.',
          )}
        </Typography>
      )}
    </>
  )
}
