import { randomUUID } from 'node:crypto'
import { SignJWT, jwtVerify } from 'jose'
import { LOWER_CASE_UUID } from '../uuid'

export const TOKEN_ISSUER = 'kundenportal'
export const TOKEN_AUDIENCE = 'kundenportal-api'
/** Tokens live one working day. */
export const TOKEN_LIFETIME_SECONDS = 8 * 60 * 60

/** The user a token is issued to: `sub` is the immutable id, the name only a display claim. */
export interface TokenSubject {
  userId: string
  userName: string
  /**
   * The session (`sid`) the token belongs to: a sign-in starts one, a token the legacy endpoint
   * renews stays in it, so that a logout ends every token of that session (decision 022).
   */
  sessionId?: string
}

export interface TokenClaims {
  /** The user's immutable id (`sub`), the only claim a token is looked up by (decision 016). */
  userId: string
  /** Issue instant in milliseconds: `iat` has whole seconds only, too coarse to compare with a revocation. */
  issuedAtMs: number
  /** The session (`sid`, a uuid) that a logout revokes (decision 022). */
  sessionId: string
}

/** A token of a new session, or of `user.sessionId` when given. */
export async function issueToken(secret: Uint8Array, user: TokenSubject, now = Date.now()) {
  // preferred_username: what the portal shows and searches its own record by, never trusted here
  return new SignJWT({
    iat_ms: now,
    sid: user.sessionId ?? randomUUID(),
    preferred_username: user.userName,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(user.userId)
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor(now / 1000) + TOKEN_LIFETIME_SECONDS)
    .sign(secret)
}

/** Tokens whose signature verified, per secret, with their claims and expiry (decision 010). */
type VerifiedToken = TokenClaims & { expiresAtMs: number }
const verified = new WeakMap<Uint8Array, Map<string, VerifiedToken>>()
const VERIFIED_CACHE_SIZE = 1000

/**
 * Verifies signature (HS256 only), issuer, audience and expiry; null for any token that fails.
 * A token that verified once is remembered (at most the last 1,000), so that its HMAC is not
 * recomputed on every request; its expiry is checked again on every call, and revocation is the
 * caller's check against the revoked sessions and the user's `tokensNotBefore`, never cached.
 */
export async function verifyToken(
  secret: Uint8Array,
  token: string,
  now = Date.now(),
): Promise<TokenClaims | null> {
  let cache = verified.get(secret)
  const known = cache?.get(token)
  if (known) {
    if (now < known.expiresAtMs) return claimsOf(known)
    cache!.delete(token)
    return null
  }
  const claims = await verifySignedToken(secret, token)
  if (claims) {
    if (!cache) verified.set(secret, (cache = new Map<string, VerifiedToken>()))
    if (cache.size >= VERIFIED_CACHE_SIZE) cache.delete(cache.keys().next().value!)
    cache.set(token, claims)
    return claimsOf(claims)
  }
  return null
}

const claimsOf = ({ userId, issuedAtMs, sessionId }: VerifiedToken): TokenClaims => ({
  userId,
  issuedAtMs,
  sessionId,
})

async function verifySignedToken(secret: Uint8Array, token: string): Promise<VerifiedToken | null> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ['HS256'],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      requiredClaims: ['sub', 'exp', 'iat', 'sid'],
    })
    // a token of a former format (the user name as subject, no session) or a forged subject or
    // session, or one of any other form than the database and `randomUUID` write: refused here,
    // before it reaches a uuid column
    const { sub, sid } = payload
    if (!LOWER_CASE_UUID.test(sub!) || typeof sid !== 'string' || !LOWER_CASE_UUID.test(sid)) {
      return null
    }
    const issuedAtMs = typeof payload.iat_ms === 'number' ? payload.iat_ms : payload.iat! * 1000
    return {
      userId: sub!,
      issuedAtMs,
      sessionId: sid,
      expiresAtMs: payload.exp! * 1000,
    }
  } catch {
    return null
  }
}
