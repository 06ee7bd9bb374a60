import { genericErrorText, LOGIN_FAILED_MESSAGE, RequiredStringSchema } from '@portal/domain'
import { zodResolver } from '@hookform/resolvers/zod'
import Alert from '@mui/material/Alert'
import AlertTitle from '@mui/material/AlertTitle'
import Button from '@mui/material/Button'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink, useNavigate } from 'react-router'
import { z } from 'zod'
import { PasswordField } from '../../../components/password-field'
import { ApiError } from '../../../lib/api-client'
import { signIn } from '../api/sign-in'

const LoginSchema = z.object({ username: RequiredStringSchema, password: RequiredStringSchema })
type Login = z.infer<typeof LoginSchema>

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

export function LoginForm() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [error, setError] = useState<unknown>(null)
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Login>({
    resolver: zodResolver(LoginSchema),
    defaultValues: { username: '', password: '' },
  })

  const onSubmit = handleSubmit(async ({ username, password }) => {
    setError(null)
    try {
      await signIn(username.trim(), password)
      await navigate('/dashboard', { replace: true })
    } catch (caught) {
      setError(caught)
    }
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
      <TextField
        label={t('auth.login.userName')}
        autoComplete="username"
        required
        error={Boolean(errors.username)}
        helperText={errors.username?.message}
        {...register('username')}
      />
      <PasswordField
        label={t('auth.login.password')}
        autoComplete="current-password"
        required
        error={Boolean(errors.password)}
        helperText={errors.password?.message}
        {...register('password')}
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
