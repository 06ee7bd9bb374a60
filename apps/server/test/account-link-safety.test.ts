/**
 * Decision 040: the security settings ask for the password again, answers with secrets are never
 * kept for a repeat, a used link ends every other open link of its user, invitations have their own
 * check, answer and rate limit, and the provider's link mails are limited per account.
 */
import { and, eq } from 'drizzle-orm'
import { Secret, TOTP } from 'otpauth'
import { beforeAll, describe, expect, it } from 'vitest'
import { addUser, resetUser, type AccountConfig } from '../src/modules/accounts/accounts'
import { requestPasswordReset } from '../src/modules/accounts/password-reset'
import { DEMO_PASSWORD } from '../src/platform/auth/demo-password'
import type { MailMessage, Mailer } from '../src/platform/mailer'
import { idempotencyKeys, users } from '../src/platform/persistence/schema'
import { providerKeyHeader, runProvider } from './fixtures/provider-command'
import { signInRequest, useTestContext, type TestContext } from './helper'

type Headers = Record<string, string>

const SECOND_FACTOR = '/api/processes/second-factor'
const RESET_CONFIRM = '/api/processes/customer-portal/password-reset/confirm'
const INVITATION_CHECK = '/api/processes/customer-portal/invitation/check'
const INVITATION_ACCEPT = '/api/processes/customer-portal/invitation/accept'

/** Each call from its own address unless one is given: the per-address limits stay out of the way. */
let address = 0
const nextAddress = () => `10.40.${Math.floor(++address / 250)}.${(address % 250) + 1}`

const post = (
  ctx: TestContext,
  url: string,
  payload: object,
  headers: Headers = {},
  remoteAddress = nextAddress(),
) => ctx.app.inject({ method: 'POST', url, payload, headers, remoteAddress })

const codeOf = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + steps * 30_000,
  })

/** A mailer that keeps what it sends; `linkIn` reads the token of a mail's link. */
function capturingMailer() {
  const sent: MailMessage[] = []
  const mailer: Mailer = {
    async send(message) {
      sent.push(message)
    },
  }
  return { sent, mailer }
}

function linkIn(message: MailMessage): string {
  const match = /\/authenticate\?(?:invitation|reset)=([A-Za-z0-9_-]+)/.exec(message.text)
  if (!match) throw new Error(`no link in ${message.text}`)
  return decodeURIComponent(match[1]!)
}

const storedAnswer = async (ctx: TestContext, userName: string, key: string) => {
  const [kept] = await ctx.database.db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userName, userName), eq(idempotencyKeys.key, key)))
  return kept
}

