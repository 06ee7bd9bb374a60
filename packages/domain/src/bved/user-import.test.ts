import { describe, expect, it } from 'vitest'
import type { UnitContract } from '../consumption/consumption-users'
import { dayBefore } from '../format/date'
import { readBvedFile, writeBvedFile, writeRecord } from './codec'
import {
  BVED_NAME_MESSAGE,
  BVED_STREET_MESSAGE,
  BVED_VACANCY_MESSAGE,
  bvedUserSummary,
  isBvedUserReadingClean,
  readBvedUsers,
  splitStreet,
  splitUserName,
  type BvedUserTarget,
  type BvedUserUnit,
} from './user-import'

const header = { argeVersion: '03.05', customerNumber: '4711', propertyNumber: '471100001' }

const contract = (
  from: string,
  until: string | null,
  name: string,
  contractAccountType = 'VKW',
): UnitContract => ({
  contract: `VT-${from}`,
  businessPartner: `P-${name}`,
  name,
  from,
  until,
  contractAccountType,
})

const unit = (number: string, contracts: UnitContract[], openReports: string[] = []) =>
  ({
    pointOfDelivery: `V${number}`,
    reference: `NE-${number}`,
    bvedUnitNumber: number,
    address: { street: 'Lindenstraße', houseNumber: '7a', postalCode: '04109', town: 'Leipzig' },
    contracts,
    openReports,
  }) satisfies BvedUserUnit

const TARGET: BvedUserTarget = {
  propertyNumber: '471100001',
  units: [
    // moved in before the period: the file starts the occupancy with the period
    unit('0001', [
      contract('2019-04-01', '2022-03-31', 'Berta Alt'),
      contract('2022-04-01', null, 'Anna Roth'),
    ]),
    // moved in within the period
    unit('0002', [
      contract('2020-01-01', '2025-05-31', 'Ede Früh'),
      contract('2025-06-01', null, 'Karl Neu'),
    ]),
    // vacant since March
    unit('0003', [
      contract('2018-01-01', '2025-02-28', 'Olga Weg'),
      contract('2025-03-01', null, 'Eigentümer', 'VKT'),
    ]),
    unit('0004', [contract('2021-07-01', null, 'Paul Bleib')], ['2025-08-31']),
    { ...unit('0005', []), bvedUnitNumber: null },
  ],
}

const property = (values: Record<string, string | null> = {}) =>
  writeRecord('L', {
    ...header,
    vatPresentation: '3',
    billingPeriodStart: '2025-01-01',
    billingPeriodEnd: '2025-12-31',
    rentLossRiskFlag: '0',
    labourCostFlag: '0',
    currency: 'EUR',
    ...values,
  })

const user = (unitNumber: string, values: Record<string, string | null> = {}) =>
  writeRecord('M', {
    ...header,
    unitNumber,
    clientReference: `WE 1/${unitNumber}`,
    addressFlag: '1',
    tenantName1: 'Roth, Anna',
    occupancyStart: '2025-01-01',
    occupancyEnd: '2025-12-31',
    vatFlag: '0',
    rentLossRiskFlag: '0',
    vacancyFlag: '0',
    tenantChangeFeeFlag: '0',
    ...values,
  })

const read = (...records: ReturnType<typeof writeRecord>[]) =>
  readBvedUsers(readBvedFile(writeBvedFile(records)), TARGET, { fileName: 'DTM305_X.DAT' })

const messages = (reading: ReturnType<typeof read>) =>
  reading.rows.map((row) => row.errors.map((error) => error.message))

