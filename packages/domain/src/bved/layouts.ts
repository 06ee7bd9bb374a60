/**
 * The record layouts (Satzarten) of the ARGE HeiWaKo Standard-Datenaustausch between software of
 * the housing industry and billing companies for heating, hot and cold water costs, version 3.05
 * (June 2014): A-Satz (page 11 of the specification), L-Satz (12), M-Satz (13–15), B-Satz (16–17),
 * K-Satz (18) and D-Satz (19–20). Each table lists every position of its record, from the type
 * letter to the end marker, as the specification numbers them, so that a field can be checked
 * against the PDF by its start and length. The tables are keyed by version: version 3.10's
 * (decision 064) are those of 3.05 with the fields its sources name in the formerly free
 * positions. E835, E898 and 3.10's P-Satz are not covered.
 *
 * Where the specification packs two values into one field, the table splits it: a period "Beginn:
 * 6 Stellen TTMMJJ, Ende: 6 Stellen TTMMJJ" becomes two date fields, and the billing company's
 * "Ordnungsbegriff" (9 digits property number, 4 digits unit number, '0000' in records of a
 * whole property) becomes two fields.
 */

export const BVED_VERSIONS = ['3.05', '3.10'] as const
export type BvedVersion = (typeof BVED_VERSIONS)[number]

export const BVED_RECORD_TYPES = ['A', 'L', 'M', 'B', 'K', 'D'] as const
export type BvedRecordType = (typeof BVED_RECORD_TYPES)[number]

interface BvedFieldBase {
  /** The German name, as short as the specification allows; user-facing in messages. */
  name: string
  /** The English identifier of the value in a record's `values`. */
  key: string
  /** 1-based position of the first character in the record. */
  start: number
  length: number
}

/** "A-N: alphanumerische Felder linksbündig", padded with blanks. */
export interface BvedAlphanumericField extends BvedFieldBase {
  kind: 'alphanumeric'
  required: boolean
}

/**
 * A numeric field that identifies rather than measures: a number (Kunden-Nr.), a key of a code
 * table (Schlüssel Kostenart, Tabelle K) or a flag (Kennzeichen). Unsigned and without decimals;
 * its value is the digits as written, leading zeros included, so that '054' matches Tabelle K.
 */
export interface BvedCodeField extends BvedFieldBase {
  kind: 'code'
  required: boolean
}

/**
 * A numeric field that measures: an amount, a quantity, a share, a percentage. "8,2 Stellen" in
 * the specification are 8 digits before and 2 after the implied decimal point; the field's length
 * is their sum. Any of them may be negative, as the specification's sign rule names no exception:
 * '-' in the first position, then one digit less ("-00000123").
 */
export interface BvedNumericField extends BvedFieldBase {
  kind: 'numeric'
  decimals: number
  required: boolean
}

/** A date "TTMMJJ" (6 characters). */
export interface BvedDateField extends BvedFieldBase {
  kind: 'date'
  required: boolean
}

/**
 * Positions whose content the specification fixes: the type letter (Satzart), the end marker
 * (Satzende, the type letter again), the free positions (Frei, "Inhalt ' '") and the unit number
 * '0000' of records about a whole property. They are checked but carry no value.
 */
export interface BvedFixedField extends BvedFieldBase {
  kind: 'fixed'
  content: string
}

/**
 * Positions a later version fills that no source this portal trusts describes field by field
 * (decision 064): kept as they are, blanks included, so that a file reads and writes back unchanged;
 * neither checked (but for control characters and ISO 8859-15) nor used. Null when blank.
 */
export interface BvedUnparsedField extends BvedFieldBase {
  kind: 'unparsed'
  required: false
}

export type BvedField =
  | BvedAlphanumericField
  | BvedCodeField
  | BvedNumericField
  | BvedDateField
  | BvedFixedField
  | BvedUnparsedField

/** A field that carries a value (every kind but `fixed`). */
export type BvedValueField = Exclude<BvedField, BvedFixedField>

export interface BvedLayout {
  version: BvedVersion
  type: BvedRecordType
  /** The German name of the record type, e.g. 'Standardnutzersatz'. */
  name: string
  /** The number of characters (bytes) of a record, without the CR LF that ends it. */
  length: number
  fields: readonly BvedField[]
}

type Rule = 'M' | 'K'

