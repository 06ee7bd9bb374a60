import { randomUUID } from 'node:crypto'
import { LOGIN_FAILED_MESSAGE } from '@portal/domain'
import { eq } from 'drizzle-orm'
import { SignJWT, decodeJwt } from 'jose'
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { addUser } from '../../src/modules/accounts/accounts'
import { buildApp } from '../../src/app'
import { hashPassword } from '../../src/platform/auth/passwords'
import {
  ACCOUNT_DISABLED_MESSAGE,
  SESSION_ENDED_MESSAGE,
  SESSION_SIGNED_OUT_MESSAGE,
  SIGNED_OUT_EVERYWHERE_MESSAGE,
} from '../../src/platform/auth/session-user'
import {
  TOKEN_AUDIENCE,
  TOKEN_ISSUER,
  TOKEN_LIFETIME_SECONDS,
} from '../../src/platform/auth/tokens'
import { revokedSessions, users } from '../../src/platform/persistence/schema'
import { pruneRevokedSessions } from '../../src/platform/auth/session-user'
import { DEMO_PASSWORD } from '../../src/platform/auth/demo-password'
import { ownUserSearch, signInRequest, TEST_BACK_PRESSURE, useTestContext } from '../helper'

const { ctx } = useTestContext()
/** The immutable id of verwalter, the subject of his tokens. */
let verwalterId: string
beforeAll(async () => {
  const [row] = await ctx.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.userName, 'verwalter'))
  verwalterId = row!.id
})

const signInAs = (username: string, password: string, remoteAddress = '127.0.0.1') =>
  signInRequest(ctx.app, { username, password }, remoteAddress)

const me = (authorization: string) => ownUserSearch(ctx, authorization)

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
    const response = await signInRequest(ctx.app, {
      username: 'verwalter',
      password: DEMO_PASSWORD,
      admin: true,
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
    sid: randomUUID(),
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
      // the former format without a session, and a session that is no uuid
      await sign({ ...valid(), sid: undefined }),
      await sign({ ...valid(), sid: 'sitzung-1' }),
      'kein.token.vorhanden',
    ]
    for (const token of forged) {
      const response = await me(`Bearer ${token}`)
      expect(response.statusCode, token).toBe(401)
    }
    expect((await me('')).statusCode).toBe(401)
  })

  it('refuses an expired token with the message that the session expired', async () => {
    const expired = await sign({ ...valid(), iat: now() - 100, exp: now() - 10 })
    const response = await me(`Bearer ${expired}`)
    expect(response.json()).toEqual({
      detail: 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
      code: 'UNAUTHORIZED',
    })
  })
})

/** POST /api/token/revoke with the bearer header and, if given, an idempotency key. */
const revoke = (url: string, headers: { authorization: string }, key?: string) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: { ...headers, ...(key ? { 'idempotency-key': key } : {}) },
  })

const detailOf = async (authorization: string) => {
  const response = await me(authorization)
  return response.statusCode === 200 ? 200 : response.json<{ detail: string }>().detail
}

describe('logout ends this session only (decision 022)', () => {
  it('leaves another token of the same user working; the logged-out one is told why', async () => {
    const a = await ctx.login('fremd')
    const b = await ctx.login('fremd')
    const response = await revoke('/api/token/revoke', a, 'logout-a')
    expect(response.statusCode).toBe(204)
    expect(await detailOf(a.authorization)).toBe(SESSION_SIGNED_OUT_MESSAGE)
    expect(await detailOf(b.authorization)).toBe(200)
    // stored in the database until the session's last token has expired
    const sid = decodeJwt(a.authorization.slice('Bearer '.length)).sid as string
    const [row] = await ctx.database.db
      .select()
      .from(revokedSessions)
      .where(eq(revokedSessions.sessionId, sid))
    expect(row!.expiresAt.getTime()).toBeGreaterThanOrEqual(
      Date.now() + (TOKEN_LIFETIME_SECONDS - 60) * 1000,
    )
    // the logged-out token cannot repeat the logout; the other session logs out on its own
    expect((await revoke('/api/token/revoke', a, 'logout-a')).statusCode).toBe(401)
    expect((await revoke('/api/token/revoke', b)).statusCode).toBe(204)
    expect(await detailOf(b.authorization)).toBe(SESSION_SIGNED_OUT_MESSAGE)
  })

  it('is seen by another server process on the same database', async () => {
    const second = await buildApp({
      config: ctx.config,
      database: ctx.database,
      backPressure: TEST_BACK_PRESSURE,
    })
    await second.ready()
    try {
      const token = await ctx.login('verwalter')
      const inSecond = () =>
        second.inject({
          method: 'POST',
          url: '/api/persistence/users-search',
          headers: token,
          payload: {},
        })
      expect((await inSecond()).statusCode).toBe(200)
      expect((await revoke('/api/token/revoke', token)).statusCode).toBe(204)
      const refused = await inSecond()
      expect(refused.statusCode).toBe(401)
      expect(refused.json<{ detail: string }>().detail).toBe(SESSION_SIGNED_OUT_MESSAGE)
    } finally {
      // closes the second app only: the database belongs to the test context
      await second.close()
    }
  })

  it('removes logged-out sessions once their tokens have all expired', async () => {
    const token = await ctx.login('verwalter')
    await revoke('/api/token/revoke', token)
    const sid = decodeJwt(token.authorization.slice('Bearer '.length)).sid as string
    const stored = () =>
      ctx.database.db.select().from(revokedSessions).where(eq(revokedSessions.sessionId, sid))
    expect(await pruneRevokedSessions(ctx.database.db)).toBe(0)
    expect(await stored()).toHaveLength(1)
    const later = new Date(Date.now() + (TOKEN_LIFETIME_SECONDS + 1) * 1000)
    expect(await pruneRevokedSessions(ctx.database.db, later)).toBeGreaterThanOrEqual(1)
    expect(await stored()).toEqual([])
  })
})