describe('readBvedUsers', () => {
  it('reads a file of version 3.10 as one of 3.05: no field of L and M moved (decision 064)', () => {
    const as310 = (record: ReturnType<typeof writeRecord>) =>
      writeRecord(record.type, { ...record.values, argeVersion: '03.10' }, '3.10')
    const records = [property(), user('0001'), user('0002', { occupancyStart: '2025-07-01' })]
    const in305 = read(...records)
    const in310 = read(...records.map(as310))
    expect(in310.errors).toEqual([])
    expect(in310.rows.map((row) => [row.kind, row.errors])).toEqual(
      in305.rows.map((row) => [row.kind, row.errors]),
    )
  })

  it('changes nothing for users the portal knows: the same move-in, or one before the period', () => {
    const reading = read(
      property(),
      user('0001'),
      user('0002', { tenantName1: 'Früh, Ede', occupancyEnd: '2025-05-31' }),
      user('0002', { tenantName1: 'Neu, Karl', occupancyStart: '2025-06-01' }),
      user('0003', { tenantName1: 'Weg, Olga', occupancyEnd: '2025-02-28' }),
      user('0003', { tenantName1: null, occupancyStart: '2025-03-01', vacancyFlag: '1' }),
    )
    expect(isBvedUserReadingClean(reading)).toBe(true)
    expect(reading.rows.map((row) => [row.line, row.unit?.reference, row.kind])).toEqual([
      [2, 'NE-0001', 'unchanged'],
      [3, 'NE-0002', 'unchanged'],
      [4, 'NE-0002', 'unchanged'],
      [5, 'NE-0003', 'unchanged'],
      [6, 'NE-0003', 'unchanged'],
    ])
    expect(reading.rows.map((row) => row.note)).toEqual([
      'Wie im Portal: Vertrag seit 01.04.2022 (Anna Roth).',
      'Wie im Portal: Vertrag seit 01.01.2020 (Ede Früh).',
      'Wie im Portal: Vertrag seit 01.06.2025 (Karl Neu).',
      'Wie im Portal: Vertrag seit 01.01.2018 (Olga Weg).',
      'Wie im Portal: Leerstand seit 01.03.2025.',
    ])
    expect(reading.rows.every((row) => row.report === null)).toBe(true)
    expect(bvedUserSummary(reading)).toBe('5 Nutzersätze, 5 unverändert, 0 Mieterwechsel, 0 Fehler')
  })

  it('makes a new user the report of the form, moving the old one out the day before', () => {
    const reading = read(
      property(),
      user('0001', { occupancyEnd: '2025-09-30' }),
      user('0001', {
        tenantName1: 'Sommer, Lena Marie',
        tenantName2: 'Jonas Sommer',
        occupancyStart: '2025-10-01',
      }),
    )
    expect(isBvedUserReadingClean(reading)).toBe(true)
    const [moveOut, change] = reading.rows
    expect(moveOut).toMatchObject({
      kind: 'moveOut',
      report: null,
      note: 'Auszug am 30.09.2025: gemeldet mit dem neuen Nutzer in Zeile 3.',
    })
    expect(change).toMatchObject({
      kind: 'tenantChange',
      unit: { pointOfDelivery: 'V0001', reference: 'NE-0001' },
      name: 'Sommer, Lena Marie · Jonas Sommer',
    })
    expect(change!.report).toEqual({
      customerType: 'private',
      salutation: 'O',
      NAME1: 'Lena Marie',
      NAME2: 'Sommer',
      AUSZUG: '2025-09-30',
      STRASSE: 'Lindenstraße',
      HAUSNR: '7a',
      PLZ: '04109',
      ORT: 'Leipzig',
      information:
        'Übernommen aus der bved-Nutzerdatei DTM305_X.DAT, Zeile 3. Weitere Namen: Jonas Sommer.',
    })
    expect(bvedUserSummary(reading)).toBe('2 Nutzersätze, 0 unverändert, 1 Mieterwechsel, 0 Fehler')
  })

  it('reports a new user alone too, the day before his move-in being the move-out', () => {
    const reading = read(
      property(),
      user('0001', { tenantName1: 'Lena Sommer', occupancyStart: '2025-03-01' }),
    )
    expect(reading.rows[0]).toMatchObject({ kind: 'tenantChange' })
    expect(reading.rows[0]!.report).toMatchObject({
      NAME1: 'Lena',
      NAME2: 'Sommer',
      AUSZUG: '2025-02-28',
    })
    // the day after the current move-in is already a new user; the same day is the current one
    const next = read(property(), user('0002', { occupancyStart: '2025-06-02' }))
    expect(next.rows[0]!.report!.AUSZUG).toBe('2025-06-01')
    expect(read(property(), user('0002', { occupancyStart: '2025-06-01' })).rows[0]!.kind).toBe(
      'unchanged',
    )
    // a new user after a vacancy of the portal
    const afterVacancy = read(property(), user('0003', { occupancyStart: '2025-11-01' }))
    expect(afterVacancy.rows[0]!.report!.AUSZUG).toBe('2025-10-31')
  })

  it('takes the address of the file, split at the house number, or the unit’s when it is blank', () => {
    const reading = read(
      property(),
      user('0001', {
        occupancyStart: '2025-05-01',
        tenantStreet: 'Straße des 17. Juni 12 b',
        tenantPostalCode: '10623',
        tenantTown: 'Berlin',
      }),
    )
    expect(reading.rows[0]!.report).toMatchObject({
      STRASSE: 'Straße des 17. Juni',
      HAUSNR: '12b',
      PLZ: '10623',
      ORT: 'Berlin',
    })
    const blank = read(property(), user('0001', { occupancyStart: '2025-05-01' }))
    expect(blank.rows[0]!.report).toMatchObject({
      STRASSE: 'Lindenstraße',
      HAUSNR: '7a',
      PLZ: '04109',
      ORT: 'Leipzig',
    })
  })

  it('refuses a name it cannot split, a street without number and a postcode the form refuses', () => {
    const reading = read(
      property(),
      user('0001', { occupancyStart: '2025-05-01', tenantName1: 'Sommer' }),
      user('0002', { occupancyStart: '2025-07-01', tenantName1: 'Sommer,' }),
      user('0004', {
        occupancyStart: '2025-07-01',
        tenantName1: 'Lena Sommer',
        tenantStreet: 'Am Markt',
        tenantPostalCode: '1234',
        tenantTown: 'Wien',
      }),
    )
    expect(isBvedUserReadingClean(reading)).toBe(false)
    expect(reading.rows.map((row) => row.kind)).toEqual(['error', 'error', 'error'])
    expect(messages(reading)).toEqual([
      [`Zeile 2, Feld Nutzer Name 1 (Stellen 53–87): ${BVED_NAME_MESSAGE}`],
      [`Zeile 3, Feld Nutzer Name 1 (Stellen 53–87): ${BVED_NAME_MESSAGE}`],
      [
        `Zeile 4, Feld Nutzer Straße (Stellen 193–227): ${BVED_STREET_MESSAGE}`,
        'Zeile 4, Feld Nutzer PLZ (Stellen 231–240): Postleitzahl: Die Länge ist ungültig. Es sind genau 5 Zeichen erforderlich.',
      ],
    ])
    expect(reading.rows[2]!.errors[1]!.field).toEqual({
      name: 'Nutzer PLZ',
      key: 'tenantPostalCode',
      start: 231,
      end: 240,
    })
    expect(reading.rows.every((row) => row.report === null)).toBe(true)
  })

  it('refuses a move-out without its successor, and one that does not fit his move-in', () => {
    const alone = read(property(), user('0001', { occupancyEnd: '2025-09-30' }))
    expect(messages(alone)).toEqual([
      [
        'Zeile 2, Feld Wohnzeitraum Ende (Stellen 505–510): Der Auszug am 30.09.2025 lässt sich ohne Nachfolger nicht als Mieterwechsel melden: die Meldung nennt den neuen Mieter. Melden Sie den Mieterwechsel, sobald der Nachfolger feststeht.',
      ],
    ])
    const gap = read(
      property(),
      user('0001', { occupancyEnd: '2025-09-30' }),
      user('0001', { tenantName1: 'Lena Sommer', occupancyStart: '2025-11-01' }),
    )
    expect(messages(gap)[0]).toEqual([
      'Zeile 2, Feld Wohnzeitraum Ende (Stellen 505–510): Der Auszug am 30.09.2025 passt nicht zum Einzug des Nachfolgers am 01.11.2025 (Zeile 3); gemeldet wird der Tag vor dem Einzug als Auszug.',
    ])
    const overlap = read(
      property(),
      user('0001'),
      user('0001', { tenantName1: 'Lena Sommer', occupancyStart: '2025-11-01' }),
    )
    expect(messages(overlap)[1]).toEqual([
      'Zeile 3, Feld Wohnzeitraum Beginn (Stellen 499–504): Der Wohnzeitraum überschneidet sich mit dem des bisherigen Nutzers in Zeile 2 (bis 31.12.2025).',
    ])
    // a new user who leaves again within the period would need his own successor
    const leaving = read(
      property(),
      user('0001', {
        tenantName1: 'Lena Sommer',
        occupancyStart: '2025-03-01',
        occupancyEnd: '2025-08-31',
      }),
    )
    expect(leaving.rows[0]!.errors[0]!.field?.key).toBe('occupancyEnd')
  })

  it('refuses a vacancy the portal does not know, at the vacancy flag', () => {
    const reading = read(
      property(),
      user('0001', { occupancyStart: '2025-07-01', vacancyFlag: '1' }),
    )
    expect(messages(reading)).toEqual([
      [`Zeile 2, Feld Kennzeichen Leerstand (Stelle 1167): ${BVED_VACANCY_MESSAGE}`],
    ])
  })

  it('takes a report open for the unit and the same move-out as made already', () => {
    const reading = read(
      property(),
      user('0004', { tenantName1: 'Lena Sommer', occupancyStart: '2025-09-01' }),
    )
    expect(reading.rows[0]).toMatchObject({
      kind: 'unchanged',
      report: null,
      note: 'Bereits gemeldet: ein offener Mieterwechsel mit Auszug am 31.08.2025.',
    })
    const otherDay = read(
      property(),
      user('0004', { tenantName1: 'Lena Sommer', occupancyStart: '2025-10-01' }),
    )
    expect(otherDay.rows[0]!.kind).toBe('tenantChange')
  })

  it('names another property, an unknown unit, a period outside the L record and a second new user', () => {
    const reading = read(
      property(),
      user('0001', { propertyNumber: '471100002' }),
      user('0042'),
      user('0005'),
      user('0001', { occupancyStart: '2024-12-01' }),
      user('0002', { tenantName1: 'Lena Sommer', occupancyStart: '2025-07-01' }),
      user('0002', { tenantName1: 'Max Sommer', occupancyStart: '2025-08-01' }),
      user('0002', { tenantName1: 'Ede Früh', occupancyStart: '2025-02-01' }),
    )
    expect(messages(reading)).toEqual([
      [
        'Zeile 2, Feld Liegenschaftsnummer (Stellen 19–27): Der Satz gehört zur Liegenschaft 471100002, diese Liegenschaft hat die Nummer 471100001.',
      ],
      [
        'Zeile 3, Feld Wohnungsnummer (Stellen 28–31): Die Liegenschaft hat keine Nutzeinheit mit der Wohnungsnummer 0042.',
      ],
      [
        'Zeile 4, Feld Wohnungsnummer (Stellen 28–31): Die Liegenschaft hat keine Nutzeinheit mit der Wohnungsnummer 0005.',
      ],
      [
        'Zeile 5, Feld Wohnzeitraum Beginn (Stellen 499–504): Der Wohnzeitraum 01.12.2024–31.12.2025 liegt nicht im Abrechnungszeitraum 01.01.2025–31.12.2025 des L-Satzes.',
      ],
      [],
      [
        'Zeile 7, Feld Wohnzeitraum Beginn (Stellen 499–504): Für die Nutzeinheit steht schon in Zeile 6 ein neuer Nutzer; je Datei wird ein Mieterwechsel je Nutzeinheit übernommen.',
      ],
      [
        'Zeile 8, Feld Wohnzeitraum Beginn (Stellen 499–504): Der Wohnzeitraum beginnt am 01.02.2025, vor dem Einzug des jetzigen Nutzers am 01.06.2025, und mit keinem Vertrag der Nutzeinheit; die Datei passt nicht zu den Verträgen im Portal.',
      ],
    ])
    expect(reading.rows[1]!.unit).toBeNull()
    expect(reading.rows[4]!.kind).toBe('tenantChange')
  })

  it('needs the L record of the property first, once, and no records of other files', () => {
    expect(read(user('0001')).errors.map((error) => error.message)).toEqual([
      'Zeile 1: Eine Nutzerdatei (DTM) beginnt mit dem L-Satz der Liegenschaft; er fehlt.',
    ])
    expect(messages(read(user('0001')))[0]).toEqual([
      'Zeile 1: Vor dem M-Satz fehlt der L-Satz der Liegenschaft mit ihrem Abrechnungszeitraum.',
    ])
    const twice = read(property(), property(), user('0001'))
    expect(twice.errors.map((error) => error.message)).toEqual([
      'Zeile 2: Die Datei hat schon in Zeile 1 einen L-Satz; eine Nutzerdatei wird je Liegenschaft übernommen.',
    ])
    const foreign = read(
      property({ propertyNumber: '471100009', argeVersion: '02.05' }),
      user('0001', { propertyNumber: '471100009' }),
    )
    expect(foreign.errors.map((error) => error.field?.key)).toEqual([
      'argeVersion',
      'propertyNumber',
    ])
    // the M records of a broken L record are compared with nothing: the file is refused anyway
    expect(foreign.rows[0]!.kind).toBe('error')
    expect(read(property({ argeVersion: '02.05' }), user('0001')).rows[0]).toMatchObject({
      kind: 'error',
      errors: [],
      note: 'Nicht geprüft: der L-Satz der Datei hat Fehler.',
    })
    const costs = readBvedUsers(
      readBvedFile(
        writeBvedFile([
          writeRecord('K', {
            ...header,
            costTypeKey: '221',
            costScope: 'H',
            invoiceDate: '2025-03-01',
            taxServiceKey: '00',
            fuelSlot: '1',
          }),
        ]),
      ),
      TARGET,
    )
    expect(costs.errors.map((error) => error.message)).toEqual([
      'Zeile 1: Erwartet wird eine Nutzerdatei (DTM) mit L- und M-Sätzen; ein K-Satz gehört in eine andere Datei.',
      'Zeile 1: Eine Nutzerdatei (DTM) beginnt mit dem L-Satz der Liegenschaft; er fehlt.',
    ])
    expect(readBvedUsers(readBvedFile(new Uint8Array()), TARGET).errors).toEqual([
      { line: 1, message: 'Zeile 1: Die Datei enthält keinen Satz.' },
    ])
    const without = readBvedUsers(readBvedFile(writeBvedFile([property(), user('0001')])), {
      ...TARGET,
      propertyNumber: null,
    })
    expect(isBvedUserReadingClean(without)).toBe(false)
    expect(without.errors[0]!.message).toContain('keine Liegenschaftsnummer')
  })
})