const alphanumeric = (
  start: number,
  length: number,
  name: string,
  key: string,
  rule: Rule,
): BvedAlphanumericField => ({
  kind: 'alphanumeric',
  name,
  key,
  start,
  length,
  required: rule === 'M',
})

const code = (
  start: number,
  length: number,
  name: string,
  key: string,
  rule: Rule,
): BvedCodeField => ({ kind: 'code', name, key, start, length, required: rule === 'M' })

const numeric = (
  start: number,
  length: number,
  decimals: number,
  name: string,
  key: string,
  rule: Rule,
): BvedNumericField => ({
  kind: 'numeric',
  name,
  key,
  start,
  length,
  decimals,
  required: rule === 'M',
})

const date = (start: number, name: string, key: string, rule: Rule): BvedDateField => ({
  kind: 'date',
  name,
  key,
  start,
  length: 6,
  required: rule === 'M',
})

/** A period "Beginn: 6 Stellen TTMMJJ, Ende: 6 Stellen TTMMJJ" as its two dates. */
const period = (start: number, name: string, key: string, rule: Rule): BvedDateField[] => [
  date(start, `${name} Beginn`, `${key}Start`, rule),
  date(start + 6, `${name} Ende`, `${key}End`, rule),
]

const recordType = (type: BvedRecordType): BvedFixedField => ({
  kind: 'fixed',
  name: 'Satzart',
  key: 'recordType',
  start: 1,
  length: 1,
  content: type,
})

const recordEnd = (type: BvedRecordType, position: number): BvedFixedField => ({
  kind: 'fixed',
  name: 'Satzende',
  key: 'recordEnd',
  start: position,
  length: 1,
  content: type,
})

const unparsed = (start: number, end: number): BvedUnparsedField => ({
  kind: 'unparsed',
  name: 'Angaben der Version 3.10 (nicht ausgewertet)',
  key: 'unparsed310',
  start,
  length: end - start + 1,
  required: false,
})

const free = (start: number, end: number): BvedFixedField => ({
  kind: 'fixed',
  name: 'Frei',
  key: 'free',
  start,
  length: end - start + 1,
  content: ' '.repeat(end - start + 1),
})

/** Fields 2 to 4, the same in every record type of 3.05. */
const header = (customerNumberName: string): BvedField[] => [
  alphanumeric(2, 5, 'ARGE Version', 'argeVersion', 'M'),
  code(7, 10, customerNumberName, 'customerNumber', 'M'),
  code(17, 2, 'Schlüssel des Abrechnungsunternehmens', 'billingCompanyKey', 'K'),
]

/** Field 5 of a unit's record: 9 digits property number, 4 digits unit number. */
const unitReference = (): BvedField[] => [
  code(19, 9, 'Liegenschaftsnummer', 'propertyNumber', 'M'),
  code(28, 4, 'Wohnungsnummer', 'unitNumber', 'M'),
]

/** Field 5 of a property's record: the unit number is always '0000'. */
const propertyReference = (): BvedField[] => [
  code(19, 9, 'Liegenschaftsnummer', 'propertyNumber', 'M'),
  {
    kind: 'fixed',
    name: 'Wohnungsnummer',
    key: 'unitNumber',
    start: 28,
    length: 4,
    content: '0000',
  },
]

/** Name and address (M-Satz): four names, street, country (ISO 3166 alpha-3), postcode, town. */
const address = (start: number, who: string, key: string): BvedAlphanumericField[] => [
  alphanumeric(start, 35, `${who} Name 1`, `${key}Name1`, 'K'),
  alphanumeric(start + 35, 35, `${who} Name 2`, `${key}Name2`, 'K'),
  alphanumeric(start + 70, 35, `${who} Name 3`, `${key}Name3`, 'K'),
  alphanumeric(start + 105, 35, `${who} Name 4`, `${key}Name4`, 'K'),
  alphanumeric(start + 140, 35, `${who} Straße`, `${key}Street`, 'K'),
  alphanumeric(start + 175, 3, `${who} Land`, `${key}Country`, 'K'),
  alphanumeric(start + 178, 10, `${who} PLZ`, `${key}PostalCode`, 'K'),
  alphanumeric(start + 188, 35, `${who} Ort`, `${key}Town`, 'K'),
]

