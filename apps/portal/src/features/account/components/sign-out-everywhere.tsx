import Button from '@mui/material/Button'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { MutationOutcome } from '../../../components/mutation-outcome'
import { useSignOutEverywhere } from '../api/sign-out-everywhere'
import { AccountSection } from './account-section'
import '../locales'

/**
 * Ends every session of the account at once (a lost phone, a shared computer), this one included;
 * asked first, as every other device is signed out without warning (decision 022).
 */
export function SignOutEverywhere() {
  const { t } = useTranslation()
  const [asking, setAsking] = useState(false)
  const signOut = useSignOutEverywhere()
  return (
    <AccountSection
      id="sign-out-everywhere-title"
      title={t('account.signOutEverywhere.title')}
      intro={t('account.signOutEverywhere.intro')}
    >
      <MutationOutcome error={signOut.error} />
      <Button variant="outlined" onClick={() => setAsking(true)} sx={{ alignSelf: 'flex-start' }}>
        {t('account.signOutEverywhere.submit')}
      </Button>
      <ConfirmDialog
        open={asking}
        title={t('account.signOutEverywhere.confirmTitle')}
        text={t('account.signOutEverywhere.confirmText')}
        confirmLabel={t('account.signOutEverywhere.submit')}
        pending={signOut.isPending}
        // on success the page goes to the sign-in; a failure is shown in the section
        onConfirm={() => signOut.mutateAsync().catch(() => setAsking(false))}
        onClose={() => setAsking(false)}
      />
    </AccountSection>
  )
}
