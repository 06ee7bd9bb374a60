import { eq, lt, sql } from 'drizzle-orm'
import type { Executor } from '../persistence/database'
import { revokedSessions, users } from '../persistence/schema'
import type { SessionUser } from '../persistence/scope'
import { hasSecondFactorSql } from './second-factor-policy'
import {
  RESIDENT_ACCESS_ENDED_MESSAGE,
  residentAccessEnded,
  residentColumns,
} from './resident-access'
import { verifyToken } from './tokens'

/** What a caller with an invalid or expired token, or one of an unknown user, is told. */
export const SESSION_EXPIRED_MESSAGE =
  'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.'
/** A token of a session that was logged out (in another tab of the same browser, say). */
export const SESSION_SIGNED_OUT_MESSAGE = 'Sie wurden abgemeldet. Bitte melden Sie sich erneut an.'
/** A token issued before the user's last "sign out everywhere". */
export const SIGNED_OUT_EVERYWHERE_MESSAGE =
  'Sie wurden auf allen Geräten abgemeldet. Bitte melden Sie sich erneut an.'
/** A token issued before a password change or reset, or before the account was disabled. */
export const SESSION_ENDED_MESSAGE =
  'Ihre Sitzung wurde beendet, zum Beispiel weil Ihr Passwort geändert wurde. Bitte melden Sie sich erneut an.'
/** A token of a disabled user: he was signed in, so he may learn why he is no longer. */
export const ACCOUNT_DISABLED_MESSAGE =
  'Ihr Benutzerkonto ist gesperrt. Bitte wenden Sie sich an den Kundenservice.'

export type TokenCheck =
  | {
      user: SessionUser
      sessionId: string
      dataVersion: string
      /** The user has a confirmed second factor (decision 035). */
      secondFactor: boolean
      refusal?: never
    }
  | { user: null; sessionId?: never; refusal: string }

const refused = (refusal: string): TokenCheck => ({ user: null, refusal })

/** Of which cost lines a kept answer depends (decision 057, 060). */
export type CostLinesRead =
  /** any: the company code's full version */
  | { costLines?: undefined }
  /** none: the company code's shared version, which a cost line's change does not raise */
  | { costLines: 'none' }
  /** only those of one distribution: the shared version and that distribution's */
  | { costLines: 'own-distribution'; distribution: string }

/** Which version the token check reads: of everything, or of one of the `CostLinesRead`. */
type VersionKind = NonNullable<CostLinesRead['costLines']> | 'all'

/**
 * The version a kept answer is validated by, read with the user: the version of everything and of
 * the user's company code (decision 054); for an answer that reads no cost line, the company
 * code's shared version (decision 060); for an answer of one distribution's cost lines, the
 * shared version and the distribution's (decision 057). Only a user who sees the whole company
 * code gets a distribution's version, and only of his company code's distribution: nobody learns
 * how often another's lines changed.
 */
function dataVersionSql(costLines: VersionKind) {
  const everything = sql`(select version::text from data_version)`
  const company = (column: 'version' | 'shared_version') =>
    sql`coalesce((select company.${sql.raw(column)} from data_versions_by_company company where company.company_code = "users"."company_code"), 0)::text`
  if (costLines === 'all') return sql<string>`${everything} || '.' || ${company('version')}`
  if (costLines === 'none') return sql<string>`${everything} || '.' || ${company('shared_version')}`
  return sql<string>`case when "users"."business_partner" is null
    then ${everything} || '.' || ${company('shared_version')} || ':' || coalesce((select d.version from data_versions_by_distribution d where d.operating_costs_distribution = ${sql.placeholder('distribution')} and d.company_code = "users"."company_code"), 0)::text
    else ${everything} || '.' || ${company('version')} end`
}

/**
 * The token check's statement for one kind of version, built once per database and prepared on
 * each of its connections (decision 074): every request runs it, and building it took drizzle
 * about 0.1 ms, a tenth of a 304's cost on the server.
 */
