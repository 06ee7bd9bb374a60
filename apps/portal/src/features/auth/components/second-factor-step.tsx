import { REQUIRED_MESSAGE } from '@portal/domain'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import '../locales'
import { LoginError } from './login-error'
import { Button as PlainButton } from '../../../components/kit/button'
import { ValueField as PlainField } from './value-fields'

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
  const [code, setCode] = useState('')
  const [checked, setChecked] = useState(false)
  const [error, setError] = useState<unknown>(null)
  const [pending, setPending] = useState(false)
  const input = useRef<HTMLInputElement>(null)

  // when the step appears and when it switches between the two kinds of code
  useEffect(() => input.current?.focus(), [recovery])

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setChecked(true)
    // an app's code is digits ("123 456" as some apps show it); a recovery code is sent as typed
    const typed = recovery ? code.trim() : code.replace(/\s/g, '')
    if (typed === '') {
      input.current?.focus()
      return
    }
    setError(null)
    setPending(true)
    try {
      await onSubmit(typed)
    } catch (caught) {
      setError(caught)
      setPending(false)
      input.current?.focus()
      input.current?.select()
    }
  }

  return (
    <form
      className="auth-stack"
      noValidate
      onSubmit={submit}
      aria-label={t('auth.secondFactor.stepLabel')}
    >
      {error !== null && <LoginError error={error} />}
      <p id={requestId} className="auth-text">
        {request || t('auth.secondFactor.request')}
      </p>
      <PlainField
        label={t(recovery ? 'auth.secondFactor.recoveryCode' : 'auth.secondFactor.code')}
        name="code"
        value={code}
        onChange={setCode}
        autoComplete={recovery ? 'off' : 'one-time-code'}
        inputMode={recovery ? 'text' : 'numeric'}
        required
        describedBy={requestId}
        error={checked && code.trim() === '' ? REQUIRED_MESSAGE : undefined}
        ref={input}
      />
      <button
        type="button"
        className="auth-link auth-link-button"
        onClick={() => {
          setRecovery((shown) => !shown)
          setCode('')
          setChecked(false)
        }}
      >
        {t(recovery ? 'auth.secondFactor.useAppCode' : 'auth.secondFactor.useRecoveryCode')}
      </button>
      <PlainButton size="large" loading={pending}>
        {t('auth.secondFactor.submit')}
      </PlainButton>
      <button type="button" className="auth-link auth-link-button" onClick={onBack}>
        {t('auth.secondFactor.back')}
      </button>
    </form>
  )
}
