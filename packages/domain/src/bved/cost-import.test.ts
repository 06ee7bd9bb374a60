import { describe, expect, it } from 'vitest'
import { readBvedFile, writeBvedFile, writeRecord } from './codec'
import {
  bvedCostSummary,
  isBvedCostReadingClean,
  readBvedCosts,
  type BvedCostTarget,
} from './cost-import'
import { BVED_FUELS, bvedFuel, bvedFuelKeyOf } from './fuels'
import { ENERGY_CARRIER_CODES } from '../costs/energy-carriers'

const header = { argeVersion: '03.05', customerNumber: '4711', propertyNumber: '471100001' }

const TARGET: BvedCostTarget = {
  propertyNumber: '471100001',
  connection: '1000000001',
  from: '2025-01-01',
  until: '2025-12-31',
  costTypes: [
    {
      bvedCode: '201',
      tariffComponent: 'HK_BRENNSTOFF',
      kind: 'heating',
      name: 'Brennstoffkosten',
      key: 'VERB',
    },
    {
      bvedCode: '202',
      tariffComponent: 'HK_GUTSCHRIFT',
      kind: 'heating',
      name: 'Gutschrift Heizkosten',
      key: 'HF',
    },
    {
      bvedCode: '221',
      tariffComponent: 'HK_WARTUNG',
      kind: 'heating',
      name: 'Wartung Heizungsanlage',
      key: 'HF',
    },
    {
      bvedCode: '237',
      tariffComponent: 'NK_WASSER',
      kind: 'working',
      name: 'Frischwasser',
      key: 'VERB',
    },
    { bvedCode: null, tariffComponent: 'NK_MUELL', kind: 'working', name: 'Müllabfuhr', key: 'WF' },
  ],
}

const fuelRecord = (values: Record<string, string | null> = {}) =>
  writeRecord('B', {
    ...header,
    currency: 'EUR',
    billingPeriodStart: '2025-01-01',
    billingPeriodEnd: '2025-12-31',
    fuelKey: '111',
    openingStockDate: '2025-01-01',
    openingStockQuantity: '2000',
    openingStockGross: '2100.00',
    closingStockDate: '2025-12-31',
    closingStockQuantity: '500',
    closingStockGross: '600.00',
    fuelSlot: '1',
    ...values,
  })

const costRecord = (values: Record<string, string | null>) =>
  writeRecord('K', {
    ...header,
    costScope: 'H',
    invoiceDate: '2025-03-15',
    taxServiceKey: '00',
    fuelSlot: '1',
    ...values,
  })

const read = (...records: ReturnType<typeof writeRecord>[]) =>
  readBvedCosts(readBvedFile(writeBvedFile(records)), TARGET)

