import { eq } from 'drizzle-orm'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { PASSWORD_RESET_REQUESTED_MESSAGE } from '../../src/modules/accounts/password-reset'
import {
  passwordResetTokens,
  partners,
  products,
  users,
} from '../../src/platform/persistence/schema'
import { DEMO_PASSWORD } from '../../src/platform/auth/demo-password'
import { useTestContext } from '../helper'

const { ctx } = useTestContext()

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload, headers })

describe('users-search and company-code-search', () => {
  it('answers the own user record without password or hash', async () => {
    const response = await post(
      '/api/persistence/users-search',
      {
        filters: [{ property: 'userName', type: 'eq', value: 'eigentuemer' }],
      },
      await ctx.login('eigentuemer'),
    )
    expect(response.statusCode).toBe(200)
    const { items } = response.json<{ items: Record<string, unknown>[] }>()
    expect(items).toHaveLength(1)
    expect(items[0]).toMatchObject({ userName: 'eigentuemer', companyCode: '1000' })
    expect(items[0]!.businessPartner).toEqual(expect.any(String))
    expect(response.body).not.toMatch(/argon2|password/i)
  })

  it('never answers another user, not even of the same company code', async () => {
    const response = await post(
      '/api/persistence/users-search',
      {
        filters: [{ property: 'userName', type: 'eq', value: 'eigentuemer' }],
      },
      await ctx.login('verwalter'),
    )
    expect(response.json<{ items: unknown[] }>().items).toEqual([])
  })

  it('answers the company code with its texts, only the user’s own', async () => {
    const response = await post(
      '/api/configuration/company-code-search',
      {},
      await ctx.login('fremd'),
    )
    const { items } = response.json<{
      items: { companyCode: string; text: { companyCodeName: string }[] }[]
    }>()
    expect(items.map((i) => i.companyCode)).toEqual(['2000'])
    expect(items[0]!.text[0]!.companyCodeName).toEqual(expect.any(String))
  })
})

describe('password change', () => {
  const change = (authorization: { authorization: string }, body: object) =>
    post('/api/processes/system/password-change', body, authorization)

  it('refuses a wrong current password and every broken rule with the German message', async () => {
    const auth = await ctx.login('verwalter')
    const wrongCurrent = await change(auth, {
      currentPassword: 'falsch',
      newPassword: 'Neues#Pass12',
      newPasswordRepeat: 'Neues#Pass12',
    })
    expect(wrongCurrent.statusCode).toBe(400)
    expect(wrongCurrent.json<{ detail: string }>().detail).toMatch(/aktuelle Passwort/)
    expect(wrongCurrent.json<{ field: string }>().field).toBe('currentPassword')

    for (const newPassword of ['Ab#12', 'abcdef#12', 'Abcdefg#1', 'Abcdefg12']) {
      const response = await change(auth, {
        currentPassword: DEMO_PASSWORD,
        newPassword,
        newPasswordRepeat: newPassword,
      })
      expect(response.statusCode, newPassword).toBe(400)
      expect(response.json<{ code: string }>().code).toBe('PASSWORD_RULES')
      expect(response.json<{ field: string }>().field).toBe('newPassword')
    }
    const mismatch = await change(auth, {
      currentPassword: DEMO_PASSWORD,
      newPassword: 'Neues#Pass12',
      newPasswordRepeat: 'Neues#Pass13',
    })
    expect(mismatch.json<{ detail: string }>().detail).toContain(
      'Die Passwörter müssen übereinstimmen. Bitte überprüfen Sie die Passwörter',
    )
    expect(mismatch.json<{ field: string }>().field).toBe('newPasswordRepeat')
    const missing = await change(auth, { currentPassword: DEMO_PASSWORD, newPassword: 'x' })
    expect(missing.statusCode).toBe(400)
  })

  it('sets the new password, revokes earlier tokens and answers a working new one', async () => {
    const before = await ctx.login('fremd')
    const response = await change(before, {
      currentPassword: DEMO_PASSWORD,
      newPassword: 'Neues#Pass12',
      newPasswordRepeat: 'Neues#Pass12',
    })
    expect(response.statusCode, response.body).toBe(200)
    const { token, successMessage } = response.json<{ token: string; successMessage: string }>()
    expect(successMessage).toEqual(expect.any(String))
    const whoAmI = (authorization: string) =>
      post('/api/persistence/users-search', {}, { authorization })
    expect((await whoAmI(before.authorization)).statusCode).toBe(401)
    expect((await whoAmI(`Bearer ${token}`)).statusCode).toBe(200)
    await expect(ctx.login('fremd')).rejects.toThrow(/401/)
    expect((await ctx.login('fremd', 'Neues#Pass12')).authorization).toMatch(/^Bearer /)
  })
})

