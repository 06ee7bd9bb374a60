/**
 * The benchmark's reference server (decision 010): what the product's hot reads cost when written by
 * hand. `node:http`, a `pg` pool, no ORM, no framework; per request the product's token check
 * (HS256 with the product's secret, issuer, audience, expiry, and the same user and revoked-session
 * lookup) and then one prepared statement that writes the whole answer body in PostgreSQL
 * (statements.ts). It answers only what the benchmark's API scenarios ask, with the product's
 * bytes and the product's headers (the download's `Content-Disposition` by the product's own
 * function); anything else is a 404 or a 400 in the product's error shape.
 * Answers are never compressed: autocannon, like the benchmark's equality check, asks for none.
 */
import http from 'node:http'
import { SEARCH_LIMIT, SEARCH_LIMIT_DEFAULT, toIsoDate } from '@portal/domain'
import { jwtVerify } from 'jose'
import type pg from 'pg'
import { contentDisposition } from '../../apps/server/src/platform/files/file-name'
import {
  USER_STATEMENT,
  connectionsSearchStatement,
  downloadStatement,
  expensesStatement,
  type ExpenseKind,
  type Statement,
} from './statements'

/** The product's token claims (apps/server/src/platform/auth/tokens.ts). */
const TOKEN_ISSUER = 'kundenportal'
const TOKEN_AUDIENCE = 'kundenportal-api'
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const UUID_ANY_CASE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const BEARER = /^Bearer ([A-Za-z0-9_\-.]+)$/
const BODY_LIMIT = 1024 * 1024
/** The product's keep-alive (apps/server/src/platform/http/request-limits.ts). */
const KEEP_ALIVE_TIMEOUT_MS = 72_000

/**
 * The product's messages, word for word (apps/server/src/platform/auth/session-user.ts, plugins/errors.ts,
 * the repositories); the equality test compares the answers that carry them.
 */
const MESSAGES = {
  signIn: 'Bitte melden Sie sich an.',
  expired: 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
  signedOut: 'Sie wurden abgemeldet. Bitte melden Sie sich erneut an.',
  signedOutEverywhere: 'Sie wurden auf allen Geräten abgemeldet. Bitte melden Sie sich erneut an.',
  ended:
    'Ihre Sitzung wurde beendet, zum Beispiel weil Ihr Passwort geändert wurde. Bitte melden Sie sich erneut an.',
  disabled: 'Ihr Benutzerkonto ist gesperrt. Bitte wenden Sie sich an den Kundenservice.',
  notFound: 'Die Adresse wurde nicht gefunden.',
  distributionNotFound: 'Die Kostenverteilung wurde nicht gefunden.',
  attachmentNotFound: 'Die Datei wurde nicht gefunden.',
  unsupported: 'Die Referenz des Benchmarks beantwortet nur dessen Anfragen.',
  invalidLimit: `limit: eine ganze Zahl von 1 bis ${SEARCH_LIMIT}.`,
  tooLarge: 'Die Anfrage ist zu groß.',
  internal: 'Leider ist ein Fehler aufgetreten. Bitte versuchen Sie es später erneut.',
} as const

/** The user a request runs as: what the visibility condition needs. */
interface ScopeUser {
  companyCode: string
  businessPartner: string | null
}

interface UserRow {
  id: string
  user_name: string
  company_code: string
  business_partner: string | null
  not_before_ms: number
  signed_out_everywhere_ms: number | null
  disabled: boolean
  session_revoked: boolean
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
  ) {
    super(detail)
  }
}

interface VerifiedToken {
  userId: string
  sessionId: string
  issuedAtMs: number
  expiresAtMs: number
}

/**
 * Helmet's headers as the product sends them on every API answer (its default customer: no other
 * origin in `connect-src`): the same for every answer, without a nonce (decision 077).
 */
const SECURITY_HEADERS: [string, string][] = [
  [
    'Content-Security-Policy',
    "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';frame-ancestors 'none';img-src 'self' data:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self';connect-src 'self'",
  ],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Origin-Agent-Cluster', '?1'],
  ['Referrer-Policy', 'no-referrer'],
  // no Strict-Transport-Security: like the product, only an answer over TLS carries it, and the
  // benchmark speaks plain HTTP
  ['X-Content-Type-Options', 'nosniff'],
  ['X-DNS-Prefetch-Control', 'off'],
  ['X-Download-Options', 'noopen'],
  ['X-Frame-Options', 'SAMEORIGIN'],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
  ['X-XSS-Protection', '0'],
]

