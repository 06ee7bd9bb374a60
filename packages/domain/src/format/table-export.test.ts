import { describe, expect, it } from 'vitest'
import {
  CSV_BYTE_ORDER_MARK,
  exportFileName,
  neutralizeFormula,
  tableToCsv,
  trimDecimal,
  type ExportColumn,
} from './table-export'

const columns: ExportColumn[] = [
  { header: 'Kostenart', kind: 'text' },
  { header: 'Betrag', kind: 'decimal' },
  { header: 'Ab', kind: 'date' },
]

describe('tableToCsv', () => {
  it('writes UTF-8 with a byte order mark, semicolons, CRLF, decimal commas and German dates', () => {
    const csv = tableToCsv(columns, [
      ['Wärmelieferung; Fernwärme', '1234.5000', '2024-01-01'],
      ['Müllabfuhr', '-80.1250', '2024-12-31'],
      ['Hausmeister "Süd"', null, null],
    ])
    expect(csv).toBe(
      `${CSV_BYTE_ORDER_MARK}Kostenart;Betrag;Ab\r\n` +
        '"Wärmelieferung; Fernwärme";1234,50;01.01.2024\r\n' +
        'Müllabfuhr;-80,125;31.12.2024\r\n' +
        '"Hausmeister ""Süd""";;\r\n',
    )
  })

  it('quotes a cell with a line break, and never writes thousands separators', () => {
    const csv = tableToCsv(columns, [['Zeile 1\nZeile 2', '1234567.89', '2024-02-29']])
    expect(csv.split('\r\n')[1]).toBe('"Zeile 1\nZeile 2";1234567,89;29.02.2024')
  })

  it('keeps a text cell that would run as a formula as text', () => {
    const csv = tableToCsv(columns, [['=HYPERLINK("http://x","klick")', '-5', null]])
    expect(csv.split('\r\n')[1]).toBe(`"'=HYPERLINK(""http://x"",""klick"")";-5;`)
  })

  it('writes a value that is not what its column expects as text', () => {
    const csv = tableToCsv(columns, [['a', 'k. A.', 'unbekannt']])
    expect(csv.split('\r\n')[1]).toBe('a;k. A.;unbekannt')
  })
})

describe('trimDecimal', () => {
  it.each([
    ['100.0000', '100.00'],
    ['1.2345', '1.2345'],
    ['1.2300', '1.23'],
    ['-7', '-7'],
    ['+3.5', '3.50'],
    ['0.0000', '0.00'],
  ])('%s → %s', (value, expected) => {
    expect(trimDecimal(value)).toBe(expected)
  })
})

describe('neutralizeFormula', () => {
  it.each(['=1+1', '+49 30 123', '-x', '@SUM(A1)', '\tx'])('prefixes %j', (text) => {
    expect(neutralizeFormula(text)).toBe(`'${text}`)
  })
  it('leaves other text alone', () => {
    expect(neutralizeFormula('Erika Mustermann')).toBe('Erika Mustermann')
  })
})

describe('exportFileName', () => {
  it('writes umlauts out and adds the day', () => {
    expect(exportFileName('Heizkosten – Übersicht Straße', 'xlsx', '2026-11-24')).toBe(
      'heizkosten-uebersicht-strasse-2026-11-24.xlsx',
    )
    expect(exportFileName('…', 'csv', '2026-11-24')).toBe('tabelle-2026-11-24.csv')
  })
})
