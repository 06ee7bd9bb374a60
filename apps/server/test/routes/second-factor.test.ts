/**
 * Decision 035: the TOTP second factor end to end over HTTP: set-up with QR code and
 * recovery codes, sign-in with password and code, single use of codes, the throttle, turning it
 * off, the customer's switch that makes it mandatory, and the provider's reset (command line and
 * API, audited). Codes are computed from the secret the set-up shows, as an app would.
 */
import { and, eq } from 'drizzle-orm'
import { Secret, TOTP } from 'otpauth'
import { beforeAll, describe, expect, it } from 'vitest'
import { openText } from '../../src/platform/auth/secret-box'
import { DEFAULT_CUSTOMERS_DIR } from '../../src/platform/config'
import { loadCustomer } from '../../src/platform/load-customer'
import { createMailer } from '../../src/platform/mailer'
import {
  auditLog,
  idempotencyKeys,
  secondFactors,
  users,
} from '../../src/platform/persistence/schema'
import { providerKeyHeader, runProvider } from '../fixtures/provider-command'
import { DEMO_PASSWORD } from '../../src/platform/auth/demo-password'
import { signInRequest, useTestContext, type TestContext } from '../helper'

const { ctx } = useTestContext()

type Headers = Record<string, string>

const call = (
  context: TestContext,
  method: 'GET' | 'POST',
  url: string,
  headers: Headers = {},
  payload?: object,
) => context.app.inject({ method, url, headers, ...(payload ? { payload } : {}) })

/** Signs in with the demo password, from the test's address or `remoteAddress`. */
const signIn = (context: TestContext, username: string, code?: string, remoteAddress?: string) =>
  signInRequest(
    context.app,
    { username, password: DEMO_PASSWORD, ...(code === undefined ? {} : { code }) },
    remoteAddress,
  )

const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

/** The code an app shows for the step `steps` after the current one. */
const codeOf = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + steps * 30_000,
  })

/** Sets up the user's second factor; answers the secret and the recovery codes. */
async function setUp(context: TestContext, headers: Headers) {
  const setup = await call(context, 'POST', '/api/processes/second-factor/setup', headers, {
    currentPassword: DEMO_PASSWORD,
  })
  expect(setup.statusCode, setup.body).toBe(200)
  const { secret } = setup.json<{ secret: string }>()
  const confirmed = await call(context, 'POST', '/api/processes/second-factor/confirm', headers, {
    code: codeOf(secret),
  })
  expect(confirmed.statusCode, confirmed.body).toBe(200)
  return { secret, recoveryCodes: confirmed.json<{ recoveryCodes: string[] }>().recoveryCodes }
}

