import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate, NavigationType, useNavigationType, useSearchParams } from 'react-router'
import { HOME_PATH, isLoggedIn } from '../../lib/session'
import { RegistrationForm } from './components/registration-form'
import { SignedOutCard } from './login-page'
import './locales'

/**
 * /register: a resident sets up his access with the code of his letter or mail (decision 065);
 * the mail's link carries it as `?code=`. A screen of its own, loaded on demand: the sign-in page
 * carries only the link to it. Plain React and CSS in the sign-in's frame (decision 027).
 */
export function Component() {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const navigationType = useNavigationType()
  // opened by a link (from the sign-in's foot), the page starts at the top
  useEffect(() => {
    if (navigationType !== NavigationType.Pop) window.scrollTo(0, 0)
  }, [navigationType])
  if (isLoggedIn()) return <Navigate to={HOME_PATH} replace />
  return (
    <SignedOutCard title={t('auth.registration.title')}>
      <RegistrationForm initialCode={params.get('code') ?? ''} />
    </SignedOutCard>
  )
}
