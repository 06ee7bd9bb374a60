/**
 * Logged errors carry what an operator needs (type, message, the statement's SQL text,
 * the SQLSTATE or errno, where PostgreSQL failed) and never the statement's parameter values:
 * drizzle puts every parameter into its error's message and `params` (an uploaded file's bytes,
 * names, mail addresses), and PostgreSQL's `detail` quotes the values of a row.
 */
import type { FastifyServerOptions } from 'fastify'

/** The longest SQL text logged; the start of a statement names what it does. */
const MAX_SQL = 300
/** The longest message logged of an error that is not the database's. */
const MAX_MESSAGE = 500
const MAX_CAUSES = 3

/** Fields of a database or socket error that name no data. */
const SAFE_FIELDS = [
  'code',
  'severity',
  'routine',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'errno',
  'syscall',
  'address',
  'port',
  'statusCode',
] as const

export interface SerializedError {
  type: string
  message: string
  code?: string
  /** The SQL text of the failed statement, shortened, without its parameters. */
  statement?: string
  /** The frames, under the safe message as its first line. */
  stack: string
  cause?: SerializedError
  [field: string]: unknown
}

function shorten(text: string, max: number): string {
  const compact = text.replace(/\s+/g, ' ').trim()
  return compact.length > max ? `${compact.slice(0, max)}…` : compact
}

/**
 * A database message with its quoted literals masked: `invalid input syntax for type uuid: "x"`
 * quotes the value, `relation "users"` or `constraint "users_pkey"` name objects and stay.
 */
export function maskDatabaseMessage(message: string): string {
  return shorten(
    message.replace(
      /(\b(?:relation|column|constraint|table|type|function|index|schema|database|role|sequence|encoding|trigger|view|extension|operator|savepoint|cursor|statement|file|directory)\s+)?"(?:[^"]|"")*"/gi,
      (quoted, object?: string) => (object ? quoted : '"…"'),
    ),
    MAX_MESSAGE,
  )
}

/** An error of PostgreSQL or PGlite (a five-character SQLSTATE with a severity). */
function isDatabaseError(error: Record<string, unknown>): boolean {
  return (
    typeof error.code === 'string' &&
    /^[0-9A-Z]{5}$/.test(error.code) &&
    typeof error.severity === 'string'
  )
}

/** The stack's frames without its first lines, which repeat the (unsafe) message. */
function frames(stack: unknown): string {
  if (typeof stack !== 'string') return ''
  const at = stack.indexOf('\n    at ')
  return at === -1 ? '' : stack.slice(at)
}

/**
 * pino's `err` serializer: type, a message without parameter values, the SQL text (shortened) of a
 * failed statement, the SQLSTATE and where PostgreSQL failed, the stack's frames and the cause.
 * An object that is not an Error (already serialized, or something thrown) passes through only
 * its type and safe fields.
 */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (typeof error !== 'object' || error === null) {
    const message = shorten(String(error), MAX_MESSAGE)
    return { type: typeof error, message, stack: `${typeof error}: ${message}` }
  }
  const source = error as Record<string, unknown>
  const isError = error instanceof Error
  const database = isDatabaseError(source)
  const type =
    typeof source.type === 'string' && !isError
      ? source.type
      : database
        ? 'DatabaseError' // PGlite's class name is minified
        : (error.constructor?.name ?? 'Object')
  const rawMessage = typeof source.message === 'string' ? source.message : ''
  // drizzle's DrizzleQueryError and PGlite's errors carry the SQL text as `query`
  const sqlText = typeof source.query === 'string' ? source.query : source.statement
  const statement = typeof sqlText === 'string' ? shorten(sqlText, MAX_SQL) : undefined
  const result: SerializedError = { type, message: '', stack: '' }
  if (statement !== undefined && isError && rawMessage.startsWith('Failed query:')) {
    // drizzle's message is "Failed query: <sql>\nparams: <every value>"
    result.message = `Failed query: ${statement}`
  } else if (database) {
    result.message = maskDatabaseMessage(rawMessage)
  } else {
    result.message = shorten(rawMessage, MAX_MESSAGE)
  }
  if (statement !== undefined) result.statement = statement
  for (const field of SAFE_FIELDS) {
    const value = source[field]
    const fields: Record<string, unknown> = result
    if (typeof value === 'string') fields[field] = shorten(value, 100)
    else if (typeof value === 'number') fields[field] = value
  }
  if (!isError && typeof source.stack === 'string') {
    // already serialized: its first line is the safe message
    result.stack = source.stack.slice(0, 4000)
  } else {
    result.stack = `${type}: ${result.message}${isError ? frames(error.stack) : ''}`
  }
  if (source.cause !== undefined && depth < MAX_CAUSES) {
    const cause = serializeError(source.cause, depth + 1)
    if (cause.statement === result.statement) delete cause.statement
    result.cause = cause
    // the code of the driver's error is the one that says what happened
    if (result.code === undefined && typeof cause.code === 'string') result.code = cause.code
  }
  return result
}

/** The serializers every logger of the server uses (`err` is the key errors are logged under). */
export const logSerializers = { err: (error: unknown) => serializeError(error) }

/** Fastify's `logger` option with the safe error serializer added. */
export function withSafeErrorLogging(
  logger: FastifyServerOptions['logger'],
): FastifyServerOptions['logger'] {
  if (logger === undefined || logger === false) return false
  if (logger === true) return { serializers: logSerializers }
  return { ...logger, serializers: { ...logger.serializers, ...logSerializers } }
}