describe('setting up the second factor', () => {
  let headers: Headers
  let secret: string
  let recoveryCodes: string[]
  /** The code the confirmation used: a repeat sends it again, and its step is spent. */
  let confirmationCode: string

  beforeAll(async () => {
    headers = await ctx.login('verwalter')
  })

  it('starts without one; the set-up shows the secret, its otpauth address and a QR code', async () => {
    const status = await call(ctx, 'GET', '/api/processes/second-factor', headers)
    expect(status.json()).toEqual({
      enabled: false,
      required: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
    })
    const first = await call(
      ctx,
      'POST',
      '/api/processes/second-factor/setup',
      { ...headers, 'idempotency-key': 'setup-1' },
      { currentPassword: DEMO_PASSWORD },
    )
    expect(first.statusCode, first.body).toBe(200)
    const setup = first.json<{ secret: string; uri: string; qrCode: string }>()
    secret = setup.secret
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    const uri = new URL(setup.uri)
    expect(uri.protocol).toBe('otpauth:')
    expect(uri.searchParams.get('secret')).toBe(secret)
    expect(uri.searchParams.get('issuer')).toBe(ctx.config.customer.config.applicationTitle)
    expect(decodeURIComponent(uri.pathname)).toContain('verwalter')
    expect(setup.qrCode).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/)

    // a repeat shows the same secret, with the key and without
    const replayed = await call(
      ctx,
      'POST',
      '/api/processes/second-factor/setup',
      { ...headers, 'idempotency-key': 'setup-1' },
      { currentPassword: DEMO_PASSWORD },
    )
    expect(replayed.headers['idempotent-replayed']).toBe('true')
    expect(replayed.json()).toEqual(setup)
    const again = await call(ctx, 'POST', '/api/processes/second-factor/setup', headers, {
      currentPassword: DEMO_PASSWORD,
    })
    expect(again.json<{ secret: string }>().secret).toBe(secret)
  })

  it('keeps the secret encrypted, bound to its user, and no answer for a repeat', async () => {
    const [user] = await ctx.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.userName, 'verwalter'))
    const [row] = await ctx.database.db
      .select()
      .from(secondFactors)
      .where(eq(secondFactors.userId, user!.id))
    expect(row!.confirmedAt).toBeNull()
    expect(row!.secretCiphertext).not.toContain(secret)
    const key = ctx.config.secondFactorKey
    expect(openText(key, user!.id, row!.secretCiphertext)).toBe(secret)
    // another user's id (a row copied over) or another key do not open it
    expect(() => openText(key, crypto.randomUUID(), row!.secretCiphertext)).toThrow()
    expect(() =>
      openText(crypto.getRandomValues(new Uint8Array(32)), user!.id, row!.secretCiphertext),
    ).toThrow()
    const [kept] = await ctx.database.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userName, 'verwalter'), eq(idempotencyKeys.key, 'setup-1')))
    expect(kept!.response).toBeNull()
  })

  it('refuses a wrong first code and confirms with the right one, giving ten recovery codes', async () => {
    const wrong = await call(ctx, 'POST', '/api/processes/second-factor/confirm', headers, {
      code: codeOf(secret, 5),
    })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json()).toMatchObject({
      code: 'SECOND_FACTOR_INVALID',
      detail: 'Der Bestätigungscode ist falsch oder abgelaufen.',
    })
    confirmationCode = codeOf(secret)
    const confirm = () =>
      call(
        ctx,
        'POST',
        '/api/processes/second-factor/confirm',
        { ...headers, 'idempotency-key': 'confirm-1' },
        { code: confirmationCode },
      )
    const confirmedFrom = Date.now()
    const confirmed = await confirm()
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    recoveryCodes = confirmed.json<{ recoveryCodes: string[] }>().recoveryCodes
    expect(recoveryCodes).toHaveLength(10)
    expect(new Set(recoveryCodes).size).toBe(10)
    for (const code of recoveryCodes)
      expect(code).toMatch(/^([0-9A-HJKMNP-TV-Z]{4}-){3}[0-9A-HJKMNP-TV-Z]{4}$/)
    // a repeat (the answer was lost) does not show the codes again (decision 040), nor are they kept
    const replayed = await confirm()
    expect(replayed.statusCode).toBe(409)
    expect(replayed.json()).toMatchObject({ code: 'SECOND_FACTOR_ANSWER_SHOWN' })
    const [kept] = await ctx.database.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userName, 'verwalter'), eq(idempotencyKeys.key, 'confirm-1')))
    expect(kept!.response).toBeNull()

    const status = await call(ctx, 'GET', '/api/processes/second-factor', headers)
    expect(status.json()).toMatchObject({ enabled: true, recoveryCodesLeft: 10 })
    // enabled by the confirmation (the database's clock may round to the millisecond)
    const enabledAt = Date.parse(status.json<{ enabledAt: string }>().enabledAt)
    expect(enabledAt).toBeGreaterThanOrEqual(confirmedFrom - 1)
    expect(enabledAt).toBeLessThanOrEqual(Date.now())
    const twice = await call(ctx, 'POST', '/api/processes/second-factor/setup', headers, {
      currentPassword: DEMO_PASSWORD,
    })
    expect(twice.statusCode).toBe(409)
    expect(twice.json()).toMatchObject({ code: 'SECOND_FACTOR_ENABLED' })
    const [audited] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'SECOND_FACTOR_ENABLED'), eq(auditLog.entityKey, 'verwalter')))
    expect(audited).toMatchObject({ userName: 'verwalter', entity: 'user' })
  })

  it('asks for the code after the right password, refuses a wrong or used one, signs in with the next', async () => {
    const withoutCode = await signIn(ctx, 'verwalter')
    expect(withoutCode.statusCode).toBe(401)
    expect(withoutCode.json()).toMatchObject({
      code: 'SECOND_FACTOR_REQUIRED',
      detail:
        'Bitte geben Sie den Bestätigungscode aus Ihrer Authenticator-App oder einen Wiederherstellungscode ein.',
    })
    // a wrong password is refused as before, with or without a code
    const wrongPassword = await call(
      ctx,
      'POST',
      '/api/token',
      {},
      {
        username: 'verwalter',
        password: 'Falsch#2024!',
        code: codeOf(secret, 1),
      },
    )
    expect(wrongPassword.json()).toMatchObject({ code: 'LOGIN_FAILED' })
    const wrong = await signIn(ctx, 'verwalter', '000000')
    expect(wrong.statusCode).toBe(401)
    expect(wrong.json()).toMatchObject({
      code: 'SECOND_FACTOR_INVALID',
      detail: 'Der Bestätigungscode ist falsch oder abgelaufen.',
    })
    // the code of the step the confirmation used is spent
    const spent = await signIn(ctx, 'verwalter', confirmationCode)
    expect(spent.statusCode).toBe(401)
    // decision 044: told apart from a wrong code, so that the user waits for the next one
    expect(spent.json()).toMatchObject({
      code: 'SECOND_FACTOR_INVALID',
      detail:
        'Dieser Bestätigungscode wurde bereits verwendet. Bitte warten Sie auf den nächsten Code Ihrer Authenticator-App.',
    })
    // the next step's code (the app's clock a little ahead) works once
    const next = codeOf(secret, 1)
    const signedIn = await signIn(ctx, 'verwalter', next)
    expect(signedIn.statusCode, signedIn.body).toBe(200)
    expect(signedIn.json()).toEqual({ token: expect.any(String) })
    const token = signedIn.json<{ token: string }>().token
    expect((await call(ctx, 'GET', '/api/processes/second-factor', bearer(token))).statusCode).toBe(
      200,
    )
    expect((await signIn(ctx, 'verwalter', next)).json()).toMatchObject({
      code: 'SECOND_FACTOR_INVALID',
    })
  })

  it('signs in with a recovery code once, typed in any case and with or without dashes', async () => {
    const typed = recoveryCodes[0]!.toLowerCase().replace(/-/g, ' ')
    const first = await signIn(ctx, 'verwalter', typed)
    expect(first.statusCode, first.body).toBe(200)
    const second = await signIn(ctx, 'verwalter', recoveryCodes[0])
    expect(second.statusCode).toBe(401)
    // decision 044: a used recovery code is named as such, a wrong one is not
    expect(second.json()).toMatchObject({
      code: 'SECOND_FACTOR_INVALID',
      detail:
        'Dieser Wiederherstellungscode wurde bereits verwendet. Jeder Code gilt nur einmal; bitte nehmen Sie einen anderen.',
    })
    const unknown = await signIn(ctx, 'verwalter', 'ABCD-EFGH-JKMN-PQRS')
    expect(unknown.json()).toMatchObject({
      code: 'SECOND_FACTOR_INVALID',
      detail: 'Der Bestätigungscode ist falsch oder abgelaufen.',
    })
    const status = await call(ctx, 'GET', '/api/processes/second-factor', headers)
    expect(status.json()).toMatchObject({ recoveryCodesLeft: 9 })
    const used = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'SECOND_FACTOR_RECOVERY_CODE_USED'))
    expect(used.map((entry) => entry.userName)).toEqual(['verwalter'])
  })

  it('renews the recovery codes for a code: the old ones stop working', async () => {
    const renewed = await call(
      ctx,
      'POST',
      '/api/processes/second-factor/recovery-codes',
      headers,
      { currentPassword: DEMO_PASSWORD, code: recoveryCodes[1]! },
    )
    expect(renewed.statusCode, renewed.body).toBe(200)
    const fresh = renewed.json<{ recoveryCodes: string[] }>().recoveryCodes
    expect(fresh).toHaveLength(10)
    expect(fresh.some((code) => recoveryCodes.includes(code))).toBe(false)
    const old = await signIn(ctx, 'verwalter', recoveryCodes[2])
    expect(old.statusCode).toBe(401)
    // a code of the old set is no longer the user's: wrong, not "used"
    expect(old.json()).toMatchObject({ detail: 'Der Bestätigungscode ist falsch oder abgelaufen.' })
    expect((await signIn(ctx, 'verwalter', fresh[0])).statusCode).toBe(200)
    recoveryCodes = fresh.slice(1)
  })

  it('turns it off with a code; then the password alone signs in', async () => {
    const wrong = await call(ctx, 'POST', '/api/processes/second-factor/disable', headers, {
      currentPassword: DEMO_PASSWORD,
      code: 'AAAA-AAAA-AAAA-AAAA',
    })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json()).toMatchObject({ code: 'SECOND_FACTOR_INVALID', field: 'code' })
    const off = await call(ctx, 'POST', '/api/processes/second-factor/disable', headers, {
      currentPassword: DEMO_PASSWORD,
      code: recoveryCodes[0]!,
    })
    expect(off.statusCode, off.body).toBe(204)
    const signedIn = await signIn(ctx, 'verwalter')
    expect(signedIn.statusCode, signedIn.body).toBe(200)
    expect((await call(ctx, 'GET', '/api/processes/second-factor', headers)).json()).toMatchObject({
      enabled: false,
      recoveryCodesLeft: 0,
    })
    const again = await call(ctx, 'POST', '/api/processes/second-factor/disable', headers, {
      currentPassword: DEMO_PASSWORD,
      code: recoveryCodes[1]!,
    })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toMatchObject({ code: 'SECOND_FACTOR_NOT_ENABLED' })
  })
})