/** Satzart A, Austausch der Ordnungsbegriffe (page 11). */
const A_305: BvedLayout = {
  version: '3.05',
  type: 'A',
  name: 'Austausch der Ordnungsbegriffe',
  length: 128,
  fields: [
    recordType('A'),
    ...header('Kunden-Nr.'),
    ...unitReference(),
    alphanumeric(32, 20, 'Ordnungsbegriff des Auftraggebers', 'clientReference', 'M'),
    free(52, 127),
    recordEnd('A', 128),
  ],
}

/** Satzart L, Standardliegenschaftssatz (page 12). */
const L_305: BvedLayout = {
  version: '3.05',
  type: 'L',
  name: 'Standardliegenschaftssatz',
  length: 2048,
  fields: [
    recordType('L'),
    ...header('Kunden-Nr.'),
    ...propertyReference(),
    code(32, 1, 'Kennzeichen MwSt', 'vatPresentation', 'M'),
    alphanumeric(33, 35, 'Straße', 'street', 'K'),
    alphanumeric(68, 3, 'Land', 'country', 'K'),
    alphanumeric(71, 10, 'PLZ', 'postalCode', 'K'),
    alphanumeric(81, 35, 'Ort', 'town', 'K'),
    ...period(116, 'Abrechnungszeitraum', 'billingPeriod', 'M'),
    alphanumeric(128, 15, 'Objektnummer', 'objectNumber', 'K'),
    code(143, 1, 'Kennzeichen Umlageausfallwagnis', 'rentLossRiskFlag', 'M'),
    numeric(144, 3, 2, 'Prozentsatz Umlageausfallwagnis', 'rentLossRiskPercent', 'K'),
    code(147, 1, 'Kennzeichen Ausweisung Lohnanteil', 'labourCostFlag', 'M'),
    alphanumeric(148, 3, 'Kennzeichen Währung', 'currency', 'M'),
    free(151, 2047),
    recordEnd('L', 2048),
  ],
}

/** Satzart M, Standardnutzersatz (pages 13–15). */
const M_305: BvedLayout = {
  version: '3.05',
  type: 'M',
  name: 'Standardnutzersatz',
  length: 2048,
  fields: [
    recordType('M'),
    ...header('Kunden-Nr.'),
    ...unitReference(),
    alphanumeric(32, 20, 'Ordnungsbegriff des Auftraggebers', 'clientReference', 'M'),
    code(52, 1, 'Kennzeichen Adressfeld', 'addressFlag', 'M'),
    ...address(53, 'Nutzer', 'tenant'),
    ...address(276, 'Eigentümer', 'owner'),
    ...period(499, 'Wohnzeitraum', 'occupancy', 'M'),
    code(511, 1, 'Kennzeichen MwSt', 'vatFlag', 'M'),
    code(512, 1, 'Kennzeichen Umlageausfallwagnis', 'rentLossRiskFlag', 'M'),
    numeric(513, 10, 2, 'Heizung Grundanteile', 'heatingBaseShare', 'K'),
    numeric(523, 10, 2, 'Heizung Vorauszahlung (Brutto)', 'heatingPrepaymentGross', 'K'),
    numeric(533, 10, 2, 'Heizung Vorauszahlung (Netto)', 'heatingPrepaymentNet', 'K'),
    numeric(543, 10, 2, 'Warmwasser Grundanteile', 'hotWaterBaseShare', 'K'),
    numeric(553, 10, 2, 'Warmwasser Vorauszahlung (Brutto)', 'hotWaterPrepaymentGross', 'K'),
    numeric(563, 10, 2, 'Warmwasser Vorauszahlung (Netto)', 'hotWaterPrepaymentNet', 'K'),
    numeric(573, 10, 2, 'Kaltwasser Grundanteile', 'coldWaterBaseShare', 'K'),
    numeric(583, 10, 2, 'Kaltwasser Vorauszahlung (Brutto)', 'coldWaterPrepaymentGross', 'K'),
    numeric(593, 10, 2, 'Kaltwasser Vorauszahlung (Netto)', 'coldWaterPrepaymentNet', 'K'),
    code(603, 3, 'Schlüssel Umlage 1', 'allocation1Key', 'K'),
    numeric(606, 10, 2, 'Anteile Umlage 1', 'allocation1Share', 'K'),
    code(616, 3, 'Schlüssel Umlage 2', 'allocation2Key', 'K'),
    numeric(619, 10, 2, 'Anteile Umlage 2', 'allocation2Share', 'K'),
    code(629, 3, 'Schlüssel Umlage 3', 'allocation3Key', 'K'),
    numeric(632, 10, 2, 'Anteile Umlage 3', 'allocation3Share', 'K'),
    ...address(642, 'Leistungsgeber', 'issuer'),
    code(865, 1, 'Kennzeichen USt-ID-Nr./Steuernummer', 'issuerTaxIdFlag', 'K'),
    alphanumeric(866, 16, 'USt-ID-Nr. oder Steuernummer', 'issuerTaxId', 'K'),
    code(882, 1, 'Kennzeichen Steuersatz', 'vatRateFlag', 'K'),
    code(883, 1, 'Kennzeichen Rechnungsnummer', 'invoiceNumberFlag', 'K'),
    alphanumeric(884, 25, 'Rechnungsnummer', 'invoiceNumber', 'K'),
    alphanumeric(909, 18, 'Kontonummer', 'accountNumber', 'K'),
    alphanumeric(927, 15, 'Bankleitzahl', 'bankCode', 'K'),
    code(942, 1, 'Kennzeichen Firma', 'companyFlag', 'K'),
    code(943, 1, 'Kennzeichen Zahlungsart', 'paymentMethodFlag', 'K'),
    ...address(944, 'Leistungsnehmer', 'recipient'),
    code(1167, 1, 'Kennzeichen Leerstand', 'vacancyFlag', 'M'),
    code(1168, 1, 'Kennzeichen Umlage Nutzerwechselgebühr', 'tenantChangeFeeFlag', 'M'),
    free(1169, 2047),
    recordEnd('M', 2048),
  ],
}