describe('readBvedCosts', () => {
  it('makes a cost line of each K record from the cost type that carries its key', () => {
    const reading = read(
      costRecord({ costTypeKey: '221', amountGross: '357.00', amountNet: '300.00' }),
      costRecord({ costTypeKey: '237', costScope: 'K', amountGross: '1190.00' }),
    )
    expect(isBvedCostReadingClean(reading)).toBe(true)
    expect(reading.records.map((record) => record.label)).toEqual([
      'Kostenart 221 · Wartung Heizungsanlage',
      'Kostenart 237 · Frischwasser',
    ])
    const [service] = reading.records[0]!.lines
    expect(service).toMatchObject({ kind: 'heating', costTypeName: 'Wartung Heizungsanlage' })
    expect(service!.input).toMatchObject({
      tariffComponent: 'HK_WARTUNG',
      object: 'ANSCHLUSS',
      allocationRef: '1000000001',
      key: 'HF',
      from: '2025-01-01',
      until: '2025-12-31',
      amountTransactionCurrency: '357.00',
      apportionableAmount: '357.00',
      amountNet: '300.00',
      amountNetApportionable: '300.00',
      deductibleAmount: null,
      note: 'Rechnung vom 15.03.2025',
    })
    expect(reading.records[1]!.lines[0]!.kind).toBe('working')
    expect(bvedCostSummary(reading)).toBe('2 Sätze, 2 Kostenzeilen, 0 Fehler')
  })

  it('takes the wage share as the deductible amount only for the § 35a keys since 2009', () => {
    const line = (taxServiceKey: string) =>
      read(
        costRecord({
          costTypeKey: '221',
          amountGross: '500.00',
          taxServiceKey,
          labourCostGross: '200.00',
        }),
      ).records[0]!.lines[0]!.input.deductibleAmount
    expect(line('13')).toBe('200.00')
    expect(line('11')).toBe('200.00')
    expect(line('00')).toBeNull()
    expect(line('04')).toBeNull()
  })

  it('finds the cost type of a text key (228, 242, 254) by the name the record gives', () => {
    const reading = read(
      costRecord({
        costTypeKey: '242',
        costTypeText: 'Müllabfuhr',
        costScope: 'B',
        amountGross: '80.00',
      }),
      costRecord({
        costTypeKey: '242',
        costTypeText: 'Gartenpflege',
        costScope: 'B',
        amountGross: '80.00',
      }),
    )
    expect(reading.records[0]!.lines[0]!.input.tariffComponent).toBe('NK_MUELL')
    expect(reading.records[1]!.errors.map((error) => error.message)).toEqual([
      'Zeile 2, Feld Kostenart (Stellen 35–59): Zur Kostenart „Gartenpflege“ gibt es in Ihrer Werteliste keine Kostenart dieses Namens.',
    ])
  })

  it('names a key without cost type, a stock key, a missing amount and another property at their fields', () => {
    const reading = read(
      costRecord({ costTypeKey: '225', amountGross: '80.00' }),
      costRecord({ costTypeKey: '200', amountGross: '80.00' }),
      costRecord({ costTypeKey: '221', amountGross: null }),
      costRecord({ costTypeKey: '221', amountGross: '10.00', propertyNumber: '471100002' }),
    )
    expect(isBvedCostReadingClean(reading)).toBe(false)
    expect(reading.records.map((record) => record.errors.map((error) => error.message))).toEqual([
      [
        'Zeile 1, Feld Schlüssel Kostenart (Stellen 32–34): Für den Schlüssel 225 (Tabelle K) ist in Ihrer Werteliste keine Kostenart hinterlegt.',
      ],
      [
        'Zeile 2, Feld Schlüssel Kostenart (Stellen 32–34): Der Schlüssel 200 (Bestand) steht im B-Satz, nicht im K-Satz.',
      ],
      [
        'Zeile 3, Feld Betrag (Brutto) (Stellen 78–87): Der Betrag (Brutto) fehlt; eine Kostenzeile braucht ihn.',
      ],
      [
        'Zeile 4, Feld Liegenschaftsnummer (Stellen 19–27): Der Satz gehört zur Liegenschaft 471100002, die Verteilung zur Liegenschaft 471100001.',
      ],
    ])
    expect(reading.records[0]!.errors[0]!.field).toEqual({
      name: 'Schlüssel Kostenart',
      key: 'costTypeKey',
      start: 32,
      end: 34,
    })
    expect(reading.records.every((record) => record.lines.length === 0)).toBe(true)
  })

  it('checks each line by the rules of a typed line: a negative amount only for credits', () => {
    const reading = read(costRecord({ costTypeKey: '221', amountGross: '-10.00' }))
    expect(reading.records[0]!.lines).toEqual([])
    expect(reading.records[0]!.errors[0]!.field?.key).toBe('amountGross')
  })

  it('refuses every record when the property has no billing number', () => {
    const reading = readBvedCosts(
      readBvedFile(writeBvedFile([costRecord({ costTypeKey: '221', amountGross: '10.00' })])),
      { ...TARGET, propertyNumber: null },
    )
    expect(reading.records[0]!.errors[0]!.message).toContain(
      'hat keine Liegenschaftsnummer des Abrechnungsunternehmens',
    )
  })

  it("makes the B record's stocks lines and its fuel the CO2 split's, with opening + deliveries − closing", () => {
    const reading = read(
      fuelRecord(),
      costRecord({ costTypeKey: '201', quantity: '3000', amountGross: '3150.00' }),
      costRecord({ costTypeKey: '201', quantity: '1000.5', amountGross: '1050.52' }),
    )
    expect(isBvedCostReadingClean(reading)).toBe(true)
    const [opening, closing] = reading.records[0]!.lines
    expect(opening!.input).toMatchObject({
      tariffComponent: 'HK_BRENNSTOFF',
      quantity: '2000.000',
      unit: 'l',
      energyCarrier: 'HEIZOEL_EL',
      amountTransactionCurrency: '2100.00',
      note: 'Anfangsbestand am 01.01.2025 (bved B-Satz)',
    })
    expect(closing!.input).toMatchObject({
      tariffComponent: 'HK_GUTSCHRIFT',
      quantity: null,
      amountTransactionCurrency: '-600.00',
      note: 'Restbestand am 31.12.2025 (bved B-Satz)',
    })
    expect(reading.records[1]!.lines[0]!.input).toMatchObject({
      quantity: '3000.000',
      unit: 'l',
      energyCarrier: 'HEIZOEL_EL',
    })
    // 2000 + 3000 + 1000.5 − 500
    expect(reading.fuel).toEqual({ energyCarrier: 'HEIZOEL_EL', quantity: '5500.500' })
  })

  it('converts MWh and tonnes into the carrier unit and refuses what has no exact factor', () => {
    const gas = read(
      fuelRecord({
        fuelKey: '195',
        openingStockQuantity: null,
        openingStockGross: null,
        closingStockQuantity: null,
        closingStockGross: null,
      }),
      costRecord({ costTypeKey: '201', quantity: '12.345', amountGross: '1500.00' }),
    )
    expect(gas.records[1]!.lines[0]!.input).toMatchObject({
      quantity: '12345.000',
      unit: 'kWh',
      energyCarrier: 'ERDGAS_H',
    })
    expect(gas.fuel).toEqual({ energyCarrier: 'ERDGAS_H', quantity: null })
    const cubic = read(fuelRecord({ fuelKey: '193' }))
    expect(cubic.records[0]!.errors[0]!.message).toContain(
      'Die Bestände von Erdgas H (schwer) in m³ lassen sich nicht in die Einheit der CO2-Aufteilung umrechnen; bitte in kWh liefern.',
    )
  })

  it('refuses a B record of another period, another currency, an unknown fuel and a fuel twice', () => {
    const reading = read(
      fuelRecord({ billingPeriodStart: '2024-01-01', billingPeriodEnd: '2024-12-31' }),
      fuelRecord({
        currency: 'CHF',
        fuelKey: '999',
        openingStockGross: null,
        closingStockGross: null,
      }),
    )
    expect(reading.records[0]!.errors.map((error) => error.message)).toEqual([
      'Zeile 1, Feld Abrechnungszeitraum Beginn (Stellen 35–40): Der Abrechnungszeitraum 01.01.2024–31.12.2024 ist nicht der der Verteilung (01.01.2025–31.12.2025).',
    ])
    expect(reading.records[1]!.errors.map((error) => error.message)).toEqual([
      'Zeile 2, Feld Kennzeichen Währung (Stellen 32–34): Beträge werden in EUR gelesen; die Datei nennt „CHF“.',
      'Zeile 2, Feld Schlüssel Brennstoff (Stellen 47–49): Den Brennstoff-Schlüssel 999 hat Tabelle B nicht.',
      'Zeile 2, Feld Kennzeichen Brennstoffart (Stellen 170–170): Die Brennstoffart 1 steht schon in Zeile 1.',
    ])
  })

  it('refuses records of another file and keeps the codec errors with their lines', () => {
    const unitRecord = writeRecord('A', { ...header, unitNumber: '0001', clientReference: 'WE 1' })
    const bytes = writeBvedFile([unitRecord])
    const reading = readBvedCosts(readBvedFile(bytes), TARGET)
    expect(reading.records[0]!.errors[0]!.message).toBe(
      'Zeile 1: Erwartet wird eine Kostendatei (DTK) mit B- und K-Sätzen; ein A-Satz gehört in eine andere Datei.',
    )
    const broken = readBvedCosts(readBvedFile(new TextEncoder().encode('K kurz\r\n')), TARGET)
    expect(broken.records).toEqual([])
    expect(broken.errors[0]!.line).toBe(1)
    expect(readBvedCosts(readBvedFile(new Uint8Array()), TARGET).errors[0]!.message).toBe(
      'Zeile 1: Die Datei enthält keinen Satz.',
    )
  })
})