describe('the second factor asks for the password and never keeps its secrets for a repeat', () => {
  const { ctx } = useTestContext()
  let headers: Headers
  let secret: string
  let recoveryCodes: string[]

  beforeAll(async () => {
    headers = await ctx.login('verwalter')
  })

  it('refuses the set-up with a token alone or a wrong password', async () => {
    const bare = await post(ctx, `${SECOND_FACTOR}/setup`, {}, headers)
    expect(bare.statusCode).toBe(400)
    expect(bare.json()).toMatchObject({
      field: 'currentPassword',
      detail: 'Bitte geben Sie Ihr aktuelles Passwort ein.',
    })
    const wrong = await post(
      ctx,
      `${SECOND_FACTOR}/setup`,
      { currentPassword: 'Falsch#2024!' },
      headers,
    )
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json()).toMatchObject({
      code: 'CURRENT_PASSWORD_WRONG',
      field: 'currentPassword',
      detail: 'Das aktuelle Passwort ist nicht korrekt.',
    })
    expect(wrong.body).not.toMatch(/secret|otpauth/)
  })

  it('answers a repeat of the set-up from the database and keeps neither answer nor password', async () => {
    const withKey = { ...headers, 'idempotency-key': 'safety-setup-1' }
    const first = await post(
      ctx,
      `${SECOND_FACTOR}/setup`,
      { currentPassword: DEMO_PASSWORD },
      withKey,
    )
    expect(first.statusCode, first.body).toBe(200)
    secret = first.json<{ secret: string }>().secret
    const kept = await storedAnswer(ctx, 'verwalter', 'safety-setup-1')
    expect(kept!.response).toBeNull()
    expect(JSON.stringify(kept)).not.toContain(DEMO_PASSWORD)

    // a repeat still needs the password
    const wrong = await post(
      ctx,
      `${SECOND_FACTOR}/setup`,
      { currentPassword: 'Falsch#2024!' },
      withKey,
    )
    expect(wrong.json()).toMatchObject({ code: 'CURRENT_PASSWORD_WRONG' })
    const replayed = await post(
      ctx,
      `${SECOND_FACTOR}/setup`,
      { currentPassword: DEMO_PASSWORD },
      withKey,
    )
    expect(replayed.statusCode, replayed.body).toBe(200)
    expect(replayed.headers['idempotent-replayed']).toBe('true')
    expect(replayed.json()).toEqual(first.json())
  })

  it('shows the recovery codes once: a repeat of the confirmation, from any session, is a 409', async () => {
    const withKey = { ...headers, 'idempotency-key': 'safety-confirm-1' }
    const code = codeOf(secret)
    const confirmed = await post(ctx, `${SECOND_FACTOR}/confirm`, { code }, withKey)
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    recoveryCodes = confirmed.json<{ recoveryCodes: string[] }>().recoveryCodes
    expect(recoveryCodes).toHaveLength(10)
    expect((await storedAnswer(ctx, 'verwalter', 'safety-confirm-1'))!.response).toBeNull()

    // another session of the user, signed in with the second factor
    const signedIn = await signInRequest(ctx.app, {
      username: 'verwalter',
      password: DEMO_PASSWORD,
      code: codeOf(secret, 1),
    })
    expect(signedIn.statusCode, signedIn.body).toBe(200)
    const other = { authorization: `Bearer ${signedIn.json<{ token: string }>().token}` }
    for (const session of [headers, other]) {
      const repeated = await post(
        ctx,
        `${SECOND_FACTOR}/confirm`,
        { code },
        { ...session, 'idempotency-key': 'safety-confirm-1' },
      )
      expect(repeated.statusCode).toBe(409)
      expect(repeated.json()).toMatchObject({
        code: 'SECOND_FACTOR_ANSWER_SHOWN',
        detail: expect.stringContaining('nur einmal angezeigt'),
      })
      expect(repeated.body).not.toContain(recoveryCodes[0])
    }
    // the set-up's key after the confirmation: no secret any more
    const setUpAgain = await post(
      ctx,
      `${SECOND_FACTOR}/setup`,
      { currentPassword: DEMO_PASSWORD },
      { ...headers, 'idempotency-key': 'safety-setup-1' },
    )
    expect(setUpAgain.statusCode).toBe(409)
    expect(setUpAgain.json()).toMatchObject({ code: 'SECOND_FACTOR_ENABLED' })
    expect(setUpAgain.body).not.toContain(secret)
    // without a key, a second confirmation says the codes are not shown again
    const again = await post(ctx, `${SECOND_FACTOR}/confirm`, { code: codeOf(secret, 1) }, headers)
    expect(again.statusCode).toBe(409)
    expect(again.body).not.toMatch(/recoveryCodes/)
  })

  it('makes new recovery codes for password and code only, once per key', async () => {
    const withKey = { ...headers, 'idempotency-key': 'safety-codes-1' }
    const url = `${SECOND_FACTOR}/recovery-codes`
    const codeOnly = await post(ctx, url, { code: recoveryCodes[0]! }, withKey)
    expect(codeOnly.statusCode).toBe(400)
    expect(codeOnly.json()).toMatchObject({ field: 'currentPassword' })
    const wrongPassword = await post(
      ctx,
      url,
      { currentPassword: 'Falsch#2024!', code: recoveryCodes[0]! },
      withKey,
    )
    expect(wrongPassword.json()).toMatchObject({ code: 'CURRENT_PASSWORD_WRONG' })
    const body = { currentPassword: DEMO_PASSWORD, code: recoveryCodes[0]! }
    const renewed = await post(ctx, url, body, withKey)
    expect(renewed.statusCode, renewed.body).toBe(200)
    const fresh = renewed.json<{ recoveryCodes: string[] }>().recoveryCodes
    expect((await storedAnswer(ctx, 'verwalter', 'safety-codes-1'))!.response).toBeNull()
    const repeated = await post(ctx, url, body, withKey)
    expect(repeated.statusCode).toBe(409)
    expect(repeated.json()).toMatchObject({
      code: 'SECOND_FACTOR_ANSWER_SHOWN',
      detail: expect.stringContaining('nicht noch einmal gezeigt'),
    })
    expect(repeated.body).not.toContain(fresh[0])
    // still the fresh codes, not another set
    const status = await ctx.app.inject({ method: 'GET', url: SECOND_FACTOR, headers })
    expect(status.json()).toMatchObject({ recoveryCodesLeft: 10 })

    // turning it off: a right code with a wrong password changes nothing
    const off = await post(
      ctx,
      `${SECOND_FACTOR}/disable`,
      { currentPassword: 'Falsch#2024!', code: fresh[0]! },
      headers,
    )
    expect(off.json()).toMatchObject({ code: 'CURRENT_PASSWORD_WRONG' })
    expect(
      (await ctx.app.inject({ method: 'GET', url: SECOND_FACTOR, headers })).json(),
    ).toMatchObject({
      enabled: true,
      recoveryCodesLeft: 10,
    })
    const disabled = await post(
      ctx,
      `${SECOND_FACTOR}/disable`,
      { currentPassword: DEMO_PASSWORD, code: fresh[0]! },
      headers,
    )
    expect(disabled.statusCode, disabled.body).toBe(204)
  })

  it('counts a wrong password like a failed sign-in: after ten, the sign-in is refused too', async () => {
    const own = await ctx.login('fremd')
    for (let attempt = 1; attempt <= 10; attempt++) {
      const wrong = await post(
        ctx,
        `${SECOND_FACTOR}/setup`,
        { currentPassword: `Falsch#${attempt}!` },
        own,
      )
      expect(wrong.json(), `attempt ${attempt}`).toMatchObject({ code: 'CURRENT_PASSWORD_WRONG' })
    }
    const blocked = await post(
      ctx,
      `${SECOND_FACTOR}/setup`,
      { currentPassword: DEMO_PASSWORD },
      own,
    )
    expect(blocked.statusCode).toBe(429)
    const signIn = await signInRequest(
      ctx.app,
      { username: 'fremd', password: DEMO_PASSWORD },
      nextAddress(),
    )
    expect(signIn.statusCode).toBe(429)
  })
})