/** Satzart B, Liegenschaftssatz: one per property and fuel (pages 16–17). */
const B_305: BvedLayout = {
  version: '3.05',
  type: 'B',
  name: 'Liegenschaftssatz',
  length: 1024,
  fields: [
    recordType('B'),
    ...header('Kunden-Nr.'),
    ...propertyReference(),
    alphanumeric(32, 3, 'Kennzeichen Währung', 'currency', 'M'),
    ...period(35, 'Abrechnungszeitraum', 'billingPeriod', 'M'),
    code(47, 3, 'Schlüssel Brennstoff', 'fuelKey', 'K'),
    numeric(50, 11, 4, 'Heizwert', 'calorificValue', 'K'),
    date(61, 'Datum Anfangsbestand', 'openingStockDate', 'K'),
    numeric(67, 11, 3, 'Menge Anfangsbestand', 'openingStockQuantity', 'K'),
    numeric(78, 10, 2, 'Betrag Anfangsbestand (Brutto)', 'openingStockGross', 'K'),
    numeric(88, 10, 2, 'Betrag Anfangsbestand (Netto)', 'openingStockNet', 'K'),
    date(98, 'Datum Restbestand', 'closingStockDate', 'K'),
    numeric(104, 11, 3, 'Menge Restbestand', 'closingStockQuantity', 'K'),
    numeric(115, 10, 2, 'Betrag Restbestand (Brutto)', 'closingStockGross', 'K'),
    numeric(125, 10, 2, 'Betrag Restbestand (Netto)', 'closingStockNet', 'K'),
    numeric(135, 4, 2, 'WW-Temperatur', 'hotWaterTemperature', 'K'),
    numeric(139, 9, 3, 'WW-Verbrauch in m³', 'hotWaterVolume', 'K'),
    numeric(148, 4, 2, 'WW-Prozentanteil', 'hotWaterPercent', 'K'),
    numeric(152, 9, 3, 'Anfangsstand WW-Zähler', 'hotWaterMeterStart', 'K'),
    numeric(161, 9, 3, 'Endstand WW-Zähler', 'hotWaterMeterEnd', 'K'),
    code(170, 1, 'Kennzeichen Brennstoffart', 'fuelSlot', 'M'),
    ...period(171, '1. Versorgungszeitraum Heizung', 'heatingSupply1', 'K'),
    ...period(183, '2. Versorgungszeitraum Heizung', 'heatingSupply2', 'K'),
    ...period(195, '1. Versorgungszeitraum Warmwasser', 'hotWaterSupply1', 'K'),
    ...period(207, '2. Versorgungszeitraum Warmwasser', 'hotWaterSupply2', 'K'),
    free(219, 1023),
    recordEnd('B', 1024),
  ],
}

