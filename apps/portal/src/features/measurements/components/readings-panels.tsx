import { label, READING_REASONS, type MeasurementRecord } from '@portal/domain'
import { useTranslation } from 'react-i18next'
import { dateColumn, decimalColumn } from '../../../components/data-table/columns'
import type { DataTableColumn } from '../../../components/data-table/data-table'
import { TablePanel } from '../../../components/table-panel'
import { useMeasurements, useReadingOrders } from '../api/unit-readings'
import '../locales'

type ReadingOrderRow = NonNullable<ReturnType<typeof useReadingOrders>['data']>[number]

export function MeasurementsPanel({ pointOfDelivery }: { pointOfDelivery: string }) {
  const { t } = useTranslation()
  const measurements = useMeasurements(pointOfDelivery)
  const columns: DataTableColumn<MeasurementRecord>[] = [
    { key: 'SERIALNR', header: t('measurements.column.SERIALNR'), primary: true },
    { key: 'TYPKL_TXT', header: t('measurements.column.TYPKL_TXT') },
    { key: 'ZHLPOS_TXT', header: t('measurements.column.ZHLPOS_TXT') },
    decimalColumn('ASTAND', t('measurements.column.ASTAND'), 3),
    dateColumn('ADAT', t('measurements.column.ADAT')),
    decimalColumn('DIFFREAD', t('measurements.column.DIFFREAD'), 3),
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
