import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { getUser } from '../../../lib/session'
import { downloadPersonalData } from '../api/personal-data'
import { AccountSection } from './account-section'
import '../locales'

/** "Meine Daten herunterladen": the person's own data as a ZIP (DSGVO Art. 15 and 20). */
export function PersonalData() {
  const { t } = useTranslation()
  const user = getUser()
  const [state, setState] = useState<'idle' | 'pending' | 'failed'>('idle')
  return (
    <AccountSection
      id="personal-data-title"
      title={t('account.personalData.title')}
      intro={t('account.personalData.intro')}
    >
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
    </AccountSection>
  )
}
