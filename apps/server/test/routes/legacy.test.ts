/**
 * The legacy endpoint is public for the auth plugin (the token travels in the body), so it must
 * refuse every token the bearer check refuses: forged, expired, revoked, missing.
 */
import type { LegacyAnswer } from '@portal/domain'
import { SignJWT } from 'jose'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  SESSION_EXPIRED_MESSAGE,
  SESSION_SIGNED_OUT_MESSAGE,
} from '../../src/platform/auth/session-user'
import {
  TOKEN_AUDIENCE,
  TOKEN_ISSUER,
  TOKEN_LIFETIME_SECONDS,
  issueToken,
} from '../../src/platform/auth/tokens'
import { connections, users } from '../../src/platform/persistence/schema'
import { useTestContext, propertyOf1000 } from '../helper'

const { ctx } = useTestContext()
/** A property of company code 1000. */
let property: string
/** verwalter as the subject of his tokens (decision 016). */
let verwalter: { userId: string; userName: string }

beforeAll(async () => {
  const [user] = await ctx.database.db
    .select({ userId: users.id, userName: users.userName })
    .from(users)
    .where(eq(users.userName, 'verwalter'))
  verwalter = user!
  const [row] = await ctx.database.db
    .select({ connection: connections.connection })
    .from(connections)
    .where(propertyOf1000())
    .orderBy(connections.connection)
  property = row!.connection
})

const attributesWith = async (token: string | null | undefined): Promise<LegacyAnswer> => {
  const json = { action: 'trans', code: 'ATTRIBUTES', obj: 'ANSCHLUSS', key: property, token }
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/legacy',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ json: JSON.stringify(json) }).toString(),
  })
  expect(response.statusCode, response.body).toBe(200)
  return response.json<LegacyAnswer>()
}

const tokenOf = async (user: string) =>
  (await ctx.login(user)).authorization.replace(/^Bearer /, '')

const refused = { success: false, data: null, message: SESSION_EXPIRED_MESSAGE, token: null }

describe('POST /api/legacy tokens', () => {
  it('accepts a valid token', async () => {
    const answer = await attributesWith(await tokenOf('verwalter'))
    expect(answer.success).toBe(true)
    expect(answer.token).toEqual(expect.any(String))
  })

  it('refuses forged tokens: another secret, alg none, other algorithm, foreign issuer', async () => {
    const now = Math.floor(Date.now() / 1000)
    const claims = {
      sub: verwalter.userId,
      iss: TOKEN_ISSUER,
      aud: TOKEN_AUDIENCE,
      iat: now,
      exp: now + 60,
    }
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`
    const forged = [
      await issueToken(new Uint8Array(32).fill(7), verwalter),
      none,
      await new SignJWT(claims).setProtectedHeader({ alg: 'HS384' }).sign(ctx.config.jwtSecret),
      await new SignJWT({ ...claims, iss: 'jemand' })
        .setProtectedHeader({ alg: 'HS256' })
        .sign(ctx.config.jwtSecret),
      'kein.token.vorhanden',
      '',
    ]
    for (const token of forged) expect(await attributesWith(token), token).toEqual(refused)
  })

  it('refuses a missing and an expired token', async () => {
    expect(await attributesWith(undefined)).toEqual(refused)
    expect(await attributesWith(null)).toEqual(refused)
    const expired = await issueToken(
      ctx.config.jwtSecret,
      verwalter,
      Date.now() - (TOKEN_LIFETIME_SECONDS + 60) * 1000,
    )
    expect(await attributesWith(expired)).toEqual(refused)
  })

  it('refuses a token revoked by logout, and the fresh token it answered before', async () => {
    const token = await tokenOf('eigentuemer')
    const before = await attributesWith(token)
    expect(before.token).toEqual(expect.any(String))
    const revoke = await ctx.app.inject({
      method: 'POST',
      url: '/api/token/revoke',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(revoke.statusCode).toBe(204)
    // the renewed token is of the same session (decision 022); the answer says it was logged out
    const loggedOut = { ...refused, message: SESSION_SIGNED_OUT_MESSAGE }
    expect(await attributesWith(token)).toEqual(loggedOut)
    expect(await attributesWith(before.token)).toEqual(loggedOut)
  })

  it('answers fremd (company code 2000) success false for an object of company code 1000', async () => {
    const answer = await attributesWith(await tokenOf('fremd'))
    expect(answer).toEqual({
      success: false,
      data: null,
      message: expect.stringMatching(/nicht gefunden/),
      token: expect.any(String),
    })
  })
})
