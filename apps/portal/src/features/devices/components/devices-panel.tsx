import { counterPositionText, DEVICE_SEGMENTS, DEVICE_TYPE_CLASSES, label } from '@portal/domain'
import { useTranslation } from 'react-i18next'
import { dateColumn } from '../../../components/data-table/columns'
import type { DataTableColumn } from '../../../components/data-table/data-table'
import { DescriptionList } from '../../../components/description-list'
import { TablePanel } from '../../../components/table-panel'
import { useUnitDevices, type DeviceRow } from '../api/unit-devices'
import '../locales'

/**
 * §3 Devices of a usage unit (errors 122, 123). A device is told apart by serial number, type,
 * main or sub meter, room and when it was fitted or removed; segment, counter, calibration year
 * and meter class open below it, so that the table fits the screen.
 */
export function DevicesPanel({ pointOfDelivery }: { pointOfDelivery: string }) {
  const { t } = useTranslation()
  const devices = useUnitDevices(pointOfDelivery)
  const segment = (d: DeviceRow) => label(DEVICE_SEGMENTS, d.segment)
  const counter = (d: DeviceRow) => counterPositionText(d.counterPosition)
  const calibrationYear = (d: DeviceRow) => (d.calibrationYear ? String(d.calibrationYear) : '')
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
    { key: 'room', header: t('devices.column.room'), format: (d) => d.room ?? '' },
    dateColumn('installationDate', t('devices.column.installationDate')),
    dateColumn('removalDate', t('devices.column.removalDate')),
    // searched, though shown below the row only
    { key: 'segment', header: t('devices.column.segment'), format: segment, hidden: true },
    {
      key: 'counterPosition',
      header: t('devices.column.ZHLPOS_TXT'),
      format: counter,
      hidden: true,
    },
    {
      key: 'calibrationYear',
      header: t('devices.column.calibrationYear'),
      format: calibrationYear,
      hidden: true,
    },
    {
      key: 'meterClass',
      header: t('devices.column.meterClass'),
      format: (d) => d.meterClass ?? '',
      hidden: true,
    },
  ]
  const detail = (d: DeviceRow) => (
    <DescriptionList
      items={[
        { term: t('devices.column.segment'), description: segment(d) || '–' },
        { term: t('devices.column.ZHLPOS_TXT'), description: counter(d) || '–' },
        { term: t('devices.column.calibrationYear'), description: calibrationYear(d) || '–' },
        { term: t('devices.column.meterClass'), description: d.meterClass ?? '–' },
      ]}
    />
  )
  return (
    <TablePanel
      id="devices-title"
      title={t('devices.title')}
      query={devices}
      columns={columns}
      getRowId={(d) => d.key}
      stateKey="devices"
      renderDetail={detail}
    />
  )
}
