import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { BvedRecord } from './codec'
import { BvedWriteError, bvedFileVersion, readBvedFile, writeBvedFile, writeRecord } from './codec'
import type { BvedField, BvedLayout, BvedRecordType, BvedVersion } from './layouts'
import {
  BVED_FILE_KINDS,
  BVED_LAYOUTS,
  BVED_RECORD_TYPES,
  BVED_VERSION_FIELDS,
  BVED_VERSIONS,
} from './layouts'
import { decodeLatin9, encodeLatin9 } from './latin9'

const layoutOf = (type: BvedRecordType) => BVED_LAYOUTS['3.05'][type]

function fieldOf(type: BvedRecordType, key: string): BvedField {
  const field = layoutOf(type).fields.find((candidate) => candidate.key === key)
  if (!field) throw new Error(`no field ${key} in ${type}`)
  return field
}

/** The text of one field of a record text. */
const textAt = (text: string, type: BvedRecordType, key: string) => {
  const field = fieldOf(type, key)
  return text.slice(field.start - 1, field.start - 1 + field.length)
}

/** A record text with one field's text replaced, for lines that break a rule. */
function withField(text: string, type: BvedRecordType, key: string, content: string): string {
  const field = fieldOf(type, key)
  expect(content).toHaveLength(field.length)
  return `${text.slice(0, field.start - 1)}${content}${text.slice(field.start - 1 + field.length)}`
}

/** The bytes of a file whose lines each end with CR LF. */
const fileOf = (...lines: string[]) => encodeLatin9(lines.map((line) => `${line}\r\n`).join(''))

const property = { argeVersion: '03.05', customerNumber: '4711', billingCompanyKey: '07' }
const unit = { ...property, propertyNumber: '123456789', unitNumber: '0003' }

const SAMPLES: Record<BvedRecordType, Record<string, string | null>> = {
  A: { ...unit, clientReference: 'WE 4711/03' },
  L: {
    ...property,
    propertyNumber: '123456789',
    vatPresentation: '3',
    street: 'Hauptstraße 5',
    country: 'DEU',
    postalCode: '10115',
    town: 'Berlin',
    billingPeriodStart: '2024-01-01',
    billingPeriodEnd: '2024-12-31',
    objectNumber: 'OBJ-17',
    rentLossRiskFlag: '1',
    rentLossRiskPercent: '2.5',
    labourCostFlag: '1',
    currency: 'EUR',
  },
  M: {
    ...unit,
    clientReference: 'WE 4711/03',
    addressFlag: '1',
    tenantName1: 'Jürgen Öztürk',
    tenantName2: 'Anna Weiß',
    tenantStreet: 'Hauptstraße 5',
    tenantCountry: 'DEU',
    tenantPostalCode: '10115',
    tenantTown: 'Berlin',
    ownerName1: 'ÄÖÜ Verwaltung GmbH',
    occupancyStart: '2024-01-01',
    occupancyEnd: '2024-06-30',
    vatFlag: '0',
    rentLossRiskFlag: '0',
    heatingPrepaymentGross: '1200.00',
    allocation1Key: '035',
    allocation1Share: '3',
    issuerName1: 'Wärme & Wasser GmbH',
    invoiceNumber: 'RE-2024-0815',
    vacancyFlag: '0',
    tenantChangeFeeFlag: '1',
  },
  B: {
    ...property,
    propertyNumber: '123456789',
    currency: 'EUR',
    billingPeriodStart: '2024-01-01',
    billingPeriodEnd: '2024-12-31',
    fuelKey: '101',
    calorificValue: '10.5',
    openingStockDate: '2024-01-01',
    openingStockQuantity: '1500.25',
    openingStockGross: '1450.10',
    hotWaterTemperature: '55',
    hotWaterVolume: '120.5',
    fuelSlot: '1',
    heatingSupply1Start: '2024-01-01',
    heatingSupply1End: '2024-12-31',
  },
  K: {
    ...property,
    propertyNumber: '123456789',
    costTypeKey: '228',
    costTypeText: 'Müllabfuhr 12 €',
    costScope: 'B',
    invoiceDate: '2024-03-15',
    quantity: '12',
    amountGross: '-123.45',
    amountNet: '0',
    taxServiceKey: '11',
    labourCostGross: '50.00',
    fuelSlot: '1',
    usageGroup: 'HE-A',
  },
  D: {
    ...unit,
    clientReference: 'WE 4711/03',
    lastDayOfUse: '2024-06-30',
    totalCostsGross: '812.40',
    prepaymentGross: '900',
    balanceGross: '-87.60',
    costTypeKey: '230',
    consumptionShare: '12.345',
    consumptionUnitKey: '035',
    readingKey: '001',
    name1: 'Jürgen Öztürk',
    currency: 'EUR',
  },
}

