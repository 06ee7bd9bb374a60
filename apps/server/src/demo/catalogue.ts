/**
 * Fixed tables of the demo data: customers, places, products, cost types, allocation keys and
 * devices. The random parts (names, streets, amounts) come from the seeded faker in demo-data.ts.
 */
import {
  ALLOCATION_KEYS as ALLOCATION_KEY_LABELS,
  ESTIMATED_READING_TYPE,
  EXPENSE_OBJECT_TYPES,
} from '@portal/domain'

export interface City {
  name: string
  postalCodes: readonly string[]
}

export interface CompanySpec {
  companyCode: string
  name: string
  city: string
  /** Where its properties and partners are: real cities with real postal codes. */
  cities: readonly City[]
  /** The user who records costs on properties not owned by the demo owner. */
  expenseAuthor: string
}

export const COMPANIES: readonly CompanySpec[] = [
  {
    companyCode: '1000',
    name: 'Hausverwaltung Rhein-Main GmbH',
    city: 'Frankfurt am Main',
    expenseAuthor: 'verwalter',
    cities: [
      {
        name: 'Frankfurt am Main',
        postalCodes: ['60311', '60316', '60318', '60322', '60385', '60431', '60486', '60594'],
      },
      { name: 'Offenbach am Main', postalCodes: ['63065', '63067', '63069', '63071'] },
      { name: 'Darmstadt', postalCodes: ['64283', '64285', '64289', '64293', '64295'] },
      { name: 'Wiesbaden', postalCodes: ['65183', '65185', '65187', '65189', '65195'] },
      { name: 'Hanau', postalCodes: ['63450', '63452', '63454', '63456'] },
      { name: 'Bad Homburg vor der Höhe', postalCodes: ['61348', '61350', '61352'] },
      { name: 'Mainz', postalCodes: ['55116', '55118', '55122', '55131'] },
    ],
  },
  {
    companyCode: '2000',
    name: 'Nordwohnen Immobilienservice GmbH',
    city: 'Hamburg',
    expenseAuthor: 'fremd',
    cities: [
      {
        name: 'Hamburg',
        postalCodes: ['20099', '20249', '20255', '20357', '21073', '22041', '22089', '22297'],
      },
      { name: 'Norderstedt', postalCodes: ['22844', '22846', '22848', '22850'] },
      { name: 'Lübeck', postalCodes: ['23552', '23554', '23556', '23564'] },
      { name: 'Kiel', postalCodes: ['24103', '24105', '24114', '24143'] },
    ],
  },
]

export type ProductKind = 'HBK' | 'HW'

export const PRODUCTS: Readonly<Record<ProductKind, { name: string; version: string }>> = {
  HBK: { name: 'Heiz- und Betriebskostenabrechnung', version: '0002' },
  HW: { name: 'Heiz- und Wasserkostenabrechnung', version: '0001' },
}

export type SupplySegment = 'HK' | 'NK' | 'BK'
export type ExpenseKind = 'heating' | 'working'

export interface CostType {
  code: string
  /** Its key of table K of the bved exchange, where the demo customer gave it one (decision 061). */
  bvedCode?: string
  name: string
  /** The product tariff assignment segment. */
  segment: SupplySegment
  kind: ExpenseKind
  /** VERSBEREICH of the expense lines. */
  supplyArea: 'HK' | 'NK' | 'BK' | 'SK'
  /** Allocation keys the cost type may be distributed by (value list entries). */
  keys: readonly string[]
  /** Products offering it. */
  products: readonly ProductKind[]
  /** §5: advance payments and the provider's cost shares, never listed as expenses. */
  excluded?: boolean
  /** No longer apportionable (cable TV since July 2024): assignment inactive, old catalogue only. */
  retired?: boolean
}

const BOTH: readonly ProductKind[] = ['HBK', 'HW']
const FULL: readonly ProductKind[] = ['HBK']

