/**
 * ARCHITECTURE 3.5: every creating or changing call is safe to repeat. A client sends one
 * `Idempotency-Key` per user action; the key, the user, the request's fingerprint and the answer are
 * written in the transaction of the effect, so that a double click, a retry or a reload answers the
 * first answer without a second effect. A key reused for a different request answers 422.
 *
 * An effect that fails (any error) rolls back together with its key: a failed request can be sent
 * again with the same key. Concurrent repeats wait for the first one: on PostgreSQL the second
 * insert of the same primary key blocks until the first transaction ends; PGlite runs one
 * transaction at a time.
 */
import { createHash } from 'node:crypto'
import { and, eq, lt, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { z } from 'zod'
import { badRequest, unprocessable } from '../http-errors'
import type { Database, Executor } from '../persistence/database'
import { idempotencyKeys } from '../persistence/schema'
import { providerActor } from '../auth/provider-keys'

export const IDEMPOTENCY_HEADER = 'idempotency-key'
/** Answers that repeat an earlier one say so in this header. */
export const IDEMPOTENT_REPLAY_HEADER = 'idempotent-replayed'
/** How long a key is kept: a retry or a reload comes within minutes, a day covers every case. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24

const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/

export const INVALID_KEY_MESSAGE =
  'Der Idempotency-Key muss aus 1 bis 200 sichtbaren ASCII-Zeichen bestehen.'
export const KEY_REUSED_MESSAGE =
  'Dieser Idempotency-Key wurde bereits für eine andere Anfrage verwendet. Bitte laden Sie die Seite neu und versuchen Sie es erneut.'

/** The optional header, for the OpenAPI document of every creating or changing route. */
export const IdempotencyHeadersSchema = z.object({
  [IDEMPOTENCY_HEADER]: z
    .string()
    .meta({
      description:
        'Ein Schlüssel je Benutzeraktion (z. B. eine UUID): eine Wiederholung mit demselben Schlüssel liefert die erste Antwort ohne zweite Wirkung; derselbe Schlüssel mit einer anderen Anfrage: 422.',
    })
    .optional(),
})

/** The request's key, or undefined when it sent none; 400 for a malformed one. */
function keyOf(request: FastifyRequest): string | undefined {
  const header = request.headers[IDEMPOTENCY_HEADER]
  if (header === undefined) return undefined
  const key = Array.isArray(header) ? header[0] : header
  if (key === undefined || !KEY_PATTERN.test(key)) {
    throw badRequest(INVALID_KEY_MESSAGE, 'INVALID_IDEMPOTENCY_KEY', IDEMPOTENCY_HEADER)
  }
  return key
}

async function findStored(db: Executor, userName: string, key: string) {
  const [stored] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userName, userName), eq(idempotencyKeys.key, key)))
  return stored
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The body as the client sent it, before validation transformed it; set with a key only. */
    idempotencyBody: unknown
  }
}

/**
 * Keeps the body as sent (the schemas trim and transform it), so that a repeat is recognised
 * before and after validation alike.
 */
export default fp(function idempotencyPlugin(app: FastifyInstance) {
  app.decorateRequest('idempotencyBody', undefined)
  app.addHook('preValidation', async (request) => {
    if (request.headers[IDEMPOTENCY_HEADER] !== undefined) request.idempotencyBody = request.body
  })
})

/** Whose keys a request's key is among: the user, or `provider:<key name>` below /api/provider/. */
const ownerOf = (request: FastifyRequest) =>
  request.providerKey ? providerActor(request.providerKey.name) : request.user.userName

/** The body as sent without the named top-level fields (a password must not reach the fingerprint). */
function bodyWithout(body: unknown, fields: readonly string[] | undefined): unknown {
  if (!fields?.length || body === null || typeof body !== 'object' || Array.isArray(body)) {
    return body
  }
  return Object.fromEntries(Object.entries(body).filter(([name]) => !fields.includes(name)))
}

function requestHash(
  request: FastifyRequest,
  extra: string | undefined,
  secretFields?: readonly string[],
): string {
  const body = bodyWithout(request.idempotencyBody ?? null, secretFields)
  return createHash('sha256')
    .update(JSON.stringify([request.method, request.url, body, extra ?? null]))
    .digest('hex')
}