describe('splitUserName', () => {
  it('splits at the comma, last name first, else before the last word', () => {
    expect(splitUserName('Müller-Lüdenscheidt, Hans Otto')).toEqual({
      first: 'Hans Otto',
      last: 'Müller-Lüdenscheidt',
    })
    expect(splitUserName('  Hans   Otto Müller ')).toEqual({ first: 'Hans Otto', last: 'Müller' })
    expect(splitUserName('Anna Roth')).toEqual({ first: 'Anna', last: 'Roth' })
  })

  it('refuses a single word, a blank and an empty side of the comma', () => {
    for (const name of ['Müller', '', '   ', null, ', Anna', 'Roth, ']) {
      expect(splitUserName(name), String(name)).toBeNull()
    }
  })
})

describe('splitStreet', () => {
  it('takes the trailing house number with its letter or range', () => {
    expect(splitStreet('Hauptstraße 12')).toEqual({ street: 'Hauptstraße', houseNumber: '12' })
    expect(splitStreet('Hauptstraße 12a')).toEqual({ street: 'Hauptstraße', houseNumber: '12a' })
    expect(splitStreet('Am Ring 3 - 5')).toEqual({ street: 'Am Ring', houseNumber: '3-5' })
    expect(splitStreet('Straße des 17. Juni 101')).toEqual({
      street: 'Straße des 17. Juni',
      houseNumber: '101',
    })
  })

  it('refuses a street without a number after it', () => {
    for (const text of ['Am Markt', '12', '', null, 'Hauptstraße 12 Hinterhaus']) {
      expect(splitStreet(text), String(text)).toBeNull()
    }
  })
})

describe('dayBefore', () => {
  it('crosses months, years and leap days', () => {
    expect(dayBefore('2025-03-01')).toBe('2025-02-28')
    expect(dayBefore('2024-03-01')).toBe('2024-02-29')
    expect(dayBefore('2026-01-01')).toBe('2025-12-31')
  })
})
