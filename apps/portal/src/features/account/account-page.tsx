import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { PageTitle } from '../../components/kit/page-title'
import { isResident } from '../../lib/session'
import { ChangePasswordForm } from './components/change-password-form'
import { PersonalData } from './components/personal-data'
import { SignOutEverywhere } from './components/sign-out-everywhere'
import { UserProfile } from './components/user-profile'
import './locales'

/** The second factor's section and its texts: a chunk of its own, loaded with the page. */
const SecondFactorSection = lazy(async () => ({
  default: (await import('./components/second-factor-section')).SecondFactorSection,
}))

/** The credentials for the manager's software (decision 062): a chunk of its own, as above. */
const ConsumptionAccessSection = lazy(async () => ({
  default: (await import('./components/consumption-access-section')).ConsumptionAccessSection,
}))

export function Component() {
  const { t } = useTranslation()
  return (
    <>
      <PageTitle documentTitle={t('account.title')}>{t('account.title')}</PageTitle>
      <UserProfile />
      <ChangePasswordForm />
      <Suspense fallback={null}>
        <SecondFactorSection />
      </Suspense>
      {/* the manager's software's access: its routes answer a resident 404 (decision 065) */}
      {!isResident() && (
        <Suspense fallback={null}>
          <ConsumptionAccessSection />
        </Suspense>
      )}
      <PersonalData />
      <SignOutEverywhere />
    </>
  )
}