/**
 * Runs `effect` in a transaction with the request's idempotency key, or replays the stored answer
 * of an earlier run with the same key. The effect sets the status on `reply` and returns the body;
 * it must do all its writes through the executor it is given. `extra` adds what the fingerprint
 * cannot see in `request.body` (an uploaded file's digest).
 */
export async function idempotent<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  effect: (db: Database) => Promise<T>,
  options: {
    extra?: string
    /**
     * For answers that hold secrets (a second factor's secret, recovery codes; decision 040): the
     * answer is not stored at all, only that the request ran. A repeat runs this instead, which
     * answers from the current state (or refuses) and must not have an effect of its own.
     */
    replayWith?: (db: Database) => Promise<T>
    /**
     * Top-level body fields left out of the request's fingerprint (a current password): the
     * route checks them itself on every call, the first and each repeat.
     */
    secretFields?: readonly string[]
  } = {},
): Promise<T> {
  const db = request.server.db
  const key = keyOf(request)
  if (key === undefined) return effect(db)
  const userName = ownerOf(request)
  const hash = requestHash(request, options.extra, options.secretFields)
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ userName, key, method: request.method, url: request.url, requestHash: hash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key })
    if (claimed.length === 0) {
      const stored = await findStored(tx, userName, key)
      if (!stored || stored.requestHash !== hash || stored.statusCode === null) {
        throw unprocessable(KEY_REUSED_MESSAGE, 'IDEMPOTENCY_KEY_REUSED')
      }
      if (options.replayWith) {
        const replayed = await options.replayWith(tx)
        reply.header(IDEMPOTENT_REPLAY_HEADER, 'true')
        return replayed
      }
      reply.status(stored.statusCode).header(IDEMPOTENT_REPLAY_HEADER, 'true')
      return stored.response as T
    }
    // the transaction is handed on as the effect's database: its own transactions become savepoints
    const body = await effect(tx)
    // an answer with secrets is never kept: a repeat answers through `replayWith`
    const response: unknown = options.replayWith ? null : (body ?? null)
    await tx
      .update(idempotencyKeys)
      .set({ statusCode: reply.statusCode, response })
      .where(and(eq(idempotencyKeys.userName, userName), eq(idempotencyKeys.key, key)))
    return body
  })
}

/** `idempotent` for an effect that answers nothing: 204 once it is done, on a repeat as well. */
export function idempotentNoContent(
  request: FastifyRequest,
  reply: FastifyReply,
  effect: (db: Database) => Promise<unknown>,
  options: { secretFields?: readonly string[] } = {},
): Promise<null> {
  return idempotent(
    request,
    reply,
    async (db) => {
      await effect(db)
      reply.status(204)
      return null
    },
    options,
  )
}

/**
 * A `preValidation` hook for routes whose own checks run before the handler (a line that must
 * exist): a repeat of a completed request is answered before them, so that the repeat of a delete
 * answers 204 again rather than 404. It answers only what this user was answered before for this
 * very request; anything else goes on to the route, and `idempotent` decides.
 */
export async function replayCompletedRequest(request: FastifyRequest, reply: FastifyReply) {
  const key = keyOf(request)
  if (key === undefined) return
  const stored = await findStored(request.server.db, ownerOf(request), key)
  if (stored?.statusCode == null || stored.requestHash !== requestHash(request, undefined)) return
  return reply
    .status(stored.statusCode)
    .header(IDEMPOTENT_REPLAY_HEADER, 'true')
    .send(stored.response)
}

/** Removes keys older than the retention; the hourly job calls it. */
export async function pruneIdempotencyKeys(db: Executor): Promise<number> {
  const removed = await db
    .delete(idempotencyKeys)
    .where(
      lt(
        idempotencyKeys.createdAt,
        sql`now() - make_interval(hours => ${IDEMPOTENCY_KEY_TTL_HOURS})`,
      ),
    )
    .returning({ key: idempotencyKeys.key })
  return removed.length
}
