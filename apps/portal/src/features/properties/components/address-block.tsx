import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import type { Connection } from '@portal/domain'
import { useTranslation } from 'react-i18next'
import { DescriptionList } from '../../../components/description-list'
import '../locales'

/** §3 address block: NAME1, NAME2, STRASSE, HAUSNR, ZUSATZ, PLZ, ORT. */
export function AddressBlock({ connection }: { connection: Connection }) {
  const { t } = useTranslation()
  const rows: [string, string | null][] = [
    ['NAME1', connection.name1],
    ['NAME2', connection.name2],
    ['STRASSE', connection.street],
    ['HAUSNR', connection.houseNumber],
    ['ZUSATZ', connection.houseNumberSuffix],
    ['PLZ', connection.postalCode],
    ['ORT', connection.city],
  ]
  return (
    <Box component="section" aria-label={t('properties.detail.address')}>
      <Typography variant="h6" component="h2" gutterBottom>
        {t('properties.detail.address')}
      </Typography>
      <DescriptionList
        items={rows.map(([code, value]) => ({
          term: t(`address.${code}`),
          description: value || '–',
        }))}
      />
    </Box>
  )
}