describe('sign out everywhere (decision 022)', () => {
  it('refuses every earlier token of the user with its message; a new sign-in works', async () => {
    // fremd: eigentuemer is throttled by the tests of the 429 above
    const a = await ctx.login('fremd')
    const b = await ctx.login('fremd')
    const other = await ctx.login('verwalter')
    const response = await revoke('/api/token/revoke-all', a, 'everywhere-1')
    expect(response.statusCode).toBe(204)
    expect(await detailOf(a.authorization)).toBe(SIGNED_OUT_EVERYWHERE_MESSAGE)
    expect(await detailOf(b.authorization)).toBe(SIGNED_OUT_EVERYWHERE_MESSAGE)
    expect(await detailOf(other.authorization)).toBe(200)
    const fresh = await ctx.login('fremd')
    expect(await detailOf(fresh.authorization)).toBe(200)
  })

  it('gives way to the message of a later password change', async () => {
    const [before] = await ctx.database.db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.userName, 'verwalter'))
    onTestFinished(async () => {
      await ctx.database.db.update(users).set(before!).where(eq(users.userName, 'verwalter'))
    })
    const a = await ctx.login('verwalter')
    const b = await ctx.login('verwalter')
    expect((await revoke('/api/token/revoke-all', a)).statusCode).toBe(204)
    const c = await ctx.login('verwalter')
    const changed = await ctx.app.inject({
      method: 'POST',
      url: '/api/processes/system/password-change',
      headers: c,
      payload: {
        currentPassword: DEMO_PASSWORD,
        newPassword: 'Geaendert#2024',
        newPasswordRepeat: 'Geaendert#2024',
      },
    })
    expect(changed.statusCode, changed.body).toBe(200)
    const d = `Bearer ${changed.json<{ token: string }>().token}`
    expect(await detailOf(b.authorization)).toBe(SESSION_ENDED_MESSAGE)
    expect(await detailOf(c.authorization)).toBe(SESSION_ENDED_MESSAGE)
    expect(await detailOf(d)).toBe(200)
  })

  it('tells a disabled user that his account is disabled', async () => {
    const a = await ctx.login('fremd')
    await ctx.database.db
      .update(users)
      .set({ disabledAt: new Date() })
      .where(eq(users.userName, 'fremd'))
    try {
      expect(await detailOf(a.authorization)).toBe(ACCOUNT_DISABLED_MESSAGE)
    } finally {
      await ctx.database.db
        .update(users)
        .set({ disabledAt: null })
        .where(eq(users.userName, 'fremd'))
    }
  })
})

describe('user names with letters beyond ASCII (decision 022)', () => {
  const PASSWORD = 'Mueller#Start24'
  beforeAll(async () => {
    await addUser(
      ctx.database.db,
      { send: async () => undefined },
      { publicUrl: ctx.config.publicUrl },
      { userName: 'müller', name: 'Jörg Müller', mail: 'mueller@example.org', companyCode: '1000' },
    )
    await ctx.database.db
      .update(users)
      .set({ passwordHash: await hashPassword(PASSWORD) })
      .where(eq(users.userName, 'müller'))
  })

  it('signs in as typed, decomposed (NFD), in capitals or with spaces around it', async () => {
    for (const [typed, address] of [
      ['müller', '10.9.0.1'],
      ['mu\u0308ller', '10.9.0.2'],
      ['MÜLLER', '10.9.0.3'],
      ['  Müller ', '10.9.0.4'],
    ] as const) {
      const response = await signInAs(typed, PASSWORD, address)
      expect(response.statusCode, typed).toBe(200)
      const { token } = response.json<{ token: string }>()
      expect(decodeJwt(token).preferred_username).toBe('müller')
      // the portal finds its record by the name the token carries
      const record = await ctx.app.inject({
        method: 'POST',
        url: '/api/persistence/users-search',
        headers: { authorization: `Bearer ${token}` },
        payload: { filters: [{ property: 'userName', type: 'eq', value: 'müller' }] },
      })
      expect(record.json<{ items: { name: string }[] }>().items).toEqual([
        expect.objectContaining({ name: 'Jörg Müller' }),
      ])
    }
    expect((await signInAs('muller', PASSWORD, '10.9.0.5')).statusCode).toBe(401)
  })

  it('is stored composed: the decomposed name is the same user', async () => {
    await expect(
      addUser(
        ctx.database.db,
        { send: async () => undefined },
        { publicUrl: ctx.config.publicUrl },
        { userName: 'Mu\u0308ller', name: 'X', mail: 'x@example.org', companyCode: '1000' },
      ),
    ).rejects.toMatchObject({ statusCode: 409, code: 'USER_EXISTS' })
  })
})
