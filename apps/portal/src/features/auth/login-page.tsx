import { lazy, Suspense, useEffect, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate, NavigationType, useNavigationType, useSearchParams } from 'react-router'
import { HOME_PATH, isLoggedIn, safeNextPath } from '../../lib/session'
import { LoginForm } from './components/login-form'
import { PageTitle } from '../../components/kit/page-title'
import { ScreenLoading } from '../../components/kit/progress'
import { SignedOutShell } from './components/signed-out-shell'

// The reset views are rarely needed: loaded on demand with the domain's schemas they check with,
// so that sign-in stays small.
const PasswordResetRequestForm = lazy(async () => ({
  default: (await import('./components/password-reset-request-form')).PasswordResetRequestForm,
}))
const PasswordResetConfirmForm = lazy(async () => ({
  default: (await import('./components/password-reset-confirm-form')).PasswordResetConfirmForm,
}))
/** The invitation's form, after its link was checked (decision 040); in the same module. */
const InvitationForm = lazy(async () => ({
  default: (await import('./components/password-reset-confirm-form')).InvitationForm,
}))

/** The set-up of the second factor, with its texts: loaded when it is opened. */
const SecondFactorSetup = lazy(async () => ({
  default: (await import('./components/second-factor-setup')).SecondFactorSetup,
}))

/**
 * /authenticate: sign-in, the password reset request, and the mailed links: `?reset=` (a reset)
 * and `?invitation=` (the provider's invitation to choose the first password). `?next=` is the
 * page to go to after the sign-in. `?view=second-factor` sets up the second factor (from the
 * account page, or forced after the sign-in). Plain React and CSS, no MUI (decision 027).
 */
export function Component() {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const navigationType = useNavigationType()
  const invitationToken = params.get('invitation')
  const linkToken = invitationToken ?? params.get('reset')
  const view = invitationToken
    ? 'invitation'
    : linkToken
      ? 'confirm'
      : params.get('view') === 'reset'
        ? 'reset'
        : params.get('view') === 'second-factor'
          ? 'secondFactor'
          : 'login'
  // the deep link the guard kept (decision 022), checked again: the address bar is anyone's
  const next = safeNextPath(params.get('next')) ?? HOME_PATH
  // a view opened by a link starts at the top; back and forward leave the browser's own scroll
  // restoration at work (the router's comes with the MUI screens)
  useEffect(() => {
    if (navigationType !== NavigationType.Pop) window.scrollTo(0, 0)
  }, [view, navigationType])
  if (view === 'login' && isLoggedIn()) return <Navigate to={next} replace />
  return (
    <SignedOutCard title={t(`auth.${view}.title`)}>
      {view === 'login' && <LoginForm next={next} />}
      <Suspense fallback={<ScreenLoading />}>
        {view === 'reset' && <PasswordResetRequestForm />}
        {view === 'confirm' && <PasswordResetConfirmForm token={linkToken!} />}
        {view === 'invitation' && <InvitationForm token={linkToken!} />}
        {view === 'secondFactor' && <SecondFactorSetup next={next} />}
      </Suspense>
    </SignedOutCard>
  )
}

/**
 * A signed-out screen: the frame, one card, its title as the page's h1. Here rather than in a
 * module of its own, so that the registration (decision 065), which uses it as well, loads it
 * with this page's chunk instead of splitting the frame off into a chunk of its own, which cost
 * the sign-in a file and about 0.3 kB more.
 */
export function SignedOutCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <SignedOutShell>
      <div className="auth-page">
        <div className="auth-card">
          <div className="auth-card__content">
            <PageTitle documentTitle={title}>{title}</PageTitle>
            {children}
          </div>
        </div>
      </div>
    </SignedOutShell>
  )
}