const sample = (type: BvedRecordType) => writeRecord(type, SAMPLES[type])

describe('writeRecord and readBvedFile, per record type', () => {
  it('A: writes the exact record and reads it back', () => {
    const record = sample('A')
    expect(record.text).toBe(
      `A03.050000004711071234567890003${'WE 4711/03'.padEnd(20)}${' '.repeat(76)}A`,
    )
    const { records, errors } = readBvedFile(fileOf(record.text))
    expect(errors).toEqual([])
    expect(records).toEqual([{ ...record, line: 1 }])
    expect(records[0]?.values).toEqual({
      argeVersion: '03.05',
      customerNumber: '0000004711',
      billingCompanyKey: '07',
      propertyNumber: '123456789',
      unitNumber: '0003',
      clientReference: 'WE 4711/03',
    })
  })

  it('L: periods as TTMMJJ, the unit number 0000, a percentage with implied decimals', () => {
    const { text, values } = sample('L')
    expect(text).toHaveLength(2048)
    expect(text.slice(18, 31)).toBe('1234567890000')
    expect(text.slice(115, 127)).toBe('010124311224')
    expect(textAt(text, 'L', 'rentLossRiskPercent')).toBe('250')
    expect(text.slice(150, 2047).trim()).toBe('')
    expect(text.at(-1)).toBe('L')
    expect(values).toMatchObject({
      billingPeriodStart: '2024-01-01',
      billingPeriodEnd: '2024-12-31',
      rentLossRiskPercent: '2.50',
      street: 'Hauptstraße 5',
    })
    expect(readBvedFile(fileOf(text)).records[0]?.values).toEqual(values)
  })

  it('M: names in ISO 8859-15, amounts, and blanks for what is not filled', () => {
    const { text, values } = sample('M')
    expect(text).toHaveLength(2048)
    expect(textAt(text, 'M', 'tenantName1')).toBe('Jürgen Öztürk'.padEnd(35))
    expect(textAt(text, 'M', 'heatingPrepaymentGross')).toBe('0000120000')
    expect(textAt(text, 'M', 'heatingPrepaymentNet')).toBe(' '.repeat(10))
    expect(textAt(text, 'M', 'allocation1Key')).toBe('035')
    expect(textAt(text, 'M', 'allocation1Share')).toBe('0000000300')
    expect(textAt(text, 'M', 'occupancyEnd')).toBe('300624')
    expect(values).toMatchObject({
      heatingPrepaymentGross: '1200.00',
      heatingPrepaymentNet: null,
      allocation1Share: '3.00',
      ownerName1: 'ÄÖÜ Verwaltung GmbH',
      ownerName2: null,
    })
    expect(readBvedFile(fileOf(text)).records[0]?.values).toEqual(values)
  })

  it('B: three and four implied decimals, dates of the supply periods', () => {
    const { text, values } = sample('B')
    expect(text).toHaveLength(1024)
    expect(textAt(text, 'B', 'calorificValue')).toBe('00000105000')
    expect(textAt(text, 'B', 'openingStockQuantity')).toBe('00001500250')
    expect(textAt(text, 'B', 'hotWaterTemperature')).toBe('5500')
    expect(textAt(text, 'B', 'hotWaterVolume')).toBe('000120500')
    expect(text.slice(170, 182)).toBe('010124311224')
    expect(text.slice(182, 218)).toBe(' '.repeat(36))
    expect(values).toMatchObject({
      calorificValue: '10.5000',
      openingStockQuantity: '1500.250',
      hotWaterTemperature: '55.00',
      heatingSupply1End: '2024-12-31',
      hotWaterSupply2Start: null,
    })
    expect(readBvedFile(fileOf(text)).records[0]?.values).toEqual(values)
  })

  it('K: a negative amount, zero against blank, € as byte 0xA4', () => {
    const { text, values } = sample('K')
    expect(text).toHaveLength(1024)
    expect(textAt(text, 'K', 'amountGross')).toBe('-000012345')
    expect(textAt(text, 'K', 'amountNet')).toBe('0000000000')
    expect(textAt(text, 'K', 'quantity')).toBe('00000012000')
    expect(textAt(text, 'K', 'invoiceDate')).toBe('150324')
    const bytes = writeBvedFile([sample('K')])
    const euro = fieldOf('K', 'costTypeText').start - 1 + 'Müllabfuhr 12 '.length
    expect(bytes[euro]).toBe(0xa4)
    expect(bytes[fieldOf('K', 'costTypeText').start]).toBe(0xfc)
    expect(values).toMatchObject({
      amountGross: '-123.45',
      amountNet: '0.00',
      quantity: '12.000',
      costTypeText: 'Müllabfuhr 12 €',
    })
    expect(readBvedFile(bytes).records[0]?.values).toEqual(values)
  })

  it('D: a negative balance and consumption shares with three decimals', () => {
    const { text, values } = sample('D')
    expect(text).toHaveLength(1024)
    expect(textAt(text, 'D', 'lastDayOfUse')).toBe('300624')
    expect(textAt(text, 'D', 'balanceGross')).toBe('-000008760')
    expect(textAt(text, 'D', 'consumptionShare')).toBe('000012345')
    expect(text.slice(200, 203)).toBe('EUR')
    expect(values).toMatchObject({
      balanceGross: '-87.60',
      prepaymentGross: '900.00',
      consumptionShare: '12.345',
      readingKey: '001',
    })
    expect(readBvedFile(fileOf(text)).records[0]?.values).toEqual(values)
  })

  it('writes a file of several records byte for byte as it reads it', () => {
    const bytes = fileOf(sample('L').text, sample('M').text, sample('M').text)
    const { records, errors } = readBvedFile(bytes)
    expect(errors).toEqual([])
    expect(records.map((record) => [record.type, record.line])).toEqual([
      ['L', 1],
      ['M', 2],
      ['M', 3],
    ])
    expect(bytes).toHaveLength(3 * 2050)
    expect(writeBvedFile(records)).toEqual(bytes)
  })

  it('reads an empty file as no records', () => {
    expect(readBvedFile(new Uint8Array())).toEqual({ records: [], errors: [] })
  })
})

