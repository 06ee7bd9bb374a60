/** §3: salutations of the tenant change form. */
export const SALUTATIONS = {
  FR: 'Frau',
  HR: 'Herr',
  HF: 'Herr und Frau',
  EP: 'Eheleute',
  FA: 'Familie',
  WG: 'Wohngemeinschaft',
  O: 'keine Anrede',
  UN: 'Firma',
  OR: 'Organisation',
} as const
export type Salutation = keyof typeof SALUTATIONS

/** §3: academic titles of the tenant change form. */
export const TITLES = {
  DR: 'Dr.',
  PROF: 'Prof.',
  PRDR: 'Prof. Dr.',
} as const
export type Title = keyof typeof TITLES

/** §3: property contacts; data fields of a property, not login roles. */
export const PROPERTY_CONTACT_ROLES = {
  EIGENTUEMER: 'Eigentümer',
  VERWALTER: 'Hausverwaltung',
  HAUSMEISTER: 'Hausmeister',
  ABW_LE: 'Abweichender Leistungsempfänger',
} as const
export type PropertyContactRole = keyof typeof PROPERTY_CONTACT_ROLES