export const COST_TYPES: readonly CostType[] = [
  {
    code: 'HK_BRENNSTOFF',
    bvedCode: '201',
    name: 'Brennstoffkosten',
    segment: 'HK',
    kind: 'heating',
    supplyArea: 'HK',
    keys: ['VERB', 'HF'],
    products: BOTH,
  },
  {
    code: 'HK_STROM',
    bvedCode: '220',
    name: 'Betriebsstrom Heizungsanlage',
    segment: 'HK',
    kind: 'heating',
    supplyArea: 'HK',
    keys: ['HF', 'NE'],
    products: BOTH,
  },
  {
    code: 'HK_WARTUNG',
    bvedCode: '221',
    name: 'Wartung Heizungsanlage',
    segment: 'HK',
    kind: 'heating',
    supplyArea: 'HK',
    keys: ['HF', 'NE'],
    products: BOTH,
  },
  {
    code: 'HK_IMMISSION',
    bvedCode: '224',
    name: 'Schornsteinfeger und Immissionsmessung',
    segment: 'HK',
    kind: 'heating',
    supplyArea: 'HK',
    keys: ['HF', 'NE'],
    products: BOTH,
  },
  {
    code: 'HK_GERAETEMIETE',
    bvedCode: '300',
    name: 'Miete der Erfassungsgeräte',
    segment: 'HK',
    kind: 'heating',
    supplyArea: 'HK',
    keys: ['NE', 'DIR'],
    products: BOTH,
  },
  {
    code: 'HK_DLP',
    bvedCode: '227',
    name: 'Dienstleistungspauschale Abrechnung',
    segment: 'HK',
    kind: 'heating',
    supplyArea: 'HK',
    keys: ['NE'],
    products: BOTH,
  },
  {
    code: 'HK_CO2',
    name: 'CO2-Kosten (Vermieteranteil)',
    segment: 'HK',
    kind: 'heating',
    supplyArea: 'HK',
    keys: ['VERB', 'HF'],
    products: BOTH,
  },
  {
    code: 'HKVOR',
    name: 'Vorauszahlungen Heizkosten',
    segment: 'HK',
    kind: 'heating',
    supplyArea: 'HK',
    keys: ['DIR'],
    products: BOTH,
    excluded: true,
  },
  {
    code: 'HKA_H1',
    name: 'Grundkostenanteil Heizung',
    segment: 'HK',
    kind: 'heating',
    supplyArea: 'HK',
    keys: ['HF'],
    products: BOTH,
    excluded: true,
  },
  {
    code: 'HKA_H2',
    name: 'Verbrauchskostenanteil Heizung',
    segment: 'HK',
    kind: 'heating',
    supplyArea: 'HK',
    keys: ['VERB'],
    products: BOTH,
    excluded: true,
  },
  {
    code: 'HKA_W1',
    name: 'Grundkostenanteil Warmwasser',
    segment: 'HK',
    kind: 'heating',
    supplyArea: 'HK',
    keys: ['WF'],
    products: BOTH,
    excluded: true,
  },
  {
    code: 'HKA_W2',
    name: 'Verbrauchskostenanteil Warmwasser',
    segment: 'HK',
    kind: 'heating',
    supplyArea: 'HK',
    keys: ['VERB'],
    products: BOTH,
    excluded: true,
  },
  {
    code: 'HKA_KW',
    name: 'Anteil Kaltwasser',
    segment: 'HK',
    kind: 'heating',
    supplyArea: 'HK',
    keys: ['VERB'],
    products: BOTH,
    excluded: true,
  },
  {
    code: 'HKA_WW',
    name: 'Anteil Warmwasser',
    segment: 'HK',
    kind: 'heating',
    supplyArea: 'HK',
    keys: ['VERB'],
    products: BOTH,
    excluded: true,
  },
  {
    code: 'NK_GRUNDSTEUER',
    name: 'Grundsteuer',
    segment: 'NK',
    kind: 'working',
    supplyArea: 'NK',
    keys: ['WF', 'NF', 'MEA'],
    products: FULL,
  },
  {
    code: 'NK_WASSER',
    bvedCode: '237',
    name: 'Wasserversorgung',
    segment: 'NK',
    kind: 'working',
    supplyArea: 'NK',
    keys: ['VERB', 'PERS', 'WF'],
    products: BOTH,
  },
  {
    code: 'NK_ABWASSER',
    bvedCode: '238',
    name: 'Entwässerung',
    segment: 'NK',
    kind: 'working',
    supplyArea: 'NK',
    keys: ['VERB', 'WF'],
    products: BOTH,
  },
  {
    code: 'NK_STRASSENREINIGUNG',
    name: 'Straßenreinigung',
    segment: 'NK',
    kind: 'working',
    supplyArea: 'NK',
    keys: ['WF', 'NE'],
    products: FULL,
  },
  {
    code: 'NK_MUELL',
    name: 'Müllbeseitigung',
    segment: 'NK',
    kind: 'working',
    supplyArea: 'NK',
    keys: ['PERS', 'NE', 'NF', 'DIR'],
    products: FULL,
  },
  {
    code: 'NK_VERSICHERUNG',
    name: 'Sach- und Haftpflichtversicherung',
    segment: 'NK',
    kind: 'working',
    supplyArea: 'NK',
    keys: ['WF'],
    products: FULL,
  },
  {
    code: 'NK_ALLGSTROM',
    name: 'Allgemeinstrom',
    segment: 'NK',
    kind: 'working',
    supplyArea: 'NK',
    keys: ['NE', 'WF'],
    products: FULL,
  },
  {
    code: 'NK_KABEL',
    name: 'Kabelfernsehen',
    segment: 'NK',
    kind: 'working',
    supplyArea: 'NK',
    keys: ['NE'],
    products: FULL,
    retired: true,
  },
  {
    code: 'NKVOR',
    name: 'Vorauszahlungen Nebenkosten',
    segment: 'NK',
    kind: 'working',
    supplyArea: 'NK',
    keys: ['DIR'],
    products: BOTH,
    excluded: true,
  },
  {
    code: 'BK_HAUSMEISTER',
    name: 'Hauswart',
    segment: 'BK',
    kind: 'working',
    supplyArea: 'BK',
    keys: ['WF', 'NE'],
    products: FULL,
  },
  {
    code: 'BK_GARTEN',
    name: 'Gartenpflege',
    segment: 'BK',
    kind: 'working',
    supplyArea: 'BK',
    keys: ['WF'],
    products: FULL,
  },
  {
    code: 'BK_REINIGUNG',
    name: 'Gebäudereinigung',
    segment: 'BK',
    kind: 'working',
    supplyArea: 'BK',
    keys: ['WF', 'NE', 'NF'],
    products: FULL,
  },
  {
    code: 'BK_WINTERDIENST',
    name: 'Winterdienst',
    segment: 'BK',
    kind: 'working',
    supplyArea: 'BK',
    keys: ['WF'],
    products: FULL,
  },
  {
    code: 'BK_AUFZUG',
    name: 'Aufzug',
    segment: 'BK',
    kind: 'working',
    supplyArea: 'BK',
    keys: ['NE', 'WF'],
    products: FULL,
  },
  {
    code: 'SK_RWM',
    bvedCode: '308',
    name: 'Wartung Rauchwarnmelder',
    segment: 'BK',
    kind: 'working',
    supplyArea: 'SK',
    keys: ['NE', 'DIR'],
    products: FULL,
  },
  {
    code: 'SK_LEGIONELLEN',
    bvedCode: '247',
    name: 'Legionellenprüfung Trinkwasser',
    segment: 'BK',
    kind: 'working',
    supplyArea: 'SK',
    keys: ['NE'],
    products: FULL,
  },
  {
    code: 'BKVOR',
    name: 'Vorauszahlungen Betriebskosten',
    segment: 'BK',
    kind: 'working',
    supplyArea: 'BK',
    keys: ['DIR'],
    products: FULL,
    excluded: true,
  },
  // credit notes (decision 036): a supplier's or the landlord's refund, entered as a negative line
  {
    code: 'HK_GUTSCHRIFT',
    bvedCode: '202',
    name: 'Gutschrift Heizkosten',
    segment: 'HK',
    kind: 'heating',
    supplyArea: 'HK',
    keys: ['HF', 'NE'],
    products: BOTH,
  },
  {
    code: 'NK_GUTSCHRIFT',
    name: 'Gutschrift Betriebskosten',
    segment: 'NK',
    kind: 'working',
    supplyArea: 'NK',
    keys: ['WF', 'NE'],
    products: BOTH,
  },
]

