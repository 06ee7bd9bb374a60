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

/**
 * How deep arrays and objects may nest in an input. No route takes more than a few levels; a body of
 * thousands of `[` would overflow the stack of any recursive walk (this check, validation,
 * serialisation) and answer 500.
 */
export const MAX_NESTING_DEPTH = 32

export const TOO_DEEPLY_NESTED_MESSAGE = `Die Anfrage ist zu tief verschachtelt (höchstens ${MAX_NESTING_DEPTH} Ebenen).`

const tooDeeplyNested = (field?: string) =>
  badRequest(TOO_DEEPLY_NESTED_MESSAGE, 'TOO_DEEPLY_NESTED', field)

/**
 * Whether the JSON `text` nests arrays and objects deeper than `maxDepth`: one pass over the text,
 * brackets inside strings not counted. Malformed text is left to the parser.
 */
export function nestsDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 0x5c /* \ */) i++
      else if (c === 0x22 /* " */) inString = false
    } else if (c === 0x22) {
      inString = true
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > maxDepth) return true
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      depth--
    }
  }
  return false
}

interface InvalidInput {
  /** The dotted path of the string or object key; '' for `value` itself or a nesting too deep. */
  at: string
  message: string
  code: 'INVALID_CHARACTER' | 'TOO_DEEPLY_NESTED'
}

/**
 * The first string in `value` (or key of an object in it) that holds U+0000 or a lone surrogate,
 * or arrays and objects nested deeper than `MAX_NESTING_DEPTH` (the walk goes no deeper);
 * undefined when there is neither. `depth` is the number of arrays and objects around `value`.
 */
export function invalidCharacterAt(
  value: unknown,
  at: string[] = [],
  depth = 0,
): InvalidInput | undefined {
  if (typeof value === 'string') {
    const message = invalidCharacterIn(value)
    return message === undefined
      ? undefined
      : { at: at.join('.'), message, code: 'INVALID_CHARACTER' }
  }
  if (value === null || typeof value !== 'object') return undefined
  if (depth >= MAX_NESTING_DEPTH) {
    return { at: '', message: TOO_DEEPLY_NESTED_MESSAGE, code: 'TOO_DEEPLY_NESTED' }
  }
  for (const [key, child] of Object.entries(value)) {
    const message = invalidCharacterIn(key)
    if (message !== undefined) {
      return { at: [...at, key].join('.'), message, code: 'INVALID_CHARACTER' }
    }
    const found = invalidCharacterAt(child, [...at, key], depth + 1)
    if (found !== undefined) return found
  }
  return undefined
}

/**
 * 400 INVALID_CHARACTER at the field when `value` holds U+0000 or a lone surrogate anywhere (under
 * `prefix`, if given); 400 TOO_DEEPLY_NESTED (at `prefix`) when its arrays and objects nest deeper
 * than `MAX_NESTING_DEPTH`.
 */
export function assertValidText(value: unknown, prefix?: string): void {
  const found = invalidCharacterAt(value)
  if (found === undefined) return
  const field = [prefix, found.at].filter(Boolean).join('.')
  throw badRequest(found.message, found.code, field || undefined)
}

/**
 * Refuses U+0000 and lone surrogates in path parameters, query and body of every route before a
 * handler or a route's own preValidation hook reads them, so that they never reach the database.
 * Routes that parse text themselves (multipart fields, a JSON field) call `assertValidText`.
 *
 * JSON bodies nested deeper than `MAX_NESTING_DEPTH` are refused by the JSON parser, on the text,
 * before anything walks the parsed value; otherwise Fastify's own parser (which refuses
 * `__proto__` and `constructor.prototype`) reads them.
 */
export default fp(function textInputPlugin(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8')
    if (nestsDeeperThan(text, MAX_NESTING_DEPTH)) {
      done(tooDeeplyNested(), undefined)
      return
    }
    // Fastify's parser answers through `done` (it returns nothing)
    void parseJson(request, text, done)
  })
  app.addHook('preValidation', async (request) => {
    assertValidText(request.params)
    assertValidText(request.query)
    assertValidText(request.body)
  })
})