function tokenCheckStatement(db: Executor, costLines: VersionKind) {
  return db
    .select({
      userId: users.id,
      userName: users.userName,
      companyCode: users.companyCode,
      businessPartner: users.businessPartner,
      tokensNotBefore: users.tokensNotBefore,
      signedOutEverywhereAt: users.signedOutEverywhereAt,
      disabledAt: users.disabledAt,
      ...residentColumns,
      secondFactor: hasSecondFactorSql(users.id),
      sessionRevoked: sql<boolean>`exists (select 1 from ${revokedSessions} where ${revokedSessions.sessionId} = ${sql.placeholder('sessionId')})`,
      // read in the same statement, so a kept answer is validated at no extra round trip
      dataVersion: dataVersionSql(costLines),
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare(`token_check_${costLines.replace('-', '_')}`)
}

type TokenCheckStatement = ReturnType<typeof tokenCheckStatement>

/** The prepared statements of each database (the server's pool, a test's PGlite), by kind. */
const tokenCheckStatements = new WeakMap<Executor, Map<string, TokenCheckStatement>>()

function preparedTokenCheck(db: Executor, costLines: VersionKind): TokenCheckStatement {
  let statements = tokenCheckStatements.get(db)
  if (!statements)
    tokenCheckStatements.set(db, (statements = new Map<string, TokenCheckStatement>()))
  let statement = statements.get(costLines)
  if (!statement) statements.set(costLines, (statement = tokenCheckStatement(db, costLines)))
  return statement
}

/**
 * The user and session a token stands for, or why it is refused (a German message for the 401):
 * the token must verify (signature, issuer, audience, expiry), name an existing user by the
 * immutable id (so a user deleted and created again under the same name is not the old token's
 * user, decision 016), belong to a session that was not logged out, and be issued after the
 * user's not-before instant (sign-out everywhere, password change); a disabled user's tokens are
 * all refused. The one check behind the bearer header and the token in the legacy endpoint's body.
 */
export async function checkToken(
  db: Executor,
  secret: Uint8Array,
  token: string,
  versionOf: CostLinesRead = {},
): Promise<TokenCheck> {
  const claims = await verifyToken(secret, token)
  if (!claims) return refused(SESSION_EXPIRED_MESSAGE)
  const [user] = await preparedTokenCheck(db, versionOf.costLines ?? 'all').execute({
    userId: claims.userId,
    sessionId: claims.sessionId,
    distribution: versionOf.costLines === 'own-distribution' ? versionOf.distribution : null,
  })
  if (!user) return refused(SESSION_EXPIRED_MESSAGE)
  if (user.disabledAt) return refused(ACCOUNT_DISABLED_MESSAGE)
  if (residentAccessEnded(user)) return refused(RESIDENT_ACCESS_ENDED_MESSAGE)
  if (user.sessionRevoked) return refused(SESSION_SIGNED_OUT_MESSAGE)
  const notBefore = user.tokensNotBefore.getTime()
  if (claims.issuedAtMs < notBefore) {
    const everywhere = user.signedOutEverywhereAt?.getTime() === notBefore
    return refused(everywhere ? SIGNED_OUT_EVERYWHERE_MESSAGE : SESSION_ENDED_MESSAGE)
  }
  return {
    user: {
      userId: user.userId,
      userName: user.userName,
      companyCode: user.companyCode,
      businessPartner: user.businessPartner,
      residentContract: user.residentContract,
    },
    sessionId: claims.sessionId,
    dataVersion: user.dataVersion,
    secondFactor: user.secondFactor,
  }
}

/** The user a token stands for, or null: `checkToken` without the reason. */
export async function userForToken(
  db: Executor,
  secret: Uint8Array,
  token: string,
): Promise<SessionUser | null> {
  return (await checkToken(db, secret, token)).user
}

/** Removes logged-out sessions whose tokens have all expired; the hourly job calls it. */
export async function pruneRevokedSessions(db: Executor, now = new Date()): Promise<number> {
  const removed = await db
    .delete(revokedSessions)
    .where(lt(revokedSessions.expiresAt, now))
    .returning({ sessionId: revokedSessions.sessionId })
  return removed.length
}