/** Satzart K, Kostensatz: one per cost item, fuel deliveries included (page 18). */
const K_305: BvedLayout = {
  version: '3.05',
  type: 'K',
  name: 'Kostensatz',
  length: 1024,
  fields: [
    recordType('K'),
    ...header('Kundennummer'),
    ...propertyReference(),
    code(32, 3, 'Schlüssel Kostenart', 'costTypeKey', 'M'),
    alphanumeric(35, 25, 'Kostenart', 'costTypeText', 'K'),
    alphanumeric(60, 1, 'Kennzeichen für einheitlich entstandene Kosten', 'costScope', 'M'),
    date(61, 'Rechnungsdatum', 'invoiceDate', 'M'),
    numeric(67, 11, 3, 'Menge', 'quantity', 'K'),
    numeric(78, 10, 2, 'Betrag (Brutto)', 'amountGross', 'K'),
    numeric(88, 10, 2, 'Betrag (Netto)', 'amountNet', 'K'),
    code(98, 2, 'Schlüssel steuerliche Leistungsart', 'taxServiceKey', 'M'),
    numeric(100, 10, 2, 'In Betrag (Brutto) enthaltener Lohnanteil', 'labourCostGross', 'K'),
    code(110, 1, 'Kennzeichen Brennstoffart', 'fuelSlot', 'M'),
    alphanumeric(111, 4, 'Verwendungsgruppe', 'usageGroup', 'K'),
    free(115, 1023),
    recordEnd('K', 1024),
  ],
}

/** Satzart D, Abrechnungssatz: one or more per unit, one per cost type (pages 19–20). */
const D_305: BvedLayout = {
  version: '3.05',
  type: 'D',
  name: 'Abrechnungssatz',
  length: 1024,
  fields: [
    recordType('D'),
    ...header('Kundennummer'),
    ...unitReference(),
    alphanumeric(32, 20, 'Ordnungsbegriff des Auftraggebers', 'clientReference', 'M'),
    date(52, 'Letzter Tag des Nutzungszeitraumes', 'lastDayOfUse', 'M'),
    numeric(58, 10, 2, 'Gesamtkosten dieser Kostenart (Brutto)', 'totalCostsGross', 'K'),
    numeric(68, 10, 2, 'Gesamtkosten (Netto)', 'totalCostsNet', 'K'),
    numeric(78, 10, 2, 'Vorauszahlung (Brutto)', 'prepaymentGross', 'K'),
    numeric(88, 10, 2, 'Vorauszahlung (Netto)', 'prepaymentNet', 'K'),
    numeric(98, 10, 2, 'neue monatliche Vorauszahlung (Brutto)', 'newMonthlyPrepaymentGross', 'K'),
    numeric(108, 10, 2, 'neue monatliche Vorauszahlung (Netto)', 'newMonthlyPrepaymentNet', 'K'),
    numeric(118, 10, 2, 'Umlageausfallwagnis (Brutto)', 'rentLossRiskGross', 'K'),
    numeric(128, 10, 2, 'Saldo bzw. Gesamtkosten (Brutto)', 'balanceGross', 'K'),
    numeric(138, 10, 2, 'Saldo bzw. Gesamtkosten (Netto)', 'balanceNet', 'K'),
    code(148, 3, 'Schlüssel Kostenart', 'costTypeKey', 'M'),
    numeric(151, 9, 3, 'Verbrauchsanteile', 'consumptionShare', 'K'),
    code(160, 3, 'Schlüssel Einheiten Verbrauchsanteile', 'consumptionUnitKey', 'K'),
    code(163, 3, 'Schlüssel Ablese/Aufteilungs- und Schätzkennzeichen', 'readingKey', 'K'),
    alphanumeric(166, 35, 'Name 1', 'name1', 'K'),
    alphanumeric(201, 3, 'Kennzeichen Währung', 'currency', 'M'),
    free(204, 1023),
    recordEnd('D', 1024),
  ],
}

/**
 * Version 3.10 (decision 064; binding since 2024): the records keep their lengths, and every
 * addition takes positions that were free in 3.05. A 3.10 layout is its 3.05 layout up to the
 * first free position, then `additions` to the last position before the end marker.
 */
function version310(layout: BvedLayout, additions: readonly BvedField[]): BvedLayout {
  const firstFree = layout.fields.findIndex((field) => field.key === 'free')
  return {
    ...layout,
    version: '3.10',
    fields: [...layout.fields.slice(0, firstFree), ...additions, layout.fields.at(-1)!],
  }
}

