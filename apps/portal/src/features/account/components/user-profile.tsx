import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import { DescriptionList } from '../../../components/description-list'
import { getUser } from '../../../lib/session'
import '../locales'

/** §3 UserProfile: name, user name, mail. */
export function UserProfile() {
  const { t } = useTranslation()
  const user = getUser()
  const rows: [string, string | undefined][] = [
    [t('account.profile.name'), user?.name],
    [t('account.profile.userName'), user?.userName],
    [t('account.profile.mail'), user?.mail],
    [t('account.profile.companyCode'), user?.companyCodeName],
  ]
  return (
    <Box component="section" aria-labelledby="profile-title" sx={{ mb: 4 }}>
      <Typography variant="h5" component="h2" id="profile-title" gutterBottom>
        {t('account.profile.title')}
      </Typography>
      <DescriptionList items={rows.map(([term, value]) => ({ term, description: value ?? '' }))} />
    </Box>
  )
}
