/**
 * The operations of the API document: a stable `operationId` (clients generated from the document
 * name their functions after it, so it never changes once published), a German `summary`, and the
 * error answers beyond those every route has. One entry per route; a test walks the route table.
 */

export interface OperationDoc {
  operationId: string
  summary: string
  /** Error statuses this operation answers beyond 400, 401 and 404 (see `errorStatusesOf`). */
  errors?: readonly number[]
}

const CHANGE = [409, 422] as const
const UPLOAD = [413, 415, 422] as const

export const OPERATIONS: Record<string, OperationDoc> = {
  'GET /api/health': { operationId: 'getHealth', summary: 'Betriebsbereitschaft prüfen' },
  'GET /api/health/live': { operationId: 'getLiveness', summary: 'Lebenszeichen des Prozesses' },
  'GET /api/health/ready': {
    operationId: 'getReadiness',
    summary: 'Bereitschaft prüfen (Datenbank und Migrationen)',
  },
  'POST /api/token': { operationId: 'signIn', summary: 'Anmelden', errors: [401, 429] },
  'POST /api/token/revoke': {
    operationId: 'signOut',
    summary: 'Abmelden (diese Sitzung beenden)',
    errors: [422],
  },
  'POST /api/token/revoke-all': {
    operationId: 'signOutEverywhere',
    summary: 'Auf allen Geräten abmelden (alle Token widerrufen)',
    errors: [422],
  },
  'POST /api/persistence/users-search': {
    operationId: 'searchUsers',
    summary: 'Angemeldeten Benutzer lesen',
  },
  'POST /api/configuration/company-code-search': {
    operationId: 'searchCompanyCodes',
    summary: 'Buchungskreis des Benutzers lesen',
  },
  'POST /api/persistence/connections-search': {
    operationId: 'searchConnections',
    summary: 'Anschlüsse suchen',
  },
  'GET /api/persistence/connections/{connection}': {
    operationId: 'getConnection',
    summary: 'Anschluss lesen',
  },
  'GET /api/persistence/partners/{id}': {
    operationId: 'getPartner',
    summary: 'Geschäftspartner lesen',
  },
  'GET /api/persistence/products/{id}': { operationId: 'getProduct', summary: 'Produkt lesen' },
  'POST /api/persistence/points-of-delivery-search': {
    operationId: 'searchPointsOfDelivery',
    summary: 'Verbrauchsstellen suchen',
  },
  'GET /api/persistence/points-of-delivery/{id}': {
    operationId: 'getPointOfDelivery',
    summary: 'Verbrauchsstelle lesen',
  },
  'GET /api/persistence/points-of-delivery/{id}/monthly-consumption': {
    operationId: 'getMonthlyConsumption',
    summary: 'Verbrauch je Monat einer Verbrauchsstelle lesen (§ 6a HeizkostenV)',
  },
  'GET /api/persistence/points-of-delivery/{id}/monthly-consumption/{month}/pdf': {
    operationId: 'downloadConsumptionInformation',
    summary: 'Verbrauchsinformation eines Monats als PDF laden',
  },
  'GET /api/persistence/connections/{connection}/monthly-consumption': {
    operationId: 'getPropertyConsumption',
    summary: 'Verbrauch der Nutzeinheiten einer Liegenschaft gegen ihren Durchschnitt lesen',
  },
  'GET /api/persistence/connection-object-relations/{connection}': {
    operationId: 'getConnectionObjectRelations',
    summary: 'Beziehungen eines Anschlusses lesen',
  },
  'GET /api/persistence/point-of-delivery-object-relations/{id}': {
    operationId: 'getPointOfDeliveryObjectRelations',
    summary: 'Beziehungen einer Verbrauchsstelle lesen',
  },
  'GET /api/persistence/contracts/{key}': { operationId: 'getContract', summary: 'Vertrag lesen' },
  'GET /api/persistence/contract-accounts/{contractAccount}': {
    operationId: 'getContractAccount',
    summary: 'Vertragskonto lesen',
  },
  'GET /api/persistence/devices/{key}': { operationId: 'getDevice', summary: 'Gerät lesen' },
  'GET /api/persistence/billing-objects/{key}': {
    operationId: 'getBillingObject',
    summary: 'Abrechnungsobjekt lesen',
  },
  'POST /api/persistence/reading-orders-search': {
    operationId: 'searchReadingOrders',
    summary: 'Ableseaufträge suchen',
  },
  'POST /api/persistence/operating-costs-search': {
    operationId: 'searchOperatingCosts',
    summary: 'Kostenverteilungen suchen',
  },
  'GET /api/persistence/operating-costs/{id}': {
    operationId: 'getOperatingCosts',
    summary: 'Kostenverteilung mit Kostenzeilen lesen',
  },
  'GET /api/persistence/operating-costs/{id}/history': {
    operationId: 'getOperatingCostsHistory',
    summary: 'Verlauf einer Kostenverteilung lesen',
  },
  'GET /api/persistence/operating-costs/{id}/co2-split': {
    operationId: 'getCo2Split',
    summary: 'CO2-Kostenaufteilung einer Heizkostenverteilung berechnen',
  },
  'PUT /api/persistence/operating-costs/{id}/co2-split': {
    operationId: 'correctCo2Split',
    summary: 'Angaben der CO2-Kostenaufteilung laut Rechnung korrigieren',
    errors: CHANGE,
  },
  'GET /api/persistence/personal-data': {
    operationId: 'downloadPersonalData',
    summary: 'Meine Daten als ZIP laden (Art. 15 und 20 DSGVO)',
  },
  'GET /api/persistence/operating-costs/{id}/history/{sequence}/receipt': {
    operationId: 'downloadDecisionReceipt',
    summary: 'Beleg einer Genehmigung oder Ablehnung als PDF laden',
  },
  'POST /api/persistence/operating-costs/{id}/heating-expenses': {
    operationId: 'listOrAddHeatingExpenses',
    summary: 'Heizkostenzeilen lesen oder hinzufügen',
    errors: CHANGE,
  },
  'PATCH /api/persistence/operating-costs/{id}/heating-expenses/{guid}': {
    operationId: 'updateHeatingExpense',
    summary: 'Heizkostenzeile ändern',
    errors: [403, ...CHANGE],
  },
  'DELETE /api/persistence/operating-costs/{id}/heating-expenses/{guid}': {
    operationId: 'deleteHeatingExpense',
    summary: 'Heizkostenzeile löschen',
    errors: [403, ...CHANGE],
  },
  'POST /api/persistence/operating-costs/{id}/working-expenses': {
    operationId: 'listOrAddWorkingExpenses',
    summary: 'Betriebskostenzeilen lesen oder hinzufügen',
    errors: CHANGE,
  },
  'PATCH /api/persistence/operating-costs/{id}/working-expenses/{guid}': {
    operationId: 'updateWorkingExpense',
    summary: 'Betriebskostenzeile ändern',
    errors: [403, ...CHANGE],
  },
  'DELETE /api/persistence/operating-costs/{id}/working-expenses/{guid}': {
    operationId: 'deleteWorkingExpense',
    summary: 'Betriebskostenzeile löschen',
    errors: [403, ...CHANGE],
  },
  'POST /api/processes/operating-costs/entry-finalization': {
    operationId: 'finalizeEntry',
    summary: 'Kosten als erfasst melden',
    errors: CHANGE,
  },
  'POST /api/processes/operating-costs/distribution-approval': {
    operationId: 'decideDistribution',
    summary: 'Kostenverteilung genehmigen oder ablehnen',
    errors: CHANGE,
  },
  'POST /api/processes/operating-costs/invoice-approval': {
    operationId: 'decideInvoice',
    summary: 'Rechnung genehmigen oder ablehnen',
    errors: CHANGE,
  },
  'POST /api/processes/system/value-list': {
    operationId: 'getValueList',
    summary: 'Werteliste der Kostenerfassung lesen',
  },
  'POST /api/persistence/attachments-search': {
    operationId: 'searchAttachments',
    summary: 'Dateien suchen',
  },
  'POST /api/persistence/correspondences-search': {
    operationId: 'searchCorrespondences',
    summary: 'Korrespondenzen suchen',
  },
  'POST /api/persistence/billing-vouchers-search': {
    operationId: 'searchBillingVouchers',
    summary: 'Abrechnungsbelege suchen',
  },
  'POST /api/persistence/voucher-search': {
    operationId: 'searchVouchers',
    summary: 'Belegpositionen suchen',
  },
  'DELETE /api/persistence/attachments/{id}': {
    operationId: 'deleteAttachment',
    summary: 'Eigene Datei löschen',
    errors: [422],
  },
  'POST /api/persistence/activities': {
    operationId: 'reportTenantChange',
    summary: 'Mieterwechsel melden',
    errors: UPLOAD,
  },
  'GET /api/persistence/notifications': {
    operationId: 'getNotifications',
    summary: 'Benachrichtigungen lesen',
  },
  'POST /api/persistence/notifications/read': {
    operationId: 'markNotificationsRead',
    summary: 'Benachrichtigungen als gelesen markieren',
    errors: [422],
  },
  'POST /api/processes/system/file-upload': {
    operationId: 'uploadCostDocument',
    summary: 'Kostenbeleg hochladen',
    errors: UPLOAD,
  },
  'GET /api/processes/system/file-download/{id}': {
    operationId: 'downloadFile',
    summary: 'Datei herunterladen',
  },
  'POST /api/legacy': { operationId: 'legacyTransaction', summary: 'Altschnittstelle aufrufen' },
  'POST /api/processes/system/password-change': {
    operationId: 'changePassword',
    summary: 'Passwort ändern',
  },
  'GET /api/processes/second-factor': {
    operationId: 'getSecondFactor',
    summary: 'Stand der Zwei-Faktor-Anmeldung lesen',
  },
  'POST /api/processes/second-factor/setup': {
    operationId: 'startSecondFactorSetup',
    summary: 'Zwei-Faktor-Anmeldung einrichten (Schlüssel und QR-Code)',
    errors: CHANGE,
  },
  'POST /api/processes/second-factor/confirm': {
    operationId: 'confirmSecondFactorSetup',
    summary: 'Einrichtung mit dem ersten Code abschließen (Wiederherstellungscodes)',
    errors: CHANGE,
  },
  'POST /api/processes/second-factor/disable': {
    operationId: 'disableSecondFactor',
    summary: 'Zwei-Faktor-Anmeldung ausschalten',
    errors: [...CHANGE, 429],
  },
  'POST /api/processes/second-factor/recovery-codes': {
    operationId: 'renewRecoveryCodes',
    summary: 'Neue Wiederherstellungscodes erzeugen',
    errors: [...CHANGE, 429],
  },
  'POST /api/processes/customer-portal/password-reset': {
    operationId: 'requestPasswordReset',
    summary: 'Zurücksetzen des Passworts anfordern',
    errors: [429],
  },
  'POST /api/processes/customer-portal/password-reset/confirm': {
    operationId: 'confirmPasswordReset',
    summary: 'Neues Passwort über den Link setzen',
    errors: [429],
  },
  'GET /api/configuration/customer': {
    operationId: 'getCustomerConfiguration',
    summary: 'Kundenkonfiguration lesen',
  },
  'GET /api/configuration/faq': { operationId: 'getFaq', summary: 'Häufige Fragen lesen' },
  'GET /customer-assets/{file}': {
    operationId: 'getCustomerAsset',
    summary: 'Datei der Kundenkonfiguration lesen',
  },
  // decision 018: the provider API (provider keys only)
  'GET /api/provider/changes': {
    operationId: 'providerListChanges',
    summary: 'Änderungen der Benutzer abrufen',
    errors: [403],
  },
  'POST /api/provider/steps/distribute': {
    operationId: 'providerDistribute',
    summary: 'Kostenverteilung verteilen (E → V)',
    errors: [403, 404, ...CHANGE],
  },
  'POST /api/provider/steps/release': {
    operationId: 'providerRelease',
    summary: 'Kostenverteilung freigeben (V → F)',
    errors: [403, 404, ...CHANGE],
  },
  'POST /api/provider/steps/cancel': {
    operationId: 'providerCancel',
    summary: 'Kostenverteilung stornieren',
    errors: [403, 404, ...CHANGE],
  },
  'POST /api/provider/import': {
    operationId: 'providerImport',
    summary: 'Daten im Austauschformat importieren',
    errors: [403, 415],
  },
  'GET /api/provider/dump': {
    operationId: 'providerDump',
    summary: 'Gesamten Datenbestand exportieren',
    errors: [403],
  },
  'GET /api/provider/users': {
    operationId: 'providerListUsers',
    summary: 'Benutzer auflisten',
    errors: [403],
  },
  'POST /api/provider/users': {
    operationId: 'providerAddUser',
    summary: 'Benutzer anlegen und einladen',
    errors: [403, 409, 502],
  },
  'POST /api/provider/users/disable': {
    operationId: 'providerDisableUser',
    summary: 'Benutzer sperren',
    errors: [403, 404, 422],
  },
  'POST /api/provider/users/enable': {
    operationId: 'providerEnableUser',
    summary: 'Benutzer entsperren',
    errors: [403, 404, 422],
  },
  'POST /api/provider/users/reset': {
    operationId: 'providerResetUser',
    summary: 'Passwort eines Benutzers zurücksetzen',
    errors: [403, 404, 409, 502],
  },
  'POST /api/provider/users/reset-second-factor': {
    operationId: 'providerResetSecondFactor',
    summary: 'Zwei-Faktor-Anmeldung eines Benutzers zurücksetzen',
    errors: [403, 404, 422],
  },
  'POST /api/provider/users/delete': {
    operationId: 'providerDeleteUser',
    summary: 'Benutzer löschen (DSGVO)',
    errors: [403, 404, 422],
  },
}

