import { eq, getTableName, sql } from 'drizzle-orm'
import { PgTable } from 'drizzle-orm/pg-core'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  addUser,
  disableUser,
  enableUser,
  listUsers,
  resetUser,
  type AccountConfig,
} from '../src/modules/accounts/accounts'
import { deleteUser, pseudonymOf } from '../src/modules/accounts/delete-user'
import { HttpError } from '../src/platform/http-errors'
import type { MailMessage, Mailer } from '../src/platform/mailer'
import { accountsWithDemoPassword, demoPasswordRefusal } from '../src/platform/production'
import * as schema from '../src/platform/persistence/schema'
import {
  auditLog,
  idempotencyKeys,
  passwordResetTokens,
  users,
} from '../src/platform/persistence/schema'
import { DEMO_PASSWORD_REFUSED_MESSAGE } from '../src/modules/accounts/password-change'
import { requestPasswordReset } from '../src/modules/accounts/password-reset'
import { runProvider } from './fixtures/provider-command'
import { DEMO_OWNER_PARTNER } from '../src/demo/demo-users'
import { DEMO_PASSWORD } from '../src/platform/auth/demo-password'
import { rowOf, useTestContext } from './helper'

const { ctx } = useTestContext()
let config: AccountConfig
const sent: MailMessage[] = []
const mailer: Mailer = {
  async send(message) {
    sent.push(message)
  },
}
beforeAll(async () => {
  config = { publicUrl: ctx.config.publicUrl }
})

/** Each request from its own address: the per-address limits of sign-in and reset stay out of the way. */
let address = 0
const nextAddress = () => `10.1.${Math.floor(++address / 250)}.${(address % 250) + 1}`

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload, headers, remoteAddress: nextAddress() })

const signIn = (username: string, password: string) => post('/api/token', { username, password })

/** Sets the password through a link: an invitation is accepted on its own route (decision 040). */
const confirm = (link: { purpose: string; token: string }, newPassword: string) =>
  post(
    link.purpose === 'invitation'
      ? '/api/processes/customer-portal/invitation/accept'
      : '/api/processes/customer-portal/password-reset/confirm',
    { token: link.token, newPassword, newPasswordRepeat: newPassword },
  )

const whoAmI = (authorization: string) =>
  post('/api/persistence/users-search', {}, { authorization })

/** The token of the link in a mail, and which kind of link it is. */
function linkIn(message: MailMessage): { purpose: string; token: string } {
  const match = /\/authenticate\?(invitation|reset)=([A-Za-z0-9_-]+)/.exec(message.text)
  if (!match) throw new Error(`no link in ${message.text}`)
  return { purpose: match[1]!, token: decodeURIComponent(match[2]!) }
}

/** Runs the provider command line as `npm run provider -- …` does; answers exit code and lines. */
async function provider(...args: string[]) {
  const { code, out, err } = await runProvider(ctx.database.db, args, { mailer, config })
  return { code, out: out.join('\n'), err: err.join('\n') }
}

const auditOf = (userName: string) =>
  ctx.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.entityKey, userName))
    .orderBy(auditLog.id)

