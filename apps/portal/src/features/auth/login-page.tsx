import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Container from '@mui/material/Container'
import { useTranslation } from 'react-i18next'
import { Navigate, useSearchParams } from 'react-router'
import { PageTitle } from '../../components/page-title'
import { isLoggedIn } from '../../lib/session'
import { LoginForm } from './components/login-form'
import { PasswordResetConfirmForm } from './components/password-reset-confirm-form'
import { PasswordResetRequestForm } from './components/password-reset-request-form'

/** /authenticate: sign-in, the password reset request, and the reset link's confirmation. */
export function Component() {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const resetToken = params.get('reset')
  const view = resetToken ? 'confirm' : params.get('view') === 'reset' ? 'reset' : 'login'
  if (view === 'login' && isLoggedIn()) return <Navigate to="/dashboard" replace />
  const title = t(`auth.${view}.title`)
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 6 } }}>
      <Card variant="outlined">
        <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
          <PageTitle documentTitle={title}>{title}</PageTitle>
          {view === 'login' && <LoginForm />}
          {view === 'reset' && <PasswordResetRequestForm />}
          {view === 'confirm' && <PasswordResetConfirmForm token={resetToken!} />}
        </CardContent>
      </Card>
    </Container>
  )
}