describe('password reset', () => {
  const outbox = () => path.join(ctx.config.dataDir, 'outbox')
  /** The link's token from a mail in the outbox (quoted-printable body). */
  const resetToken = async (file: string) => {
    const eml = await readFile(path.join(outbox(), file), 'utf8')
    const body = eml
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    return { eml, token: decodeURIComponent(/[?&]reset=([^\s&]+)/.exec(body)![1]!) }
  }
  const mails = async () => {
    try {
      return await readdir(outbox())
    } catch {
      return []
    }
  }

  it('answers the same message whether or not the data match, and mails only on a match', async () => {
    const [owner] = await ctx.database.db
      .select({ businessPartner: users.businessPartner, mail: users.mail })
      .from(users)
      .where(eq(users.userName, 'eigentuemer'))
    const wrong = await post('/api/processes/customer-portal/password-reset', {
      businessPartner: owner!.businessPartner!,
      mail: 'jemand@example.org',
    })
    expect(wrong.statusCode).toBe(200)
    expect(wrong.json()).toEqual({ successMessage: PASSWORD_RESET_REQUESTED_MESSAGE })
    expect(await mails()).toEqual([])

    const right = await post('/api/processes/customer-portal/password-reset', {
      businessPartner: owner!.businessPartner!,
      mail: owner!.mail.toUpperCase(),
    })
    expect(right.json()).toEqual({ successMessage: PASSWORD_RESET_REQUESTED_MESSAGE })
    // the mail goes out after the answer
    await vi.waitFor(async () => expect(await mails()).toHaveLength(1))
    const [file] = await mails()
    const { eml, token } = await resetToken(file!)
    expect(eml).toContain(`To: ${owner!.mail}`)

    const weak = await post('/api/processes/customer-portal/password-reset/confirm', {
      token,
      newPassword: 'schwach',
      newPasswordRepeat: 'schwach',
    })
    expect(weak.statusCode).toBe(400)

    const confirm = await post('/api/processes/customer-portal/password-reset/confirm', {
      token,
      newPassword: 'Zurueck#Gesetzt12',
      newPasswordRepeat: 'Zurueck#Gesetzt12',
    })
    expect(confirm.statusCode, confirm.body).toBe(200)
    expect((await ctx.login('eigentuemer', 'Zurueck#Gesetzt12')).authorization).toMatch(/^Bearer/)

    const again = await post('/api/processes/customer-portal/password-reset/confirm', {
      token,
      newPassword: 'Nochmal#Gesetzt12',
      newPasswordRepeat: 'Nochmal#Gesetzt12',
    })
    expect(again.statusCode).toBe(400)
    expect(again.json<{ detail: string }>().detail).toMatch(/ungültig oder abgelaufen/)
  })

  it('refuses an expired link', async () => {
    const before = (await mails()).length
    await post('/api/processes/customer-portal/password-reset', {
      businessPartner: 'verwalter',
      mail: (await ctx.database.db.select().from(users).where(eq(users.userName, 'verwalter')))[0]!
        .mail,
    })
    await vi.waitFor(async () => expect(await mails()).toHaveLength(before + 1))
    const files = (await mails()).sort()
    const { token } = await resetToken(files.at(-1)!)
    await ctx.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userName, 'verwalter'))
    const confirm = await post('/api/processes/customer-portal/password-reset/confirm', {
      token,
      newPassword: 'Zurueck#Gesetzt12',
      newPasswordRepeat: 'Zurueck#Gesetzt12',
    })
    expect(confirm.statusCode).toBe(400)
  })
})

describe('partners and products', () => {
  it('answers a partner of the own company code and 404 for one of another', async () => {
    const auth = await ctx.login('verwalter')
    const partnerOf = async (companyCode: string) =>
      (
        await ctx.database.db
          .select({ id: partners.businessPartner })
          .from(partners)
          .where(eq(partners.companyCode, companyCode))
      )[0]!.id
    const get = (id: string) =>
      ctx.app.inject({ method: 'GET', url: `/api/persistence/partners/${id}`, headers: auth })
    const foreign = await get(await partnerOf('2000'))
    expect(foreign.statusCode).toBe(404)
    const ownId = await partnerOf('1000')
    const own = await get(ownId)
    expect(own.statusCode).toBe(200)
    expect(own.json()).toMatchObject({ businessPartner: ownId, name1: expect.any(String) })
  })

  it('answers a product of the own company code with its tariff assignments, 404 for another', async () => {
    const rows = await ctx.database.db.select().from(products)
    const own = rows.find((p) => p.companyCode === '1000')!
    const foreign = rows.find((p) => p.companyCode === '2000')!
    const auth = await ctx.login('verwalter')
    const get = (id: string) =>
      ctx.app.inject({ method: 'GET', url: `/api/persistence/products/${id}`, headers: auth })
    const response = await get(own.product)
    expect(response.statusCode).toBe(200)
    const product = response.json<{ name: string; productTariffAssignment: unknown[] }>()
    expect(product.name).toBe(own.name)
    expect(product.productTariffAssignment.length).toBeGreaterThan(0)
    expect((await get(foreign.product)).statusCode).toBe(404)
  })
})
