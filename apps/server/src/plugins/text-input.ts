import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { badRequest } from '../http-errors'

/** PostgreSQL's text and jsonb cannot hold the character U+0000; no input needs it. */
export const NUL_CHARACTER_MESSAGE = 'Der Text enthält ein unzulässiges Steuerzeichen (U+0000).'

/**
 * The dotted path of the first string in `value` (or key of an object in it) that holds U+0000;
 * '' for `value` itself, undefined when there is none.
 */
export function nulCharacterAt(value: unknown, at: string[] = []): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? at.join('.') : undefined
  if (value === null || typeof value !== 'object') return undefined
  for (const [key, child] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...at, key].join('.')
    const found = nulCharacterAt(child, [...at, key])
    if (found !== undefined) return found
  }
  return undefined
}

/** 400 at the field when `value` holds U+0000 anywhere (under `prefix`, if given). */
export function assertNoNulCharacter(value: unknown, prefix?: string): void {
  const found = nulCharacterAt(value)
  if (found === undefined) return
  const field = [prefix, found].filter(Boolean).join('.')
  throw badRequest(NUL_CHARACTER_MESSAGE, 'INVALID_CHARACTER', field || undefined)
}

/**
 * Refuses U+0000 in path parameters, query and body of every route before a handler or a route's
 * own preValidation hook reads them, so that it never reaches the database as an error. Routes
 * that parse text themselves (multipart fields, a JSON field) call `assertNoNulCharacter`.
 */
export default fp(function textInputPlugin(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    assertNoNulCharacter(request.params)
    assertNoNulCharacter(request.query)
    assertNoNulCharacter(request.body)
  })
})
