/**
 * The authentication of the bved consumption-data service (decision 062): below /api/bved/ only
 * HTTP Basic with a credential that a user created for his software; the call then runs as that
 * user and sees what he sees. A portal token there is 401, and a Basic credential is 401 on every
 * other route (it never matches the bearer form). The password is 32 random bytes behind the
 * prefix `cd_` (found by secret scanners, never mistaken for a portal password); only its SHA-256
 * is stored, as for the provider's keys.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm'
import { unauthorized } from '../http-errors'
import type { Executor } from '../persistence/database'
import { consumptionDataCredentials, users } from '../persistence/schema'

export const BVED_PREFIX = '/api/bved/'
export const isBvedRoute = (url: string) => url.startsWith(BVED_PREFIX)

/** The realm the service names in `WWW-Authenticate`. */
export const CONSUMPTION_DATA_REALM = 'bved consumption-data'
export const CONSUMPTION_PASSWORD_PREFIX = 'cd_'
const USER_NAME_PREFIX = 'vd-'

export const CREDENTIALS_REQUIRED_MESSAGE =
  'Diese Schnittstelle verlangt einen Zugang für die Verbrauchsdaten (HTTP Basic). Sie legen ihn im Portal unter „Mein Konto“ an.'
export const CREDENTIALS_INVALID_MESSAGE =
  'Benutzername oder Passwort des Zugangs sind falsch, oder der Zugang wurde widerrufen.'

/** What is stored of a password: its SHA-256, never the password. */
export const consumptionPasswordHash = (password: string) =>
  createHash('sha256').update(password, 'utf8').digest('hex')

/** A new credential's user name (`vd-` and 12 characters) and password (`cd_` and 43). */
export function newConsumptionCredential(): { userName: string; password: string } {
  return {
    userName: `${USER_NAME_PREFIX}${randomBytes(6).toString('hex')}`,
    password: `${CONSUMPTION_PASSWORD_PREFIX}${randomBytes(32).toString('base64url')}`,
  }
}

/** User name and password of a Basic header, or null when it is not one. */
export function basicCredentials(header: string | undefined): {
  userName: string
  password: string
} | null {
  const match = /^Basic ([A-Za-z0-9+/]{1,400}={0,2})$/i.exec(header ?? '')
  if (!match) return null
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8')
  // a control character (NUL above all) is in no credential, and PostgreSQL refuses NUL in text
  for (const character of decoded) {
    const code = character.charCodeAt(0)
    if (code < 0x20 || code === 0x7f || code === 0xfffd) return null
  }
  const colon = decoded.indexOf(':')
  if (colon < 1) return null
  return { userName: decoded.slice(0, colon), password: decoded.slice(colon + 1) }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The consumption-data credential of a call below /api/bved/; null on every other route. */
    consumptionCredential: string | null
  }
}

function refuse(reply: FastifyReply, message: string) {
  reply.header('WWW-Authenticate', `Basic realm="${CONSUMPTION_DATA_REALM}", charset="UTF-8"`)
  return unauthorized(message)
}

/**
 * Sets `request.user` to the credential's user (one indexed read), or throws 401 with the
 * challenge. A disabled user's credentials are refused like wrong ones.
 */
export async function authenticateConsumptionCredential(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const given = basicCredentials(request.headers.authorization)
  if (!given) throw refuse(reply, CREDENTIALS_REQUIRED_MESSAGE)
  const [row] = await request.server.db
    .select({
      id: consumptionDataCredentials.id,
      passwordHash: consumptionDataCredentials.passwordHash,
      userId: users.id,
      userName: users.userName,
      companyCode: users.companyCode,
      businessPartner: users.businessPartner,
      disabledAt: users.disabledAt,
    })
    .from(consumptionDataCredentials)
    .innerJoin(users, eq(users.id, consumptionDataCredentials.userId))
    .where(eq(consumptionDataCredentials.userName, given.userName))
  const hash = Buffer.from(consumptionPasswordHash(given.password), 'hex')
  const matches = row !== undefined && timingSafeEqual(hash, Buffer.from(row.passwordHash, 'hex'))
  if (!row || !matches || row.disabledAt) throw refuse(reply, CREDENTIALS_INVALID_MESSAGE)
  request.user = {
    userId: row.userId,
    userName: row.userName,
    companyCode: row.companyCode,
    businessPartner: row.businessPartner,
  }
  request.consumptionCredential = row.id
}

/** The credential's last use, kept to the minute (so that a burst of calls writes once). */
export async function recordConsumptionCredentialUse(db: Executor, id: string): Promise<void> {
  await db
    .update(consumptionDataCredentials)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(consumptionDataCredentials.id, id),
        or(
          isNull(consumptionDataCredentials.lastUsedAt),
          lt(consumptionDataCredentials.lastUsedAt, sql`now() - interval '1 minute'`),
        ),
      ),
    )
}