/** What each error status means here, and the machine codes it carries. */
export const ERROR_STATUS_DESCRIPTIONS: Record<number, string> = {
  400: 'Ungültige Eingabe; `field` nennt das Feld (VALIDATION_FAILED, INVALID_CHARACTER, INVALID_FILTER_VALUE, EXPENSE_INVALID, REASON_REQUIRED, INVALID_IDEMPOTENCY_KEY …).',
  401: 'Nicht angemeldet oder Token abgelaufen (UNAUTHORIZED, LOGIN_FAILED, SECOND_FACTOR_REQUIRED, SECOND_FACTOR_INVALID); unter /api/provider/: kein gültiger, nicht widerrufener Provider-Schlüssel.',
  403: 'Nicht erlaubt (SERVICE_FEE_READ_ONLY, SERVICE_FEE_NOT_DELETABLE; SECOND_FACTOR_SETUP_REQUIRED: der Kunde verlangt die Zwei-Faktor-Anmeldung, sie ist zuerst einzurichten; PROVIDER_SCOPE_MISSING: dem Provider-Schlüssel fehlt der Bereich der Route).',
  404: 'Nicht gefunden oder für diesen Benutzer nicht sichtbar (NOT_FOUND).',
  409: 'Zustandskonflikt (DISTRIBUTION_NOT_OPEN, INVALID_STATUS_TRANSITION, STALE_VERSION, INVOICE_ALREADY_APPROVED, INVOICE_NOT_DECIDABLE; USER_EXISTS, USER_DISABLED; SECOND_FACTOR_ENABLED, SECOND_FACTOR_NOT_STARTED, SECOND_FACTOR_NOT_ENABLED).',
  413: 'Datei oder Anfrage zu groß (FILE_TOO_LARGE, PAYLOAD_TOO_LARGE).',
  415: 'Dateityp nicht erlaubt (FILE_TYPE_NOT_ALLOWED, UNSUPPORTED_MEDIA_TYPE).',
  422: 'Idempotency-Key bereits für eine andere Anfrage verwendet (IDEMPOTENCY_KEY_REUSED).',
  429: 'Zu viele Versuche (TOO_MANY_REQUESTS).',
  502: 'Die E-Mail konnte nicht gesendet werden (MAIL_FAILED).',
}

/**
 * The error statuses of an operation: 400 for every route (inputs, headers, characters), 401 for
 * every route that needs a token, 403 for every route of a user (a customer that requires a second
 * factor holds them back until it is set up), 404 for every route with a path parameter, and its
 * own ones.
 */
export function errorStatusesOf(url: string, operation: OperationDoc, isPublic: boolean): number[] {
  const statuses = new Set<number>([400, ...(operation.errors ?? [])])
  if (!isPublic) statuses.add(401)
  if (!isPublic && !url.startsWith('/api/provider/')) statuses.add(403)
  if (url.includes('{')) statuses.add(404)
  return [...statuses].sort((a, b) => a - b)
}