describe('version 3.10 (decision 064)', () => {
  const l310 = {
    ...SAMPLES.L,
    argeVersion: '03.10',
    condominiumFlag: '1',
    totalArea: '1234.56',
    nonResidentialFlag: '0',
    co2Reduction1Flag: '1',
    co2Reduction2Flag: null,
    unparsed310: null,
  }

  it('L: the CO2KostAufG fields 17 to 21 at 151–161, the area with two implied decimals', () => {
    const { text, values } = writeRecord('L', l310, '3.10')
    expect(text).toHaveLength(2048)
    expect(text.slice(1, 6)).toBe('03.10')
    expect(text.slice(150, 161)).toBe('1012345601 ')
    const bytes = fileOf(text)
    expect(bvedFileVersion(bytes)).toBe('3.10')
    const read = readBvedFile(bytes)
    expect(read.errors).toEqual([])
    expect(read.records[0]?.values).toEqual(values)
    expect(values).toMatchObject({ condominiumFlag: '1', totalArea: '1234.56' })
  })

  it('keeps the positions no trusted source describes as they are, blanks included', () => {
    const { text } = writeRecord('L', l310, '3.10')
    // L 162–165: the landlord's CO2 share and a district-heating flag in open implementations
    const filled = `${text.slice(0, 161)}050 1${text.slice(166)}`
    const bytes = fileOf(filled)
    const read = readBvedFile(bytes)
    expect(read.errors).toEqual([])
    expect(read.records[0]?.values.unparsed310).toBe(`050 1${' '.repeat(1881)}`)
    expect(writeBvedFile(read.records)).toEqual(bytes)
  })

  it('M: the unit key of the heating base shares at 1169–1171', () => {
    const { text, values } = writeRecord(
      'M',
      { ...SAMPLES.M, argeVersion: '03.10', heatingBaseShareUnitKey: '1', unparsed310: null },
      '3.10',
    )
    expect(text.slice(1168, 1171)).toBe('001')
    expect(readBvedFile(fileOf(text)).records[0]?.values).toEqual(values)
  })

  it('reads a file by its first record’s version: the same positions are free in 3.05', () => {
    const { text } = writeRecord('L', l310, '3.10')
    const as305 = `${text[0]}03.05${text.slice(6)}`
    expect(bvedFileVersion(fileOf(as305))).toBe('3.05')
    expect(readBvedFile(fileOf(as305)).errors).toEqual([
      expect.objectContaining({
        line: 1,
        field: { name: 'Frei', key: 'free', start: 151, end: 2047 },
      }),
    ])
  })

  it('names the files DTA310, DTM310, DTK310 and DTD310 and keeps the record lengths', () => {
    expect(BVED_FILE_KINDS['3.10'].K.prefix).toBe('DTK310')
    expect(BVED_FILE_KINDS['3.10'].M.prefix).toBe('DTM310')
    for (const type of BVED_RECORD_TYPES) {
      expect(BVED_LAYOUTS['3.10'][type].length).toBe(BVED_LAYOUTS['3.05'][type].length)
    }
  })
})

