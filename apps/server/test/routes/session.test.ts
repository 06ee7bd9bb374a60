import { LOGIN_FAILED_MESSAGE } from '@portal/domain'
import { eq } from 'drizzle-orm'
import { SignJWT, decodeJwt } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from '../../src/auth/tokens'
import { users } from '../../src/persistence/schema'
import { DEMO_PASSWORD } from '../../src/seed/demo-users'
import { createTestContext, type TestContext } from '../helper'

let ctx: TestContext
/** The immutable id of verwalter, the subject of his tokens. */
let verwalterId: string
beforeAll(async () => {
  ctx = await createTestContext()
  const [row] = await ctx.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.userName, 'verwalter'))
  verwalterId = row!.id
})
afterAll(() => ctx.close())

const signInAs = (username: string, password: string, remoteAddress = '127.0.0.1') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/token',
    payload: { username, password },
    remoteAddress,
  })

const me = (authorization: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/persistence/users-search',
    headers: { authorization },
    payload: {},
  })

describe('POST /api/token', () => {
  it('answers a token for the right password, valid eight hours', async () => {
    const response = await signInAs('verwalter', DEMO_PASSWORD)
    expect(response.statusCode).toBe(200)
    const { token } = response.json<{ token: string }>()
    const claims = decodeJwt(token)
    expect(claims.sub).toBe(verwalterId)
    expect(claims.preferred_username).toBe('verwalter')
    expect(claims.iss).toBe(TOKEN_ISSUER)
    expect(claims.aud).toBe(TOKEN_AUDIENCE)
    expect(claims.exp! - claims.iat!).toBe(8 * 60 * 60)
    expect((await me(`Bearer ${token}`)).statusCode).toBe(200)
  })

  it('answers 401 with the German message for a wrong password or an unknown user', async () => {
    for (const [user, password] of [
      ['verwalter', 'falsch'],
      ['niemand', DEMO_PASSWORD],
    ] as const) {
      const response = await signInAs(user, password, '10.0.0.1')
      expect(response.statusCode).toBe(401)
      expect(response.json()).toEqual({ detail: LOGIN_FAILED_MESSAGE, code: 'LOGIN_FAILED' })
    }
  })

  it('answers 429 from the eleventh failed attempt in a minute for one user name', async () => {
    const statuses: number[] = []
    for (let attempt = 1; attempt <= 11; attempt++) {
      // a different address each time: the user name alone must trigger the limit
      statuses.push((await signInAs('eigentuemer', 'falsch', `10.1.0.${attempt}`)).statusCode)
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401))
    expect(statuses[10]).toBe(429)
    const blocked = await signInAs('eigentuemer', DEMO_PASSWORD, '10.1.0.99')
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json<{ detail: string }>().detail).toMatch(/Zu viele Versuche/)
  })

  it('answers 429 from the eleventh failed attempt in a minute from one address', async () => {
    const statuses: number[] = []
    for (let attempt = 1; attempt <= 11; attempt++) {
      statuses.push((await signInAs(`unbekannt${attempt}`, 'falsch', '10.2.0.1')).statusCode)
    }
    expect(statuses[9]).toBe(401)
    expect(statuses[10]).toBe(429)
  })

  it('rejects a body with unknown properties', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/token',
      payload: { username: 'verwalter', password: DEMO_PASSWORD, admin: true },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      detail: 'Unbekannter Schlüssel: "admin"',
      code: 'VALIDATION_FAILED',
      field: 'admin',
    })
  })
})

describe('bearer tokens', () => {
  const sign = (claims: Record<string, unknown>, alg = 'HS256', secret = ctx.config.jwtSecret) =>
    new SignJWT(claims).setProtectedHeader({ alg }).sign(secret)
  const now = () => Math.floor(Date.now() / 1000)
  const valid = () => ({
    sub: verwalterId,
    iss: TOKEN_ISSUER,
    aud: TOKEN_AUDIENCE,
    iat: now(),
    exp: now() + 60,
  })

  it('accepts a token signed as the server signs them', async () => {
    expect((await me(`Bearer ${await sign(valid())}`)).statusCode).toBe(200)
  })

  it('refuses alg none, other algorithms, foreign secrets, issuers, audiences and expired tokens', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')
    const body = Buffer.from(JSON.stringify(valid())).toString('base64url')
    const forged = [
      `${header}.${body}.`,
      await sign(valid(), 'HS512', new Uint8Array(64).fill(1)),
      await sign(valid(), 'HS384', ctx.config.jwtSecret),
      await sign(valid(), 'HS256', new Uint8Array(32).fill(7)),
      await sign({ ...valid(), iss: 'jemand' }),
      await sign({ ...valid(), aud: 'andere-api' }),
      await sign({ ...valid(), iat: now() - 100, exp: now() - 10 }),
      await sign({ ...valid(), exp: undefined }),
      'kein.token.vorhanden',
    ]
    for (const token of forged) {
      const response = await me(`Bearer ${token}`)
      expect(response.statusCode, token).toBe(401)
    }
    expect((await me('')).statusCode).toBe(401)
  })

  it('logout revokes every earlier token of the user, a new sign-in works', async () => {
    const first = await ctx.login('fremd')
    const second = await ctx.login('fremd')
    const revoke = await ctx.app.inject({
      method: 'POST',
      url: '/api/token/revoke',
      headers: first,
    })
    expect(revoke.statusCode).toBe(204)
    expect((await me(first.authorization)).statusCode).toBe(401)
    expect((await me(second.authorization)).statusCode).toBe(401)
    const third = await ctx.login('fremd')
    expect((await me(third.authorization)).statusCode).toBe(200)
  })
})
