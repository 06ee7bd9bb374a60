import { GENERIC_ERROR_MESSAGE } from '@portal/domain'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../../../lib/api-client'
import { isUserFixable } from '../../../lib/form-errors'
import { PlainAlert } from './plain-alert'

/**
 * What a signed-out form's submission came to, as MutationOutcome and ErrorNotice show it on the
 * signed-in screens (§8): the success message; a 4xx with the server's German detail alone; a
 * 5xx or a network failure as 'Leider ist ein Fehler aufgetreten' with the hint and the code.
 */
export function SubmissionOutcome({ success, error }: { success?: string; error: unknown }) {
  const { t } = useTranslation()
  if (success) {
    return (
      <PlainAlert severity="success" role="status">
        {success}
      </PlainAlert>
    )
  }
  if (!error) return null
  if (isUserFixable(error)) {
    return (
      <PlainAlert severity="error" role="alert">
        {error.detail}
      </PlainAlert>
    )
  }
  const code = error instanceof ApiError ? error.errorCode : undefined
  return (
    <PlainAlert severity="error" role="alert" title={GENERIC_ERROR_MESSAGE}>
      {code !== undefined && t('common.genericErrorHint', { code })}
    </PlainAlert>
  )
}