/**
 * L-Satz 3.10, fields 17 to 21 (the CO2KostAufG's master data) as a provider's published
 * "Satzaufbau Version 03.10" lists them; the positions after 161 only open implementations name.
 */
const L_310 = version310(L_305, [
  code(151, 1, 'Kennzeichen WEG', 'condominiumFlag', 'K'),
  numeric(152, 7, 2, 'Gesamtfläche', 'totalArea', 'K'),
  code(159, 1, 'Kennzeichen Nichtwohngebäude (§ 8 CO2KostAufG)', 'nonResidentialFlag', 'K'),
  code(160, 1, 'Kennzeichen 1 § 9 CO2KostAufG', 'co2Reduction1Flag', 'K'),
  code(161, 1, 'Kennzeichen 2 § 9 CO2KostAufG', 'co2Reduction2Flag', 'K'),
  unparsed(162, 2047),
])

/** M-Satz 3.10, field 69: the unit key (table E) of the heating base shares (field 27). */
const M_310 = version310(M_305, [
  code(1169, 3, 'Einheiten-Schlüssel Heizung Grundanteile', 'heatingBaseShareUnitKey', 'K'),
  unparsed(1172, 2047),
])

/** B, K and D: the 3.10 additions (meter, CO2 and energy mix, CO2 shares) are kept unread. */
const B_310 = version310(B_305, [unparsed(219, 1023)])
const K_310 = version310(K_305, [unparsed(115, 1023)])
const D_310 = version310(D_305, [unparsed(204, 1023)])
/** A-Satz: no source names a change. */
const A_310: BvedLayout = { ...A_305, version: '3.10' }

export const BVED_LAYOUTS: Readonly<
  Record<BvedVersion, Readonly<Record<BvedRecordType, BvedLayout>>>
> = {
  '3.05': { A: A_305, L: L_305, M: M_305, B: B_305, K: K_305, D: D_305 },
  '3.10': { A: A_310, L: L_310, M: M_310, B: B_310, K: K_310, D: D_310 },
}

/**
 * The file that holds a record type ("Die Satzarten L und M werden zusammen in einer Datei
 * ausgegeben", B and K likewise, A and D each alone). Its name carries the version and the time
 * of writing: "DTM305_JJJJMMTThhmmss.DAT".
 */
export interface BvedFileKind {
  prefix: string
  types: readonly BvedRecordType[]
  /** German, for messages: what the file holds. */
  content: string
}

const DTA_305: BvedFileKind = {
  prefix: 'DTA305',
  types: ['A'],
  content: 'Zuordnung der Ordnungsbegriffe',
}
const DTM_305: BvedFileKind = {
  prefix: 'DTM305',
  types: ['L', 'M'],
  content: 'Liegenschafts- und Nutzerdaten',
}
const DTK_305: BvedFileKind = {
  prefix: 'DTK305',
  types: ['B', 'K'],
  content: 'Brennstoffe und Kosten',
}
const DTD_305: BvedFileKind = { prefix: 'DTD305', types: ['D'], content: 'Abrechnungsergebnisse' }

const version310Kind = (kind: BvedFileKind): BvedFileKind => ({
  ...kind,
  prefix: kind.prefix.replace('305', '310'),
})
const DTM_310 = version310Kind(DTM_305)
const DTK_310 = version310Kind(DTK_305)

export const BVED_FILE_KINDS: Readonly<
  Record<BvedVersion, Readonly<Record<BvedRecordType, BvedFileKind>>>
> = {
  '3.05': { A: DTA_305, L: DTM_305, M: DTM_305, B: DTK_305, K: DTK_305, D: DTD_305 },
  '3.10': {
    A: version310Kind(DTA_305),
    L: DTM_310,
    M: DTM_310,
    B: DTK_310,
    K: DTK_310,
    D: version310Kind(DTD_305),
  },
}

/** The ARGE version field (positions 2–6) of each version's records. */
export const BVED_VERSION_FIELDS: Readonly<Record<BvedVersion, string>> = {
  '3.05': '03.05',
  '3.10': '03.10',
}

export function isBvedRecordType(letter: string): letter is BvedRecordType {
  return (BVED_RECORD_TYPES as readonly string[]).includes(letter)
}
