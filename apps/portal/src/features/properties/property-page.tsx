import Button from '@mui/material/Button'
import Grid from '@mui/material/Grid'
import Link from '@mui/material/Link'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink, useParams } from 'react-router'
import { AttributesPanel } from '../../components/attributes-panel'
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table'
import { ErrorNotice } from '../../components/error-notice'
import { PageTitle } from '../../components/page-title'
import { useAttributes, useConnection, useUsageUnits, type UsageUnit } from './api/property'
import { AddressBlock } from './components/address-block'
import { PropertyContacts } from './components/property-contacts'

const unitAddress = (u: UsageUnit) => `${u.street} ${u.houseNumber}${u.houseNumberSuffix ?? ''}`

/** Property detail: address, master data, contacts and the usage units to choose one. */
export function Component() {
  const { t } = useTranslation()
  const connection = useParams().connection ?? ''
  const property = useConnection(connection)
  const attributes = useAttributes('ANSCHLUSS', connection)
  const units = useUsageUnits(connection)
  const name = property.data
    ? [property.data.name1, property.data.name2].filter(Boolean).join(' ')
    : ''
  const columns: DataTableColumn<UsageUnit>[] = [
    { key: 'reference', header: t('properties.unitColumn.reference'), primary: true },
    {
      key: 'position',
      header: t('properties.unitColumn.position'),
      format: (u) => u.position ?? '',
    },
    {
      key: 'locationAddendum',
      header: t('properties.unitColumn.locationAddendum'),
      format: (u) => u.locationAddendum ?? '',
    },
    { key: 'address', header: t('properties.unitColumn.address'), format: unitAddress },
  ]
  if (property.isError) {
    return (
      <>
        <PageTitle documentTitle={t('properties.title')}>{t('properties.title')}</PageTitle>
        <ErrorNotice error={property.error} />
        <Link component={RouterLink} to="/properties" sx={{ display: 'inline-block', mt: 2 }}>
          {t('properties.detail.backToList')}
        </Link>
      </>
    )
  }
  return (
    <>
      <PageTitle documentTitle={t('properties.detail.title', { name })}>
        {t('properties.detail.title', { name })}
      </PageTitle>
      <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 2 }}>
        <Link component={RouterLink} to="/properties">
          {t('properties.detail.backToList')}
        </Link>
        <Button component={RouterLink} to="costs" variant="contained">
          {t('costs.open')}
        </Button>
      </Stack>
      <Grid container spacing={2} sx={{ mb: 3 }}>
        <Grid size={{ xs: 12, md: 4 }}>
          <Paper variant="outlined" sx={{ p: 2, height: '100%' }}>
            {property.data ? (
              <AddressBlock connection={property.data} />
            ) : (
              <Typography role="status">{t('common.loading')}</Typography>
            )}
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Paper variant="outlined" sx={{ p: 2, height: '100%' }}>
            <AttributesPanel
              title={t('properties.detail.attributes')}
              attributes={attributes.data}
              loading={attributes.isPending}
              error={attributes.error}
            />
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Paper variant="outlined" sx={{ p: 2, height: '100%' }}>
            <PropertyContacts connection={connection} />
          </Paper>
        </Grid>
      </Grid>
      <Typography variant="h5" component="h2" gutterBottom>
        {t('properties.detail.units')}
      </Typography>
      {units.isError ? (
        <ErrorNotice error={units.error} />
      ) : (
        <DataTable
          caption={t('properties.detail.unitsCaption')}
          columns={columns}
          rows={units.data ?? []}
          loading={units.isPending}
          getRowId={(u) => u.pointOfDelivery}
          searchable
          rowHref={(u) =>
            `/properties/${encodeURIComponent(connection)}/units/${encodeURIComponent(u.pointOfDelivery)}`
          }
          renderLink={({ href, className, children }) => (
            <Link component={RouterLink} to={href} className={className}>
              {children}
            </Link>
          )}
        />
      )}
    </>
  )
}
