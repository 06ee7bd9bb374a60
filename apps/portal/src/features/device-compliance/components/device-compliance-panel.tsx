import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import {
  DEVICE_TYPE_CLASSES,
  type ComplianceCounts,
  type DeviceCompliance,
  type DeviceComplianceAnswer,
} from '@portal/domain'
import { useId, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { dateColumn } from '../../../components/data-table/columns'
import {
  DataTable,
  renderRouterLink,
  type DataTableColumn,
} from '../../../components/data-table/data-table'
import { PanelState } from '../../../components/panel-state'
import {
  devicesDue,
  SMOKE_ALARM_TYPE_CLASSES,
  useDeviceCompliance,
} from '../../../lib/device-compliance'
import '../locales'

const nothingDue = (counts: ComplianceCounts) => devicesDue(counts) === 0

function Frame({ children }: { children: ReactNode }) {
  const { t } = useTranslation()
  const titleId = useId()
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography variant="h5" component="h2" id={titleId} gutterBottom>
        {t('deviceCompliance.title')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {t('deviceCompliance.intro')}
      </Typography>
      {children}
    </Box>
  )
}

function Counts({ answer }: { answer: DeviceComplianceAnswer }) {
  const { t } = useTranslation()
  return (
    <Typography sx={{ mb: 1 }}>
      {nothingDue(answer.counts)
        ? t('deviceCompliance.nothingDue')
        : t('deviceCompliance.counts', answer.counts)}
    </Typography>
  )
}

/** Decision 068 on a property's page: its devices in use with their states, exportable. */
export default function DeviceCompliancePanel({ connection }: { connection: string }) {
  const { t } = useTranslation()
  const answer = useDeviceCompliance(connection)
  const columns: DataTableColumn<DeviceCompliance>[] = [
    { key: 'serialNumber', header: t('deviceCompliance.column.serialNumber'), primary: true },
    {
      key: 'typeClass',
      header: t('deviceCompliance.column.typeClass'),
      format: (d) =>
        DEVICE_TYPE_CLASSES[d.typeClass as keyof typeof DEVICE_TYPE_CLASSES] ?? d.typeClass,
    },
    {
      key: 'unitReference',
      header: t('deviceCompliance.column.unit'),
      format: (d) => d.unitReference ?? '',
    },
    dateColumn('installationDate', t('deviceCompliance.column.installationDate')),
    {
      key: 'remoteReading',
      header: t('deviceCompliance.column.remoteReading'),
      format: (d) => t(`deviceCompliance.remoteReading.${d.remoteReading}`),
    },
    {
      key: 'calibrationYear',
      header: t('deviceCompliance.column.calibrationYear'),
      format: (d) => (d.calibrationYear === null ? '' : String(d.calibrationYear)),
    },
    dateColumn('calibrationValidUntil', t('deviceCompliance.column.calibrationValidUntil')),
    {
      key: 'calibration',
      header: t('deviceCompliance.column.calibration'),
      format: (d) => t(`deviceCompliance.calibration.${d.calibration}`),
    },
    {
      // decision 068: the provider delivers no inspection of smoke alarms today; say so
      key: 'smokeAlarmInspection',
      header: t('deviceCompliance.column.smokeAlarmInspection'),
      format: (d) =>
        SMOKE_ALARM_TYPE_CLASSES.includes(d.typeClass)
          ? t('deviceCompliance.smokeAlarmInspection.notDelivered')
          : t('deviceCompliance.smokeAlarmInspection.notApplicable'),
      sortValue: (d) => (SMOKE_ALARM_TYPE_CLASSES.includes(d.typeClass) ? 0 : 1),
    },
  ]
  return (
    <Frame>
      <PanelState loading={answer.isPending} error={answer.error} empty={false}>
        {answer.data &&
          (answer.data.devices.length === 0 ? (
            <Typography>{t('deviceCompliance.none')}</Typography>
          ) : (
            <>
              <Counts answer={answer.data} />
              <DataTable
                caption={t('deviceCompliance.caption')}
                exportName={t('deviceCompliance.caption')}
                columns={columns}
                rows={answer.data.devices}
                size="small"
                getRowId={(d) => d.device}
                stateKey="deviceStates"
                searchable
                searchLabel={t('deviceCompliance.search')}
              />
            </>
          ))}
      </PanelState>
    </Frame>
  )
}

type PropertyRow = DeviceComplianceAnswer['properties'][number]

/** Decision 068 for the portfolio: per property its devices by state; a row leads to it. */
export function PortfolioCompliancePanel() {
  const { t } = useTranslation()
  const answer = useDeviceCompliance(undefined)
  const count = (key: keyof ComplianceCounts): DataTableColumn<PropertyRow> => ({
    key,
    header: t(`deviceCompliance.column.${key}`),
    // the number itself: sorted as a number, exported as a number cell
    value: (p) => p.counts[key],
    format: (p) => String(p.counts[key]),
    exportAs: 'decimal',
    exportDigits: 0,
    align: 'right',
  })
  // decision 045: a phone shows the property, its counts in the row's details (a count column
  // beside it would hide under the sticky details column at 320 px)
  const columns: DataTableColumn<PropertyRow>[] = [
    { key: 'name', header: t('deviceCompliance.column.property'), primary: true, phone: true },
    { key: 'address', header: t('deviceCompliance.column.address') },
    count('devices'),
    count('retrofitDue'),
    count('retrofitOverdue'),
    count('mustBeRemote'),
    count('calibrationDue'),
    count('calibrationExpired'),
  ]
  return (
    <Frame>
      <PanelState loading={answer.isPending} error={answer.error} empty={false}>
        {answer.data && (
          <>
            <Counts answer={answer.data} />
            <DataTable
              caption={t('deviceCompliance.portfolioCaption')}
              exportName={t('deviceCompliance.portfolioCaption')}
              columns={columns}
              rows={answer.data.properties}
              size="small"
              getRowId={(p) => p.connection}
              stateKey="compliance"
              searchable
              searchLabel={t('deviceCompliance.portfolioSearch')}
              rowHref={(p) => `/properties/${encodeURIComponent(p.connection)}`}
              renderLink={renderRouterLink}
            />
          </>
        )}
      </PanelState>
    </Frame>
  )
}