describe('a used link or a password change ends every other open link of the user', () => {
  const { ctx } = useTestContext()
  const { sent, mailer } = capturingMailer()

  /** Two reset links the user asked for himself, both open. */
  async function twoResetLinks(userName: string): Promise<[string, string]> {
    const [user] = await ctx.database.db.select().from(users).where(eq(users.userName, userName))
    const later = { enqueue: (_what: string, task: () => Promise<void>) => void task() }
    sent.length = 0
    for (let i = 0; i < 2; i++) {
      await requestPasswordReset(ctx.database.db, later, mailer, 'http://portal.test', {
        businessPartner: user!.businessPartner ?? user!.userName,
        mail: user!.mail,
      })
      await expect.poll(() => sent.length).toBe(i + 1)
    }
    return [linkIn(sent[0]!), linkIn(sent[1]!)]
  }

  const confirm = (token: string, newPassword: string) =>
    post(ctx, RESET_CONFIRM, { token, newPassword, newPasswordRepeat: newPassword })

  it('the second reset link does not work once the first one was used', async () => {
    const [first, second] = await twoResetLinks('eigentuemer')
    expect((await confirm(first, 'Erster#Link24')).statusCode).toBe(200)
    const late = await confirm(second, 'Zweiter#Link24')
    expect(late.statusCode).toBe(400)
    expect(late.json()).toMatchObject({ code: 'RESET_LINK_INVALID' })
    const signedIn = await signInRequest(
      ctx.app,
      { username: 'eigentuemer', password: 'Erster#Link24' },
      nextAddress(),
    )
    expect(signedIn.statusCode).toBe(200)
  })

  it("the user's own password change ends his open reset links", async () => {
    const [first, second] = await twoResetLinks('verwalter')
    const headers = await ctx.login('verwalter')
    const changed = await post(
      ctx,
      '/api/processes/system/password-change',
      {
        currentPassword: DEMO_PASSWORD,
        newPassword: 'Eigener#Wechsel24',
        newPasswordRepeat: 'Eigener#Wechsel24',
      },
      headers,
    )
    expect(changed.statusCode, changed.body).toBe(200)
    for (const token of [first, second]) {
      expect((await confirm(token, 'Danach#Link24')).statusCode).toBe(400)
    }
  })

  it("the provider's reset ends the reset links the user asked for", async () => {
    const [first] = await twoResetLinks('fremd')
    const config: AccountConfig = { publicUrl: ctx.config.publicUrl }
    await resetUser(ctx.database.db, mailer, config, { userName: 'fremd' })
    const providerLink = linkIn(sent.at(-1)!)
    expect((await confirm(first, 'Alter#Link24')).statusCode).toBe(400)
    expect((await confirm(providerLink, 'Neuer#Link24')).statusCode).toBe(200)
  })
})