describe('user add and the invitation', () => {
  it('creates the user without a usable password and mails a single-use invitation link', async () => {
    sent.length = 0
    const result = await provider(
      'user',
      'add',
      'hv.becker',
      '--name',
      'Sabine Becker',
      '--mail',
      'sabine.becker@hv-becker.example',
      '--company-code',
      '1000',
    )
    expect(result.code, result.err).toBe(0)
    expect(result.out).toMatch(
      /^Benutzer hv\.becker angelegt \(Sabine Becker, Buchungskreis 1000\)/,
    )
    expect(result.out).toContain('sabine.becker@hv-becker.example')

    const [account] = await listUsers(ctx.database.db).then((all) =>
      all.filter((a) => a.userName === 'hv.becker'),
    )
    expect(account).toMatchObject({
      name: 'Sabine Becker',
      mail: 'sabine.becker@hv-becker.example',
      companyCode: '1000',
      businessPartner: null,
      status: 'invited',
      disabledAt: null,
    })
    const [stored] = await ctx.database.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.userName, 'hv.becker'))
    expect(stored!.hash).toMatch(/^\$argon2id\$/)
    expect((await signIn('hv.becker', DEMO_PASSWORD)).statusCode).toBe(401)

    expect(sent).toHaveLength(1)
    const [mail] = sent
    expect(mail!.to).toBe('sabine.becker@hv-becker.example')
    expect(mail!.subject).toBe('Kundenportal: Ihr Zugang – bitte vergeben Sie Ihr Passwort')
    expect(mail!.text).toContain('Guten Tag Sabine Becker,')
    expect(mail!.text).toContain('Ihr Benutzername: hv.becker')
    expect(mail!.text).toContain('Der Link ist 7 Tage gültig')
    const link = linkIn(mail!)
    expect(link.purpose).toBe('invitation')
    expect(mail!.text).toContain(`http://portal.test/authenticate?invitation=${link.token}`)

    const [token] = await ctx.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userName, 'hv.becker'))
    expect(token!.purpose).toBe('invitation')
    // only the hash is stored; the link is valid seven days
    expect(token!.tokenHash).not.toContain(link.token)
    const days = (token!.expiresAt.getTime() - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(6.99)
    expect(days).toBeLessThanOrEqual(7)

    const audit = await auditOf('hv.becker')
    expect(audit.map((a) => [a.userName, a.action, a.companyCode])).toEqual([
      ['provider', 'USER_CREATED', '1000'],
    ])
    expect(JSON.stringify(audit[0]!.after)).not.toMatch(/Becker|example/)
  })

  it('lets the link set a password once; the user then signs in', async () => {
    const token = linkIn(sent.at(-1)!)
    const weak = await confirm(token, 'schwach')
    expect(weak.statusCode).toBe(400)
    const demo = await confirm(token, DEMO_PASSWORD)
    expect(demo.statusCode).toBe(400)
    expect(demo.json<{ detail: string }>().detail).toContain(DEMO_PASSWORD_REFUSED_MESSAGE)

    const accepted = await confirm(token, 'Becker#Start24')
    expect(accepted.statusCode, accepted.body).toBe(200)
    expect(accepted.json()).toEqual({
      successMessage:
        'Ihr Passwort ist gespeichert. Sie können sich jetzt mit Ihrem Benutzernamen hv.becker anmelden.',
    })
    const signedIn = await signIn('hv.becker', 'Becker#Start24')
    expect(signedIn.statusCode).toBe(200)
    expect((await whoAmI(`Bearer ${signedIn.json<{ token: string }>().token}`)).statusCode).toBe(
      200,
    )

    // decision 040: a used invitation says so, and what to do
    const again = await confirm(token, 'Nochmal#Neu24')
    expect(again.statusCode).toBe(410)
    expect(again.json<{ code: string }>().code).toBe('INVITATION_USED')
    const [account] = (await listUsers(ctx.database.db)).filter((a) => a.userName === 'hv.becker')
    expect(account!.status).toBe('active')
    expect((await auditOf('hv.becker')).map((a) => [a.userName, a.action])).toEqual([
      ['provider', 'USER_CREATED'],
      ['hv.becker', 'INVITATION_ACCEPTED'],
    ])
  })

  it('creates an owner with a business partner of the company code', async () => {
    sent.length = 0
    const result = await addUser(ctx.database.db, mailer, config, {
      userName: 'h.sommerfeld',
      name: 'Helga Sommerfeld',
      mail: 'h.sommerfeld@example.com',
      companyCode: '1000',
      businessPartner: DEMO_OWNER_PARTNER,
    })
    expect(result.account).toMatchObject({
      businessPartner: DEMO_OWNER_PARTNER,
      status: 'invited',
    })
    expect(result.message).toContain(`Geschäftspartner ${DEMO_OWNER_PARTNER}`)
    expect(sent.map((m) => m.to)).toEqual(['h.sommerfeld@example.com'])
  })

  it('refuses a name in use, a reserved name, a bad mail, an unknown company code or partner', async () => {
    sent.length = 0
    const add = (...extra: string[]) =>
      provider(
        'user',
        'add',
        ...extra,
        ...(extra.includes('--mail') ? [] : ['--mail', 'neu@example.org']),
        ...(extra.includes('--name') ? [] : ['--name', 'Neue Person']),
        ...(extra.includes('--company-code') ? [] : ['--company-code', '1000']),
      )
    const cases: [string[], RegExp][] = [
      [['Verwalter'], /^Abgelehnt: Den Benutzernamen verwalter gibt es bereits\.$/],
      [['provider'], /^Abgelehnt: Der Benutzername provider ist für das System reserviert\./],
      [
        ['mit leerzeichen'],
        /^Abgelehnt: Der Benutzername muss 2 bis 64 Zeichen .* \(<Benutzer>\)$/,
      ],
      [
        ['neu1', '--mail', 'keine-adresse'],
        /^Abgelehnt: Die E-Mail-Adresse ist ungültig\. \(--mail\)$/,
      ],
      [['neu2', '--mail', ''], /^Abgelehnt: Bitte geben Sie eine E-Mail-Adresse an\. \(--mail\)$/],
      [['neu3', '--company-code', '9999'], /^Abgelehnt: Den Buchungskreis 9999 gibt es nicht\./],
      [
        ['neu4', '--partner', 'P9999999999'],
        /^Abgelehnt: Den Geschäftspartner P9999999999 gibt es im Buchungskreis 1000 nicht\./,
      ],
      // the demo owner's partner belongs to 1000, not 2000
      [
        ['neu5', '--company-code', '2000', '--partner', DEMO_OWNER_PARTNER],
        /^Abgelehnt: Den Geschäftspartner P1000000001 gibt es im Buchungskreis 2000 nicht\./,
      ],
      [
        ['neu6', '--name', ' '],
        /^Abgelehnt: Bitte geben Sie den Namen der Person an\. \(--name\)$/,
      ],
      [['neu7', '--unbekannt', 'x'], /Aufruf: npm run provider -- user add/],
      [[], /^Aufruf: npm run provider -- user add/],
    ]
    for (const [args, message] of cases) {
      const result = await add(...args)
      expect(result.code, args.join(' ')).toBe(1)
      expect(result.err, args.join(' ')).toMatch(message)
      expect(result.out).toBe('')
    }
    expect(sent).toEqual([])
    const names = (await listUsers(ctx.database.db)).map((a) => a.userName)
    expect(names.filter((n) => n.startsWith('neu'))).toEqual([])
  })

  it('throws HttpErrors with German details for the provider API', async () => {
    const refused = addUser(ctx.database.db, mailer, config, {
      userName: 'neu8',
      name: 'X',
      mail: 'x@example.org',
      companyCode: '4711',
    })
    await expect(refused).rejects.toBeInstanceOf(HttpError)
    await expect(refused).rejects.toMatchObject({
      statusCode: 400,
      code: 'UNKNOWN_COMPANY_CODE',
      field: 'companyCode',
      detail: 'Den Buchungskreis 4711 gibt es nicht.',
    })
    await expect(
      disableUser(ctx.database.db, mailer, config, { userName: 'niemand' }),
    ).rejects.toMatchObject({ statusCode: 404, detail: 'Den Benutzer niemand gibt es nicht.' })
  })

  it('keeps the user when the mail fails and says how to send the link again', async () => {
    const broken: Mailer = {
      send: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:25')),
    }
    await expect(
      addUser(ctx.database.db, broken, config, {
        userName: 'ohne.mail',
        name: 'Ohne Mail',
        mail: 'ohne.mail@example.org',
        companyCode: '2000',
      }),
    ).rejects.toMatchObject({
      statusCode: 502,
      code: 'MAIL_FAILED',
      detail: expect.stringMatching(
        /^Benutzer ohne\.mail angelegt .*ECONNREFUSED.*npm run provider -- user reset ohne\.mail$/,
      ),
    })
    sent.length = 0
    const again = await provider('user', 'reset', 'ohne.mail')
    expect(again.code, again.err).toBe(0)
    expect(again.out).toMatch(/^Benutzer ohne\.mail: neue Einladung angelegt/)
    expect(linkIn(sent[0]!).purpose).toBe('invitation')
  })
})