function sendJson(response: http.ServerResponse, status: number, body: string): void {
  response.writeHead(status, [
    ...SECURITY_HEADERS,
    ['content-type', 'application/json; charset=utf-8'],
    ['cache-control', 'no-store'],
    ['content-length', String(Buffer.byteLength(body))],
  ])
  response.end(body)
}

const errorBody = (detail: string, code: string) => JSON.stringify({ detail, code })

/**
 * `?limit` of a search; the product's defaults and bounds. The reference answers first pages only
 * (the benchmark asks for no other): a cursor is refused like a filter.
 */
function page(query: URLSearchParams): { limit: number } {
  const text = query.get('limit')
  const limit = text === null ? SEARCH_LIMIT_DEFAULT : Number(text)
  if (!Number.isInteger(limit) || limit < 1 || limit > SEARCH_LIMIT) {
    throw new Refusal(400, 'VALIDATION_FAILED', MESSAGES.invalidLimit)
  }
  if (query.has('next')) throw new Refusal(400, 'BAD_REQUEST', MESSAGES.unsupported)
  return { limit }
}

async function readBody(request: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  let length = 0
  for await (const chunk of request as AsyncIterable<Buffer>) {
    length += chunk.length
    if (length > BODY_LIMIT) throw new Refusal(413, 'PAYLOAD_TOO_LARGE', MESSAGES.tooLarge)
    chunks.push(chunk)
  }
  return Buffer.concat(chunks)
}

/** Only the benchmark's bodies: none, `{}`, or empty filters and sort. */
function assertPlainSearch(body: Buffer): void {
  if (body.length === 0) return
  let parsed: unknown
  try {
    parsed = JSON.parse(body.toString('utf8'))
  } catch {
    throw new Refusal(400, 'BAD_REQUEST', MESSAGES.unsupported)
  }
  const plain =
    typeof parsed === 'object' &&
    parsed !== null &&
    !Array.isArray(parsed) &&
    Object.entries(parsed).every(
      ([key, value]) =>
        (key === 'filters' || key === 'sort') && Array.isArray(value) && value.length === 0,
    )
  if (!plain) throw new Refusal(400, 'BAD_REQUEST', MESSAGES.unsupported)
}

export interface ReferenceOptions {
  pool: pg.Pool
  /** The product's JWT secret (`JWT_SECRET`, or the `jwt-secret` file of its data folder). */
  secret: Uint8Array
}

const EXPENSES = /^\/api\/persistence\/operating-costs\/([^/]{1,40})\/(heating|working)-expenses$/
const DOWNLOAD = /^\/api\/processes\/system\/file-download\/([^/]{1,64})$/

