import { ERROR, genericErrorText, LOGIN_FAILED_MESSAGE } from '@portal/domain'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../../../lib/api-client'
import { Alert } from '../../../components/kit/alert'

/**
 * §8: 401 is the wrong-credentials message with its hint; a wrong second-factor code is a 401 as
 * well, but the credentials were right: its message alone, as for the other refusals below. Code
 * 108 (login failed) shows the server's message whenever it sent one (too many attempts, server
 * busy, a refused input), with the error code where the failure is not the user's (5xx); without a
 * message, and for the other codes (105 no token, 110 connections), the generic text with the code.
 */
export function LoginError({ error }: { error: unknown }) {
  const { t } = useTranslation()
  if (
    error instanceof ApiError &&
    error.status === 401 &&
    error.serverCode !== 'SECOND_FACTOR_INVALID'
  ) {
    return (
      <Alert severity="error" role="alert" title={error.detail ?? LOGIN_FAILED_MESSAGE}>
        {t('auth.login.failedHint')}
      </Alert>
    )
  }
  const code = error instanceof ApiError ? error.errorCode : ERROR.loginFailed
  if (error instanceof ApiError && error.detail && code === ERROR.loginFailed) {
    return error.status >= 500 ? (
      <Alert severity="error" role="alert" title={error.detail}>
        {t('common.genericErrorHint', { code })}
      </Alert>
    ) : (
      <Alert severity="error" role="alert">
        {error.detail}
      </Alert>
    )
  }
  return (
    <Alert severity="error" role="alert">
      {genericErrorText(code)}
    </Alert>
  )
}
