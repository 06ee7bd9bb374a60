import { useTranslation } from 'react-i18next'
import { PageTitle } from '../../components/page-title'
import { ChangePasswordForm } from './components/change-password-form'
import { PersonalData } from './components/personal-data'
import { SignOutEverywhere } from './components/sign-out-everywhere'
import { UserProfile } from './components/user-profile'

export function Component() {
  const { t } = useTranslation()
  return (
    <>
      <PageTitle documentTitle={t('account.title')}>{t('account.title')}</PageTitle>
      <UserProfile />
      <ChangePasswordForm />
      <PersonalData />
      <SignOutEverywhere />
    </>
  )
}
