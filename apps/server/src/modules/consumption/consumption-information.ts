/**
 * The monthly consumption information of one user of a usage unit for one month as a one-page PDF
 * (§6a HeizkostenV, decision 033): what a property manager passes on to the tenant. It names
 * the user and his period, and holds only his months (docs/decisions/033).
 */
import {
  CONSUMPTION_SERIES_LABELS,
  HOT_WATER_KWH_PER_CUBIC_METRE,
  addMonthsTo,
  formatChangePercent,
  formatConsumption,
  formatDate,
  formatDecimal,
  formatMonth,
  yearOnYearChange,
  type ConsumptionSeries,
  type ConsumptionUser,
  type UnitConsumption,
} from '@portal/domain'
import { buildPdf, type PdfFile, type PdfLine } from '../../platform/files/pdf'

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
          ? [{ text: `= ${formatConsumption(values.kwh, 'kWh')} (umgerechnet)`, x: NOTE_X }]
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

/** '01.06.2026 bis 31.03.2027' or 'seit 01.06.2026', the contracts joined. */
function periodText(user: ConsumptionUser): string {
  return user.periods
    .map((p) =>
      p.until === null
        ? `seit ${formatDate(p.from)}`
        : `${formatDate(p.from)} bis ${formatDate(p.until)}`,
    )
    .join(', ')
}

/** The footnote on the allocators' kWh: the factor and where it comes from, or why there is none. */
function allocatorNote(series: ConsumptionSeries): string[] {
  if (series.kwhPerUnit === null || series.kwhBasisYear === null) {
    return [
      'Heizkostenverteiler zeigen Einheiten: ohne vollständigen Jahreswert des Wärmezählers der',
      'Liegenschaft sind sie nicht in kWh umgerechnet.',
    ]
  }
  const year = series.kwhBasisYear
  return [
    `Heizkostenverteiler in kWh umgerechnet: 1 Einheit = ${formatDecimal(series.kwhPerUnit, 4)} kWh, das ist die Wärme des`,
    `Wärmezählers der Liegenschaft ${year} geteilt durch die Einheiten aller ihrer Heizkostenverteiler ${year}.`,
  ]
}

/** The title of the information of `month`. */
const titleOf = (month: string) => `Verbrauchsinformation ${formatMonth(month)}`

/** The PDF for `user` and `month` ('YYYY-MM', one of his months in the report). */
export function consumptionInformationPdf(
  unit: ConsumptionInformationUnit,
  user: ConsumptionUser,
  report: UnitConsumption,
  month: string,
): PdfFile {
  return buildPdf(titleOf(month), consumptionInformationLines(unit, user, report, month))
}

/** The lines of the information's page, for its PDF and for a letter that carries it. */
export function consumptionInformationLines(
  unit: ConsumptionInformationUnit,
  user: ConsumptionUser,
  report: UnitConsumption,
  month: string,
): PdfLine[] {
  const lines: PdfLine[] = [
    { text: titleOf(month), size: 18, bold: true },
    { text: 'nach § 6a Heizkostenverordnung', size: 11 },
    { text: `Nutzer: ${user.name}`, gap: 14 },
    { text: `Nutzungszeitraum: ${periodText(user)}` },
    { text: `Nutzeinheit: ${unit.reference}` },
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
      text: 'Vormonat und Vorjahresmonat nur aus Ihren eigenen Monaten in dieser Nutzeinheit.',
      size: 9,
    },
    ...report.series
      .filter((s) => s.typeClass === 'WW')
      .map((): PdfLine => ({
        text: `Warmwasser in kWh umgerechnet: ${HOT_WATER_KWH_PER_CUBIC_METRE} kWh je m³ (Erwärmung von 10 auf 60 °C, § 9 Abs. 2 HeizkostenV).`,
        size: 9,
      })),
    ...report.series
      .filter((s) => s.typeClass === 'HV')
      .flatMap((s) => allocatorNote(s).map((text): PdfLine => ({ text, size: 9 }))),
    {
      text: 'Die Werte sind eine Information, keine Abrechnung; maßgeblich ist die Jahresabrechnung.',
      size: 9,
    },
  )
  return lines
}