/** The reference as a `node:http` server, not yet listening. */
export function createReferenceServer({ pool, secret }: ReferenceOptions): http.Server {
  // the product remembers the last 1,000 tokens whose signature verified (auth/tokens.ts)
  const verified = new Map<string, VerifiedToken>()

  async function verify(token: string): Promise<VerifiedToken | null> {
    const known = verified.get(token)
    if (known) {
      if (Date.now() < known.expiresAtMs) return known
      verified.delete(token)
      return null
    }
    try {
      const { payload } = await jwtVerify(token, secret, {
        algorithms: ['HS256'],
        issuer: TOKEN_ISSUER,
        audience: TOKEN_AUDIENCE,
        requiredClaims: ['sub', 'exp', 'iat', 'sid'],
      })
      if (!UUID.test(payload.sub!) || typeof payload.sid !== 'string' || !UUID.test(payload.sid)) {
        return null
      }
      const claims: VerifiedToken = {
        userId: payload.sub!,
        sessionId: payload.sid,
        issuedAtMs: typeof payload.iat_ms === 'number' ? payload.iat_ms : payload.iat! * 1000,
        expiresAtMs: payload.exp! * 1000,
      }
      if (verified.size >= 1000) verified.delete(verified.keys().next().value!)
      verified.set(token, claims)
      return claims
    } catch {
      return null
    }
  }

  const run = <Row extends pg.QueryResultRow>(statement: Statement, values: unknown[]) =>
    pool.query<Row>({ name: statement.name, text: statement.text, values })

  /** The product's `checkToken`: the user and session of the bearer token, or a 401. */
  async function authenticate(request: http.IncomingMessage): Promise<ScopeUser> {
    const match = BEARER.exec(request.headers.authorization ?? '')
    if (!match) throw new Refusal(401, 'UNAUTHORIZED', MESSAGES.signIn)
    const claims = await verify(match[1]!)
    if (!claims) throw new Refusal(401, 'UNAUTHORIZED', MESSAGES.expired)
    const { rows } = await run<UserRow>(USER_STATEMENT, [claims.userId, claims.sessionId])
    const user = rows[0]
    if (!user) throw new Refusal(401, 'UNAUTHORIZED', MESSAGES.expired)
    if (user.disabled) throw new Refusal(401, 'UNAUTHORIZED', MESSAGES.disabled)
    if (user.session_revoked) throw new Refusal(401, 'UNAUTHORIZED', MESSAGES.signedOut)
    if (claims.issuedAtMs < user.not_before_ms) {
      const everywhere = user.signed_out_everywhere_ms === user.not_before_ms
      throw new Refusal(
        401,
        'UNAUTHORIZED',
        everywhere ? MESSAGES.signedOutEverywhere : MESSAGES.ended,
      )
    }
    return { companyCode: user.company_code, businessPartner: user.business_partner }
  }

  /** The parameters of the partner condition, after the statement's own ones. */
  const scope = (user: ScopeUser) =>
    user.businessPartner ? [user.businessPartner, toIsoDate(new Date())] : []

  async function connectionsSearch(
    response: http.ServerResponse,
    user: ScopeUser,
    query: URLSearchParams,
  ) {
    const { limit } = page(query)
    const { rows } = await run<{ body: string }>(
      connectionsSearchStatement(user.businessPartner !== null),
      [user.companyCode, limit, ...scope(user)],
    )
    sendJson(response, 200, rows[0]!.body)
  }

  async function expenses(
    response: http.ServerResponse,
    user: ScopeUser,
    query: URLSearchParams,
    distribution: string,
    kind: ExpenseKind,
  ) {
    const { limit } = page(query)
    const { rows } = await run<{ body: string | null }>(
      expensesStatement(kind, user.businessPartner !== null),
      [user.companyCode, limit, distribution, ...scope(user)],
    )
    const body = rows[0]?.body
    if (!body) throw new Refusal(404, 'NOT_FOUND', MESSAGES.distributionNotFound)
    sendJson(response, 200, body)
  }

  async function download(response: http.ServerResponse, user: ScopeUser, id: string) {
    const notFound = new Refusal(404, 'NOT_FOUND', MESSAGES.attachmentNotFound)
    if (!UUID_ANY_CASE.test(id)) throw notFound
    const { rows } = await run<{ media_type: string; file_name: string; content: Buffer }>(
      downloadStatement(user.businessPartner !== null),
      [id, user.companyCode, ...scope(user)],
    )
    const file = rows[0]
    if (!file) throw notFound
    response.writeHead(200, [
      ...SECURITY_HEADERS,
      ['content-type', file.media_type],
      ['content-disposition', contentDisposition(file.file_name)],
      ['content-length', String(file.content.length)],
      ['cache-control', 'private, no-store'],
    ])
    response.end(file.content)
  }

  async function handle(request: http.IncomingMessage, response: http.ServerResponse) {
    const url = request.url ?? '/'
    const mark = url.indexOf('?')
    const path = mark === -1 ? url : url.slice(0, mark)
    const query = new URLSearchParams(mark === -1 ? '' : url.slice(mark + 1))
    if (request.method === 'GET' && path === '/api/health') {
      await pool.query('select 1')
      return sendJson(response, 200, '{"status":"ok"}')
    }
    if (request.method === 'POST' && path === '/api/persistence/connections-search') {
      const user = await authenticate(request)
      assertPlainSearch(await readBody(request))
      return connectionsSearch(response, user, query)
    }
    const list = request.method === 'POST' ? EXPENSES.exec(path) : null
    if (list) {
      const user = await authenticate(request)
      assertPlainSearch(await readBody(request))
      return expenses(response, user, query, decodeURIComponent(list[1]!), list[2] as ExpenseKind)
    }
    const file = request.method === 'GET' ? DOWNLOAD.exec(path) : null
    if (file) return download(response, await authenticate(request), decodeURIComponent(file[1]!))
    throw new Refusal(404, 'NOT_FOUND', MESSAGES.notFound)
  }

  const server = http.createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (response.headersSent) return response.destroy()
      if (error instanceof Refusal) {
        // an answer before the body was read: drop the rest, as the product does
        request.resume()
        return sendJson(response, error.status, errorBody(error.detail, error.code))
      }
      console.error(`Referenz: ${(error as Error).stack ?? String(error)}`)
      sendJson(response, 500, errorBody(MESSAGES.internal, 'INTERNAL_ERROR'))
    })
  })
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS
  return server
}
