import {
  counterPositionText,
  DEVICE_SEGMENTS,
  DEVICE_TYPE_CLASSES,
  formatDate,
  label,
} from '@portal/domain'
import { useTranslation } from 'react-i18next'
import type { DataTableColumn } from '../../../components/data-table/data-table'
import { TablePanel } from '../../../components/table-panel'
import { useUnitDevices, type DeviceRow } from '../api/unit-devices'

/** §3 Devices of a usage unit (errors 122, 123). */
export function DevicesPanel({ pointOfDelivery }: { pointOfDelivery: string }) {
  const { t } = useTranslation()
  const devices = useUnitDevices(pointOfDelivery)
  const columns: DataTableColumn<DeviceRow>[] = [
    { key: 'serialNumber', header: t('devices.column.SERIALNR'), primary: true },
    {
      key: 'typeClass',
      header: t('devices.column.TYPKL_TXT'),
      format: (d) => label(DEVICE_TYPE_CLASSES, d.typeClass),
    },
    {
      key: 'meterType',
      header: t('devices.column.meterType'),
      format: (d) => t(`devices.meterType.${d.meterType}`),
    },
    {
      key: 'segment',
      header: t('devices.column.segment'),
      format: (d) => label(DEVICE_SEGMENTS, d.segment),
    },
    {
      key: 'counterPosition',
      header: t('devices.column.ZHLPOS_TXT'),
      format: (d) => counterPositionText(d.counterPosition),
    },
    { key: 'room', header: t('devices.column.room'), format: (d) => d.room ?? '' },
    {
      key: 'installationDate',
      header: t('devices.column.installationDate'),
      format: (d) => formatDate(d.installationDate),
    },
    {
      key: 'removalDate',
      header: t('devices.column.removalDate'),
      format: (d) => formatDate(d.removalDate),
    },
    {
      key: 'calibrationYear',
      header: t('devices.column.calibrationYear'),
      format: (d) => (d.calibrationYear ? String(d.calibrationYear) : ''),
    },
    {
      key: 'meterClass',
      header: t('devices.column.meterClass'),
      format: (d) => d.meterClass ?? '',
    },
  ]
  return (
    <TablePanel
      id="devices-title"
      title={t('devices.title')}
      query={devices}
      columns={columns}
      getRowId={(d) => d.key}
    />
  )
}
