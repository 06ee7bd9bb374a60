import { REQUIRED_MESSAGE } from '@portal/domain'
import {
  lazy,
  Suspense,
  useEffect,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
} from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { ApiError } from '../../../lib/api-client'
import { HOME_PATH, secondFactorSetupPath } from '../../../lib/session'
import { Button } from '../../../components/kit/button'
import { Field, PasswordField } from '../../../components/kit/field'
import { ScreenLoading } from '../../../components/kit/progress'

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
 * What a failed sign-in says, loaded with the sign-in's calls: the first paint does not need it,
 * and no sign-in fails before its calls have loaded.
 */
const importLoginError = () => import('./login-error')
const LoginError = lazy(async () => ({ default: (await importLoginError()).LoginError }))

/** The step for the second factor's code, with its texts: only for users who set one up. */
const SecondFactorStep = lazy(async () => ({
  default: (await import('./second-factor-step')).SecondFactorStep,
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
 * deep link the guard kept, already checked to be a path of the portal), or first the set-up of
 * the second factor when the customer requires one that the user has not set up. When the server
 * asks for the second factor's code, the card turns to a step of its own for it.
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
  /** The server's request for the second factor's code while its step is shown. */
  const [codeRequest, setCodeRequest] = useState<string | null>(null)
  const usernameInput = useRef<HTMLInputElement>(null)
  const passwordInput = useRef<HTMLInputElement>(null)
  const backFromCode = useRef(false)
  const missing = (field: keyof typeof values) => checked && values[field] === ''

  // the code of the page after the sign-in is fetched (not run) once someone starts to sign in,
  // with the sign-in's calls: while the password is typed, not while the sign-in page itself
  // loads on a slow phone (Lighthouse on a phone: TBT 49 ms without it at load, 277–410 ms with it)
  const prefetch = useRef<Promise<() => void> | null>(null)
  useEffect(() => () => void prefetch.current?.then((stop) => stop()), [])
  const startSigningIn = () => {
    prefetch.current ??= import('../prefetch-signed-in').then(({ prefetchSignedIn }) =>
      prefetchSignedIn(),
    )
    void Promise.all([loadSignIn(), importLoginError()]).catch(() => undefined)
  }
  // back from the code step, the user is where they left: at the password
  useEffect(() => {
    if (codeRequest !== null || !backFromCode.current) return
    backFromCode.current = false
    passwordInput.current?.focus()
  }, [codeRequest])

  /** Signs in (with the second factor's code once asked for) and opens the page after it. */
  const signInWith = async (code?: string) => {
    // composed (NFC) as the server stores names: "müller" however the keyboard typed it
    const { signIn } = await loadSignIn()
    const outcome = await signIn(values.username.trim().normalize('NFC'), values.password, code)
    // the button stays busy while the portal's page loads
    onSignedIn(outcome === 'signedIn' ? next : secondFactorSetupPath(next))
  }

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
      await signInWith()
    } catch (caught) {
      // the password was right: not a failure, the code is asked for next
      if (caught instanceof ApiError && caught.serverCode === 'SECOND_FACTOR_REQUIRED') {
        setCodeRequest(caught.detail ?? '')
      } else {
        setError(caught)
      }
      setSubmitting(false)
    }
  }
  const field = (name: keyof typeof values) => ({
    name,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const { value } = event.target
      setValues((current) => ({ ...current, [name]: value }))
    },
    error: missing(name),
    helperText: missing(name) ? REQUIRED_MESSAGE : undefined,
  })

  if (codeRequest !== null) {
    return (
      <Suspense fallback={<ScreenLoading />}>
        <SecondFactorStep
          request={codeRequest}
          onSubmit={signInWith}
          onBack={() => {
            backFromCode.current = true
            setCodeRequest(null)
          }}
        />
      </Suspense>
    )
  }
  return (
    <form
      className="auth-stack"
      noValidate
      onSubmit={onSubmit}
      onFocus={startSigningIn}
      aria-label={t('auth.login.title')}
    >
      {error !== null && (
        <Suspense>
          <LoginError error={error} />
        </Suspense>
      )}
      <Field
        label={t('auth.login.userName')}
        autoComplete="username"
        required
        ref={usernameInput}
        {...field('username')}
      />
      <PasswordField
        label={t('auth.login.password')}
        autoComplete="current-password"
        required
        ref={passwordInput}
        {...field('password')}
      />
      <Button size="large" loading={isSubmitting}>
        {t('auth.login.submit')}
      </Button>
      <Link className="auth-link" to="/authenticate?view=reset">
        {t('auth.login.forgotPassword')}
      </Link>
      <Link className="auth-link" to="/register">
        {t('auth.login.register')}
      </Link>
    </form>
  )
}
