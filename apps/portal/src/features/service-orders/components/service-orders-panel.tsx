import Box from '@mui/material/Box'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorNotice } from '../../../components/error-notice'
import { useServiceOrders } from '../api/service-orders'
import { ServiceOrdersTable } from './service-orders-table'
import '../locales'

/**
 * The service orders of a property or, with `pointOfDelivery`, of one of its units (decision 069),
 * as a headed section; `action` stands beside the heading ("Auftrag erteilen").
 */
export function ServiceOrdersPanel({
  connection,
  pointOfDelivery,
  action,
}: {
  connection: string
  pointOfDelivery?: string
  action?: ReactNode
}) {
  const { t } = useTranslation()
  const orders = useServiceOrders(connection)
  const shown =
    pointOfDelivery === undefined
      ? (orders.data ?? [])
      : (orders.data ?? []).filter((o) => o.pointOfDelivery === pointOfDelivery)
  const title = t(
    pointOfDelivery === undefined ? 'serviceOrders.propertyTitle' : 'serviceOrders.unitTitle',
  )
  return (
    <Box component="section" aria-labelledby="service-orders-title">
      <Stack
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ alignItems: 'center', flexWrap: 'wrap', justifyContent: 'space-between', mb: 1 }}
      >
        <Typography variant="h5" component="h2" id="service-orders-title">
          {title}
        </Typography>
        {action}
      </Stack>
      {orders.isError ? (
        <ErrorNotice error={orders.error} />
      ) : (
        <ServiceOrdersTable
          orders={shown}
          loading={orders.isPending}
          scope={pointOfDelivery === undefined ? 'property' : 'unit'}
          caption={title}
          exportName={title}
          stateKey="orders"
        />
      )}
    </Box>
  )
}
