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

/** What a carrier's code stands for. */
type CarrierFacts = Omit<EnergyCarrier, 'code'>

/** Natural gas from the grid: in kWh on the upper heating value (Hs), delivered continuously. */
const gridGas = (name: string, kgPerKWhHi: string): CarrierFacts => ({
  name,
  quantityUnit: 'kWh',
  heatingValueBasis: 'Hs',
  kWhHiPerUnit: null,
  kgPerKWhHi,
  continuousDelivery: true,
  biogenic: false,
})

/**
 * A stored fuel, stated on the lower heating value and delivered at the line's date: the unit it is
 * invoiced in, the kWh (Hi) one unit holds (null for a quantity in kWh), its kg CO2 per kWh (Hi).
 */
const storedFuel = (
  name: string,
  quantityUnit: EnergyCarrier['quantityUnit'],
  kWhHiPerUnit: string | null,
  kgPerKWhHi: string,
  biogenic = false,
): CarrierFacts => ({
  name,
  quantityUnit,
  heatingValueBasis: 'Hi',
  kWhHiPerUnit,
  kgPerKWhHi,
  continuousDelivery: false,
  biogenic,
})

/** Wood in kilograms: biogenic, so its emission factor under the BEHG is zero. */
const wood = (name: string, kWhHiPerUnit: string): CarrierFacts =>
  storedFuel(name, 'kg', kWhHiPerUnit, '0', true)

const CARRIER_FACTS: Readonly<Record<EnergyCarrierCode, CarrierFacts>> = {
  ERDGAS_H: gridGas('Erdgas H', '0.201'),
  ERDGAS_L: gridGas('Erdgas L', '0.201'),
  HEIZOEL_EL: storedFuel('Heizöl EL', 'l', '10', '0.2664'),
  FLUESSIGGAS: storedFuel('Flüssiggas (LPG)', 'kWh', null, '0.2358'),
  STEINKOHLE: storedFuel('Steinkohle', 'kg', '8', '0.3348'),
  BRAUNKOHLE: storedFuel('Braunkohlebriketts', 'kg', '5.5', '0.3636'),
  KOKS: storedFuel('Koks', 'kg', '8', '0.378'),
  // heat bought as heat: only the invoice can state its emissions
  FERNWAERME: {
    name: 'Fernwärme',
    quantityUnit: 'kWh',
    heatingValueBasis: null,
    kWhHiPerUnit: null,
    kgPerKWhHi: null,
    continuousDelivery: true,
    biogenic: false,
  },
  HOLZ: wood('Scheitholz', '4.1'),
  PELLETS: wood('Holzpellets', '5'),
}

export const ENERGY_CARRIERS = Object.fromEntries(
  ENERGY_CARRIER_CODES.map((code) => [code, { code, ...CARRIER_FACTS[code] }]),
) as Readonly<Record<EnergyCarrierCode, EnergyCarrier>>

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
