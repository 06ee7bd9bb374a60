import { genericErrorText, LOGIN_FAILED_MESSAGE, REQUIRED_MESSAGE } from '@portal/domain'
import Alert from '@mui/material/Alert'
import AlertTitle from '@mui/material/AlertTitle'
import Button from '@mui/material/Button'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import { useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink, useNavigate } from 'react-router'
import { OutlinedField } from '../../../components/outlined-field'
import { PasswordField } from '../../../components/password-field'
import { ApiError } from '../../../lib/api-client'
import { signIn } from '../api/sign-in'

/** §8: 401 is the wrong-credentials message; 429 shows the server's detail; else generic with code. */
function LoginError({ error }: { error: unknown }) {
  const { t } = useTranslation()
  if (error instanceof ApiError && error.status === 401) {
    return (
      <Alert severity="error" role="alert">
        <AlertTitle>{LOGIN_FAILED_MESSAGE}</AlertTitle>
        {t('auth.login.failedHint')}
      </Alert>
    )
  }
  if (error instanceof ApiError && error.status === 429 && error.detail) {
    return (
      <Alert severity="error" role="alert">
        {error.detail}
      </Alert>
    )
  }
  const code = error instanceof ApiError ? error.errorCode : 108
  return (
    <Alert severity="error" role="alert">
      {genericErrorText(code)}
    </Alert>
  )
}

/**
 * Two fields with one rule (§5 'required'): plain state instead of the form library, so that the
 * sign-in route loads as little code as possible (docs/performance.md).
 */
export function LoginForm() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [error, setError] = useState<unknown>(null)
  const [values, setValues] = useState({ username: '', password: '' })
  const [checked, setChecked] = useState(false)
  const [isSubmitting, setSubmitting] = useState(false)
  const usernameInput = useRef<HTMLInputElement>(null)
  const passwordInput = useRef<HTMLInputElement>(null)
  const missing = (field: keyof typeof values) => checked && values[field] === ''

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
      await signIn(values.username.trim(), values.password)
      await navigate('/dashboard', { replace: true })
    } catch (caught) {
      setError(caught)
      setSubmitting(false)
    }
  }
  const field = (name: keyof typeof values) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
    error: missing(name),
    helperText: missing(name) ? REQUIRED_MESSAGE : undefined,
  })

  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={onSubmit}
      aria-label={t('auth.login.title')}
    >
      {error !== null && <LoginError error={error} />}
      <OutlinedField
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
      <Button type="submit" variant="contained" size="large" loading={isSubmitting}>
        {t('auth.login.submit')}
      </Button>
      <Link component={RouterLink} to="/authenticate?view=reset">
        {t('auth.login.forgotPassword')}
      </Link>
    </Stack>
  )
}