describe('user list', () => {
  it('prints every user with status, or those of one company code', async () => {
    const all = await provider('user', 'list')
    expect(all.code).toBe(0)
    const lines = all.out.split('\n')
    expect(lines[0]).toMatch(
      /^Benutzer\s+Name\s+E-Mail\s+Buchungskreis\s+Geschäftspartner\s+2FA\s+Status$/,
    )
    expect(lines.find((l) => l.startsWith('verwalter '))).toMatch(/1000\s+–\s+nein\s+aktiv$/)
    expect(lines.find((l) => l.startsWith('h.sommerfeld '))).toMatch(
      /P1000000001\s+nein\s+eingeladen, Passwort noch nicht vergeben$/,
    )
    const only2000 = await provider('user', 'list', '--company-code', '2000')
    const names = only2000.out
      .split('\n')
      .slice(1)
      .map((l) => l.split(' ')[0])
    expect(names).toEqual(['fremd', 'ohne.mail'])
    expect(all.out).not.toMatch(/argon2/)
  })
})

describe('user disable and enable', () => {
  it('stops sign-in, tokens, reset requests and links of a disabled user; enable lets him in again', async () => {
    const before = await signIn('fremd', DEMO_PASSWORD)
    const token = `Bearer ${before.json<{ token: string }>().token}`
    expect((await whoAmI(token)).statusCode).toBe(200)
    // an open link of the user
    sent.length = 0
    const queued: (() => Promise<void>)[] = []
    const later = { enqueue: (_: string, task: () => Promise<void>) => void queued.push(task) }
    const [fremd] = await ctx.database.db.select().from(users).where(eq(users.userName, 'fremd'))
    await requestPasswordReset(ctx.database.db, later, mailer, config.publicUrl, {
      businessPartner: 'fremd',
      mail: fremd!.mail,
    })
    for (const task of queued.splice(0)) await task()
    const openLink = linkIn(sent[0]!)

    const disabled = await provider('user', 'disable', 'fremd')
    expect(disabled.code, disabled.err).toBe(0)
    expect(disabled.out).toBe(
      'Benutzer fremd gesperrt: Anmeldung nicht mehr möglich, alle Sitzungen und Links beendet.',
    )
    expect((await whoAmI(token)).statusCode).toBe(401)
    const refused = await signIn('fremd', DEMO_PASSWORD)
    expect(refused.statusCode).toBe(401)
    expect(refused.json<{ code: string }>().code).toBe('LOGIN_FAILED')
    expect((await confirm(openLink, 'Gesperrt#Neu24')).statusCode).toBe(400)
    await requestPasswordReset(ctx.database.db, later, mailer, config.publicUrl, {
      businessPartner: 'fremd',
      mail: fremd!.mail,
    })
    expect(queued).toEqual([])
    await expect(
      resetUser(ctx.database.db, mailer, config, { userName: 'fremd' }),
    ).rejects.toMatchObject({ statusCode: 409, code: 'USER_DISABLED' })
    expect((await listUsers(ctx.database.db, { companyCode: '2000' }))[0]).toMatchObject({
      userName: 'fremd',
      status: 'disabled',
      disabledAt: expect.any(String),
    })
    expect((await provider('user', 'disable', 'fremd')).out).toMatch(
      /^Benutzer fremd ist bereits gesperrt/,
    )

    const enabled = await enableUser(ctx.database.db, mailer, config, { userName: 'FREMD' })
    expect(enabled.message).toBe('Benutzer fremd entsperrt.')
    expect(enabled.account.status).toBe('active')
    // the password works again; tokens and links from before the disabling stay dead
    expect((await signIn('fremd', DEMO_PASSWORD)).statusCode).toBe(200)
    expect((await whoAmI(token)).statusCode).toBe(401)
    expect((await confirm(openLink, 'Gesperrt#Neu24')).statusCode).toBe(400)
    expect((await auditOf('fremd')).map((a) => [a.userName, a.action])).toEqual([
      ['provider', 'USER_DISABLED'],
      ['provider', 'USER_ENABLED'],
    ])
  })
})

