import DownloadIcon from '@mui/icons-material/Download'
import IconButton from '@mui/material/IconButton'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ERROR } from '@portal/domain'
import { downloadFile } from '../lib/api-client'
import { ErrorNotice } from './error-notice'
import { VisuallyHidden } from './kit/visually-hidden'

/**
 * Downloads a stored file: a real button (keyboard), named for screen readers, and a polite
 * live region that announces the start of the download.
 */
export function DownloadButton({
  attachment,
  fileName,
  label,
  errorCode,
}: {
  attachment: string
  fileName: string
  label: string
  errorCode?: number
}) {
  const code = errorCode ?? ERROR.download
  const { t } = useTranslation()
  const [announcement, setAnnouncement] = useState('')
  const [error, setError] = useState<unknown>(null)
  return (
    <>
      <IconButton
        size="small"
        aria-label={label}
        onClick={() => {
          setError(null)
          downloadFile(
            `/api/processes/system/file-download/${encodeURIComponent(attachment)}`,
            fileName,
            code,
          )
            .then(() => setAnnouncement(t('files.downloadStarted', { name: fileName })))
            .catch(setError)
        }}
      >
        <DownloadIcon fontSize="small" />
      </IconButton>
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      {error !== null && <ErrorNotice error={error} />}
    </>
  )
}
