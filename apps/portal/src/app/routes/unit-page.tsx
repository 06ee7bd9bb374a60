import Button from '@mui/material/Button'
import Link from '@mui/material/Link'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { DEVICE_TYPE_CLASSES, label } from '@portal/domain'
import { lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink, useParams } from 'react-router'
import { ReferenceNumbers } from '../../features/properties/components/reference-numbers'
import { AttributesPanel } from '../../components/attributes-panel'
import { rememberedLocation } from '../../components/data-table/remembered-search'
import { ErrorNotice } from '../../components/error-notice'
import { isNotAssigned, NotAssignedNotice } from '../../components/not-assigned-notice'
import { PageTitle } from '../../components/kit/page-title'
import { PanelState } from '../../components/panel-state'
import { ContractsPanel } from '../../features/contracts/components/contracts-panel'
import { useUnitDevices } from '../../features/devices/api/unit-devices'
import { DevicesPanel } from '../../features/devices/components/devices-panel'
import {
  MeasurementsPanel,
  ReadingOrdersPanel,
} from '../../features/measurements/components/readings-panels'
import { useAttributes, useConnection } from '../../features/properties/api/property'
import { useUsageUnit } from '../../features/properties/api/unit'
import { TenantChangeDialog } from '../../features/tenant-change/components/tenant-change-dialog'
import '../../features/properties/locales'
import '../../features/service-orders/locales'
import '../../features/tenant-change/locales'

// the unit's service orders (decision 069) with their table, and the order dialog once someone
// opens it
const ServiceOrdersPanel = lazy(async () => ({
  default: (await import('../../features/service-orders/components/service-orders-panel'))
    .ServiceOrdersPanel,
}))
const ServiceOrderDialog = lazy(async () => ({
  default: (await import('../../features/service-orders/components/service-order-dialog'))
    .ServiceOrderDialog,
}))

const ConsumptionPanel = lazy(
  () => import('../../features/consumption/components/consumption-panel'),
)

/**
 * The usage unit view: master data, contracts, devices, measurements and reading orders, one
 * headed section each so that keyboard and screen-reader users reach every panel in order.
 */
export function Component() {
  const { t } = useTranslation()
  const params = useParams()
  const connection = params.connection ?? ''
  const pointOfDelivery = params.pointOfDelivery ?? ''
  const unit = useUsageUnit(pointOfDelivery)
  const property = useConnection(connection)
  const attributes = useAttributes('VSTELLE', pointOfDelivery)
  const [reporting, setReporting] = useState(false)
  const [ordering, setOrdering] = useState(false)
  const devices = useUnitDevices(pointOfDelivery)
  // the reference and where the unit lies; its position is the reference's number once more
  const title = unit.data
    ? unit.data.locationAddendum
      ? t('units.titleWithLocation', {
          reference: unit.data.reference,
          location: unit.data.locationAddendum,
        })
      : t('units.title', { reference: unit.data.reference })
    : t('units.titleLoading')
  const notAssigned = isNotAssigned(property.error)
    ? 'property'
    : isNotAssigned(unit.error)
      ? 'unit'
      : null
  if (notAssigned) {
    const heading = t(`properties.notAssigned.${notAssigned}Title`)
    return (
      <>
        <PageTitle documentTitle={heading}>{heading}</PageTitle>
        <NotAssignedNotice record={notAssigned} />
      </>
    )
  }
  // The panels load with the unit but stay hidden until it and its property are there: for a
  // unit not assigned to the user the page shows one notice, never an error of each panel.
  const pageError = unit.error ?? property.error
  const located = unit.isSuccess && property.isSuccess
  return (
    <>
      <PageTitle documentTitle={title}>{title}</PageTitle>
      <Link
        component={RouterLink}
        to={rememberedLocation(`/properties/${encodeURIComponent(connection)}`)}
        sx={{ display: 'inline-block', mb: 2 }}
      >
        {t('units.backToProperty')}
      </Link>
      {pageError && <ErrorNotice error={pageError} />}
      {!located && !pageError && <Typography role="status">{t('common.loading')}</Typography>}
      {unit.data && (
        <Stack
          direction="row"
          spacing={2}
          useFlexGap
          sx={{
            alignItems: 'center',
            flexWrap: 'wrap',
            mb: 2,
          }}
        >
          <Typography>
            {unit.data.street} {unit.data.houseNumber}
            {unit.data.houseNumberSuffix ?? ''}
          </Typography>
          <Button variant="outlined" onClick={() => setReporting(true)}>
            {t('tenantChange.open')}
          </Button>
          <Button variant="outlined" onClick={() => setOrdering(true)}>
            {t('serviceOrders.open')}
          </Button>
        </Stack>
      )}
      {reporting && unit.data && (
        <TenantChangeDialog
          units={[{ pointOfDelivery, label: unit.data.reference }]}
          onClose={() => setReporting(false)}
        />
      )}
      {ordering && unit.data && (
        <Suspense fallback={null}>
          <ServiceOrderDialog
            pointOfDelivery={pointOfDelivery}
            unitLabel={unit.data.reference}
            devices={(devices.data ?? []).map((d) => ({
              device: d.key,
              label: [d.serialNumber, label(DEVICE_TYPE_CLASSES, d.typeClass), d.room]
                .filter(Boolean)
                .join(' · '),
            }))}
            devicesLoading={devices.isPending}
            onClose={() => setOrdering(false)}
          />
        </Suspense>
      )}
      <Stack spacing={3} sx={located ? undefined : { display: 'none' }}>
        {unit.data && (
          <Paper variant="outlined" sx={{ p: 2 }}>
            <ReferenceNumbers
              of="unit"
              billingNumber={unit.data.bvedUnitNumber}
              erpReference={unit.data.erpReference}
            />
          </Paper>
        )}
        <Paper variant="outlined" sx={{ p: 2 }}>
          <AttributesPanel
            title={t('units.attributes')}
            attributes={attributes.data}
            loading={attributes.isPending}
            error={attributes.error}
          />
        </Paper>
        <ContractsPanel pointOfDelivery={pointOfDelivery} unitLoading={unit.isPending} />
        <DevicesPanel pointOfDelivery={pointOfDelivery} />
        {unit.data && (
          // loading says so until the panel's code is there: without it the page looks complete
          // while the panel is still to come and push the panels below it down
          <Suspense
            fallback={
              <PanelState loading error={null} empty={false}>
                {null}
              </PanelState>
            }
          >
            <ConsumptionPanel pointOfDelivery={pointOfDelivery} reference={unit.data.reference} />
          </Suspense>
        )}
        <MeasurementsPanel pointOfDelivery={pointOfDelivery} />
        <ReadingOrdersPanel pointOfDelivery={pointOfDelivery} />
        <Suspense fallback={null}>
          <ServiceOrdersPanel connection={connection} pointOfDelivery={pointOfDelivery} />
        </Suspense>
      </Stack>
    </>
  )
}
