import { eq } from 'drizzle-orm'
import type { Executor } from '../persistence/database'
import { users } from '../persistence/schema'
import type { SessionUser } from '../persistence/scope'
import { verifyToken } from './tokens'

/** What a caller with an invalid, expired or revoked token is told. */
export const SESSION_EXPIRED_MESSAGE =
  'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.'

/**
 * The user a token stands for, or null: the token must verify (signature, issuer, audience,
 * expiry), name an existing user by the immutable id (so a user deleted and created again under
 * the same name is not the old token's user, decision 016) and be issued after the user's
 * not-before instant (logout, password change); a disabled user's tokens are all refused.
 * The one check behind the bearer header and the token in the legacy endpoint's body.
 */
export async function userForToken(
  db: Executor,
  secret: Uint8Array,
  token: string,
): Promise<SessionUser | null> {
  const claims = await verifyToken(secret, token)
  if (!claims) return null
  const [user] = await db
    .select({
      userId: users.id,
      userName: users.userName,
      companyCode: users.companyCode,
      businessPartner: users.businessPartner,
      tokensNotBefore: users.tokensNotBefore,
      disabledAt: users.disabledAt,
    })
    .from(users)
    .where(eq(users.id, claims.userId))
  if (!user || user.disabledAt || claims.issuedAtMs < user.tokensNotBefore.getTime()) return null
  return {
    userId: user.userId,
    userName: user.userName,
    companyCode: user.companyCode,
    businessPartner: user.businessPartner,
  }
}
