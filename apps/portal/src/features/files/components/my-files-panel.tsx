import DeleteIcon from '@mui/icons-material/Delete'
import { ERROR, type Attachment } from '@portal/domain'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { actionsColumn, dateColumn } from '../../../components/data-table/columns'
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table'
import { DownloadButton } from '../../../components/download-button'
import { ErrorNotice } from '../../../components/error-notice'
import { MutationOutcome } from '../../../components/mutation-outcome'
import { RowActionButton } from '../../../components/row-action-button'
import { useDeleteFile, useMyFiles } from '../api/attachments'
import '../locales'

const kilobytes = (bytes: number) =>
  `${new Intl.NumberFormat('de-DE').format(Math.ceil(bytes / 1024))} kB`

/** The user's files of a distribution: download, delete with confirmation (errors 101, 103, 104). */
export function MyFilesPanel({ distribution }: { distribution: string }) {
  const { t } = useTranslation()
  const files = useMyFiles(distribution)
  const remove = useDeleteFile(distribution)
  const [deleting, setDeleting] = useState<Attachment | null>(null)
  const columns: DataTableColumn<Attachment>[] = [
    { key: 'fileName', header: t('files.column.fileName'), primary: true },
    dateColumn('createdAt', t('files.column.createdAt')),
    {
      key: 'size',
      header: t('files.column.size'),
      format: (a) => kilobytes(a.size),
      sortValue: (a) => a.size,
      align: 'right',
    },
    { key: 'note', header: t('files.column.note'), format: (a) => a.note ?? '' },
    actionsColumn('actions', t('files.column.actions'), (a) => (
      <>
        <DownloadButton
          attachment={a.attachment}
          fileName={a.fileName}
          label={t('files.download', { name: a.fileName })}
          errorCode={ERROR.fileDownload}
        />
        <RowActionButton
          label={t('files.delete', { name: a.fileName })}
          icon={DeleteIcon}
          onClick={() => setDeleting(a)}
        />
      </>
    )),
  ]
  if (files.isError) return <ErrorNotice error={files.error} />
  return (
    <>
      <MutationOutcome error={remove.error} />
      <DataTable
        caption={t('files.caption')}
        exportName={t('files.exportName', 'Meine Dateien')}
        columns={columns}
        rows={files.data ?? []}
        loading={files.isPending}
        getRowId={(a) => a.attachment}
        size="small"
        stateKey="files"
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('files.deleteTitle')}
        text={deleting ? t('files.deleteText', { name: deleting.fileName }) : ''}
        confirmLabel={t('files.deleteConfirm')}
        pending={remove.isPending}
        onConfirm={() =>
          deleting && remove.mutate(deleting.attachment, { onSettled: () => setDeleting(null) })
        }
        onClose={() => setDeleting(null)}
      />
    </>
  )
}
