/** §3: supply area of a cost line (VERSBEREICH). */
export const SUPPLY_AREAS = {
  NK: 'Nebenkosten',
  HK: 'Heizkosten',
  SK: 'Sonderkosten',
  BK: 'Betriebskosten',
} as const
export type SupplyArea = keyof typeof SUPPLY_AREAS

/** §3: the object an expense is allocated to. */
export const EXPENSE_OBJECT_TYPES = {
  ANSCHLUSS: 'Anschluss',
  NUTZUNGSEINHEIT: 'Nutzungseinheit',
  VERTRAG: 'Vertrag',
  NUTZERGRUPPE: 'Nutzergruppe',
  NUTZGRUPPE: 'Nutzungsgruppe',
  VSTELLE: 'Verbrauchsstelle',
} as const
export type ExpenseObjectType = keyof typeof EXPENSE_OBJECT_TYPES
