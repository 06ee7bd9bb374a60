import { formatDecimal, label, READING_REASONS, type MeasurementRecord } from '@portal/domain'
import { useTranslation } from 'react-i18next'
import { dateColumn } from '../../../components/data-table/columns'
import type { DataTableColumn } from '../../../components/data-table/data-table'
import { TablePanel } from '../../../components/table-panel'
import { useMeasurements, useReadingOrders } from '../api/unit-readings'

type ReadingOrderRow = NonNullable<ReturnType<typeof useReadingOrders>['data']>[number]

export function MeasurementsPanel({ pointOfDelivery }: { pointOfDelivery: string }) {
  const { t } = useTranslation()
  const measurements = useMeasurements(pointOfDelivery)
  const columns: DataTableColumn<MeasurementRecord>[] = [
    { key: 'SERIALNR', header: t('measurements.column.SERIALNR'), primary: true },
    { key: 'TYPKL_TXT', header: t('measurements.column.TYPKL_TXT') },
    { key: 'ZHLPOS_TXT', header: t('measurements.column.ZHLPOS_TXT') },
    {
      key: 'ASTAND',
      header: t('measurements.column.ASTAND'),
      format: (m) => formatDecimal(m.ASTAND, 3),
      exportAs: 'decimal',
      exportDigits: 3,
      sortValue: (m) => Number(m.ASTAND),
      align: 'right',
    },
    dateColumn('ADAT', t('measurements.column.ADAT')),
    {
      key: 'DIFFREAD',
      header: t('measurements.column.DIFFREAD'),
      format: (m) => (m.DIFFREAD === null ? '' : formatDecimal(m.DIFFREAD, 3)),
      exportAs: 'decimal',
      exportDigits: 3,
      sortValue: (m) => (m.DIFFREAD === null ? null : Number(m.DIFFREAD)),
      align: 'right',
    },
    { key: 'MASSREAD_TXT', header: t('measurements.column.MASSREAD_TXT') },
    {
      key: 'ABLESEGRUND',
      header: t('measurements.column.readingReason'),
      format: (m) => label(READING_REASONS, m.ABLESEGRUND),
    },
  ]
  return (
    <TablePanel
      id="measurements-title"
      title={t('measurements.title')}
      query={measurements}
      columns={columns}
      getRowId={(m) => `${m.SERIALNR}-${m.ZHLPOS_TXT}-${m.ADAT}`}
      stateKey="measurements"
    />
  )
}

export function ReadingOrdersPanel({ pointOfDelivery }: { pointOfDelivery: string }) {
  const { t } = useTranslation()
  const orders = useReadingOrders(pointOfDelivery)
  const columns: DataTableColumn<ReadingOrderRow>[] = [
    dateColumn('readingDate', t('readingOrders.column.readingDate'), { primary: true }),
    {
      key: 'readingReason',
      header: t('readingOrders.column.readingReason'),
      format: (o) => label(READING_REASONS, o.readingReason),
    },
  ]
  return (
    <TablePanel
      id="reading-orders-title"
      title={t('readingOrders.title')}
      query={orders}
      columns={columns}
      getRowId={(o) => String(o.id)}
      stateKey="orders"
    />
  )
}
