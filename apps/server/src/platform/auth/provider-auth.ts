/**
 * The provider's side of the authentication (decision 018): below /api/provider/ only a provider
 * key that exists, is not revoked and whose scope covers the route is let through; a portal token
 * there is 401. On every other route a provider key is 401 before anything reads it as a token.
 * Every call with a known key is audited once its answer is out.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import { forbidden, unauthorized } from '../http-errors'
import {
  findProviderKey,
  looksLikeProviderKey,
  recordProviderKeyUse,
  scopeCovers,
} from './provider-keys'

export const PROVIDER_PREFIX = '/api/provider/'

export const PROVIDER_KEY_REQUIRED_MESSAGE =
  'Diese Schnittstelle verlangt einen Provider-Schlüssel (Authorization: Bearer pk_…).'
export const PROVIDER_KEY_INVALID_MESSAGE = 'Der Provider-Schlüssel ist ungültig.'
export const PROVIDER_KEY_REVOKED_MESSAGE = 'Der Provider-Schlüssel wurde widerrufen.'
export const PROVIDER_KEY_ON_PORTAL_MESSAGE =
  'Ein Provider-Schlüssel gilt nur für /api/provider/. Bitte melden Sie sich im Portal an.'

const PROVIDER_BEARER = /^Bearer (pk_[A-Za-z0-9_-]{1,200})$/

export const isProviderRoute = (url: string) => url.startsWith(PROVIDER_PREFIX)

/** Sets `request.providerKey` for a known key (so that its use is audited), or throws 401/403. */
export async function authenticateProviderKey(request: FastifyRequest): Promise<void> {
  const match = PROVIDER_BEARER.exec(request.headers.authorization ?? '')
  if (!match) throw unauthorized(PROVIDER_KEY_REQUIRED_MESSAGE)
  const key = await findProviderKey(request.server.db, match[1]!)
  if (!key) throw unauthorized(PROVIDER_KEY_INVALID_MESSAGE)
  request.providerKey = key
  if (key.revoked) throw unauthorized(PROVIDER_KEY_REVOKED_MESSAGE)
  const needed = request.routeOptions.config.providerScope
  if (needed === undefined ? key.scope !== 'all' : !scopeCovers(key.scope, needed)) {
    throw forbidden(
      `Der Provider-Schlüssel ${key.name} hat nicht den Bereich „${needed ?? 'all'}“.`,
      'PROVIDER_SCOPE_MISSING',
    )
  }
}

/** A portal route: a provider key is refused as such, never looked up as a user's token. */
export function refuseProviderKey(token: string): void {
  if (looksLikeProviderKey(token)) throw unauthorized(PROVIDER_KEY_ON_PORTAL_MESSAGE)
}

/** onResponse: the audit entry of a call made with a known key, after the answer went out. */
export async function recordProviderCall(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const key = request.providerKey
  if (!key) return
  try {
    await recordProviderKeyUse(request.server.db, key, {
      method: request.method,
      route: request.routeOptions.url ?? request.url,
      status: reply.statusCode,
    })
  } catch (error) {
    request.log.error({ err: error }, 'provider key use not audited')
  }
}
