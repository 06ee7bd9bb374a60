/**
 * An error whose status, machine code and German detail are meant for the client. `field` names the
 * input the detail is about (a dotted path inside the body, query or path parameters, such as
 * `reason` or `operatingCostsHeatingExpense.0.from`), so that a form can show it at that field.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly detail: string,
    readonly field?: string,
  ) {
    super(detail)
    this.name = 'HttpError'
  }
}

export const badRequest = (detail: string, code = 'BAD_REQUEST', field?: string) =>
  new HttpError(400, code, detail, field)
export const unauthorized = (detail = 'Bitte melden Sie sich an.', code = 'UNAUTHORIZED') =>
  new HttpError(401, code, detail)
export const forbidden = (detail = 'Diese Aktion ist nicht erlaubt.', code = 'FORBIDDEN') =>
  new HttpError(403, code, detail)
export const notFound = (detail = 'Der Datensatz wurde nicht gefunden.') =>
  new HttpError(404, 'NOT_FOUND', detail)
export const conflict = (detail: string, code = 'CONFLICT', field?: string) =>
  new HttpError(409, code, detail, field)
export const unprocessable = (detail: string, code = 'UNPROCESSABLE') =>
  new HttpError(422, code, detail)
export const tooManyRequests = (
  detail = 'Zu viele Versuche. Bitte warten Sie eine Minute und versuchen Sie es erneut.',
) => new HttpError(429, 'TOO_MANY_REQUESTS', detail)

/**
 * A 400 for a failed zod parse of an input the route reads itself (multipart fields, a JSON field):
 * the first issue's German message, and where it is as `field` (under `prefix`, if given).
 */
export function validationFailed(
  issues: readonly {
    path: readonly PropertyKey[]
    message: string
    code?: string
    keys?: readonly string[]
  }[],
  prefix?: string,
): HttpError {
  const [issue] = issues
  // an unknown property is named by its own path, not by the path of its object
  const unknownKey = issue?.code === 'unrecognized_keys' ? issue.keys?.[0] : undefined
  const path = [prefix, ...(issue?.path ?? []).map(String), unknownKey].filter(Boolean).join('.')
  return badRequest(
    issue?.message ?? 'Die Anfrage ist ungültig.',
    'VALIDATION_FAILED',
    path || undefined,
  )
}
