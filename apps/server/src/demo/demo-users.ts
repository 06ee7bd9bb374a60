/** The demo logins, printed by `npm start` and listed in the README. */

/** The business partner of the demo owner: the HE (owner) of some, not all, properties of 1000. */
export const DEMO_OWNER_PARTNER = 'P1000000001'

export interface DemoUser {
  userName: string
  companyCode: string
  businessPartner: string | null
  name: string
  mail: string
  /** What the login shows, in German, for the start banner and the README. */
  description: string
  /**
   * Decision 065: a resident; the generator ties him to a tenant's contract of a radio-read unit
   * whose previous tenant moved out in the last twelve months (`demoResidentContract`).
   */
  resident?: true
}

export const DEMO_USERS: readonly DemoUser[] = [
  {
    userName: 'verwalter',
    companyCode: '1000',
    businessPartner: null,
    name: 'Thomas Brandt',
    mail: 'thomas.brandt@hv-rhein-main.example',
    description:
      'Hausverwaltung ohne Geschäftspartner: sieht alle aktiven Liegenschaften des Buchungskreises 1000.',
  },
  {
    userName: 'eigentuemer',
    companyCode: '1000',
    businessPartner: DEMO_OWNER_PARTNER,
    name: 'Helga Sommerfeld',
    mail: 'helga.sommerfeld@example.com',
    description: `Eigentümerin mit Geschäftspartner ${DEMO_OWNER_PARTNER}: sieht nur ihre eigenen Liegenschaften im Buchungskreis 1000.`,
  },
  {
    userName: 'fremd',
    companyCode: '2000',
    businessPartner: null,
    name: 'Jan Petersen',
    mail: 'jan.petersen@nordwohnen.example',
    description:
      'Benutzer eines anderen Kunden (Buchungskreis 2000): sieht keine Daten des Buchungskreises 1000.',
  },
  {
    userName: 'bewohner',
    companyCode: '1000',
    businessPartner: null,
    name: 'Bewohner (Name aus seinem Vertrag)',
    mail: 'bewohner@example.com',
    description:
      'Bewohner (Mieter) einer Nutzeinheit mit Funkzählern im Buchungskreis 1000: sieht nur seine eigene monatliche Verbrauchsinformation seit seinem Einzug; sein Vormieter ist in den letzten zwölf Monaten ausgezogen.',
    resident: true,
  },
]