describe('wrong codes and the sign-in throttle', () => {
  // an address of its own: its ten failures do not hold back the other tests' sign-ins
  const ADDRESS = '192.0.2.17'

  it('counts a wrong code as a failed attempt: after ten, even the right code is refused', async () => {
    const headers = await ctx.login('fremd')
    const { secret } = await setUp(ctx, headers)
    for (let attempt = 1; attempt <= 10; attempt++) {
      const wrong = await signIn(ctx, 'fremd', '999999', ADDRESS)
      expect(wrong.json(), `attempt ${attempt}`).toMatchObject({ code: 'SECOND_FACTOR_INVALID' })
    }
    const blocked = await signIn(ctx, 'fremd', codeOf(secret, 1), ADDRESS)
    expect(blocked.statusCode).toBe(429)
    // asking for the code after the right password is not a failure: the attempts stay ten
    expect((await signIn(ctx, 'fremd', undefined, ADDRESS)).statusCode).toBe(429)
  })
})

describe('the customer configuration makes it mandatory', () => {
  const { ctx: mandatory } = useTestContext([], () => {
    const customer = loadCustomer(DEFAULT_CUSTOMERS_DIR)
    return {
      config: {
        customer: {
          ...customer,
          config: {
            ...customer.config,
            switches: { ...customer.config.switches, requireSecondFactor: true },
          },
        },
      },
    }
  })

  it('allows a user without one only its set-up and the sign-out until it is confirmed', async () => {
    const signedIn = await signIn(mandatory, 'eigentuemer')
    expect(signedIn.statusCode, signedIn.body).toBe(200)
    const answer = signedIn.json<{ token: string; secondFactorSetupRequired: boolean }>()
    expect(answer.secondFactorSetupRequired).toBe(true)
    const headers = bearer(answer.token)

    const refusals = [
      await call(mandatory, 'GET', '/api/persistence/personal-data', headers),
      await call(mandatory, 'POST', '/api/persistence/connections-search', headers, {
        filters: [],
      }),
    ]
    for (const refused of refusals) {
      expect(refused.statusCode).toBe(403)
      expect(refused.json()).toMatchObject({
        code: 'SECOND_FACTOR_SETUP_REQUIRED',
        detail:
          'Für dieses Kundenportal ist eine Zwei-Faktor-Anmeldung vorgeschrieben. Bitte richten Sie sie zuerst ein.',
      })
    }
    const legacy = await mandatory.app.inject({
      method: 'POST',
      url: '/api/legacy',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        json: JSON.stringify({
          action: 'trans',
          code: 'ATTRIBUTES',
          obj: 'ANSCHLUSS',
          key: '1',
          token: answer.token,
        }),
      }).toString(),
    })
    expect(legacy.json()).toMatchObject({
      success: false,
      message:
        'Für dieses Kundenportal ist eine Zwei-Faktor-Anmeldung vorgeschrieben. Bitte richten Sie sie zuerst ein.',
    })
    expect(
      (await call(mandatory, 'GET', '/api/processes/second-factor', headers)).json(),
    ).toMatchObject({
      enabled: false,
      required: true,
    })

    const { secret } = await setUp(mandatory, headers)
    // the same token reaches everything once the factor is confirmed
    const reached = await call(mandatory, 'POST', '/api/persistence/connections-search', headers, {
      filters: [],
    })
    expect(reached.statusCode, reached.body).toBe(200)
    const withCode = await signIn(mandatory, 'eigentuemer', codeOf(secret, 1))
    expect(withCode.json()).toEqual({ token: expect.any(String) })
  })

  it('lets a user without one sign out', async () => {
    const answer = (await signIn(mandatory, 'verwalter')).json<{ token: string }>()
    const out = await call(mandatory, 'POST', '/api/token/revoke', bearer(answer.token))
    expect(out.statusCode, out.body).toBe(204)
  })
})