describe('invitations: their own rate limit, and a used link says so', () => {
  const { ctx } = useTestContext()
  const { sent, mailer } = capturingMailer()
  let config: AccountConfig

  beforeAll(() => {
    config = { publicUrl: ctx.config.publicUrl }
  })

  const invite = async (userName: string) => {
    await addUser(ctx.database.db, mailer, config, {
      userName,
      name: 'Test Person',
      mail: `${userName}@example.org`,
      companyCode: '1000',
    })
    return linkIn(sent.at(-1)!)
  }

  it('five reset confirmations from an address do not hold back an invitation from it, and the other way round', async () => {
    const resets = '10.41.0.1'
    for (let i = 0; i < 5; i++) {
      const refused = await post(
        ctx,
        RESET_CONFIRM,
        { token: `unknown-${i}`, newPassword: 'Neues#Pass24', newPasswordRepeat: 'Neues#Pass24' },
        {},
        resets,
      )
      expect(refused.statusCode).toBe(400)
    }
    const sixthReset = await post(
      ctx,
      RESET_CONFIRM,
      { token: 'unknown-6', newPassword: 'Neues#Pass24', newPasswordRepeat: 'Neues#Pass24' },
      {},
      resets,
    )
    expect(sixthReset.statusCode).toBe(429)
    const token = await invite('einladung.eins')
    const accepted = await post(
      ctx,
      INVITATION_ACCEPT,
      { token, newPassword: 'Einladung#Eins24', newPasswordRepeat: 'Einladung#Eins24' },
      {},
      resets,
    )
    expect(accepted.statusCode, accepted.body).toBe(200)

    const invitations = '10.41.0.2'
    for (let i = 0; i < 5; i++) {
      const refused = await post(
        ctx,
        INVITATION_ACCEPT,
        { token: `unknown-${i}`, newPassword: 'Neues#Pass24', newPasswordRepeat: 'Neues#Pass24' },
        {},
        invitations,
      )
      expect(refused.statusCode).toBe(400)
    }
    const sixth = await post(
      ctx,
      INVITATION_ACCEPT,
      { token: 'unknown-6', newPassword: 'Neues#Pass24', newPasswordRepeat: 'Neues#Pass24' },
      {},
      invitations,
    )
    expect(sixth.statusCode).toBe(429)
    const reset = await post(
      ctx,
      RESET_CONFIRM,
      { token: 'unknown-7', newPassword: 'Neues#Pass24', newPasswordRepeat: 'Neues#Pass24' },
      {},
      invitations,
    )
    expect(reset.statusCode).toBe(400)
  })

  it('checks an open invitation; once used, check and acceptance answer 410 with what to do', async () => {
    const token = await invite('einladung.zwei')
    const open = await post(ctx, INVITATION_CHECK, { token })
    expect(open.statusCode, open.body).toBe(204)
    const accept = (password: string) =>
      post(ctx, INVITATION_ACCEPT, { token, newPassword: password, newPasswordRepeat: password })
    expect((await accept('Einladung#Zwei24')).statusCode).toBe(200)

    for (const used of [
      await post(ctx, INVITATION_CHECK, { token }),
      await accept('Nochmal#Neu24'),
    ]) {
      expect(used.statusCode).toBe(410)
      expect(used.json()).toMatchObject({
        code: 'INVITATION_USED',
        detail: expect.stringMatching(/bereits angenommen.*melden Sie sich .* an/),
      })
      expect(used.body).not.toContain('einladung.zwei')
    }
    // a reset link is not an invitation, nor the other way round
    expect(
      (
        await post(ctx, RESET_CONFIRM, {
          token,
          newPassword: 'Nochmal#Neu24',
          newPasswordRepeat: 'Nochmal#Neu24',
        })
      ).statusCode,
    ).toBe(400)
  })

  it('says when an invitation was replaced by a newer one, and refuses an unknown link', async () => {
    const old = await invite('einladung.drei')
    await resetUser(ctx.database.db, mailer, config, { userName: 'einladung.drei' })
    const replaced = await post(ctx, INVITATION_CHECK, { token: old })
    expect(replaced.statusCode).toBe(410)
    expect(replaced.json()).toMatchObject({
      code: 'INVITATION_EXPIRED',
      detail: expect.stringContaining('neue Einladung'),
    })
    const unknown = await post(ctx, INVITATION_CHECK, { token: 'gibt-es-nicht' })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json()).toMatchObject({ code: 'INVITATION_INVALID' })
  })
})

