import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Grid from '@mui/material/Grid'
import Link from '@mui/material/Link'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { compareAddresses, formatStreetAddress } from '@portal/domain'
import { lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink, useParams } from 'react-router'
import { AttributesPanel } from '../../components/attributes-panel'
import {
  DataTable,
  renderRouterLink,
  type DataTableColumn,
} from '../../components/data-table/data-table'
import {
  rememberedLocation,
  useRememberSearch,
} from '../../components/data-table/remembered-search'
import { ErrorNotice } from '../../components/error-notice'
import { isNotAssigned, NotAssignedNotice } from '../../components/not-assigned-notice'
import { PageTitle } from '../../components/kit/page-title'
import {
  useAttributes,
  useConnection,
  useUsageUnits,
  type UsageUnit,
} from '../../features/properties/api/property'
import { AddressBlock } from '../../features/properties/components/address-block'
import { ReferenceNumbers } from '../../features/properties/components/reference-numbers'
import { PropertyContacts } from '../../features/properties/components/property-contacts'
import '../../features/properties/locales'

const ConsumptionOverviewPanel = lazy(
  () => import('../../features/consumption/components/consumption-overview-panel'),
)
// decision 066: who of the property's users was informed of his month, loaded with its texts
const ResidentNoticesPanel = lazy(
  () => import('../../features/resident-notices/components/resident-notices-panel'),
)
// decision 068: the property's devices by remote reading and calibration, loaded with its texts
const DeviceCompliancePanel = lazy(
  () => import('../../features/device-compliance/components/device-compliance-panel'),
)
// the property's service orders (decision 069) with their table and texts
const ServiceOrdersPanel = lazy(async () => ({
  default: (await import('../../features/service-orders/components/service-orders-panel'))
    .ServiceOrdersPanel,
}))
// the bved users' file dialog, its preview and its texts load once someone opens it (decision 063)
const BvedUsersDialog = lazy(async () => ({
  default: (await import('../../features/bved-users/components/bved-users-dialog')).BvedUsersDialog,
}))
// the residents' invitations (decision 065) load the same way
const ResidentInvitationsDialog = lazy(async () => ({
  default: (
    await import('../../features/resident-invitations/components/resident-invitations-dialog')
  ).ResidentInvitationsDialog,
}))

/**
 * Property detail: address, master data, contacts, the usage units to choose one and, for remotely
 * read meters, how much each unit uses against the property's average and who of its users was
 * informed of his monthly information.
 */