describe('a disabled user', () => {
  it('is refused by the token check itself, whatever the revocation instant says', async () => {
    const signedIn = await signIn('hv.becker', 'Becker#Start24')
    const token = `Bearer ${signedIn.json<{ token: string }>().token}`
    expect((await whoAmI(token)).statusCode).toBe(200)
    // disabled behind the command's back: the tokens are not revoked, the flag alone counts
    await ctx.database.db
      .update(users)
      .set({ disabledAt: new Date() })
      .where(eq(users.userName, 'hv.becker'))
    expect((await whoAmI(token)).statusCode).toBe(401)
    await ctx.database.db
      .update(users)
      .set({ disabledAt: null })
      .where(eq(users.userName, 'hv.becker'))
    expect((await whoAmI(token)).statusCode).toBe(200)
  })
})

describe('user reset', () => {
  it('ends the password and the sessions and mails a 30-minute link', async () => {
    const session = `Bearer ${(await signIn('verwalter', DEMO_PASSWORD)).json<{ token: string }>().token}`
    sent.length = 0
    const result = await provider('user', 'reset', 'verwalter')
    expect(result.code, result.err).toBe(0)
    expect(result.out).toMatch(
      /^Passwort von verwalter zurückgesetzt; der Link ist an thomas\.brandt@hv-rhein-main\.example gesendet/,
    )
    expect((await signIn('verwalter', DEMO_PASSWORD)).statusCode).toBe(401)
    expect((await whoAmI(session)).statusCode).toBe(401)
    const [mail] = sent
    expect(mail!.subject).toBe('Kundenportal: Passwort zurückgesetzt')
    expect(mail!.text).toContain('Der Link ist 30 Minuten gültig')
    const link = linkIn(mail!)
    expect(link.purpose).toBe('reset')
    const done = await confirm(link, 'Verwalter#Neu24')
    expect(done.json()).toEqual({
      successMessage:
        'Ihr Passwort wurde geändert. Sie können sich jetzt mit dem neuen Passwort anmelden.',
    })
    expect((await signIn('verwalter', 'Verwalter#Neu24')).statusCode).toBe(200)
    expect((await auditOf('verwalter')).map((a) => [a.userName, a.action])).toEqual([
      ['provider', 'USER_PASSWORD_RESET'],
      ['verwalter', 'PASSWORD_RESET'],
    ])
  })

  it('sends an invited user a new invitation; the old link stops working', async () => {
    sent.length = 0
    await resetUser(ctx.database.db, mailer, config, { userName: 'h.sommerfeld' })
    const fresh = linkIn(sent[0]!)
    expect(fresh.purpose).toBe('invitation')
    const tokens = await ctx.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userName, 'h.sommerfeld'))
    expect(tokens).toHaveLength(2)
    expect(tokens.filter((t) => t.expiresAt > new Date())).toHaveLength(1)
    expect((await confirm(fresh, 'Helga#Sommer24')).statusCode).toBe(200)
  })

  it('refuses an unknown user with exit code 1', async () => {
    for (const command of ['disable', 'enable', 'reset', 'delete']) {
      const result = await provider('user', command, 'niemand')
      expect(result.code).toBe(1)
      expect(result.err).toBe('Abgelehnt: Den Benutzer niemand gibt es nicht.')
    }
    expect((await provider('user', 'frobnicate', 'verwalter')).code).toBe(1)
    expect((await provider('user', 'delete')).code).toBe(1)
  })
})

