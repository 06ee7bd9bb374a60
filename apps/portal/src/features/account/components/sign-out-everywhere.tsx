import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { MutationOutcome } from '../../../components/mutation-outcome'
import { useSignOutEverywhere } from '../api/sign-out-everywhere'

/**
 * Ends every session of the account at once (a lost phone, a shared computer), this one included;
 * asked first, as every other device is signed out without warning (decision 022).
 */
export function SignOutEverywhere() {
  const { t } = useTranslation()
  const [asking, setAsking] = useState(false)
  const signOut = useSignOutEverywhere()
  return (
    <Stack
      component="section"
      spacing={2}
      aria-labelledby="sign-out-everywhere-title"
      sx={{ mt: 4, maxWidth: 640 }}
    >
      <Typography variant="h5" component="h2" id="sign-out-everywhere-title">
        {t('account.signOutEverywhere.title')}
      </Typography>
      <Typography>{t('account.signOutEverywhere.intro')}</Typography>
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
    </Stack>
  )
}
