/** §8: the error codes set on a failed call, each with a short German description. */
export const ERROR_CODES = {
  100: 'Aktivität konnte nicht angelegt werden',
  101: 'Suche nach Anhängen fehlgeschlagen',
  102: 'Hochladen fehlgeschlagen',
  103: 'Herunterladen fehlgeschlagen',
  104: 'Löschen fehlgeschlagen',
  105: 'Anmeldung ohne Token beantwortet',
  108: 'Anmeldung fehlgeschlagen oder Token für das Zurücksetzen des Passworts nicht erhalten',
  109: 'Zurücksetzen des Passworts fehlgeschlagen',
  110: 'Anschlüsse konnten nicht geladen werden',
  111: 'Verträge konnten nicht geladen werden',
  112: 'Zeitraumbezogene Daten konnten nicht geladen werden',
  113: 'Suche nach Kostenverteilungen fehlgeschlagen',
  114: 'Verteilerschlüssel für die Kosten konnten nicht geladen werden',
  115: 'Abschluss der Kostenerfassung fehlgeschlagen',
  116: 'Genehmigung der Kostenverteilung fehlgeschlagen',
  117: 'Kosten konnten nicht hinzugefügt werden',
  118: 'Kosten konnten nicht geändert werden',
  119: 'Kosten konnten nicht gelöscht werden',
  120: 'Betriebskosten konnten nicht geladen werden',
  121: 'Prüfung auf Gewerbenutzung fehlgeschlagen',
  122: 'Geräte konnten nicht geladen werden',
  123: 'Abrechnungsobjekte konnten nicht geladen werden',
  124: 'Rechnungen konnten nicht geladen werden',
  125: 'Anhänge konnten nicht geladen werden',
  126: 'Datei konnte nicht heruntergeladen werden',
  127: 'Ableseaufträge konnten nicht geladen werden',
  128: 'Passwort konnte nicht geändert werden',
  129: 'Nutzeinheiten (Verbrauchsstellen) konnten nicht geladen werden',
  130: 'Details der Nutzeinheit konnten nicht geladen werden',
} as const
export type ErrorCode = keyof typeof ERROR_CODES

/** §8: the same codes by name, so callers need no magic numbers. */
export const ERROR = {
  activityAdd: 100,
  attachmentSearch: 101,
  upload: 102,
  download: 103,
  delete: 104,
  loginNoToken: 105,
  loginFailed: 108,
  passwordReset: 109,
  connections: 110,
  contracts: 111,
  dateRangeRecords: 112,
  distributionSearch: 113,
  allocationKeys: 114,
  entryFinalization: 115,
  distributionApproval: 116,
  expenseAdd: 117,
  expenseUpdate: 118,
  expenseDelete: 119,
  operatingCosts: 120,
  businessCheck: 121,
  devices: 122,
  billingObjects: 123,
  invoices: 124,
  attachments: 125,
  fileDownload: 126,
  readingOrders: 127,
  passwordChange: 128,
  pointsOfDelivery: 129,
  unitDetails: 130,
} as const satisfies Record<string, ErrorCode>

/** §8: the answer to a login with wrong credentials (HTTP 401), verbatim. */
export const LOGIN_FAILED_MESSAGE = 'Login Fehler! Bitte überprüfen sie Benutzername und Passwort.'

/** §8: what the failed login means and what the user can do. */
export const LOGIN_FAILED_HINT =
  'Die Zugangsdaten sind nicht korrekt. Bitte überprüfen Sie Benutzername und Passwort, ' +
  'setzen Sie Ihr Passwort zurück oder wenden Sie sich an den Kundenservice.'

/** §8: the message for every failure without a specific one. */
export const GENERIC_ERROR_MESSAGE = 'Leider ist ein Fehler aufgetreten'

/** §8: the generic message with the hint to try later or call customer service quoting the code. */
export function genericErrorText(code: number): string {
  return (
    `${GENERIC_ERROR_MESSAGE}. Bitte versuchen Sie es später erneut oder wenden Sie sich ` +
    `unter Angabe des Fehlercodes ${code} an den Kundenservice.`
  )
}

/** §2, §8: what an empty list shows. */
export const EMPTY_LIST_MESSAGE = 'Keine Daten vorhanden!'
