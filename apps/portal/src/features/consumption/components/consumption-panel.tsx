import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import MenuItem from '@mui/material/MenuItem'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import ToggleButton from '@mui/material/ToggleButton'
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup'
import Typography from '@mui/material/Typography'
import {
  addMonthsTo,
  consumptionDigits,
  CONSUMPTION_SERIES_LABELS,
  formatChangePercent,
  formatConsumption,
  formatDate,
  formatDecimal,
  formatMonth,
  yearOnYearChange,
  type ConsumptionMonth,
  type ConsumptionSeries,
  type ConsumptionUser,
} from '@portal/domain'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table'
import { ErrorNotice } from '../../../components/error-notice'
import { unitConsumptionSource, useConsumption, type ConsumptionSource } from '../api/consumption'
import '../locales'
import { ConsumptionChart, useChartColours } from './consumption-chart'

/** '+12,5 %' of `current` against `compared`, '' where no percentage says it. */
function change(compared: string | null, current: string | null): string {
  const result = yearOnYearChange(compared, current)
  return result.kind === 'change' ? formatChangePercent(result.percent) : ''
}

/** The change as a number of percent to the shown decimal, for the export's percent cells. */
function changePercent(compared: string | null, current: string | null): number | null {
  const result = yearOnYearChange(compared, current)
  return result.kind === 'change' ? Math.round(result.percent * 10) / 10 : null
}

function LegendEntry({ colour, text, dashed }: { colour: string; text: string; dashed?: boolean }) {
  return (
    <Stack
      direction="row"
      spacing={1}
      component="li"
      sx={{
        alignItems: 'center',
      }}
    >
      <Box
        aria-hidden
        sx={{
          width: 18,
          height: dashed ? 0 : 12,
          bgcolor: dashed ? undefined : colour,
          borderTop: dashed ? `2px dashed ${colour}` : undefined,
        }}
      />
      <Typography variant="body2">{text}</Typography>
    </Stack>
  )
}

/** The user's period in words: 'seit 01.06.2026' or '01.04.2019 bis 31.03.2026', joined. */
function usePeriodText() {
  const { t } = useTranslation()
  return (user: ConsumptionUser) =>
    user.periods
      .map((p) =>
        p.until === null
          ? t('consumption.user.since', { from: formatDate(p.from) })
          : t('consumption.user.between', { from: formatDate(p.from), until: formatDate(p.until) }),
      )
      .join(', ')
}

/**
 * Decision 033: the monthly consumption information of one user of the unit (§6a HeizkostenV,
 * docs/decisions/033): the user chosen (today's by default) and only his months; per meter type a
 * chart read by keyboard, a summary of the chosen month in words, the same values as a table
 * (exported as CSV or XLSX), and the month's one-page PDF for him. One chosen month drives the
 * chart, the summary and the PDF, and stays chosen across the meter types. A property manager's
 * unit page gives the unit (its users to choose from); a resident's start page gives his own
 * `source` (decision 065), whose only user is he.
 */
export default function ConsumptionPanel(
  props: { pointOfDelivery: string; reference: string } | { source: ConsumptionSource },
) {
  const { t } = useTranslation()
  const source =
    'source' in props ? props.source : unitConsumptionSource(props.pointOfDelivery, props.reference)
  const [partner, setPartner] = useState<string | null>(null)
  const consumption = useConsumption(source.read(partner))
  const [typeClass, setTypeClass] = useState<string | null>(null)
  const [chosenMonth, setChosenMonth] = useState<string | null>(null)
  const periodText = usePeriodText()
  const report = consumption.data
  const series = report?.series.find((s) => s.typeClass === typeClass) ?? report?.series[0]
  // the month chosen while it is one of the user's, else his last
  const month =
    report && chosenMonth !== null && report.months.includes(chosenMonth)
      ? chosenMonth
      : (report?.months.at(-1) ?? null)
  return (
    <Paper component="section" variant="outlined" aria-labelledby="consumption-title" sx={{ p: 2 }}>
      <Typography variant="h5" component="h2" id="consumption-title" gutterBottom>
        {t('consumption.title')}
      </Typography>
      {consumption.isError && <ErrorNotice error={consumption.error} />}
      {consumption.isPending && <Typography role="status">{t('consumption.loading')}</Typography>}
      {report && report.series.length === 0 && <Typography>{t('consumption.none')}</Typography>}
      {report && report.series.length > 0 && !report.user && (
        <Typography>{t('consumption.noUser')}</Typography>
      )}
      {report && report.user && series && (
        <>
          <Typography sx={{ mb: 2 }}>{t('consumption.intro')}</Typography>
          {report.users.length > 1 ? (
            <TextField
              select
              size="small"
              label={t('consumption.user.label')}
              value={report.user.businessPartner}
              onChange={(event) => setPartner(event.target.value)}
              helperText={t('consumption.user.help')}
              sx={{ mb: 2, minWidth: 280, maxWidth: '100%' }}
            >
              {report.users.map((user) => (
                <MenuItem key={user.businessPartner} value={user.businessPartner}>
                  {t('consumption.user.option', { name: user.name, period: periodText(user) })}
                </MenuItem>
              ))}
            </TextField>
          ) : (
            <Typography sx={{ mb: 2 }}>
              {t('consumption.user.only', {
                name: report.user.name,
                period: periodText(report.user),
              })}
            </Typography>
          )}
          {month === null ? (
            <Typography>{t('consumption.noMonths')}</Typography>
          ) : (
            <>
              <Typography sx={{ mb: 2 }}>
                {t('consumption.months', {
                  first: formatMonth(report.months[0]!),
                  last: formatMonth(report.months.at(-1)!),
                })}
              </Typography>
              {report.series.length > 1 && (
                <ToggleButtonGroup
                  exclusive
                  size="small"
                  value={series.typeClass}
                  onChange={(_, value: string | null) => value && setTypeClass(value)}
                  aria-label={t('consumption.series')}
                  sx={{ mb: 2, flexWrap: 'wrap' }}
                >
                  {report.series.map((s) => (
                    <ToggleButton
                      key={s.typeClass}
                      value={s.typeClass}
                      sx={{ textTransform: 'none' }}
                    >
                      {CONSUMPTION_SERIES_LABELS[s.typeClass]}
                    </ToggleButton>
                  ))}
                </ToggleButtonGroup>
              )}
              <SeriesView
                series={series}
                month={month}
                onMonth={setChosenMonth}
                partner={report.user.businessPartner}
                download={source.download}
              />
            </>
          )}
        </>
      )}
    </Paper>
  )
}

