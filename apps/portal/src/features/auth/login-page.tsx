import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Container from '@mui/material/Container'
import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate, useSearchParams } from 'react-router'
import { PageTitle } from '../../components/page-title'
import { ScreenLoading } from '../../components/screen-loading'
import { isLoggedIn } from '../../lib/session'
import { LoginForm } from './components/login-form'

// The reset views are rarely needed: loaded on demand with the query cache they send through,
// so that sign-in stays small.
const QueryProvider = lazy(() => import('../../components/query-provider'))
const PasswordResetRequestForm = lazy(async () => ({
  default: (await import('./components/password-reset-request-form')).PasswordResetRequestForm,
}))
const PasswordResetConfirmForm = lazy(async () => ({
  default: (await import('./components/password-reset-confirm-form')).PasswordResetConfirmForm,
}))

/**
 * /authenticate: sign-in, the password reset request, and the mailed links: `?reset=` (a reset)
 * and `?invitation=` (the provider's invitation to choose the first password).
 */
export function Component() {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const invitationToken = params.get('invitation')
  const linkToken = invitationToken ?? params.get('reset')
  const view = invitationToken
    ? 'invitation'
    : linkToken
      ? 'confirm'
      : params.get('view') === 'reset'
        ? 'reset'
        : 'login'
  if (view === 'login' && isLoggedIn()) return <Navigate to="/dashboard" replace />
  const title = t(`auth.${view}.title`)
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 6 } }}>
      <Card variant="outlined">
        <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
          <PageTitle documentTitle={title}>{title}</PageTitle>
          {view === 'login' && <LoginForm />}
          <Suspense fallback={<ScreenLoading />}>
            {view !== 'login' && (
              <QueryProvider>
                {view === 'reset' && <PasswordResetRequestForm />}
                {(view === 'confirm' || view === 'invitation') && (
                  <PasswordResetConfirmForm token={linkToken!} purpose={view} />
                )}
              </QueryProvider>
            )}
          </Suspense>
        </CardContent>
      </Card>
    </Container>
  )
}