describe("the provider's invitation and reset mails: at most five per account and hour", () => {
  const { ctx } = useTestContext()

  it('over the API: the sixth reset is a 429 that names when the next one can be sent, and changes nothing', async () => {
    const key = await providerKeyHeader(ctx.database.db, 'mail-limit', 'users')
    const reset = (userName: string) => post(ctx, '/api/provider/users/reset', { userName }, key)
    for (let i = 1; i <= 5; i++) {
      const done = await reset('verwalter')
      expect(done.statusCode, `reset ${i}: ${done.body}`).toBe(200)
    }
    const [before] = await ctx.database.db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.userName, 'verwalter'))
    const refused = await reset('verwalter')
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toMatchObject({
      code: 'ACCOUNT_MAIL_LIMIT',
      detail: expect.stringMatching(
        /^An verwalter wurden bereits 5 Einladungs- oder Rücksetz-E-Mails innerhalb einer Stunde gesendet .*; die nächste kann ab .*\d\d:\d\d Uhr gesendet werden\.$/,
      ),
    })
    const [after] = await ctx.database.db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.userName, 'verwalter'))
    expect(after!.passwordHash).toBe(before!.passwordHash)
    // another account has its own limit
    expect((await reset('eigentuemer')).statusCode).toBe(200)
  })

  it('on the command line: a German refusal and exit code 1, counted with the API', async () => {
    const { mailer } = capturingMailer()
    const accounts = { mailer, config: { publicUrl: ctx.config.publicUrl } }
    const refused = await runProvider(ctx.database.db, ['user', 'reset', 'verwalter'], accounts)
    expect(refused.code).toBe(1)
    expect(refused.err).toEqual([
      expect.stringMatching(
        /^Abgelehnt: An verwalter wurden bereits 5 Einladungs- oder Rücksetz-E-Mails .* gesendet werden\.$/,
      ),
    ])
    for (let i = 1; i <= 5; i++) {
      const done = await runProvider(ctx.database.db, ['user', 'reset', 'fremd'], accounts)
      expect(done.code, done.err.join('\n')).toBe(0)
    }
    const sixth = await runProvider(ctx.database.db, ['user', 'reset', 'fremd'], accounts)
    expect(sixth.code).toBe(1)
    expect(sixth.err[0]).toMatch(/^Abgelehnt: An fremd wurden bereits 5/)
  })
})
