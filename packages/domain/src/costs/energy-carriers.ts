/**
 * The energy carriers of a heating distribution's fuel lines, as codes (decision 032):
 * the unit a supplier invoices the quantity in, on which heating value, and the emission factor
 * that turns it into kg CO2 where the invoice states none.
 *
 * Emission factors are kg CO2 per kWh of the lower heating value (Hi), the basis of the standard
 * values of the EBeV 2030 (Anlage 2 Teil 4); the heating values per litre or kilogram are those of
 * § 9 Abs. 2 HeizkostenV. Natural gas is invoiced in kWh of the upper heating value (Hs), which
 * § 9 Abs. 2 HeizkostenV relates to Hi by the factor 1.11.
 */

export const ENERGY_CARRIER_CODES = [
  'ERDGAS_H',
  'ERDGAS_L',
  'HEIZOEL_EL',
  'FLUESSIGGAS',
  'STEINKOHLE',
  'BRAUNKOHLE',
  'KOKS',
  'FERNWAERME',
  'HOLZ',
  'PELLETS',
] as const
export type EnergyCarrierCode = (typeof ENERGY_CARRIER_CODES)[number]

export type HeatingValueBasis = 'Hs' | 'Hi'

export interface EnergyCarrier {
  code: EnergyCarrierCode
  name: string
  /** The unit the quantity is invoiced and recorded in. */
  quantityUnit: 'kWh' | 'l' | 'kg'
  /** The heating value a quantity in kWh is stated on; null for heat bought as heat. */
  heatingValueBasis: HeatingValueBasis | null
  /** kWh (Hi) per litre or kilogram (§ 9 Abs. 2 HeizkostenV); null for quantities in kWh. */
  kWhHiPerUnit: string | null
  /** kg CO2 per kWh (Hi); null where only the invoice can state it (district heating). */
  kgPerKWhHi: string | null
  /**
   * Delivered continuously through a grid (gas, district heating): the delivery is spread over
   * the line's period for the CO2 price and the VAT; a stored fuel is delivered at the line's date.
   */
  continuousDelivery: boolean
  /** Biogenic: no fuel emissions under the BEHG (§ 2 Abs. 2 BEHG, emission factor zero). */
  biogenic: boolean
}

/** Hs / Hi of natural gas, § 9 Abs. 2 HeizkostenV. */
export const NATURAL_GAS_HS_PER_HI = '1.11'

export const ENERGY_CARRIERS: Readonly<Record<EnergyCarrierCode, EnergyCarrier>> = {
  ERDGAS_H: {
    code: 'ERDGAS_H',
    name: 'Erdgas H',
    quantityUnit: 'kWh',
    heatingValueBasis: 'Hs',
    kWhHiPerUnit: null,
    kgPerKWhHi: '0.201',
    continuousDelivery: true,
    biogenic: false,
  },
  ERDGAS_L: {
    code: 'ERDGAS_L',
    name: 'Erdgas L',
    quantityUnit: 'kWh',
    heatingValueBasis: 'Hs',
    kWhHiPerUnit: null,
    kgPerKWhHi: '0.201',
    continuousDelivery: true,
    biogenic: false,
  },
  HEIZOEL_EL: {
    code: 'HEIZOEL_EL',
    name: 'Heizöl EL',
    quantityUnit: 'l',
    heatingValueBasis: 'Hi',
    kWhHiPerUnit: '10',
    kgPerKWhHi: '0.2664',
    continuousDelivery: false,
    biogenic: false,
  },
  FLUESSIGGAS: {
    code: 'FLUESSIGGAS',
    name: 'Flüssiggas (LPG)',
    quantityUnit: 'kWh',
    heatingValueBasis: 'Hi',
    kWhHiPerUnit: null,
    kgPerKWhHi: '0.2358',
    continuousDelivery: false,
    biogenic: false,
  },
  STEINKOHLE: {
    code: 'STEINKOHLE',
    name: 'Steinkohle',
    quantityUnit: 'kg',
    heatingValueBasis: 'Hi',
    kWhHiPerUnit: '8',
    kgPerKWhHi: '0.3348',
    continuousDelivery: false,
    biogenic: false,
  },
  BRAUNKOHLE: {
    code: 'BRAUNKOHLE',
    name: 'Braunkohlebriketts',
    quantityUnit: 'kg',
    heatingValueBasis: 'Hi',
    kWhHiPerUnit: '5.5',
    kgPerKWhHi: '0.3636',
    continuousDelivery: false,
    biogenic: false,
  },
  KOKS: {
    code: 'KOKS',
    name: 'Koks',
    quantityUnit: 'kg',
    heatingValueBasis: 'Hi',
    kWhHiPerUnit: '8',
    kgPerKWhHi: '0.378',
    continuousDelivery: false,
    biogenic: false,
  },
  FERNWAERME: {
    code: 'FERNWAERME',
    name: 'Fernwärme',
    quantityUnit: 'kWh',
    heatingValueBasis: null,
    kWhHiPerUnit: null,
    kgPerKWhHi: null,
    continuousDelivery: true,
    biogenic: false,
  },
  HOLZ: {
    code: 'HOLZ',
    name: 'Scheitholz',
    quantityUnit: 'kg',
    heatingValueBasis: 'Hi',
    kWhHiPerUnit: '4.1',
    kgPerKWhHi: '0',
    continuousDelivery: false,
    biogenic: true,
  },
  PELLETS: {
    code: 'PELLETS',
    name: 'Holzpellets',
    quantityUnit: 'kg',
    heatingValueBasis: 'Hi',
    kWhHiPerUnit: '5',
    kgPerKWhHi: '0',
    continuousDelivery: false,
    biogenic: true,
  },
}

/** A carrier as the choices name it: 'Heizöl EL (l)'. */
export const energyCarrierLabel = (code: EnergyCarrierCode) =>
  `${ENERGY_CARRIERS[code].name} (${ENERGY_CARRIERS[code].quantityUnit})`

export const isEnergyCarrierCode = (value: unknown): value is EnergyCarrierCode =>
  typeof value === 'string' && Object.hasOwn(ENERGY_CARRIERS, value)

/**
 * The carrier of a fuel line that names none (lines recorded before carriers were codes): heating
 * oil when it is in litres, else natural gas H. A guess by design: the split says it guessed and
 * the user corrects it from the invoice.
 */
export function assumedEnergyCarrier(unit: string | null): EnergyCarrierCode {
  return unit === 'l' ? 'HEIZOEL_EL' : 'ERDGAS_H'
}
