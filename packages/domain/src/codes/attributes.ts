import { formatAmount, formatDecimal, isDecimalString } from '../format/amount'
import { ALLOCATION_KEYS } from './costs'
import { label } from './label'

/** §3: master data attributes of a property or usage unit (legacy ATTRIBUTES transaction). */
export const ATTRIBUTE_LABELS = {
  HF: 'Heizfläche',
  EMF: 'Energiebezugsfläche',
  NF: 'Nutzfläche',
  WF: 'Wohnfläche',
  GNA: 'Gebäudenutzungsart',
  NE: 'Anzahl Nutzeinheiten',
  TM_KW: 'Tarifmodell Kaltwasser',
  TM_WW: 'Tarifmodell Warmwasser',
  GK_HZ: 'Gerätekosten Heizung',
  GK_WA: 'Gerätekosten Warmwasser',
  BJ: 'Baujahr',
} as const
export type AttributeCode = keyof typeof ATTRIBUTE_LABELS

/** Units of the attributes that are measured; the others are counts, codes or years. */
export const ATTRIBUTE_UNITS: Readonly<Partial<Record<AttributeCode, string>>> = {
  HF: 'm²',
  EMF: 'm²',
  NF: 'm²',
  WF: 'm²',
}

/** The tariff models of cold and warm water: their values are allocation keys (VERB, WF …). */
const TARIFF_MODEL_ATTRIBUTES: ReadonlySet<string> = new Set(['TM_KW', 'TM_WW'])

/** Device costs (Gerätekosten) are amounts in EUR. */
const MONEY_ATTRIBUTES: ReadonlySet<string> = new Set(['GK_HZ', 'GK_WA'])

/** §3: values of the attribute GNA (Gebäudenutzungsart). */
export const BUILDING_USAGE_TYPES = {
  W: 'Wohnen',
  G: 'Gewerbe',
  WG: 'Wohnen und Gewerbe',
} as const
export type BuildingUsageType = keyof typeof BUILDING_USAGE_TYPES

/**
 * The display text of an attribute value: GNA and the tariff models as their labels, areas with decimal comma and unit
 * ('85,50 m²'); anything else as sent, so a year such as 1975 never turns into '1.975'.
 */
export function formatAttributeValue(code: string, value: string | null | undefined): string {
  if (value === null || value === undefined) return ''
  if (code === 'GNA') return label(BUILDING_USAGE_TYPES, value)
  if (TARIFF_MODEL_ATTRIBUTES.has(code)) return label(ALLOCATION_KEYS, value)
  if (MONEY_ATTRIBUTES.has(code) && isDecimalString(value)) return formatAmount(value)
  const unit = Object.hasOwn(ATTRIBUTE_UNITS, code)
    ? ATTRIBUTE_UNITS[code as AttributeCode]
    : undefined
  if (unit === undefined || !isDecimalString(value)) return value
  return `${formatDecimal(value, 2)}\u00a0${unit}`
}
