import { GENERIC_ERROR_MESSAGE } from '@portal/domain'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../lib/api-client'
import { isUserFixable } from '../lib/form-errors'
import { Alert } from './kit/alert'

/**
 * §8 in one place, signed in and signed out. A 4xx is the user's to fix: the server's German
 * detail alone (a form shows the one about its own input at the field, see lib/form-errors). A
 * 5xx or a network failure: 'Leider ist ein Fehler aufgetreten' with the hint to try later and
 * the error code of the call.
 */
export function ErrorNotice({ error }: { error: unknown }) {
  const { t } = useTranslation()
  if (isUserFixable(error)) {
    return (
      <Alert severity="error" role="alert">
        {error.detail}
      </Alert>
    )
  }
  const code = error instanceof ApiError ? error.errorCode : undefined
  return (
    <Alert severity="error" role="alert" title={GENERIC_ERROR_MESSAGE}>
      {code !== undefined && t('common.genericErrorHint', { code })}
    </Alert>
  )
}
