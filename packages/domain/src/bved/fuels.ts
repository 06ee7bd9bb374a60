/**
 * Table B of the bved exchange (Brennstoffe, page 24 of the specification 3.05, and the keys of
 * version 3.10) against the energy
 * carriers of the CO2 split (decision 032): which carrier a fuel key is, and how its quantity
 * becomes a quantity in the carrier's unit. A key whose unit cannot be turned into the carrier's
 * exactly (cubic metres of gas, gigajoules, steres) is named but not taken: its quantity would
 * need a heating value the standard does not fix.
 */
import type { EnergyCarrierCode } from '../costs/energy-carriers'

export interface BvedFuel {
  /** The key of table B, three digits. */
  key: string
  /** The standard's words: 'Leichtes Heizöl in Liter'. */
  name: string
  /** The carrier of the CO2 split; null where the portal has none (electricity, biogas …). */
  carrier: EnergyCarrierCode | null
  /**
   * What one unit of the file's quantity is in the carrier's unit: '1', '1000' (MWh to kWh, t to
   * kg); null where no exact factor exists.
   */
  factor: string | null
}

const fuel = (
  key: string,
  name: string,
  carrier: EnergyCarrierCode | null,
  factor: string | null,
): BvedFuel => ({ key, name, carrier, factor })

/** Table B of version 3.05, every key, and the keys version 3.10 adds. */
export const BVED_FUELS: readonly BvedFuel[] = [
  fuel('111', 'Leichtes Heizöl in Liter', 'HEIZOEL_EL', '1'),
  fuel('112', 'Leichtes Heizöl in kg', 'HEIZOEL_EL', null),
  fuel('119', 'Leichtes Heizöl lt. Uhr', 'HEIZOEL_EL', '1'),
  fuel('122', 'Koks in kg', 'KOKS', '1'),
  fuel('123', 'Holzpellets in kg', 'PELLETS', '1'),
  fuel('124', 'Holzpellets in Tonnen', 'PELLETS', '1000'),
  fuel('125', 'Holzpellets in kWh', 'PELLETS', null),
  fuel('133', 'Erdgas L (leicht) in m³', 'ERDGAS_L', null),
  fuel('134', 'Erdgas L (leicht) in kWh', 'ERDGAS_L', '1'),
  fuel('135', 'Erdgas L (leicht) in MWh', 'ERDGAS_L', '1000'),
  fuel('136', 'Erdgas L (leicht) in GJ', 'ERDGAS_L', null),
  fuel('142', 'Nahwärme in kWh', 'FERNWAERME', '1'),
  fuel('143', 'Nahwärme in MWh', 'FERNWAERME', '1000'),
  fuel('144', 'Fernwärme in kWh', 'FERNWAERME', '1'),
  fuel('145', 'Fernwärme in MWh', 'FERNWAERME', '1000'),
  fuel('146', 'Fernwärme in GJ', 'FERNWAERME', null),
  fuel('147', 'Fernwärme in Tonnen', 'FERNWAERME', null),
  fuel('148', 'Fernwärme in m³', 'FERNWAERME', null),
  // the history (page 2, 26.02.10) adds key 150, which the table of page 24 does not list
  fuel('150', 'Flüssiggas in kWh', 'FLUESSIGGAS', '1'),
  fuel('151', 'Flüssiggas in Liter', 'FLUESSIGGAS', null),
  fuel('152', 'Flüssiggas in kg', 'FLUESSIGGAS', null),
  fuel('153', 'Flüssiggas in m³', 'FLUESSIGGAS', null),
  fuel('164', 'Strom in kWh', null, '1'),
  fuel('165', 'Strom in MWh', null, '1000'),
  fuel('173', 'Kokereigas in m³', null, null),
  fuel('174', 'Kokereigas in kWh', null, '1'),
  fuel('175', 'Kokereigas in MWh', null, '1000'),
  fuel('176', 'Kokereigas in GJ', null, null),
  fuel('193', 'Erdgas H (schwer) in m³', 'ERDGAS_H', null),
  fuel('194', 'Erdgas H (schwer) in kWh', 'ERDGAS_H', '1'),
  fuel('195', 'Erdgas H (schwer) in MWh', 'ERDGAS_H', '1000'),
  fuel('196', 'Erdgas H (schwer) in GJ', 'ERDGAS_H', null),
  fuel('197', 'Holz in Ster', 'HOLZ', null),
  fuel('198', 'Holz (lufttrocken) in kg', 'HOLZ', '1'),
  fuel('199', 'Holzhackschnitzel in SRm', 'HOLZ', null),
  fuel('200', 'Erdwärme', null, null),
  fuel('201', 'Schweres Heizöl in Liter', null, '1'),
  fuel('202', 'Braunkohle in kg', 'BRAUNKOHLE', '1'),
  fuel('203', 'Steinkohle in kg', 'STEINKOHLE', '1'),
  fuel('204', 'Bio-Gas in m³', null, null),
  fuel('205', 'Bio-Gas in kWh', null, '1'),
  // version 3.10 (decision 064): a provider's published table B 03.10 and an open implementation
  fuel('206', 'Strom für Wärmepumpe in kWh', null, '1'),
  fuel('207', 'Strom für Wärmepumpe in MWh', null, '1000'),
  fuel('208', 'Strom für Wärmepumpe in GJ', null, null),
  fuel('209', 'Solar-Energie in kWh', null, '1'),
  fuel('211', 'Holzhackschnitzel in kg', 'HOLZ', '1'),
]

const BY_KEY = new Map(BVED_FUELS.map((entry) => [entry.key, entry]))

/** The fuel of a key of table B, or undefined for a key the table does not have. */
export const bvedFuel = (key: string): BvedFuel | undefined => BY_KEY.get(key)

/** The key of table B each carrier is written with: the one in the carrier's own unit. */
const WRITTEN_KEYS: Readonly<Record<EnergyCarrierCode, string>> = {
  ERDGAS_H: '194',
  ERDGAS_L: '134',
  HEIZOEL_EL: '111',
  FLUESSIGGAS: '150',
  STEINKOHLE: '203',
  BRAUNKOHLE: '202',
  KOKS: '122',
  FERNWAERME: '144',
  HOLZ: '198',
  PELLETS: '123',
}

/** The key of table B a carrier is written with. */
export const bvedFuelKeyOf = (carrier: EnergyCarrierCode): string => WRITTEN_KEYS[carrier]
