import { ERROR, genericErrorText, LOGIN_FAILED_MESSAGE, REQUIRED_MESSAGE } from '@portal/domain'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { ApiError } from '../../../lib/api-client'
import { HOME_PATH } from '../../../lib/session'
import { prefetchSignedIn } from '../prefetch-signed-in'
import { PlainAlert } from './plain-alert'
import { PlainButton } from './plain-button'
import { PlainField, PlainPasswordField } from './plain-field'

/**
 * §8: 401 is the wrong-credentials message with its hint. Code 108 (login failed) shows the
 * server's message whenever it sent one (too many attempts, server busy, a refused input), with
 * the error code where the failure is not the user's (5xx); without a message, and for the other
 * codes (105 no token, 110 connections), the generic text with the code.
 */
function LoginError({ error }: { error: unknown }) {
  const { t } = useTranslation()
  if (error instanceof ApiError && error.status === 401) {
    return (
      <PlainAlert severity="error" role="alert" title={error.detail ?? LOGIN_FAILED_MESSAGE}>
        {t('auth.login.failedHint')}
      </PlainAlert>
    )
  }
  const code = error instanceof ApiError ? error.errorCode : ERROR.loginFailed
  if (error instanceof ApiError && error.detail && code === ERROR.loginFailed) {
    return error.status >= 500 ? (
      <PlainAlert severity="error" role="alert" title={error.detail}>
        {t('common.genericErrorHint', { code })}
      </PlainAlert>
    ) : (
      <PlainAlert severity="error" role="alert">
        {error.detail}
      </PlainAlert>
    )
  }
  return (
    <PlainAlert severity="error" role="alert">
      {genericErrorText(code)}
    </PlainAlert>
  )
}

/**
 * The sign-in's calls and the §5 rules of the session meta, loaded when the user turns to the
 * form, not with the page: the domain's sorting and date modules build their `Intl` collators and
 * formats as they load, which cost the page's first paint about 20 ms of the main thread.
 */
const importSignIn = () => import('../api/sign-in')
let signInModule: ReturnType<typeof importSignIn> | undefined
/** The module once; a failed load (the connection dropped) is tried again next time. */
const loadSignIn = () =>
  (signInModule ??= importSignIn().catch((error: unknown) => {
    signInModule = undefined
    throw error
  }))

/**
 * The signed-in portal opens as a page of its own: it loads MUI and the app shell, which the
 * sign-in page does not (decision 027), and its first screen starts as the first page of a visit.
 * `replace`: back from the dashboard does not return to the filled-in form.
 */
function openPortal(path: string) {
  window.location.replace(path)
}

/**
 * Two fields with one rule (§5 'required'), in plain React state and markup, so that the sign-in
 * route loads as little code as possible (decision 027). After the sign-in it opens `next` (a
 * deep link the guard kept, already checked to be a path of the portal).
 */
export function LoginForm({
  next = HOME_PATH,
  onSignedIn = openPortal,
}: {
  next?: string
  /** Opens the portal at `next` once signed in (a test watches it instead). */
  onSignedIn?: (path: string) => void
}) {
  const { t } = useTranslation()
  const [error, setError] = useState<unknown>(null)
  const [values, setValues] = useState({ username: '', password: '' })
  const [checked, setChecked] = useState(false)
  const [isSubmitting, setSubmitting] = useState(false)
  const usernameInput = useRef<HTMLInputElement>(null)
  const passwordInput = useRef<HTMLInputElement>(null)
  const missing = (field: keyof typeof values) => checked && values[field] === ''

  // the code of the page after the sign-in, fetched (not run) once the form is idle
  useEffect(() => prefetchSignedIn(), [])

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    setChecked(true)
    // like the form library did: the first empty field gets the focus, its message is read out
    const emptyInput =
      values.username === '' ? usernameInput : values.password === '' ? passwordInput : null
    if (emptyInput) {
      emptyInput.current?.focus()
      return
    }
    setError(null)
    setSubmitting(true)
    try {
      // composed (NFC) as the server stores names: "müller" however the keyboard typed it
      const { signIn } = await loadSignIn()
      await signIn(values.username.trim().normalize('NFC'), values.password)
    } catch (caught) {
      setError(caught)
      setSubmitting(false)
      return
    }
    // the button stays busy while the portal's page loads
    onSignedIn(next)
  }
  const field = (name: keyof typeof values) => ({
    name,
    value: values[name],
    onChange: (value: string) => setValues((current) => ({ ...current, [name]: value })),
    error: missing(name) ? REQUIRED_MESSAGE : undefined,
  })

  return (
    <form
      className="auth-stack"
      noValidate
      onSubmit={onSubmit}
      onFocus={() => void loadSignIn().catch(() => undefined)}
      aria-label={t('auth.login.title')}
    >
      {error !== null && <LoginError error={error} />}
      <PlainField
        label={t('auth.login.userName')}
        autoComplete="username"
        required
        ref={usernameInput}
        {...field('username')}
      />
      <PlainPasswordField
        label={t('auth.login.password')}
        autoComplete="current-password"
        required
        ref={passwordInput}
        {...field('password')}
      />
      <PlainButton size="large" loading={isSubmitting}>
        {t('auth.login.submit')}
      </PlainButton>
      <Link className="auth-link" to="/authenticate?view=reset">
        {t('auth.login.forgotPassword')}
      </Link>
    </form>
  )
}
