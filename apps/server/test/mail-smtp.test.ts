/**
 * Mail for real (decision 019): with `SMTP_URL` the invitation and the reset mail go over SMTP. A real
 * SMTP server (the `smtp-server` package) runs in the test, with a user and password as a mail
 * provider would ask for; the mails are parsed with `mailparser` and their links followed.
 */
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { simpleParser, type ParsedMail } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { addUser, resetUser } from '../src/modules/accounts/accounts'
import { users } from '../src/platform/persistence/schema'
import { createTestContext, useTestContext } from './helper'

interface Received {
  /** The envelope: MAIL FROM and RCPT TO, as the server saw them. */
  from: string
  to: string[]
  /** Who signed in to the server. */
  user: string | undefined
  raw: string
  parsed: ParsedMail
}

const received: Received[] = []
let smtp: SMTPServer
const SENDER = 'Kundenportal Bergmann <portal@bergmann-abrechnung.example>'

beforeAll(async () => {
  smtp = new SMTPServer({
    // no TLS certificate here: the test server offers neither STARTTLS nor TLS
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'portal' && auth.password === 'geheim#1') {
        callback(null, { user: auth.username })
      } else {
        callback(new Error('Anmeldung fehlgeschlagen'))
      }
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks)
        simpleParser(raw)
          .then((parsed) => {
            received.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
              user: session.user as string | undefined,
              raw: raw.toString('utf8'),
              parsed,
            })
            callback()
          })
          .catch(callback)
      })
    },
  })
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
})
afterAll(() => new Promise<void>((resolve) => smtp.close(resolve)))

