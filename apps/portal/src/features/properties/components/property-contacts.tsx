import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import { contractName, label, PROPERTY_CONTACT_ROLES } from '@portal/domain'
import { useTranslation } from 'react-i18next'
import { PanelState } from '../../../components/panel-state'
import { usePropertyContacts } from '../api/property'
import '../locales'

/** Narrower than this, a role stands above its contact instead of beside it. */
const TWO_COLUMNS_FROM = '30rem'

/**
 * Property contacts as data (§3): owner, property management, caretaker, deviating recipient.
 * Name, phone and e-mail on lines of their own, long addresses wrapping anywhere, and the roles
 * beside the contacts only where the card is wide enough: the card is a third of the page from
 * md on, and no width from 320 px on may make the page scroll sideways.
 */
export function PropertyContacts({ connection }: { connection: string }) {
  const { t } = useTranslation()
  const contacts = usePropertyContacts(connection)
  return (
    <Box
      component="section"
      aria-label={t('properties.detail.contacts')}
      sx={{ containerType: 'inline-size' }}
    >
      <Typography variant="h6" component="h2" gutterBottom>
        {t('properties.detail.contacts')}
      </Typography>
      <PanelState
        loading={contacts.isPending}
        error={contacts.error}
        empty={!contacts.data?.length}
      >
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'minmax(0, 1fr)',
            m: 0,
            [`@container (min-width: ${TWO_COLUMNS_FROM})`]: {
              gridTemplateColumns: 'max-content minmax(0, 1fr)',
              columnGap: 3,
              rowGap: 1,
            },
          }}
        >
          {(contacts.data ?? []).map(({ role, partner }) => (
            <Box key={`${role}-${partner.businessPartner}`} sx={{ display: 'contents' }}>
              <Typography
                component="dt"
                sx={{
                  color: 'text.secondary',
                }}
              >
                {label(PROPERTY_CONTACT_ROLES, role)}
              </Typography>
              <Typography
                component="dd"
                sx={{
                  m: 0,
                  mb: 1.5,
                  overflowWrap: 'anywhere',
                  [`@container (min-width: ${TWO_COLUMNS_FROM})`]: { mb: 0 },
                }}
              >
                {[contractName(partner), partner.phone, partner.mail]
                  .filter(Boolean)
                  .map((line, index) => (
                    <Box component="span" key={index} sx={{ display: 'block' }}>
                      {line}
                    </Box>
                  ))}
              </Typography>
            </Box>
          ))}
        </Box>
      </PanelState>
    </Box>
  )
}