describe('field contents', () => {
  const K = sample('K').text

  it('tells blank (not filled) from zero', () => {
    const L = sample('L').text
    const zero = readBvedFile(fileOf(withField(L, 'L', 'rentLossRiskPercent', '000')))
    const blank = readBvedFile(fileOf(withField(L, 'L', 'rentLossRiskPercent', '   ')))
    expect(zero.records[0]?.values.rentLossRiskPercent).toBe('0.00')
    expect(blank.records[0]?.values.rentLossRiskPercent).toBeNull()
    const flag = readBvedFile(fileOf(withField(L, 'L', 'labourCostFlag', '0')))
    expect(flag.records[0]?.values.labourCostFlag).toBe('0')
    expect(writeRecord('K', { ...SAMPLES.K, amountNet: null }).text.slice(87, 97)).toBe(
      ' '.repeat(10),
    )
    expect(writeRecord('K', { ...SAMPLES.K, amountNet: '0.00' }).text.slice(87, 97)).toBe(
      '0'.repeat(10),
    )
  })

  it('reads the sign in the first position, and positive numbers without one', () => {
    const read = (content: string) =>
      readBvedFile(fileOf(withField(K, 'K', 'amountGross', content))).records[0]?.values.amountGross
    expect(read('-000012345')).toBe('-123.45')
    expect(read('0000012345')).toBe('123.45')
    expect(read('-999999999')).toBe('-9999999.99')
    expect(read('9999999999')).toBe('99999999.99')
    expect(read('0000000001')).toBe('0.01')
  })

  it('writes the largest and smallest values a field holds and refuses beyond', () => {
    const amount = (value: string) => writeRecord('K', { ...SAMPLES.K, amountGross: value })
    expect(textAt(amount('99999999.99').text, 'K', 'amountGross')).toBe('9999999999')
    expect(textAt(amount('-9999999.99').text, 'K', 'amountGross')).toBe('-999999999')
    expect(textAt(amount('-0.5').text, 'K', 'amountGross')).toBe('-000000050')
    expect(() => amount('-10000000')).toThrow(
      'Feld Betrag (Brutto) (Stellen 78–87): Der Wert -10000000 passt nicht in die 10 Stellen des Feldes; möglich sind -9999999.99 bis 99999999.99.',
    )
    expect(() => amount('100000000')).toThrow('möglich sind -9999999.99 bis 99999999.99')
    const percent = (value: string) =>
      writeRecord('L', { ...SAMPLES.L, rentLossRiskPercent: value })
    expect(textAt(percent('-0.99').text, 'L', 'rentLossRiskPercent')).toBe('-99')
    expect(() => percent('10')).toThrow('möglich sind -0.99 bis 9.99.')
  })

  it('places implied decimals and refuses more decimals than the field has', () => {
    const heat = (value: string) => writeRecord('B', { ...SAMPLES.B, calorificValue: value })
    expect(textAt(heat('0.0001').text, 'B', 'calorificValue')).toBe('00000000001')
    expect(heat('0123.4').values.calorificValue).toBe('123.4000')
    expect(() => heat('1.23456')).toThrow(
      'Feld Heizwert (Stellen 50–60): Das Feld hat 4 Nachkommastellen; der Wert 1.23456 hat 5.',
    )
    expect(() => heat('1,5')).toThrow(
      "Bitte eine Dezimalzahl mit Punkt angeben, z. B. '-123.45'; der Wert ist '1,5'.",
    )
  })

  it('refuses a numeric field that is not zero-padded, naming line, field and positions', () => {
    const bad = withField(K, 'K', 'amountGross', '    123456')
    const { records, errors } = readBvedFile(fileOf(sample('B').text, K, bad))
    expect(records.map((record) => record.line)).toEqual([1, 2])
    expect(errors).toEqual([
      {
        line: 3,
        field: { name: 'Betrag (Brutto)', key: 'amountGross', start: 78, end: 87 },
        message:
          "Zeile 3, Feld Betrag (Brutto) (Stellen 78–87): Numerische Felder sind rechtsbündig mit führenden Nullen aufgefüllt; gefunden wurde '    123456'.",
      },
    ])
  })

  it('refuses a sign anywhere but in the first position, and any sign in a key', () => {
    const messages = (text: string) =>
      readBvedFile(fileOf(text)).errors.map((error) => error.message)
    expect(messages(withField(K, 'K', 'amountGross', '+000012345'))).toEqual([
      "Zeile 1, Feld Betrag (Brutto) (Stellen 78–87): Numerische Felder enthalten nur Ziffern, eine negative Zahl ein Minuszeichen in der ersten Stelle (z. B. -00000123); gefunden wurde '+000012345'.",
    ])
    expect(messages(withField(K, 'K', 'amountGross', '00000-1234'))).toHaveLength(1)
    expect(messages(withField(K, 'K', 'taxServiceKey', '-1'))).toEqual([
      "Zeile 1, Feld Schlüssel steuerliche Leistungsart (Stellen 98–99): Schlüssel, Nummern und Kennzeichen enthalten nur Ziffern, ohne Vorzeichen; gefunden wurde '-1'.",
    ])
    expect(messages(withField(K, 'K', 'costTypeKey', ' 54'))).toEqual([
      "Zeile 1, Feld Schlüssel Kostenart (Stellen 32–34): Numerische Felder sind rechtsbündig mit führenden Nullen aufgefüllt; gefunden wurde ' 54'.",
    ])
  })

  it('keeps the leading zeros of keys and pads keys and numbers on writing', () => {
    const record = writeRecord('K', { ...SAMPLES.K, costTypeKey: '54', customerNumber: '1' })
    expect(textAt(record.text, 'K', 'costTypeKey')).toBe('054')
    expect(record.values).toMatchObject({ costTypeKey: '054', customerNumber: '0000000001' })
  })

  it('reads dates as ISO dates with 70–99 as 19xx and 00–69 as 20xx', () => {
    const read = (content: string) =>
      readBvedFile(fileOf(withField(K, 'K', 'invoiceDate', content)))
    expect(read('290224').records[0]?.values.invoiceDate).toBe('2024-02-29')
    expect(read('010170').records[0]?.values.invoiceDate).toBe('1970-01-01')
    expect(read('311299').records[0]?.values.invoiceDate).toBe('1999-12-31')
    expect(read('311269').records[0]?.values.invoiceDate).toBe('2069-12-31')
    expect(read('010100').records[0]?.values.invoiceDate).toBe('2000-01-01')
  })

  it('refuses an impossible date and a date of another form', () => {
    const errors = (content: string) =>
      readBvedFile(fileOf(withField(K, 'K', 'invoiceDate', content))).errors.map(
        (error) => error.message,
      )
    expect(errors('310224')).toEqual([
      "Zeile 1, Feld Rechnungsdatum (Stellen 61–66): Das Datum 31.02.24 gibt es nicht; gefunden wurde '310224'.",
    ])
    expect(errors('290223')).toEqual([
      "Zeile 1, Feld Rechnungsdatum (Stellen 61–66): Das Datum 29.02.23 gibt es nicht; gefunden wurde '290223'.",
    ])
    expect(errors('011324')[0]).toContain('Das Datum 01.13.24 gibt es nicht')
    expect(errors('1.1.24')).toEqual([
      "Zeile 1, Feld Rechnungsdatum (Stellen 61–66): Datumsfelder haben die Form TTMMJJ; gefunden wurde '1.1.24'.",
    ])
    const write = (value: string) => () => writeRecord('K', { ...SAMPLES.K, invoiceDate: value })
    expect(write('2024-02-30')).toThrow('Das Datum existiert nicht.')
    expect(write('15.03.2024')).toThrow('Bitte ein gültiges Datum im Format JJJJ-MM-TT angeben.')
    expect(write('2070-01-01')).toThrow(
      'Feld Rechnungsdatum (Stellen 61–66): TTMMJJ hat zweistellige Jahre; darstellbar sind 1970 bis 2069, der Wert ist 2070-01-01.',
    )
    expect(write('1969-12-31')).toThrow('darstellbar sind 1970 bis 2069')
  })

  it('writes alphanumeric values left-aligned and refuses what the field cannot hold', () => {
    const M = (values: Record<string, string | null>) =>
      writeRecord('M', { ...SAMPLES.M, ...values })
    expect(M({ tenantName2: 'Weiß   ' }).values.tenantName2).toBe('Weiß')
    expect(M({ tenantName2: '' }).values.tenantName2).toBeNull()
    expect(M({ tenantName2: 'x'.repeat(35) }).values.tenantName2).toBe('x'.repeat(35))
    expect(M({ tenantName2: 'Œuvre Žarko Ÿ\u00a0' }).values.tenantName2).toBe('Œuvre Žarko Ÿ\u00a0')
    expect(() => M({ tenantName2: 'Tab\there' })).toThrow(
      'Feld Nutzer Name 2 (Stellen 88–122): Alphanumerische Felder enthalten keine Steuerzeichen; Stelle 91 enthält das Zeichen 0x09.',
    )
  })

  it('names every value that does not fit, and keys the record type lacks', () => {
    let thrown: unknown
    try {
      writeRecord('M', {
        ...SAMPLES.M,
        tenantName1: 'x'.repeat(36),
        tenantName2: 'Preis ¤ ✓',
        tenantName3: ' Müller',
        occupancyEnd: '2070-01-01',
        vatFlag: null,
        heatingPrepaymentNet: '1,5',
        allocation1Key: '1234',
        recordType: 'M',
        extra: 'x',
      })
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(BvedWriteError)
    const { problems, message } = thrown as BvedWriteError
    expect(problems.map((problem) => problem.message)).toEqual([
      "Das Feld 'recordType' gibt es in der Satzart M nicht.",
      "Das Feld 'extra' gibt es in der Satzart M nicht.",
      'Feld Nutzer Name 1 (Stellen 53–87): Das Feld hat 35 Stellen; der Wert hat 36 Zeichen.',
      "Feld Nutzer Name 2 (Stellen 88–122): Der Zeichensatz ist ISO 8859-15; er hat '¤', '✓' nicht.",
      'Feld Nutzer Name 3 (Stellen 123–157): Alphanumerische Felder sind linksbündig; der Wert beginnt mit einem Leerzeichen.',
      'Feld Wohnzeitraum Ende (Stellen 505–510): TTMMJJ hat zweistellige Jahre; darstellbar sind 1970 bis 2069, der Wert ist 2070-01-01.',
      'Feld Kennzeichen MwSt (Stelle 511): Muss-Felder müssen in jedem Fall gefüllt werden; der Wert fehlt.',
      "Feld Heizung Vorauszahlung (Netto) (Stellen 533–542): Bitte eine Dezimalzahl mit Punkt angeben, z. B. '-123.45'; der Wert ist '1,5'.",
      "Feld Schlüssel Umlage 1 (Stellen 603–605): Das Feld hat 3 Stellen für Ziffern ohne Vorzeichen; der Wert ist '1234'.",
    ])
    expect(problems[2]?.field).toEqual({
      name: 'Nutzer Name 1',
      key: 'tenantName1',
      start: 53,
      end: 87,
    })
    expect(message.split('\n')).toHaveLength(problems.length)
  })
})

describe('€ and German umlauts in ISO 8859-15', () => {
  it('reads and writes them with their Latin-9 bytes', () => {
    const name = '€ äöüß ÄÖÜ'
    const record = writeRecord('D', { ...SAMPLES.D, name1: name })
    const bytes = writeBvedFile([record])
    const start = fieldOf('D', 'name1').start - 1
    expect([...bytes.slice(start, start + name.length)]).toEqual([
      0xa4, 0x20, 0xe4, 0xf6, 0xfc, 0xdf, 0x20, 0xc4, 0xd6, 0xdc,
    ])
    expect(bytes).toHaveLength(1026)
    expect(readBvedFile(bytes).records[0]?.values.name1).toBe(name)
  })

  it('refuses a control byte, hinting at Windows-1252 for 0x80–0x9F', () => {
    const bytes = fileOf(sample('D').text)
    bytes[fieldOf('D', 'name1').start - 1] = 0x7f
    expect(readBvedFile(bytes).errors.map((error) => error.message)).toEqual([
      'Zeile 1, Feld Name 1 (Stellen 166–200): Alphanumerische Felder enthalten keine Steuerzeichen; Stelle 166 enthält das Zeichen 0x7F.',
    ])
    bytes[fieldOf('D', 'name1').start - 1] = 0x80
    expect(readBvedFile(bytes).errors.map((error) => error.message)).toEqual([
      'Zeile 1, Feld Name 1 (Stellen 166–200): Alphanumerische Felder enthalten keine Steuerzeichen; Stelle 166 enthält das Zeichen 0x80. Der Zeichensatz ist ISO 8859-15; ist die Datei in Windows-1252 geschrieben (€ als 0x80)?',
    ])
  })
})

describe('lines and records', () => {
  const K = sample('K').text

  it('refuses a record of the wrong length, naming the line', () => {
    const { records, errors } = readBvedFile(fileOf(K, K.slice(0, 1000), `${K} `))
    expect(records.map((record) => record.line)).toEqual([1])
    expect(errors).toEqual([
      {
        line: 2,
        message:
          'Zeile 2: Ein Satz der Satzart K hat 1024 Zeichen (ohne CR LF); diese Zeile hat 1000.',
      },
      {
        line: 3,
        message:
          'Zeile 3: Ein Satz der Satzart K hat 1024 Zeichen (ohne CR LF); diese Zeile hat 1025.',
      },
    ])
    expect(readBvedFile(fileOf(K.slice(0, -1))).errors[0]?.message).toBe(
      'Zeile 1: Ein Satz der Satzart K hat 1024 Zeichen (ohne CR LF); diese Zeile hat 1023.',
    )
  })

  it('refuses an unknown type letter, naming the line', () => {
    const e835 = `E835${'0'.repeat(129)}`
    const { records, errors } = readBvedFile(fileOf(K, e835, `W${K.slice(1)}`, `\t${K.slice(1)}`))
    expect(records).toHaveLength(1)
    expect(errors.map((error) => error.message)).toEqual([
      "Zeile 2: Die Satzart 'E' ist unbekannt; gelesen werden die Satzarten A, L, M, B, K und D.",
      "Zeile 3: Die Satzart 'W' ist unbekannt; gelesen werden die Satzarten A, L, M, B, K und D.",
      'Zeile 4: Die Satzart 0x09 ist unbekannt; gelesen werden die Satzarten A, L, M, B, K und D.',
    ])
  })

  it('refuses an empty line and lines not ended by CR LF', () => {
    const text = `${K}\r\n\r\n${K}\n${K}\r\n${K}\r${K}\r\n${K}`
    const { records, errors } = readBvedFile(encodeLatin9(text))
    expect(records.map((record) => record.line)).toEqual([1, 4])
    expect(errors).toEqual([
      { line: 2, message: 'Zeile 2: Die Zeile ist leer.' },
      {
        line: 3,
        message: 'Zeile 3: Die Zeile endet mit LF ohne CR davor; jeder Satz endet mit CR LF.',
      },
      {
        line: 5,
        message: 'Zeile 5: Die Zeile enthält ein CR ohne LF danach; jeder Satz endet mit CR LF.',
      },
      {
        line: 6,
        message:
          'Zeile 6: Die Zeile ist nicht mit CR LF abgeschlossen; jeder Satz endet mit CR LF.',
      },
    ])
  })

  it('names every broken field of a line and leaves the record out', () => {
    let broken = withField(K, 'K', 'invoiceDate', ' '.repeat(6))
    broken = withField(broken, 'K', 'costTypeText', ` ${'Müll'.padEnd(24)}`)
    broken = withField(broken, 'K', 'unitNumber', '0001')
    broken = `${broken.slice(0, 500)}x${broken.slice(501, -1)}X`
    const { records, errors } = readBvedFile(fileOf(broken))
    expect(records).toEqual([])
    expect(errors.map((error) => error.message)).toEqual([
      "Zeile 1, Feld Wohnungsnummer (Stellen 28–31): Das Feld enthält immer '0000'; gefunden wurde '0001'.",
      "Zeile 1, Feld Kostenart (Stellen 35–59): Alphanumerische Felder sind linksbündig; gefunden wurde ' Müll'.",
      'Zeile 1, Feld Rechnungsdatum (Stellen 61–66): Muss-Felder müssen in jedem Fall gefüllt werden; das Feld ist leer.',
      "Zeile 1, Feld Frei (Stellen 115–1023): Freie Stellen enthalten nur Leerzeichen; gefunden wurde 'x'.",
      "Zeile 1, Feld Satzende (Stelle 1024): Das Feld enthält immer 'K'; gefunden wurde 'X'.",
    ])
  })

  it('refuses a record of another file’s type', () => {
    const { records, errors } = readBvedFile(
      fileOf(sample('L').text, sample('M').text, sample('B').text, sample('A').text),
    )
    expect(records.map((record) => record.type)).toEqual(['L', 'M'])
    expect(errors.map((error) => error.message)).toEqual([
      'Zeile 3: Ein Satz der Satzart B gehört in die Datei DTK305 (Brennstoffe und Kosten), nicht in diese Datei DTM305 (Liegenschafts- und Nutzerdaten) mit Sätzen der Satzart L.',
      'Zeile 4: Ein Satz der Satzart A gehört in die Datei DTA305 (Zuordnung der Ordnungsbegriffe), nicht in diese Datei DTM305 (Liegenschafts- und Nutzerdaten) mit Sätzen der Satzart L.',
    ])
  })

  it('writes no broken record, naming its line', () => {
    const good = sample('K')
    const short: BvedRecord = { ...good, text: good.text.slice(0, -1) }
    const foreign: BvedRecord = { ...good, text: good.text.replace('Müllabfuhr', 'Müll ✓ abf') }
    expect(() => writeBvedFile([good, short, foreign])).toThrow(
      [
        'Zeile 2: Ein Satz der Satzart K hat 1024 Zeichen (ohne CR LF); diese Zeile hat 1023.',
        "Zeile 3: Der Zeichensatz ist ISO 8859-15; er hat '✓' nicht.",
      ].join('\n'),
    )
    expect(() => writeBvedFile([good, sample('D')])).toThrow(
      'Zeile 2: Ein Satz der Satzart D gehört in die Datei DTD305',
    )
    expect(writeBvedFile([])).toEqual(new Uint8Array())
  })
})

// Properties: random values per layout and random valid files.

const PRINTABLE = [
  ...decodeLatin9(Uint8Array.from({ length: 0x7f - 0x20 }, (_, index) => 0x20 + index)),
  ...decodeLatin9(Uint8Array.from({ length: 0x100 - 0xa0 }, (_, index) => 0xa0 + index)),
]
const printable = fc.constantFrom(...PRINTABLE)
const digit = fc.constantFrom(...'0123456789')
const digits = (length: number) =>
  fc.array(digit, { minLength: length, maxLength: length }).map((list) => list.join(''))
const blanks = (length: number) => fc.constant(' '.repeat(length))

/** Alphanumeric content as the reader gives it back: no leading or trailing blanks. */
const alphanumericContent = (length: number, required: boolean) =>
  fc
    .string({ unit: printable, maxLength: length })
    .map((text) => text.replace(/^ +/, '').replace(/ +$/, ''))
    .filter((text) => !required || text !== '')

/** Positions kept unread (decision 064): any printable text of the field's length, not all blank. */
const unparsedContent = (length: number) =>
  fc
    .string({ unit: printable, maxLength: length })
    .filter((text) => text.trim() !== '')
    .map((text) => text.padStart(length))

const isoDate = fc
  .date({
    min: new Date('1970-01-01T00:00:00Z'),
    max: new Date('2069-12-31T00:00:00Z'),
    noInvalidDate: true,
  })
  .map((value) => value.toISOString().slice(0, 10))

function decimalOf(scaled: bigint, decimals: number): string {
  const sign = scaled < 0n ? '-' : ''
  const text = (scaled < 0n ? -scaled : scaled).toString().padStart(decimals + 1, '0')
  return decimals === 0
    ? `${sign}${text}`
    : `${sign}${text.slice(0, -decimals)}.${text.slice(-decimals)}`
}

/** A value as the reader gives it back, for any field that carries one. */
function valueOf(field: Exclude<BvedField, { kind: 'fixed' }>): fc.Arbitrary<string | null> {
  const value = (() => {
    switch (field.kind) {
      case 'alphanumeric':
        return alphanumericContent(field.length, true)
      case 'code':
        return digits(field.length)
      case 'numeric':
        return fc
          .bigInt({
            min: -(10n ** BigInt(field.length - 1) - 1n),
            max: 10n ** BigInt(field.length) - 1n,
          })
          .map((scaled) => decimalOf(scaled, field.decimals))
      case 'date':
        return isoDate
      case 'unparsed':
        return unparsedContent(field.length)
    }
  })()
  return field.required ? value : fc.option(value, { nil: null })
}

function valuesOf(layout: BvedLayout): fc.Arbitrary<Record<string, string | null>> {
  return fc.record(
    Object.fromEntries(
      layout.fields.flatMap((field) =>
        field.kind === 'fixed' ? [] : [[field.key, valueOf(field)]],
      ),
    ),
  )
}

/** Any text the specification allows in a field, e.g. '-000000000' or 'a  b' padded. */
function fieldTextOf(field: BvedField): fc.Arbitrary<string> {
  const filled = (() => {
    switch (field.kind) {
      case 'fixed':
        return fc.constant(field.content)
      case 'alphanumeric':
        return alphanumericContent(field.length, true).map((text) => text.padEnd(field.length))
      case 'code':
        return digits(field.length)
      case 'numeric':
        return fc.oneof(
          digits(field.length),
          digits(field.length - 1).map((text) => `-${text}`),
        )
      case 'date':
        return isoDate.map((iso) => `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(2, 4)}`)
      case 'unparsed':
        return unparsedContent(field.length)
    }
  })()
  return field.kind === 'fixed' || field.required ? filled : fc.oneof(filled, blanks(field.length))
}

const recordTextOf = (layout: BvedLayout) =>
  fc.tuple(...layout.fields.map(fieldTextOf)).map((texts) => texts.join(''))

/** A file of one version whose records name that version (its first record decides). */
const validFile = (version: BvedVersion) =>
  fc
    .constantFrom(...new Set(Object.values(BVED_FILE_KINDS[version])))
    .chain((file) =>
      fc.array(
        fc
          .constantFrom(...file.types)
          .chain((type) => recordTextOf(BVED_LAYOUTS[version][type]))
          .map((text) => `${text[0]}${BVED_VERSION_FIELDS[version]}${text.slice(6)}`),
        { maxLength: 4 },
      ),
    )
    .map((lines) => fileOf(...lines))

describe.each(BVED_VERSIONS)('properties of version %s', (version) => {
  const layout = (type: BvedRecordType) => BVED_LAYOUTS[version][type]
  it.each(BVED_RECORD_TYPES)('%s: reading what writeRecord wrote gives the values back', (type) => {
    fc.assert(
      fc.property(valuesOf(layout(type)), (generated) => {
        const values = { ...generated, argeVersion: BVED_VERSION_FIELDS[version] }
        const record = writeRecord(type, values, version)
        expect(record.text).toHaveLength(layout(type).length)
        expect(record.values).toEqual(values)
        const read = readBvedFile(writeBvedFile([record]))
        expect(read.errors).toEqual([])
        expect(read.records[0]?.values).toEqual(values)
      }),
      { numRuns: 50 },
    )
  })

  it('writing what was read from a valid file gives the same bytes', () => {
    fc.assert(
      fc.property(validFile(version), (bytes) => {
        const { records, errors } = readBvedFile(bytes)
        expect(errors).toEqual([])
        expect(writeBvedFile(records, version)).toEqual(bytes)
      }),
      { numRuns: 100 },
    )
  })
})