export function costType(code: string): CostType {
  const found = COST_TYPES.find((type) => type.code === code)
  if (!found) throw new RangeError(`Unbekannte Kostenart ${code}`)
  return found
}

export const ALLOCATION_KEYS: Readonly<Record<string, string>> = ALLOCATION_KEY_LABELS

/** §3: the objects an expense can be allocated to. */
export const EXPENSE_OBJECTS: Readonly<Record<string, string>> = EXPENSE_OBJECT_TYPES

export type TypeClass = 'KW' | 'WW' | 'HZ' | 'WA' | 'HV' | 'RWM' | 'RM' | 'GWA'

export interface DeviceType {
  segment: '03' | '04' | '21'
  serialPrefix: string
  meterClasses: readonly string[]
  /** Years a calibration is valid; absent for devices that are not calibrated (allocators, alarms). */
  calibrationYears?: number
  /** Consumption per day in thousandths of the reading unit, per usage unit. */
  dailyUse?: readonly [number, number]
  /** Heat meters have a second register (volume). */
  registers: 1 | 2
}

export const DEVICE_TYPES: Readonly<Record<TypeClass, DeviceType>> = {
  KW: {
    segment: '03',
    serialPrefix: '31',
    meterClasses: ['R80', 'R100', 'R160'],
    calibrationYears: 6,
    dailyUse: [90, 160],
    registers: 1,
  },
  WW: {
    segment: '03',
    serialPrefix: '32',
    meterClasses: ['R80', 'R100'],
    calibrationYears: 5,
    dailyUse: [40, 80],
    registers: 1,
  },
  HZ: {
    segment: '04',
    serialPrefix: '44',
    meterClasses: ['Klasse 2', 'Klasse 3'],
    calibrationYears: 5,
    dailyUse: [15_000, 35_000],
    registers: 2,
  },
  WA: {
    segment: '04',
    serialPrefix: '45',
    meterClasses: ['Klasse 2', 'Klasse 3'],
    calibrationYears: 5,
    dailyUse: [5_000, 8_000],
    registers: 2,
  },
  HV: {
    segment: '04',
    serialPrefix: '67',
    meterClasses: ['EN 834'],
    dailyUse: [400, 1_200],
    registers: 1,
  },
  RWM: { segment: '21', serialPrefix: '91', meterClasses: ['EN 14604'], registers: 1 },
  RM: { segment: '21', serialPrefix: '92', meterClasses: ['EN 54-7'], registers: 1 },
  GWA: { segment: '21', serialPrefix: '95', meterClasses: ['EN 50194'], registers: 1 },
}

