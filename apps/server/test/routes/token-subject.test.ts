/**
 * Decision 016, "Tokens name only the user name": a token stands for one user record, not for a user
 * name. A user deleted and created again under the same name is another user; the old token is
 * refused, at the bearer header and in the legacy endpoint's body.
 */
import type { LegacyAnswer } from '@portal/domain'
import { SignJWT } from 'jose'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from '../../src/platform/auth/tokens'
import { users } from '../../src/platform/persistence/schema'
import { ownUserSearch, useTestContext } from '../helper'

const { ctx } = useTestContext()

const me = (authorization: string) => ownUserSearch(ctx, authorization)

const legacyWith = async (token: string) => {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/legacy',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      json: JSON.stringify({ action: 'trans', code: 'ATTRIBUTES', obj: 'X', key: '', token }),
    }).toString(),
  })
  expect(response.statusCode, response.body).toBe(200)
  return response.json<LegacyAnswer>()
}

describe('a token of a deleted user', () => {
  it('does not work for a new user of the same name', async () => {
    const old = await ctx.login('fremd')
    expect((await me(old.authorization)).statusCode).toBe(200)

    const [row] = await ctx.database.db.select().from(users).where(eq(users.userName, 'fremd'))
    await ctx.database.db.delete(users).where(eq(users.userName, 'fremd'))
    expect((await me(old.authorization)).statusCode).toBe(401)
    await ctx.database.db.insert(users).values({
      userName: row!.userName,
      companyCode: row!.companyCode,
      businessPartner: row!.businessPartner,
      name: 'Neuer Benutzer',
      mail: 'neu@nordwohnen.example',
      passwordHash: row!.passwordHash,
    })

    const response = await me(old.authorization)
    expect(response.statusCode).toBe(401)
    expect(response.json<{ detail: string }>().detail).toMatch(/Sitzung ist abgelaufen/)
    const legacy = await legacyWith(old.authorization.replace(/^Bearer /, ''))
    expect(legacy.token).toBeNull()

    const fresh = await ctx.login('fremd')
    const mine = await me(fresh.authorization)
    expect(mine.statusCode).toBe(200)
    expect(mine.json<{ items: { name: string }[] }>().items[0]!.name).toBe('Neuer Benutzer')
    expect((await legacyWith(fresh.authorization.replace(/^Bearer /, ''))).token).toEqual(
      expect.any(String),
    )
  })

  it('refuses, with 401, a signed token whose subject is a user name (the former format)', async () => {
    const now = Math.floor(Date.now() / 1000)
    const token = await new SignJWT({
      sub: 'verwalter',
      iss: TOKEN_ISSUER,
      aud: TOKEN_AUDIENCE,
      iat: now,
      exp: now + 60,
    })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(ctx.config.jwtSecret)
    const response = await me(`Bearer ${token}`)
    expect(response.statusCode).toBe(401)
    expect((await legacyWith(token)).token).toBeNull()
  })
})
