import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { badRequest } from '../http-errors'

/** PostgreSQL's text and jsonb cannot hold the character U+0000; no input needs it. */
export const NUL_CHARACTER_MESSAGE = 'Der Text enthält ein unzulässiges Steuerzeichen (U+0000).'

/**
 * A lone surrogate (a JSON escape such as "\ud800" without its pair) is no character: the database
 * drivers silently replace it in text and jsonb refuses it, so it is refused before.
 */
export const LONE_SURROGATE_MESSAGE =
  'Der Text enthält ein ungültiges Zeichen (ein unvollständiges Unicode-Zeichenpaar).'

// A high surrogate without a low one after it, or a low one without a high one before it.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

/** The message for a text no route takes, or undefined when `text` is fine. */
function invalidCharacterIn(text: string): string | undefined {
  if (text.includes('\u0000')) return NUL_CHARACTER_MESSAGE
  if (LONE_SURROGATE.test(text)) return LONE_SURROGATE_MESSAGE
  return undefined
}

interface InvalidCharacter {
  /** The dotted path of the string or object key; '' for `value` itself. */
  at: string
  message: string
}

/**
 * The first string in `value` (or key of an object in it) that holds U+0000 or a lone surrogate,
 * undefined when there is none.
 */
export function invalidCharacterAt(
  value: unknown,
  at: string[] = [],
): InvalidCharacter | undefined {
  if (typeof value === 'string') {
    const message = invalidCharacterIn(value)
    return message === undefined ? undefined : { at: at.join('.'), message }
  }
  if (value === null || typeof value !== 'object') return undefined
  for (const [key, child] of Object.entries(value)) {
    const message = invalidCharacterIn(key)
    if (message !== undefined) return { at: [...at, key].join('.'), message }
    const found = invalidCharacterAt(child, [...at, key])
    if (found !== undefined) return found
  }
  return undefined
}

/**
 * 400 INVALID_CHARACTER at the field when `value` holds U+0000 or a lone surrogate anywhere (under
 * `prefix`, if given).
 */
export function assertValidText(value: unknown, prefix?: string): void {
  const found = invalidCharacterAt(value)
  if (found === undefined) return
  const field = [prefix, found.at].filter(Boolean).join('.')
  throw badRequest(found.message, 'INVALID_CHARACTER', field || undefined)
}

/**
 * Refuses U+0000 and lone surrogates in path parameters, query and body of every route before a
 * handler or a route's own preValidation hook reads them, so that they never reach the database.
 * Routes that parse text themselves (multipart fields, a JSON field) call `assertValidText`.
 */
export default fp(function textInputPlugin(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    assertValidText(request.params)
    assertValidText(request.query)
    assertValidText(request.body)
  })
})
