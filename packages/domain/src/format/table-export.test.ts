import { describe, expect, it } from 'vitest'
import {
  CSV_BYTE_ORDER_MARK,
  exportFileName,
  neutralizeFormula,
  percentAsFraction,
  spreadsheetNumberFormat,
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

  it('writes a column with the screen’s digits at least, and a percent column as a number', () => {
    const csv = tableToCsv(
      [
        { header: 'Zählerstand (m³)', kind: 'decimal', digits: 3 },
        { header: 'Abweichung', kind: 'percent', digits: 1 },
      ],
      [
        ['465950.723', '174.9'],
        ['465950.7', '-5'],
        ['12', '0.0'],
      ],
    )
    expect(csv.split('\r\n').slice(0, 4)).toEqual([
      `${CSV_BYTE_ORDER_MARK}Zählerstand (m³);Abweichung (%)`,
      '465950,723;174,9',
      '465950,700;-5',
      '12;0,0',
    ])
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

  it.each([
    ['465950.723', 3, '465950.723'],
    ['465950.7', 3, '465950.700'],
    ['1.25', 1, '1.25'],
    ['3.000', 0, '3'],
  ])('%s with %i digits → %s', (value, digits, expected) => {
    expect(trimDecimal(value, digits)).toBe(expected)
  })
})

describe('percentAsFraction and spreadsheetNumberFormat', () => {
  it.each([
    ['174.9', '1.749'],
    ['+174.9', '1.749'],
    ['5', '0.05'],
    ['-5', '-0.05'],
    ['100', '1'],
    ['12.50', '0.125'],
    ['0', '0'],
    ['1200', '12'],
  ])('%s %% is %s', (percent, fraction) => {
    expect(percentAsFraction(percent)).toBe(fraction)
  })

  it('shows the screen’s digits, a percentage with its sign', () => {
    expect(spreadsheetNumberFormat({ header: 'Betrag', kind: 'decimal' })).toBe('#,##0.00')
    expect(spreadsheetNumberFormat({ header: 'Stand', kind: 'decimal', digits: 3 })).toBe(
      '#,##0.000',
    )
    expect(spreadsheetNumberFormat({ header: 'Stück', kind: 'decimal', digits: 0 })).toBe('#,##0')
    expect(spreadsheetNumberFormat({ header: 'Abweichung', kind: 'percent', digits: 1 })).toBe(
      '+0.0%;-0.0%;0.0%',
    )
  })
})

describe('neutralizeFormula', () => {
  it.each(['=1+1', '+49 30 123', '-x', '@SUM(A1)', '\tx', '\rx'])('prefixes %j', (text) => {
    expect(neutralizeFormula(text)).toBe(`'${text}`)
  })
  // full-width forms (an IME types them; a spreadsheet may read them as = + - @), the small form
  // variants, the superscript and subscript signs and the minus sign
  it.each([
    '\uFF1DHYPERLINK("http://x.test","a")',
    '\uFF0B1',
    '\uFF0Dx',
    '\uFF20SUM(A1)',
    '\uFE66x',
    '\uFE62x',
    '\uFE63x',
    '\uFE6Bx',
    '\u207A1',
    '\u208C1',
    '\u22121',
  ])('prefixes the look-alike %j', (text) => {
    expect(neutralizeFormula(text)).toBe(`'${text}`)
  })
  it.each([' =1+1', '   +1', '\u00A0-x', '\u3000\uFF1D1', '\n@SUM(A1)', ' \tx', '\u2003\rx'])(
    'prefixes %j after leading whitespace',
    (text) => {
      expect(neutralizeFormula(text)).toBe(`'${text}`)
    },
  )
  it('leaves other text alone', () => {
    for (const text of ['Erika Mustermann', 'A=B', 'x-y', 'mail@example.org', ' Text', '1.5', '']) {
      expect(neutralizeFormula(text)).toBe(text)
    }
  })
  it('neutralises the look-alikes in a CSV as well', () => {
    const csv = tableToCsv(columns, [['\uFF1D1+1', null, null]])
    expect(csv.split('\r\n')[1]).toBe("'\uFF1D1+1;;")
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
