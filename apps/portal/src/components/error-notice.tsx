import { GENERIC_ERROR_MESSAGE } from '@portal/domain'
import Alert from '@mui/material/Alert'
import AlertTitle from '@mui/material/AlertTitle'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../lib/api-client'

/**
 * §8: the generic message with the error code, or the server's detail where the catalogue says it
 * is shown (`showDetail`).
 */
export function ErrorNotice({
  error,
  showDetail = false,
}: {
  error: unknown
  showDetail?: boolean
}) {
  const { t } = useTranslation()
  const code = error instanceof ApiError ? error.errorCode : undefined
  const detail = error instanceof ApiError ? error.detail : null
  return (
    <Alert severity="error" role="alert">
      <AlertTitle>{showDetail && detail ? detail : GENERIC_ERROR_MESSAGE}</AlertTitle>
      {code !== undefined && t('common.genericErrorHint', { code })}
    </Alert>
  )
}
