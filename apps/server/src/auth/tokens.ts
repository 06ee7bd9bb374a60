import { SignJWT, jwtVerify } from 'jose'

export const TOKEN_ISSUER = 'kundenportal'
export const TOKEN_AUDIENCE = 'kundenportal-api'
/** Tokens live one working day. */
export const TOKEN_LIFETIME_SECONDS = 8 * 60 * 60

export interface TokenClaims {
  userName: string
  /** Issue instant in milliseconds: `iat` has whole seconds only, too coarse to compare with a revocation. */
  issuedAtMs: number
}

export async function issueToken(secret: Uint8Array, userName: string, now = Date.now()) {
  return new SignJWT({ iat_ms: now })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userName)
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor(now / 1000) + TOKEN_LIFETIME_SECONDS)
    .sign(secret)
}

/** Verifies signature (HS256 only), issuer, audience and expiry; null for any token that fails. */
export async function verifyToken(secret: Uint8Array, token: string): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ['HS256'],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      requiredClaims: ['sub', 'exp', 'iat'],
    })
    const issuedAtMs = typeof payload.iat_ms === 'number' ? payload.iat_ms : payload.iat! * 1000
    return { userName: payload.sub!, issuedAtMs }
  } catch {
    return null
  }
}
