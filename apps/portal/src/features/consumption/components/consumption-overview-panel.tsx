import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import {
  CONSUMPTION_SERIES_LABELS,
  consumptionDigits,
  formatChangePercent,
  formatConsumption,
  formatMonth,
  type PropertyConsumption,
} from '@portal/domain'
import { useTranslation } from 'react-i18next'
import {
  DataTable,
  renderRouterLink,
  type DataTableColumn,
} from '../../../components/data-table/data-table'
import { ErrorNotice } from '../../../components/error-notice'
import { usePropertyConsumption } from '../api/consumption'
import '../locales'

type Row = PropertyConsumption['items'][number]

/** The decimals of the finest unit (m³), for columns whose rows have different units. */
const MIXED_DIGITS = consumptionDigits('m³')

/**
 * Decision 033: which units of the property use far more per m² than its average over the last twelve
 * months (docs/decisions/033), the farthest first. Shown only for a property with remotely read
 * heating or hot-water meters.
 */
export default function ConsumptionOverviewPanel({ connection }: { connection: string }) {
  const { t } = useTranslation()
  const overview = usePropertyConsumption(connection)
  if (overview.data && overview.data.items.length === 0) return null
  /** A consumption per m² of living space, in the row's unit. */
  const perSquareMetreColumn = (
    key: 'perSquareMetre' | 'propertyPerSquareMetre',
  ): DataTableColumn<Row> => ({
    key,
    header: t(`consumption.overview.column.${key}`),
    format: (row) => formatConsumption(row[key], row.unit, true),
    exportAs: 'decimal',
    exportDigits: MIXED_DIGITS + 1,
    exportUnit: (row) => `${row.unit}/m²`,
    align: 'right',
  })
  const columns: DataTableColumn<Row>[] = [
    { key: 'reference', header: t('consumption.overview.column.unit'), primary: true },
    {
      key: 'series',
      header: t('consumption.overview.column.series'),
      value: (row) => CONSUMPTION_SERIES_LABELS[row.typeClass],
    },
    {
      key: 'consumption',
      header: t('consumption.overview.column.consumption'),
      format: (row) => formatConsumption(row.consumption, row.unit),
      exportAs: 'decimal',
      // the rows' units differ: their numbers keep the finest unit's decimals, the unit its column
      exportDigits: MIXED_DIGITS,
      exportUnit: (row) => row.unit,
      align: 'right',
    },
    perSquareMetreColumn('perSquareMetre'),
    perSquareMetreColumn('propertyPerSquareMetre'),
    {
      key: 'percentAboveAverage',
      header: t('consumption.overview.column.percentAboveAverage'),
      format: (row) =>
        row.percentAboveAverage === null ? '' : formatChangePercent(row.percentAboveAverage),
      value: (row) => row.percentAboveAverage,
      sortValue: (row) => row.percentAboveAverage,
      exportAs: 'percent',
      exportDigits: 1,
      align: 'right',
    },
    {
      key: 'flag',
      header: t('consumption.overview.column.flag'),
      value: (row) => (row.farAboveAverage ? t('consumption.overview.farAbove') : ''),
      cell: (row) =>
        row.farAboveAverage ? (
          <Typography component="span" variant="body2" sx={{ fontWeight: 700 }}>
            {t('consumption.overview.farAbove')}
          </Typography>
        ) : null,
    },
  ]
  return (
    <Box component="section" aria-labelledby="consumption-overview-title">
      <Typography variant="h5" component="h2" id="consumption-overview-title" gutterBottom>
        {t('consumption.overview.title')}
      </Typography>
      {overview.data && (
        <Typography
          variant="body2"
          sx={{
            color: 'text.secondary',
            mb: 1,
          }}
        >
          {t('consumption.overview.intro', {
            first: formatMonth(overview.data.firstMonth),
            last: formatMonth(overview.data.lastMonth),
            percent: overview.data.farAbovePercent,
          })}
        </Typography>
      )}
      {overview.isError ? (
        <ErrorNotice error={overview.error} />
      ) : (
        <DataTable
          caption={t('consumption.overview.title')}
          exportName={t('consumption.overview.exportName')}
          columns={columns}
          rows={overview.data?.items ?? []}
          loading={overview.isPending}
          size="small"
          getRowId={(row) => `${row.pointOfDelivery}-${row.typeClass}`}
          stateKey="consumption"
          initialOptions={{ sortBy: [{ key: 'percentAboveAverage', order: 'desc' }] }}
          rowHref={(row) =>
            `/properties/${encodeURIComponent(connection)}/units/${encodeURIComponent(row.pointOfDelivery)}`
          }
          renderLink={renderRouterLink}
        />
      )}
    </Box>
  )
}
