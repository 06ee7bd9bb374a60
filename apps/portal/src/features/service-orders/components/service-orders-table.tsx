import Link from '@mui/material/Link'
import {
  DEVICE_TYPE_CLASSES,
  formatDate,
  label,
  toIsoDate,
  type ServiceOrder,
} from '@portal/domain'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'
import { dateColumn } from '../../../components/data-table/columns'
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table'
import { DescriptionList } from '../../../components/description-list'
import '../locales'

/** An order with the day it was placed (Europe/Berlin), which the table shows and sorts by. */
type OrderRow = ServiceOrder & { createdOn: string; statusChangedOn: string | null }

/** The unit page's link of an order's unit. */
export const unitPath = (connection: string, pointOfDelivery: string) =>
  `/properties/${encodeURIComponent(connection)}/units/${encodeURIComponent(pointOfDelivery)}`

/** The state as the provider last reported it: with the planned day or the reason of a cancel. */
export function statusText(order: ServiceOrder, t: TFunction): string {
  if (order.status === 'GEPLANT' && order.plannedDate) {
    return t('serviceOrders.status.planned', {
      status: order.statusLabel,
      date: formatDate(order.plannedDate),
    })
  }
  if (order.status === 'STORNIERT' && order.cancelReason) {
    return t('serviceOrders.status.cancelled', {
      status: order.statusLabel,
      reason: order.cancelReason,
    })
  }
  return order.statusLabel
}

const unitText = (order: ServiceOrder) =>
  [order.unitReference ?? order.pointOfDelivery, order.unitLocation].filter(Boolean).join(' · ')

const deviceText = (device: ServiceOrder['devices'][number]) =>
  [
    device.serialNumber ?? device.device,
    device.typeClass && label(DEVICE_TYPE_CLASSES, device.typeClass),
  ]
    .filter(Boolean)
    .join(' · ')

/**
 * Service orders in the data table (decision 069): kind, unit, state with the planned day or the
 * reason of a cancel, wished and planned day, when placed; devices, note and who ordered open below
 * the row. `scope` leaves out what the page already says: the property, or property and unit.
 */
export function ServiceOrdersTable({
  orders,
  loading,
  scope,
  caption,
  exportName,
  stateKey,
}: {
  orders: readonly ServiceOrder[]
  loading: boolean
  scope: 'unit' | 'property' | 'portfolio'
  caption: string
  exportName: string
  stateKey: string
}) {
  const { t } = useTranslation()
  const rows: OrderRow[] = orders.map((order) => ({
    ...order,
    createdOn: toIsoDate(new Date(order.createdAt)),
    statusChangedOn: order.statusChangedAt ? toIsoDate(new Date(order.statusChangedAt)) : null,
  }))
  const columns: DataTableColumn<OrderRow>[] = [
    {
      key: 'kind',
      header: t('serviceOrders.column.kind'),
      format: (o) => o.kindLabel,
      primary: true,
      phone: true,
    },
  ]
  if (scope === 'portfolio') {
    columns.push({
      key: 'property',
      header: t('serviceOrders.column.property'),
      format: (o) => o.propertyName || o.propertyConnection,
      cell: (o) => (
        <Link component={RouterLink} to={`/properties/${encodeURIComponent(o.propertyConnection)}`}>
          {o.propertyName || o.propertyConnection}
        </Link>
      ),
    })
  }
  if (scope !== 'unit') {
    columns.push({
      key: 'unit',
      header: t('serviceOrders.column.unit'),
      format: unitText,
      cell: (o) =>
        o.pointOfDelivery ? (
          <Link component={RouterLink} to={unitPath(o.propertyConnection, o.pointOfDelivery)}>
            {unitText(o)}
          </Link>
        ) : (
          t('serviceOrders.wholeProperty')
        ),
    })
  }
  columns.push(
    {
      key: 'status',
      header: t('serviceOrders.column.status'),
      format: (o) => statusText(o, t),
      phone: true,
    },
    dateColumn('wishedDate', t('serviceOrders.column.wishedDate')),
    dateColumn('plannedDate', t('serviceOrders.column.plannedDate')),
    dateColumn('createdOn', t('serviceOrders.column.createdOn'), {
      // the newest first within a day as well
      sortValue: (o) => o.createdAt,
    }),
    // searched and exported, shown below the row
    {
      key: 'devices',
      header: t('serviceOrders.column.devices'),
      format: (o) => o.devices.map(deviceText).join(', '),
      hidden: true,
    },
    { key: 'note', header: t('serviceOrders.column.note'), hidden: true },
    { key: 'createdBy', header: t('serviceOrders.column.createdBy'), hidden: true },
    dateColumn('statusChangedOn', t('serviceOrders.column.statusChangedOn'), { hidden: true }),
  )
  const detail = (o: OrderRow) => (
    <DescriptionList
      items={[
        {
          term: t('serviceOrders.column.devices'),
          description: o.devices.length ? o.devices.map(deviceText).join(', ') : '–',
        },
        { term: t('serviceOrders.column.note'), description: o.note || '–' },
        {
          term: t('serviceOrders.column.createdBy'),
          description: o.activity
            ? t('serviceOrders.byTenantChange', { user: o.createdBy })
            : o.createdBy,
        },
        {
          term: t('serviceOrders.column.statusChangedOn'),
          description: o.statusChangedOn ? formatDate(o.statusChangedOn) : '–',
        },
      ]}
    />
  )
  return (
    <DataTable
      caption={caption}
      exportName={exportName}
      columns={columns}
      rows={rows}
      loading={loading}
      getRowId={(o) => o.id}
      stateKey={stateKey}
      initialOptions={{ sortBy: [{ key: 'createdOn', order: 'desc' }] }}
      searchable
      searchLabel={t('serviceOrders.search')}
      renderDetail={detail}
      emptyText={t('serviceOrders.empty')}
      size="small"
    />
  )
}
