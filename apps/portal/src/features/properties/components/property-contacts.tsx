import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import { contractName, label, PROPERTY_CONTACT_ROLES } from '@portal/domain'
import { useTranslation } from 'react-i18next'
import { DescriptionList } from '../../../components/description-list'
import { PanelState } from '../../../components/panel-state'
import { usePropertyContacts } from '../api/property'

/** Property contacts as data (§3): owner, property management, caretaker, deviating recipient. */
export function PropertyContacts({ connection }: { connection: string }) {
  const { t } = useTranslation()
  const contacts = usePropertyContacts(connection)
  return (
    <Box component="section" aria-label={t('properties.detail.contacts')}>
      <Typography variant="h6" component="h2" gutterBottom>
        {t('properties.detail.contacts')}
      </Typography>
      <PanelState
        loading={contacts.isPending}
        error={contacts.error}
        empty={!contacts.data?.length}
      >
        <DescriptionList
          items={(contacts.data ?? []).map(({ role, partner }) => ({
            key: `${role}-${partner.businessPartner}`,
            term: label(PROPERTY_CONTACT_ROLES, role),
            description: [contractName(partner), partner.phone, partner.mail]
              .filter(Boolean)
              .join(' · '),
          }))}
        />
      </PanelState>
    </Box>
  )
}