/** Closed before the SMTP server: hooks after the tests run in reverse order. */
const { ctx } = useTestContext([], () => ({
  config: {
    smtpUrl: `smtp://portal:${encodeURIComponent('geheim#1')}@127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    mailFrom: SENDER,
    publicUrl: 'https://portal.bergmann-abrechnung.example',
  },
}))

let address = 0
const post = (url: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url, payload, remoteAddress: `10.2.0.${++address}` })

/** Sets the password of `userName` with the token of a mail's link, then signs in with it. */
async function confirmAndSignIn(
  token: string,
  userName: string,
  password: string,
  kind: 'invitation' | 'reset' = 'reset',
) {
  const url =
    kind === 'invitation'
      ? '/api/processes/customer-portal/invitation/accept'
      : '/api/processes/customer-portal/password-reset/confirm'
  const confirmed = await post(url, {
    token,
    newPassword: password,
    newPasswordRepeat: password,
  })
  expect(confirmed.statusCode, confirmed.body).toBe(200)
  const signIn = await post('/api/token', { username: userName, password })
  return { confirmed, signIn }
}

/** The link of the mail: its address must lead to the portal's sign-in page. */
function linkOf(mail: ParsedMail, kind: 'invitation' | 'reset'): string {
  const pattern = new RegExp(
    `https://portal\\.bergmann-abrechnung\\.example/authenticate\\?${kind}=([A-Za-z0-9_-]{43})(?=\\s)`,
  )
  const match = pattern.exec(mail.text ?? '')
  if (!match) throw new Error(`no ${kind} link in:\n${mail.text}`)
  return match[1]!
}

function expectGermanPlainText(mail: Received) {
  // the header as it went over the wire: UTF-8, quoted-printable, the subject encoded
  expect(mail.raw).toMatch(/^Content-Type: text\/plain; charset=utf-8\r$/m)
  expect(mail.raw).toMatch(/^Content-Transfer-Encoding: quoted-printable\r$/m)
  expect(mail.raw).toMatch(/^Subject: =\?UTF-8\?Q\?/m)
  expect(mail.parsed.headers.get('mime-version')).toBe('1.0')
  expect(mail.parsed.from?.value).toEqual([
    { name: 'Kundenportal Bergmann', address: 'portal@bergmann-abrechnung.example' },
  ])
  expect(mail.parsed.date).toBeInstanceOf(Date)
  expect(mail.parsed.messageId).toMatch(/^<.+@.+>$/)
  expect(mail.user).toBe('portal')
  expect(mail.from).toBe('portal@bergmann-abrechnung.example')
}

describe('mail over SMTP', () => {
  it('delivers the invitation; its link sets the password and the user signs in', async () => {
    received.length = 0
    const result = await addUser(ctx.database.db, ctx.app.mailer, ctx.config, {
      userName: 'j.kowalski',
      name: 'Jürgen Kowalski-Öztürk',
      mail: 'juergen.kowalski@hausverwaltung-süd.example',
      companyCode: '1000',
    })
    expect(result.message).toContain('die Einladung ist an juergen.kowalski@')
    expect(received).toHaveLength(1)
    const [mail] = received
    expectGermanPlainText(mail!)
    // the domain with an umlaut is stored and sent in its ASCII form
    const ascii = 'juergen.kowalski@xn--hausverwaltung-sd-i3b.example'
    expect(result.account.mail).toBe(ascii)
    expect(mail!.raw).toMatch(new RegExp(`^To: ${ascii.replace(/\./g, '\\.')}\r$`, 'm'))
    // smtp-server shows the envelope's domain decoded again
    expect(mail!.to).toEqual(['juergen.kowalski@hausverwaltung-süd.example'])
    expect(mail!.parsed.subject).toBe('Kundenportal: Ihr Zugang – bitte vergeben Sie Ihr Passwort')
    const text = mail!.parsed.text ?? ''
    expect(text).toContain('Guten Tag Jürgen Kowalski-Öztürk,')
    expect(text).toContain('für Sie wurde ein Zugang zum Kundenportal')
    expect(text).toContain('Ihr Benutzername: j.kowalski')
    expect(text).toMatch(
      /Der Link ist 7 Tage gültig \(bis \w{2}\., \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} Uhr\) und kann einmal benutzt werden\./,
    )
    const token = linkOf(mail!.parsed, 'invitation')

    const { confirmed, signIn } = await confirmAndSignIn(
      token,
      'j.kowalski',
      'Kowalski#2024',
      'invitation',
    )
    expect(confirmed.json<{ successMessage: string }>().successMessage).toContain('j.kowalski')
    expect(signIn.statusCode, signIn.body).toBe(200)
    const session = await ctx.app.inject({
      method: 'POST',
      url: '/api/persistence/users-search',
      payload: {},
      headers: { authorization: `Bearer ${signIn.json<{ token: string }>().token}` },
    })
    expect(session.json<{ items: { userName: string }[] }>().items).toMatchObject([
      { userName: 'j.kowalski', companyCode: '1000' },
    ])
  })

  it('delivers the reset mail the portal asks for, and the one the provider sends', async () => {
    received.length = 0
    const [owner] = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.userName, 'eigentuemer'))
    const asked = await post('/api/processes/customer-portal/password-reset', {
      businessPartner: owner!.businessPartner!,
      mail: owner!.mail,
    })
    expect(asked.statusCode).toBe(200)
    // the mail goes out after the answer
    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 180_000 })
    const [mail] = received
    expectGermanPlainText(mail!)
    expect(mail!.to).toEqual([owner!.mail])
    expect(mail!.parsed.subject).toBe('Kundenportal: Passwort zurücksetzen')
    expect(mail!.parsed.text).toContain(`Guten Tag ${owner!.name},`)
    expect(mail!.parsed.text).toContain('Der Link ist 30 Minuten gültig')
    const token = linkOf(mail!.parsed, 'reset')
    const { signIn } = await confirmAndSignIn(token, 'eigentuemer', 'Sommer#Feld24')
    expect(signIn.statusCode).toBe(200)

    received.length = 0
    await resetUser(ctx.database.db, ctx.app.mailer, ctx.config, { userName: 'eigentuemer' })
    expect(received).toHaveLength(1)
    expectGermanPlainText(received[0]!)
    expect(received[0]!.parsed.subject).toBe('Kundenportal: Passwort zurückgesetzt')
    expect(received[0]!.parsed.text).toContain('vom Kundenservice zurückgesetzt')
    linkOf(received[0]!.parsed, 'reset')
  })

  it('answers 502 with the German reason when the SMTP server refuses the sign-in', async () => {
    const { port } = smtp.server.address() as AddressInfo
    const wrong = await createTestContext({
      config: { smtpUrl: `smtp://portal:falsch@127.0.0.1:${port}`, mailFrom: SENDER },
    })
    try {
      await expect(
        addUser(wrong.database.db, wrong.app.mailer, wrong.config, {
          userName: 'n.nowak',
          name: 'Nina Nowak',
          mail: 'nina.nowak@example.org',
          companyCode: '1000',
        }),
      ).rejects.toMatchObject({
        statusCode: 502,
        code: 'MAIL_FAILED',
        detail: expect.stringMatching(
          /^Benutzer n\.nowak angelegt .*, aber die E-Mail an nina\.nowak@example\.org konnte nicht gesendet werden/,
        ),
      })
    } finally {
      await wrong.close()
    }
  })
})
