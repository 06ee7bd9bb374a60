/** §3: supply area of a cost line (VERSBEREICH). */
export const SUPPLY_AREAS = {
  NK: 'Nebenkosten',
  HK: 'Heizkosten',
  SK: 'Sonderkosten',
  BK: 'Betriebskosten',
} as const
export type SupplyArea = keyof typeof SUPPLY_AREAS

/**
 * The allocation keys of the catalogue (value-list entries obj 'SCHLUESSEL'); the water tariff
 * models (attributes TM_KW, TM_WW) name the key their billing follows.
 */
export const ALLOCATION_KEYS = {
  WF: 'Wohnfläche',
  NF: 'Nutzfläche',
  HF: 'Heizfläche',
  NE: 'Anzahl Nutzeinheiten',
  VERB: 'Verbrauch',
  PERS: 'Personenzahl',
  MEA: 'Miteigentumsanteile',
  DIR: 'Direkte Zuordnung',
} as const
export type AllocationKey = keyof typeof ALLOCATION_KEYS

/** §3: the object an expense is allocated to. */
export const EXPENSE_OBJECT_TYPES = {
  ANSCHLUSS: 'Anschluss',
  NUTZUNGSEINHEIT: 'Nutzeinheit',
  VERTRAG: 'Vertrag',
  NUTZERGRUPPE: 'Nutzergruppe',
  /** Units grouped by their use (Wohnen, Gewerbe); decision 044. */
  NUTZGRUPPE: 'Nutzungsart',
  VSTELLE: 'Verbrauchsstelle',
} as const
export type ExpenseObjectType = keyof typeof EXPENSE_OBJECT_TYPES