describe('user delete', () => {
  /** Rows of every table whose text holds `needle` anywhere, per table. */
  async function tablesHolding(needle: string): Promise<Record<string, number>> {
    const found: Record<string, number> = {}
    for (const table of Object.values(schema)) {
      if (!(table instanceof PgTable)) continue
      const name = getTableName(table)
      // PGlite and node-postgres answer differently typed results, both with `rows`
      const result: unknown = await ctx.database.db.execute(
        sql`select count(*)::int as count from ${sql.identifier(name)} t where t::text like ${`%${needle}%`}`,
      )
      const [row] = (result as { rows: { count: number }[] }).rows
      if (row && row.count > 0) found[name] = row.count
    }
    return found
  }

  it('removes the person and leaves the audit trail under a stable pseudonym', async () => {
    const [owner] = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.userName, 'eigentuemer'))
    const session = `Bearer ${(await signIn('eigentuemer', DEMO_PASSWORD)).json<{ token: string }>().token}`
    await ctx.database.db.insert(idempotencyKeys).values({
      userName: 'eigentuemer',
      key: 'delete-test-1',
      method: 'POST',
      url: '/api/processes/system/password-change',
      requestHash: 'x',
    })
    // audit entries of the owner: his own password change, and an upload's document naming him
    const changed = await post(
      '/api/processes/system/password-change',
      {
        currentPassword: DEMO_PASSWORD,
        newPassword: 'Helga#Neu2024',
        newPasswordRepeat: 'Helga#Neu2024',
      },
      { authorization: session },
    )
    expect(changed.statusCode).toBe(200)
    await ctx.database.db.insert(auditLog).values({
      userName: 'eigentuemer',
      companyCode: '1000',
      action: 'ATTACHMENT_UPLOADED',
      entity: 'attachment',
      entityKey: '00000000-0000-4000-8000-000000000001',
      after: { fileName: 'beleg.pdf', uploadedBy: 'eigentuemer' },
    })
    const holdingBefore = await tablesHolding('eigentuemer')
    // the demo owner has acted: audit entries and author columns name him
    expect(Object.keys(holdingBefore).sort()).toEqual([
      'activities',
      'attachments',
      'audit_log',
      'idempotency_keys',
      'operating_costs_expenses',
      'service_orders',
      'users',
    ])

    const result = await provider('user', 'delete', 'eigentuemer')
    expect(result.code, result.err).toBe(0)
    const pseudonym = pseudonymOf({ userName: 'eigentuemer', id: owner!.id })
    expect(pseudonym).toMatch(/^gelöscht-[0-9a-f]{8}$/)
    expect(result.out).toContain(`Pseudonym ${pseudonym}`)

    // no row of any table names the user; his mail address stays only in the business partner,
    // which is the provider's record (imported, and removed by an import with --prune)
    expect(await tablesHolding('eigentuemer')).toEqual({})
    expect(await tablesHolding(owner!.mail)).toEqual({ partners: 1 })
    const pseudonymised = await tablesHolding(pseudonym)
    expect(pseudonymised.audit_log).toBeGreaterThan(0)
    const removed = ['users', 'idempotency_keys']
    for (const table of Object.keys(holdingBefore).filter((t) => !removed.includes(t))) {
      expect(pseudonymised[table], table).toBeGreaterThan(0)
    }
    expect(await rowOf(ctx, auditLog, eq(auditLog.action, 'USER_DELETED'))).toMatchObject({
      userName: 'provider',
      entity: 'user',
      entityKey: pseudonym,
      companyCode: '1000',
    })

    const upload = await rowOf(
      ctx,
      auditLog,
      eq(auditLog.entityKey, '00000000-0000-4000-8000-000000000001'),
    )
    expect(upload).toMatchObject({
      userName: pseudonym,
      after: { fileName: 'beleg.pdf', uploadedBy: pseudonym },
    })
    expect((await auditOf(pseudonym)).map((a) => [a.userName, a.action])).toEqual([
      [pseudonym, 'PASSWORD_CHANGED'],
      ['provider', 'USER_DELETED'],
    ])

    expect((await whoAmI(session)).statusCode).toBe(401)
    expect((await signIn('eigentuemer', 'Helga#Neu2024')).statusCode).toBe(401)
    expect((await provider('user', 'delete', 'eigentuemer')).code).toBe(1)
  })

  it('gives a later user of the same name another pseudonym', async () => {
    await addUser(ctx.database.db, mailer, config, {
      userName: 'eigentuemer',
      name: 'Neue Eigentümerin',
      mail: 'neu@example.com',
      companyCode: '1000',
    })
    const [again] = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.userName, 'eigentuemer'))
    const result = await deleteUser(ctx.database.db, mailer, config, { userName: 'eigentuemer' })
    expect(result.pseudonym).toBe(pseudonymOf({ userName: 'eigentuemer', id: again!.id }))
    const first = (
      await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'USER_DELETED'))
    ).map((a) => a.entityKey)
    expect(new Set(first).size).toBe(2)
  })
})

