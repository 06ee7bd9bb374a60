import { useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { digitsOf, trimmed, useSendForm } from '../../../components/second-factor/send-form'
import '../../../components/second-factor/texts'
import { LoginError } from './login-error'
import { Button } from '../../../components/kit/button'
import { KitField } from '../../../components/second-factor/kit-fields'

/**
 * The sign-in's second step, once the server has accepted the password and asks for the second
 * factor: a code from the authenticator app or, switched to, a recovery code. It takes the place
 * of the password step in the same card; the focus goes to its field, whose description is the
 * server's request, so that a screen reader reads where the user is and what to type. A refused
 * code leaves the step as it is, with the server's message in the alert and the field ready for
 * the next try; "Zurück" returns to the password.
 */
export function SecondFactorStep({
  request,
  onSubmit,
  onBack,
}: {
  /** The server's message asking for the code ('' when it sent none). */
  request: string
  /** Signs in with the code; settles only when that failed (the portal's page loads otherwise). */
  onSubmit: (code: string) => Promise<void>
  onBack: () => void
}) {
  const { t } = useTranslation()
  const requestId = useId()
  const [recovery, setRecovery] = useState(false)
  const form = useSendForm({
    // a recovery code is sent as typed: the server forgives case, blanks and dashes
    fields: { code: recovery ? trimmed : digitsOf },
    send: ({ code }) => onSubmit(code),
  })
  const { focus } = form

  // again when it switches between the two kinds of code
  useEffect(focus, [recovery, focus])

  return (
    <form
      className="auth-stack"
      noValidate
      onSubmit={form.formProps.onSubmit}
      aria-label={t('secondFactor.signIn.label')}
    >
      {form.error !== null && <LoginError error={form.error} />}
      <p id={requestId} className="auth-text">
        {request || t('secondFactor.signIn.request')}
      </p>
      <KitField
        {...form.field('code')}
        label={t(recovery ? 'secondFactor.signIn.recoveryCode' : 'secondFactor.signIn.code')}
        autoComplete={recovery ? 'off' : 'one-time-code'}
        inputMode={recovery ? 'text' : 'numeric'}
        describedBy={requestId}
      />
      <button
        type="button"
        className="auth-link auth-link-button"
        onClick={() => {
          setRecovery((shown) => !shown)
          form.reset()
        }}
      >
        {t(recovery ? 'secondFactor.signIn.useAppCode' : 'secondFactor.signIn.useRecoveryCode')}
      </button>
      <Button size="large" loading={form.pending}>
        {t('secondFactor.signIn.submit')}
      </Button>
      <button type="button" className="auth-link auth-link-button" onClick={onBack}>
        {t('secondFactor.signIn.back')}
      </button>
    </form>
  )
}
