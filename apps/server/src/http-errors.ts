/** An error whose status, machine code and German detail are meant for the client. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly detail: string,
  ) {
    super(detail)
    this.name = 'HttpError'
  }
}

export const badRequest = (detail: string, code = 'BAD_REQUEST') => new HttpError(400, code, detail)
export const unauthorized = (detail = 'Bitte melden Sie sich an.', code = 'UNAUTHORIZED') =>
  new HttpError(401, code, detail)
export const forbidden = (detail = 'Diese Aktion ist nicht erlaubt.') =>
  new HttpError(403, 'FORBIDDEN', detail)
export const notFound = (detail = 'Der Datensatz wurde nicht gefunden.') =>
  new HttpError(404, 'NOT_FOUND', detail)
export const conflict = (detail: string, code = 'CONFLICT') => new HttpError(409, code, detail)
export const tooManyRequests = (
  detail = 'Zu viele Versuche. Bitte warten Sie eine Minute und versuchen Sie es erneut.',
) => new HttpError(429, 'TOO_MANY_REQUESTS', detail)