describe('the demo password', () => {
  it('is found on every account that has it, and named in the production refusal', async () => {
    // verwalter chose another password above, eigentuemer is deleted: the demo resident and fremd
    // are left
    expect(await accountsWithDemoPassword(ctx.database.db)).toEqual(['bewohner', 'fremd'])
    expect(demoPasswordRefusal(['fremd'])).toMatch(
      /^Der Produktionsbetrieb \(NODE_ENV=production\) startet nicht: ein Benutzerkonto hat das öffentlich bekannte Demo-Passwort \(fremd\)\./,
    )
    const many = Array.from({ length: 12 }, (_, i) => `u${i}`)
    expect(demoPasswordRefusal(many)).toContain('12 Benutzerkonten haben')
    expect(demoPasswordRefusal(many)).toContain('u9 und 2 weitere')
  })

  it('cannot be chosen as a new password', async () => {
    const session = await ctx.login('fremd')
    const response = await post(
      '/api/processes/system/password-change',
      {
        currentPassword: DEMO_PASSWORD,
        newPassword: DEMO_PASSWORD,
        newPasswordRepeat: DEMO_PASSWORD,
      },
      session,
    )
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({
      code: 'PASSWORD_RULES',
      field: 'newPassword',
      detail: DEMO_PASSWORD_REFUSED_MESSAGE,
    })
  })
})