function SeriesView({
  series,
  month,
  onMonth,
  partner,
  download,
}: {
  series: ConsumptionSeries
  /** The chosen month ('YYYY-MM'), one of the series' months. */
  month: string
  onMonth: (month: string) => void
  partner: string
  download: ConsumptionSource['download']
}) {
  const { t } = useTranslation()
  const colours = useChartColours()
  const months = series.months
  const selected = Math.max(
    months.findIndex((m) => m.month === month),
    0,
  )
  const [pdfFailed, setPdfFailed] = useState<unknown>(null)
  const name = CONSUMPTION_SERIES_LABELS[series.typeClass]
  // §6a Abs. 2 Nr. 1 asks for kWh: allocator units and cubic metres are converted, and say so
  const converted = series.unit !== 'kWh' && series.kwhPerUnit !== null
  const amount = (value: string | null) =>
    value === null ? t('consumption.notAvailable') : formatConsumption(value, series.unit)
  const inKwh = (value: string | null) =>
    value === null ? '' : t('consumption.converted', { value: formatConsumption(value, 'kWh') })
  const describe = (index: number) => {
    const month = months[index]!
    const parts = [
      t('consumption.monthSummary', {
        month: formatMonth(month.month),
        consumption: amount(month.consumption),
      }),
    ]
    for (const key of ['previousMonth', 'sameMonthLastYear', 'averageForArea'] as const) {
      if (month[key] === null) continue
      const difference = change(month[key], month.consumption)
      parts.push(
        t(`consumption.versus.${key}`, { value: amount(month[key]), change: difference || '–' }),
      )
    }
    return parts.join('; ')
  }
  const current = months[selected]!
  const digits = consumptionDigits(series.unit)
  /** A consumption the month is compared with, in the series' unit. */
  const comparedColumn = (
    key: 'previousMonth' | 'sameMonthLastYear' | 'averageForArea',
  ): DataTableColumn<ConsumptionMonth> => ({
    key,
    header: t(`consumption.column.${key}`),
    format: (m) => amount(m[key]),
    exportAs: 'decimal',
    exportDigits: digits,
    exportUnit: series.unit,
    align: 'right',
  })
  /** How much the month's consumption differs from the one it is compared with, in percent. */
  const changeColumn = (
    key: 'previousChange' | 'yearChange',
    compared: 'previousMonth' | 'sameMonthLastYear',
  ): DataTableColumn<ConsumptionMonth> => ({
    key,
    header: t(`consumption.column.${key}`),
    format: (m) => change(m[compared], m.consumption),
    value: (m) => changePercent(m[compared], m.consumption),
    exportAs: 'percent',
    exportDigits: 1,
    align: 'right',
  })
  const columns: DataTableColumn<ConsumptionMonth>[] = [
    {
      key: 'month',
      header: t('consumption.column.month'),
      format: (m) => formatMonth(m.month),
      sortValue: (m) => m.month,
      primary: true,
    },
    {
      key: 'consumption',
      header: `${t('consumption.column.consumption')} (${series.unit})`,
      format: (m) => amount(m.consumption),
      exportAs: 'decimal',
      exportDigits: digits,
      align: 'right',
    },
    ...(converted
      ? [
          {
            key: 'kwh',
            header: t('consumption.column.kwh'),
            format: (m: ConsumptionMonth) =>
              m.kwh === null ? '' : formatConsumption(m.kwh, 'kWh'),
            exportAs: 'decimal' as const,
            exportDigits: consumptionDigits('kWh'),
            align: 'right' as const,
          },
        ]
      : []),
    comparedColumn('previousMonth'),
    changeColumn('previousChange', 'previousMonth'),
    comparedColumn('sameMonthLastYear'),
    changeColumn('yearChange', 'sameMonthLastYear'),
    {
      key: 'propertyAveragePerSquareMetre',
      header: t('consumption.column.averagePerSquareMetre'),
      format: (m) =>
        m.propertyAveragePerSquareMetre === null
          ? ''
          : formatConsumption(m.propertyAveragePerSquareMetre, series.unit, true),
      exportAs: 'decimal',
      exportDigits: consumptionDigits(series.unit, true),
      exportUnit: `${series.unit}/m²`,
      align: 'right',
    },
    comparedColumn('averageForArea'),
  ]
  const previousChange = change(current.previousMonth, current.consumption)
  const yearChange = change(current.sameMonthLastYear, current.consumption)
  return (
    <>
      <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, p: 0, m: 0, mb: 1 }}>
        <LegendEntry colour={colours.consumption} text={t('consumption.legend.consumption')} />
        <LegendEntry
          colour={colours.sameMonthLastYear}
          text={t('consumption.legend.sameMonthLastYear')}
        />
        <LegendEntry
          colour={colours.average}
          text={t('consumption.legend.averageForArea')}
          dashed
        />
      </Box>
      <Typography
        variant="body2"
        id="consumption-chart-help"
        sx={{
          color: 'text.secondary',
        }}
      >
        {t('consumption.chartHelp')}
      </Typography>
      <ConsumptionChart
        series={series}
        label={t('consumption.chartLabel', { series: name, unit: series.unit })}
        selected={selected}
        onSelect={(index) => onMonth(months[index]!.month)}
        describe={describe}
      />
      <Box data-testid="consumption-summary" sx={{ mt: 1 }}>
        <Typography>
          {current.consumption === null
            ? t('consumption.summaryMissing', { month: formatMonth(current.month) })
            : t('consumption.summary', {
                month: formatMonth(current.month),
                consumption: amount(current.consumption),
              })}{' '}
          {converted && current.kwh !== null && `${inKwh(current.kwh)} `}
          {previousChange && t('consumption.summaryPrevious', { change: previousChange })}{' '}
          {yearChange &&
            t('consumption.summaryYear', {
              month: formatMonth(addMonthsTo(current.month, -12)),
              change: yearChange,
            })}
        </Typography>
        {current.averageForArea !== null && (
          <Typography>
            {t('consumption.summaryAverage', { value: amount(current.averageForArea) })}
          </Typography>
        )}
      </Box>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{
          alignItems: { xs: 'stretch', sm: 'center' },
          my: 2,
        }}
      >
        <TextField
          select
          size="small"
          label={t('consumption.pdfMonth')}
          value={current.month}
          onChange={(event) => onMonth(event.target.value)}
          sx={{ minWidth: 220 }}
        >
          {months.map((m) => (
            <MenuItem key={m.month} value={m.month}>
              {formatMonth(m.month)}
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant="outlined"
          onClick={() => {
            setPdfFailed(null)
            download(partner, current.month).catch(setPdfFailed)
          }}
        >
          {t('consumption.pdf')}
        </Button>
      </Stack>
      {series.unit !== 'kWh' && (
        <Typography
          variant="body2"
          sx={{
            color: 'text.secondary',
            mb: 2,
          }}
        >
          {series.typeClass === 'WW'
            ? t('consumption.conversion.hotWater', { factor: series.kwhPerUnit })
            : series.kwhPerUnit !== null && series.kwhBasisYear !== null
              ? t('consumption.conversion.allocators', {
                  factor: formatDecimal(series.kwhPerUnit, 4),
                  year: series.kwhBasisYear,
                })
              : t('consumption.conversion.none')}
        </Typography>
      )}
      {pdfFailed !== null && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('consumption.pdfFailed')}
        </Alert>
      )}
      <Typography variant="h6" component="h3" gutterBottom>
        {t('consumption.tableTitle')}
      </Typography>
      <DataTable
        caption={t('consumption.exportName', { series: name })}
        exportName={t('consumption.exportName', { series: name })}
        columns={columns}
        rows={months}
        getRowId={(m) => m.month}
        initialOptions={{ itemsPerPage: 12 }}
        itemsPerPageOptions={[12]}
        hideFooter
        size="small"
      />
    </>
  )
}
