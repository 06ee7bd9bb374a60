import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { getUser } from '../../../lib/session'
import { downloadPersonalData } from '../api/personal-data'

/** "Meine Daten herunterladen": the person's own data as a ZIP (DSGVO Art. 15 and 20). */
export function PersonalData() {
  const { t } = useTranslation()
  const user = getUser()
  const [state, setState] = useState<'idle' | 'pending' | 'failed'>('idle')
  return (
    <Stack
      component="section"
      spacing={2}
      aria-labelledby="personal-data-title"
      sx={{ mt: 4, maxWidth: 640 }}
    >
      <Typography variant="h5" component="h2" id="personal-data-title">
        {t('account.personalData.title')}
      </Typography>
      <Typography>{t('account.personalData.intro')}</Typography>
      {state === 'failed' && <Alert severity="error">{t('account.personalData.failed')}</Alert>}
      <Button
        variant="outlined"
        sx={{ alignSelf: 'flex-start' }}
        disabled={state === 'pending' || !user}
        onClick={() => {
          setState('pending')
          downloadPersonalData(user!.userName).then(
            () => setState('idle'),
            () => setState('failed'),
          )
        }}
      >
        {t('account.personalData.download')}
      </Button>
    </Stack>
  )
}
