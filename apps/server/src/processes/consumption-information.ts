/**
 * The monthly consumption information of one usage unit for one month as a one-page PDF (§6a
 * HeizkostenV, issue 16): what a property manager passes on to the tenant.
 */
import {
  CONSUMPTION_SERIES_LABELS,
  HOT_WATER_KWH_PER_CUBIC_METRE,
  addMonthsTo,
  formatChangePercent,
  formatConsumption,
  formatDecimal,
  formatMonth,
  yearOnYearChange,
  type ConsumptionSeries,
  type UnitConsumption,
} from '@portal/domain'
import { buildPdf, type PdfFile, type PdfLine } from '../files/pdf'

export interface ConsumptionInformationUnit {
  reference: string
  address: string
}

const VALUE_X = 330
const NOTE_X = 440

/** 'Vormonat: 100,0 kWh (+50,5 %)': a comparison line with the change against it. */
function comparison(
  label: string,
  compared: string | null,
  current: string | null,
  unit: ConsumptionSeries['unit'],
): PdfLine {
  if (compared === null) return { text: label, columns: [{ text: 'nicht verfügbar', x: VALUE_X }] }
  const change = yearOnYearChange(compared, current)
  const note = change.kind === 'change' ? formatChangePercent(change.percent) : ''
  return {
    text: label,
    columns: [
      { text: formatConsumption(compared, unit), x: VALUE_X },
      ...(note ? [{ text: `Ihr Verbrauch: ${note}`, x: NOTE_X }] : []),
    ],
  }
}

function seriesLines(series: ConsumptionSeries, month: string): PdfLine[] {
  const values = series.months.find((m) => m.month === month)
  if (!values) return []
  const lines: PdfLine[] = [
    { text: `${CONSUMPTION_SERIES_LABELS[series.typeClass]}`, size: 13, gap: 14, bold: true },
    {
      text: `Ihr Verbrauch im ${formatMonth(month)}`,
      columns: [
        {
          text:
            values.consumption === null
              ? 'nicht verfügbar'
              : formatConsumption(values.consumption, series.unit),
          x: VALUE_X,
        },
        ...(values.kwh !== null && series.unit !== 'kWh'
          ? [{ text: `= ${formatConsumption(values.kwh, 'kWh')}`, x: NOTE_X }]
          : []),
      ],
    },
    comparison(
      `Vormonat (${formatMonth(addMonthsTo(month, -1))})`,
      values.previousMonth,
      values.consumption,
      series.unit,
    ),
    comparison(
      `Vorjahresmonat (${formatMonth(addMonthsTo(month, -12))})`,
      values.sameMonthLastYear,
      values.consumption,
      series.unit,
    ),
    comparison(
      'Durchschnittliche Nutzeinheit Ihrer Größe',
      values.averageForArea,
      values.consumption,
      series.unit,
    ),
    {
      text: 'Durchschnitt der Liegenschaft je m²',
      columns: [
        {
          text:
            values.propertyAveragePerSquareMetre === null
              ? 'nicht verfügbar'
              : formatConsumption(values.propertyAveragePerSquareMetre, series.unit, true),
          x: VALUE_X,
        },
      ],
    },
  ]
  return lines
}

/** The PDF for `month` ('YYYY-MM', one of the report's months). */
export function consumptionInformationPdf(
  unit: ConsumptionInformationUnit,
  report: UnitConsumption,
  month: string,
): PdfFile {
  const title = `Verbrauchsinformation ${formatMonth(month)}`
  const lines: PdfLine[] = [
    { text: title, size: 18, bold: true },
    { text: 'nach § 6a Heizkostenverordnung', size: 11 },
    { text: `Nutzeinheit: ${unit.reference}`, gap: 14 },
    { text: `Anschrift: ${unit.address}` },
    {
      text: `Beheizte Fläche: ${report.area === null ? 'nicht erfasst' : `${formatDecimal(report.area, 2)} m²`}`,
    },
  ]
  for (const series of report.series) lines.push(...seriesLines(series, month))
  if (report.series.length === 0) {
    lines.push({ text: 'Für diese Nutzeinheit liegen keine fernablesbaren Zähler vor.', gap: 14 })
  }
  lines.push(
    {
      text: 'Grundlage sind die per Funk übermittelten Zählerstände zum Monatsende.',
      size: 9,
      gap: 24,
    },
    {
      text: `Warmwasser in kWh: ${HOT_WATER_KWH_PER_CUBIC_METRE} kWh je m³ (Erwärmung von 10 auf 60 °C, § 9 Abs. 2 HeizkostenV).`,
      size: 9,
    },
    {
      text: 'Heizkostenverteiler zeigen Einheiten; in kWh rechnet sie erst die Jahresabrechnung um.',
      size: 9,
    },
    {
      text: 'Die Werte sind eine Information, keine Abrechnung; maßgeblich ist die Jahresabrechnung.',
      size: 9,
    },
  )
  return buildPdf(title, lines)
}