describe("the provider resets a user's second factor", () => {
  it('on the command line: removed, sessions ended, audited; the password alone signs in', async () => {
    const headers = await ctx.login('eigentuemer')
    await setUp(ctx, headers)
    const accounts = { mailer: createMailer(ctx.config), config: ctx.config }
    const { code, out, err } = await runProvider(
      ctx.database.db,
      ['user', 'reset-second-factor', 'eigentuemer'],
      accounts,
    )
    expect({ code, err }).toEqual({ code: 0, err: [] })
    expect(out).toEqual([
      'Zwei-Faktor-Anmeldung von eigentuemer zurückgesetzt: Anmeldung mit dem Passwort allein, alle Sitzungen beendet.',
    ])
    expect((await call(ctx, 'GET', '/api/processes/second-factor', headers)).statusCode).toBe(401)
    expect((await signIn(ctx, 'eigentuemer')).statusCode).toBe(200)
    const [audited] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'SECOND_FACTOR_RESET'), eq(auditLog.entityKey, 'eigentuemer')))
    expect(audited).toMatchObject({
      userName: 'provider',
      before: { secondFactor: true },
      after: { secondFactor: false },
    })
    const { out: listed } = await runProvider(ctx.database.db, ['user', 'list'], accounts)
    expect(listed[0]).toMatch(/2FA/)
    expect(listed.find((line) => line.startsWith('eigentuemer'))).toMatch(/ nein /)
  })

  it('over the provider API with a key of scope users', async () => {
    const headers = await ctx.login('eigentuemer')
    await setUp(ctx, headers)
    const key = await providerKeyHeader(ctx.database.db, 'zweiter-faktor', 'users')
    const reset = await call(ctx, 'POST', '/api/provider/users/reset-second-factor', key, {
      userName: 'eigentuemer',
    })
    expect(reset.statusCode, reset.body).toBe(200)
    expect(reset.json()).toMatchObject({
      account: { userName: 'eigentuemer', secondFactor: false },
    })
    const repeated = await call(ctx, 'POST', '/api/provider/users/reset-second-factor', key, {
      userName: 'eigentuemer',
    })

    expect(repeated.json()).toMatchObject({
      successMessage: 'Benutzer eigentuemer hat keine Zwei-Faktor-Anmeldung eingerichtet.',
    })
    expect((await signIn(ctx, 'eigentuemer')).statusCode).toBe(200)
  })
})