export function Component() {
  const { t } = useTranslation()
  const connection = useParams().connection ?? ''
  // the unit page's link back returns to the units table as it was left
  useRememberSearch(`/properties/${encodeURIComponent(connection)}`)
  // back to the properties list with the page, sort and search it was left with
  const backToList = rememberedLocation('/properties')
  const property = useConnection(connection)
  const attributes = useAttributes('ANSCHLUSS', connection)
  const units = useUsageUnits(connection)
  const [bvedUsers, setBvedUsers] = useState(false)
  const [invitations, setInvitations] = useState(false)
  // §3 connection: the address names the building; name2 says what it is (Mehrfamilienhaus,
  // Hinterhaus …), name1 whose or which it is, which may be a person's name ('Sommerfeld, Helga')
  const address = property.data
    ? `${property.data.street} ${property.data.houseNumber}${property.data.houseNumberSuffix ?? ''}, ${property.data.postalCode} ${property.data.city}`
    : null
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
    {
      key: 'address',
      header: t('properties.unitColumn.address'),
      format: formatStreetAddress,
      compare: compareAddresses,
    },
  ]
  if (isNotAssigned(property.error)) {
    const title = t('properties.notAssigned.propertyTitle')
    return (
      <>
        <PageTitle documentTitle={title}>{title}</PageTitle>
        <NotAssignedNotice record="property" backTo={backToList} />
      </>
    )
  }
  if (property.isError) {
    return (
      <>
        <PageTitle documentTitle={t('properties.title')}>{t('properties.title')}</PageTitle>
        <ErrorNotice error={property.error} />
        <Link component={RouterLink} to={backToList} sx={{ display: 'inline-block', mt: 2 }}>
          {t('properties.detail.backToList')}
        </Link>
      </>
    )
  }
  // the panels wait for the property: one not assigned to the user shows one notice, no panel errors
  if (property.isPending) {
    return (
      <>
        <PageTitle documentTitle={t('properties.title')}>{t('properties.title')}</PageTitle>
        <Typography role="status">{t('common.loading')}</Typography>
      </>
    )
  }
  return (
    <>
      <PageTitle
        documentTitle={
          address
            ? t('properties.detail.title', { name: address })
            : t('properties.detail.titleLoading')
        }
      >
        {address ?? t('properties.detail.titleLoading')}
      </PageTitle>
      {property.data && (
        <Box sx={{ mt: -1, mb: 2 }}>
          {property.data.name2 && (
            <Typography variant="subtitle1" component="p">
              {property.data.name2}
            </Typography>
          )}
          {property.data.name1 && (
            <Typography
              variant="body2"
              sx={{
                color: 'text.secondary',
              }}
            >
              {t('properties.detail.designation', { name: property.data.name1 })}
            </Typography>
          )}
        </Box>
      )}
      <Stack
        direction="row"
        spacing={2}
        sx={{
          alignItems: 'center',
          mb: 2,
        }}
      >
        <Link component={RouterLink} to={backToList}>
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
              <Stack spacing={2}>
                <AddressBlock connection={property.data} />
                <ReferenceNumbers
                  of="property"
                  billingNumber={property.data.bvedPropertyNumber}
                  erpReference={property.data.erpReference}
                />
              </Stack>
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
      <Stack
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ alignItems: 'center', flexWrap: 'wrap', justifyContent: 'space-between', mb: 1 }}
      >
        <Typography variant="h5" component="h2">
          {t('properties.detail.units')}
        </Typography>
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {/* the tenant changes of the property's units from the manager's software (decision 063) */}
          <Button variant="outlined" onClick={() => setBvedUsers(true)}>
            {t('properties.detail.bvedUsers')}
          </Button>
          {/* registration codes for the residents of the current contracts (decision 065) */}
          <Button variant="outlined" onClick={() => setInvitations(true)}>
            {t('properties.detail.inviteResidents')}
          </Button>
        </Stack>
      </Stack>
      {bvedUsers && (
        <Suspense fallback={null}>
          <BvedUsersDialog connection={connection} onClose={() => setBvedUsers(false)} />
        </Suspense>
      )}
      {invitations && (
        <Suspense fallback={null}>
          <ResidentInvitationsDialog
            connection={connection}
            onClose={() => setInvitations(false)}
          />
        </Suspense>
      )}
      {units.isError ? (
        <ErrorNotice error={units.error} />
      ) : (
        <DataTable
          caption={t('properties.detail.unitsCaption')}
          exportName={t('properties.detail.unitsExportName', 'Nutzeinheiten')}
          columns={columns}
          rows={units.data ?? []}
          loading={units.isPending}
          getRowId={(u) => u.pointOfDelivery}
          stateKey="units"
          searchable
          searchLabel={t('properties.detail.unitsSearch')}
          rowHref={(u) =>
            `/properties/${encodeURIComponent(connection)}/units/${encodeURIComponent(u.pointOfDelivery)}`
          }
          renderLink={renderRouterLink}
        />
      )}
      <Box sx={{ mt: 4 }}>
        <Suspense fallback={null}>
          <ServiceOrdersPanel connection={connection} />
        </Suspense>
      </Box>
      <Box sx={{ mt: 4 }}>
        <Suspense fallback={null}>
          <ConsumptionOverviewPanel connection={connection} />
        </Suspense>
      </Box>
      <Box sx={{ mt: 4 }}>
        <Suspense fallback={null}>
          <ResidentNoticesPanel connection={connection} />
        </Suspense>
      </Box>
      <Box sx={{ mt: 4 }}>
        <Suspense fallback={null}>
          <DeviceCompliancePanel connection={connection} />
        </Suspense>
      </Box>
    </>
  )
}