export const HEATED_ROOMS = [
  'Wohnzimmer',
  'Schlafzimmer',
  'Küche',
  'Bad',
  'Kinderzimmer',
  'Arbeitszimmer',
]
export const OFFICE_ROOMS = ['Büro 1', 'Büro 2', 'Besprechungsraum', 'Teeküche', 'Empfang']

/** §3 measurements: how a reading was taken (MASSREAD_TXT). */
export const READING_TYPES = {
  radio: 'Funkablesung',
  fitter: 'Ablesung durch Monteur',
  customer: 'Ablesung durch Kunde',
  estimate: ESTIMATED_READING_TYPE,
} as const

/** Reading order reasons outside §5's list (AB, EB, NW, ZM, ZO): the portal drops them. */
export const OTHER_READING_REASONS = { control: 'KA', special: 'SO' } as const

export const LEGAL_FORMS = [
  'GmbH',
  'GmbH & Co. KG',
  'KG',
  'AG',
  'e.K.',
  'UG (haftungsbeschränkt)',
  'OHG',
]
export const OWNER_COMPANY_WORDS = [
  'Wohnbau',
  'Grundbesitz',
  'Immobilien',
  'Hausbesitz',
  'Wohnungsgesellschaft',
]
export const BUSINESS_TENANT_WORDS = [
  'Bäckerei',
  'Physiotherapie',
  'Steuerkanzlei',
  'Zahnarztpraxis',
  'Architekturbüro',
  'Friseursalon',
  'Blumen',
  'Ingenieurbüro',
  'Optik',
  'Versicherungsbüro',
]
export const MAIL_PROVIDERS = ['example.com', 'example.net', 'example.org']