describe('a file of version 3.10 (decision 064)', () => {
  it('reads its cost lines as in 3.05, keeps its CO2 positions unread, and knows the new fuels', () => {
    const v310 = { argeVersion: '03.10', unparsed310: null }
    const fuel = writeRecord(
      'B',
      { ...fuelRecord().values, ...v310, fuelKey: '211', unparsed310: `002${' '.repeat(802)}` },
      '3.10',
    )
    const cost = writeRecord(
      'K',
      {
        ...costRecord({ costTypeKey: '201', quantity: '4000', amountGross: '800.00' }).values,
        ...v310,
        // the K record's CO2 and energy mix of version 3.10: not read (decision 064)
        unparsed310: `0400000123${' '.repeat(899)}`,
      },
      '3.10',
    )
    const reading = readBvedCosts(readBvedFile(writeBvedFile([fuel, cost])), TARGET)
    expect(reading.errors).toEqual([])
    expect(reading.records.flatMap((r) => r.errors)).toEqual([])
    expect(reading.records[1]!.lines[0]!.input).toMatchObject({
      tariffComponent: 'HK_BRENNSTOFF',
      quantity: '4000.000',
      unit: 'kg',
      energyCarrier: 'HOLZ',
    })
    expect(reading.fuel).toEqual({ energyCarrier: 'HOLZ', quantity: '5500.000' })
    expect(bvedFuel('206')).toMatchObject({ name: 'Strom für Wärmepumpe in kWh', carrier: null })
  })
})

describe('table B', () => {
  it('has each key once, and a key in its own unit for every carrier', () => {
    const keys = BVED_FUELS.map((entry) => entry.key)
    expect(new Set(keys).size).toBe(keys.length)
    for (const carrier of ENERGY_CARRIER_CODES) {
      const fuel = bvedFuel(bvedFuelKeyOf(carrier))
      expect(fuel, carrier).toMatchObject({ carrier, factor: '1' })
    }
  })
})
