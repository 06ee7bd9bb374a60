/**
 * The error answers of the API document. Each route names its operation next to its schema: a
 * stable `operationId` (clients generated from the document name their functions after it, so it
 * never changes once published), a German `summary`, and in `errors` the error answers beyond those
 * every route has (see `errorStatusesOf`).
 */

declare module 'fastify' {
  interface FastifySchema {
    /** Error statuses this operation answers beyond 400, 401, 403 and 404 (see `errorStatusesOf`). */
    errors?: readonly number[]
  }
}

/** The errors of a change: a state conflict (409) and a reused idempotency key (422). */
export const CHANGE = [409, 422] as const
/** The errors of an upload: too large (413), a type not allowed (415), a reused key (422). */
export const UPLOAD = [413, 415, 422] as const

/** What each error status means here, and the machine codes it carries. */
export const ERROR_STATUS_DESCRIPTIONS: Record<number, string> = {
  400: 'Ungültige Eingabe; `field` nennt das Feld (VALIDATION_FAILED, INVALID_CHARACTER, INVALID_FILTER_VALUE, EXPENSE_INVALID, REASON_REQUIRED, INVALID_IDEMPOTENCY_KEY …).',
  401: 'Nicht angemeldet oder Token abgelaufen (UNAUTHORIZED, LOGIN_FAILED, SECOND_FACTOR_REQUIRED, SECOND_FACTOR_INVALID); unter /api/provider/: kein gültiger, nicht widerrufener Provider-Schlüssel; unter /api/bved/: kein gültiger Zugang für die Verbrauchsdaten (HTTP Basic, mit `WWW-Authenticate`).',
  403: 'Nicht erlaubt (SERVICE_FEE_READ_ONLY, SERVICE_FEE_NOT_DELETABLE; SECOND_FACTOR_SETUP_REQUIRED: der Kunde verlangt die Zwei-Faktor-Anmeldung, sie ist zuerst einzurichten; PROVIDER_SCOPE_MISSING: dem Provider-Schlüssel fehlt der Bereich der Route).',
  404: 'Nicht gefunden oder für diesen Benutzer nicht sichtbar (NOT_FOUND).',
  409: 'Zustandskonflikt (DISTRIBUTION_NOT_OPEN, INVALID_STATUS_TRANSITION, STALE_VERSION, INVOICE_ALREADY_APPROVED, INVOICE_NOT_DECIDABLE; USER_EXISTS, USER_DISABLED; SECOND_FACTOR_ENABLED, SECOND_FACTOR_NOT_STARTED, SECOND_FACTOR_NOT_ENABLED, SECOND_FACTOR_ANSWER_SHOWN; CONSUMPTION_CREDENTIAL_SHOWN).',
  410: 'Nicht mehr nutzbar: der Link einer Einladung ist schon benutzt (INVITATION_USED) oder abgelaufen bzw. ersetzt (INVITATION_EXPIRED).',
  413: 'Datei oder Anfrage zu groß (FILE_TOO_LARGE, PAYLOAD_TOO_LARGE).',
  415: 'Dateityp nicht erlaubt (FILE_TYPE_NOT_ALLOWED, UNSUPPORTED_MEDIA_TYPE).',
  422: 'Idempotency-Key bereits für eine andere Anfrage verwendet (IDEMPOTENCY_KEY_REUSED).',
  429: 'Zu viele Versuche (TOO_MANY_REQUESTS; ACCOUNT_MAIL_LIMIT: zu viele Einladungs- oder Rücksetz-E-Mails an einen Benutzer).',
  502: 'Die E-Mail konnte nicht gesendet werden (MAIL_FAILED).',
}

/**
 * The error statuses of an operation: 400 for every route (inputs, headers, characters), 401 for
 * every route that needs a token, 403 for every route of a user (a customer that requires a second
 * factor holds them back until it is set up), 404 for every route with a path parameter, and its
 * own ones.
 */
export function errorStatusesOf(
  url: string,
  errors: readonly number[],
  isPublic: boolean,
): number[] {
  const statuses = new Set<number>([400, ...errors])
  if (!isPublic) statuses.add(401)
  if (!isPublic && !url.startsWith('/api/provider/')) statuses.add(403)
  if (url.includes('{')) statuses.add(404)
  return [...statuses].sort((a, b) => a - b)
}
