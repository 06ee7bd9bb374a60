import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { LoadedCustomer } from '../../../lib/customer'
import { getUser, isLoggedIn, storeSession, storeToken } from '../../../lib/session'
import { jsonAnswer } from '../../../testing/answers'
import { OWNER } from '../../../testing/fixtures'
import { renderRoutes } from '../../../testing/render'
import { saved, textOf } from '../../../testing/saved-files'
import { SecondFactorSetup } from './second-factor-setup'

// the set-up's texts join the catalogue as its module loads, as after the start of the portal
await vi.hoisted(async () => {
  const { initI18n } = await import('../../../lib/i18n')
  await initI18n()
})

vi.mock('../../../lib/save-file', () => import('../../../testing/saved-files'))

const customer = {
  config: { applicationTitle: 'Muster Kundenportal' },
} as unknown as LoadedCustomer

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'
const QR_CODE =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 21 21"><path d="M0 0h7v7H0z"/></svg>'
const RECOVERY_CODES = Array.from({ length: 10 }, (_, index) => `ABCD-EFGH-JKLM-NP${index}Q`)
const CODE_INVALID = 'Der Bestätigungscode ist falsch oder abgelaufen.'
const PASSWORD = 'Richtig#2024!'
const PASSWORD_WRONG = 'Das aktuelle Passwort ist nicht korrekt.'

/** A token as the server signs it: the payload is UTF-8 JSON in base64url. */
const TOKEN = `eyJhbGciOiJIUzI1NiJ9.${btoa(
  JSON.stringify({ sub: 'id-1', preferred_username: 'eigentuemer' }),
).replace(/=+$/, '')}.c2lnbmF0dXJl`

const json = (status: number, body: unknown) => Promise.resolve(jsonAnswer(status, body))

/**
 * The set-up calls (`PASSWORD` is the user's password, 654321 the app's current code) and the
 * session's reads after it. `confirmed` answers a confirmation as a repeat would.
 */
function server({ enabled = false, confirmed = false } = {}) {
  return vi.fn((url: string, init: RequestInit) => {
    const body = JSON.parse((init.body as string | undefined) ?? '{}') as {
      code?: string
      currentPassword?: string
    }
    if (url === '/api/processes/second-factor/setup') {
      if (body.currentPassword !== PASSWORD) {
        return json(400, {
          detail: PASSWORD_WRONG,
          code: 'CURRENT_PASSWORD_WRONG',
          field: 'currentPassword',
        })
      }
      return enabled
        ? json(409, {
            detail: 'Die Zwei-Faktor-Anmeldung ist bereits eingerichtet.',
            code: 'SECOND_FACTOR_ENABLED',
          })
        : json(200, { secret: SECRET, uri: `otpauth://totp/x?secret=${SECRET}`, qrCode: QR_CODE })
    }
    if (url === '/api/processes/second-factor/confirm') {
      if (confirmed) {
        return json(409, {
          detail:
            'Die Zwei-Faktor-Anmeldung ist bereits eingerichtet. Die Wiederherstellungscodes werden aus Sicherheitsgründen nur einmal angezeigt.',
          code: 'SECOND_FACTOR_ANSWER_SHOWN',
        })
      }
      return body.code === '654321'
        ? json(200, { recoveryCodes: RECOVERY_CODES })
        : json(400, { detail: CODE_INVALID, code: 'SECOND_FACTOR_INVALID', field: 'code' })
    }
    if (url.startsWith('/api/persistence/users-search')) {
      return json(200, {
        items: [
          {
            userName: 'eigentuemer',
            companyCode: '1000',
            businessPartner: '4711',
            name: 'Erika Eigner',
            mail: 'e@example.org',
          },
        ],
      })
    }
    return json(200, { items: [] })
  })
}

function show(next = '/account') {
  const finished = vi.fn<(path: string) => void>()
  const router = renderRoutes(
    [{ path: '/authenticate', element: <SecondFactorSetup next={next} onFinished={finished} /> }],
    '/authenticate?view=second-factor',
    customer,
  )
  return { finished, router }
}

const codeField = () => screen.getByLabelText(/^Bestätigungscode aus der App/)
const passwordField = () => screen.getByLabelText(/^Aktuelles Passwort/)

/** The password step: the password typed, then "Weiter"; answers when the QR code shows. */
async function enterPassword(password = PASSWORD) {
  await userEvent.type(passwordField(), password)
  await userEvent.click(screen.getByRole('button', { name: 'Weiter' }))
  return screen.findByRole('img', { name: 'QR-Code für die Authenticator-App' })
}

describe('the set-up of the second factor', () => {
  beforeEach(() => {
    localStorage.clear()
    sessionStorage.clear()
    saved.length = 0
  })
  afterEach(() => vi.unstubAllGlobals())

  it('after a forced sign-in: scans, confirms, keeps the codes, then loads the session', async () => {
    const fetchMock = server()
    vi.stubGlobal('fetch', fetchMock)
    storeToken(TOKEN)
    const { finished } = show('/properties/1000000001')

    // the password first, even right after the sign-in (decision 040)
    expect(passwordField()).toHaveFocus()
    expect(passwordField()).toHaveAttribute('type', 'password')
    expect(passwordField()).toHaveAttribute('autocomplete', 'current-password')
    expect(fetchMock).not.toHaveBeenCalled()
    const qr = await enterPassword()
    expect(qr.getAttribute('src')).toBe(
      `data:image/svg+xml;charset=utf-8,${encodeURIComponent(QR_CODE)}`,
    )
    expect(screen.getByText(/verlangt die Zwei-Faktor-Anmeldung/)).toBeInTheDocument()
    expect(screen.getByText(/jede App für zeitbasierte Einmalcodes/)).toBeInTheDocument()
    expect(
      screen.getByRole('figure', { name: 'Schlüssel für die manuelle Eingabe' }),
    ).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')
    // no session to go back to: the way out is to sign out
    expect(screen.getByRole('button', { name: 'Abmelden' })).toBeInTheDocument()
    const [setupUrl, setupInit] = fetchMock.mock.calls[0]!
    expect(setupUrl).toBe('/api/processes/second-factor/setup')
    expect(JSON.parse(setupInit.body as string)).toEqual({ currentPassword: PASSWORD })
    expect((setupInit.headers as Record<string, string>)['Idempotency-Key']).toMatch(
      /^[0-9a-f]{32}$/,
    )

    await userEvent.type(codeField(), '654321')
    await userEvent.click(screen.getByRole('button', { name: 'Bestätigen' }))
    const heading = await screen.findByRole('heading', {
      level: 2,
      name: 'Ihre Wiederherstellungscodes',
    })
    expect(heading).toHaveFocus()
    expect(screen.getByRole('status')).toHaveTextContent(
      'Die Zwei-Faktor-Anmeldung ist eingerichtet.',
    )
    const codes = within(screen.getByRole('list')).getAllByRole('listitem')
    expect(codes.map((item) => item.textContent)).toEqual(RECOVERY_CODES)

    await userEvent.click(screen.getByRole('button', { name: 'Codes herunterladen' }))
    expect(saved).toHaveLength(1)
    expect(saved[0]!.fileName).toBe('Wiederherstellungscodes eigentuemer.txt')
    const text = await textOf(saved[0]!.blob)
    expect(text).toContain('Muster Kundenportal')
    expect(text).toContain('Benutzername: eigentuemer')
    expect(text).toContain(RECOVERY_CODES.join('\n'))

    // the codes must have been kept before the portal goes on
    const stored = screen.getByRole('checkbox', {
      name: 'Ich habe die Wiederherstellungscodes sicher aufbewahrt.',
    })
    await userEvent.click(screen.getByRole('button', { name: 'Weiter' }))
    expect(stored).toHaveFocus()
    expect(stored).toBeInvalid()
    expect(stored).toHaveAccessibleDescription(
      'Bitte bestätigen Sie, dass Sie die Wiederherstellungscodes aufbewahrt haben.',
    )
    expect(finished).not.toHaveBeenCalled()

    await userEvent.click(stored)
    await userEvent.click(screen.getByRole('button', { name: 'Weiter' }))
    await waitFor(() => expect(finished).toHaveBeenCalledWith('/properties/1000000001'))
    expect(getUser()).toMatchObject({ userName: 'eigentuemer', name: 'Erika Eigner' })
  })

  it('shows a wrong password at its field and keeps the secret back', async () => {
    const fetchMock = server()
    vi.stubGlobal('fetch', fetchMock)
    storeToken(TOKEN)
    show()
    await userEvent.click(await screen.findByRole('button', { name: 'Weiter' }))
    expect(passwordField()).toHaveFocus()
    expect(passwordField()).toBeInvalid()
    expect(fetchMock).not.toHaveBeenCalled()

    await userEvent.type(passwordField(), 'Falsch#2024!')
    await userEvent.click(screen.getByRole('button', { name: 'Weiter' }))
    await waitFor(() =>
      expect(passwordField()).toHaveAccessibleDescription(/^Das aktuelle Passwort/),
    )
    expect(passwordField()).toHaveFocus()
    expect(screen.queryByRole('img')).not.toBeInTheDocument()

    await userEvent.clear(passwordField())
    await enterPassword()
    const keys = fetchMock.mock.calls.map(
      ([, init]) => (init.headers as Record<string, string>)['Idempotency-Key'],
    )
    expect(keys).toHaveLength(2)
    expect(keys[1]).toBe(keys[0])
  })

  it('shows a wrong code at its field, which takes the focus again', async () => {
    const fetchMock = server()
    vi.stubGlobal('fetch', fetchMock)
    storeToken(TOKEN)
    show()
    await enterPassword()

    await userEvent.click(screen.getByRole('button', { name: 'Bestätigen' }))
    expect(codeField()).toHaveFocus()
    expect(codeField()).toHaveAccessibleDescription(
      /^Dieses Feld muss ausgefüllt werden\. Geben Sie dann/,
    )

    await userEvent.type(codeField(), '111111')
    await userEvent.click(screen.getByRole('button', { name: 'Bestätigen' }))
    await waitFor(() => expect(codeField()).toBeInvalid())
    expect(codeField()).toHaveAccessibleDescription(new RegExp(`^${CODE_INVALID}`))
    expect(codeField()).toHaveFocus()
    expect(screen.queryByRole('heading', { level: 2 })).not.toBeInTheDocument()

    // the same action tried again: its key is kept until it succeeds (the refusal left nothing)
    await userEvent.clear(codeField())
    await userEvent.type(codeField(), '654321')
    await userEvent.click(screen.getByRole('button', { name: 'Bestätigen' }))
    expect(await screen.findByRole('heading', { level: 2 })).toBeInTheDocument()
    const confirmCalls = fetchMock.mock.calls.filter(([url]) => url.endsWith('/confirm'))
    expect(confirmCalls.map(([, init]) => JSON.parse(init.body as string) as unknown)).toEqual([
      { code: '111111' },
      { code: '654321' },
    ])
    const [first, second] = confirmCalls.map(
      ([, init]) => (init.headers as Record<string, string>)['Idempotency-Key'],
    )
    expect(first).toMatch(/^[0-9a-f]{32}$/)
    expect(second).toBe(first)
  })

  it('from the account page: goes back without loading the session again', async () => {
    const fetchMock = server()
    vi.stubGlobal('fetch', fetchMock)
    storeToken(TOKEN)
    storeSession(OWNER, [])
    const { finished } = show('/account')
    await enterPassword()
    expect(screen.queryByText(/verlangt die Zwei-Faktor-Anmeldung/)).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Abbrechen' })).toHaveAttribute('href', '/account')

    await userEvent.type(codeField(), '654321')
    await userEvent.click(screen.getByRole('button', { name: 'Bestätigen' }))
    await userEvent.click(
      await screen.findByRole('checkbox', {
        name: 'Ich habe die Wiederherstellungscodes sicher aufbewahrt.',
      }),
    )
    await userEvent.click(screen.getByRole('button', { name: 'Weiter' }))
    await waitFor(() => expect(finished).toHaveBeenCalledWith('/account'))
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/processes/second-factor/setup',
      '/api/processes/second-factor/confirm',
    ])
  })

  it('says so when the second factor is set up already, and goes on', async () => {
    vi.stubGlobal('fetch', server({ enabled: true }))
    storeToken(TOKEN)
    const { finished } = show('/account')
    await userEvent.type(passwordField(), PASSWORD)
    await userEvent.click(screen.getByRole('button', { name: 'Weiter' }))
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Die Zwei-Faktor-Anmeldung ist bereits eingerichtet.',
    )
    await userEvent.click(screen.getByRole('button', { name: 'Weiter' }))
    await waitFor(() => expect(finished).toHaveBeenCalledWith('/account'))
  })

  it('says so when a repeated confirmation does not show the codes again, and goes on', async () => {
    vi.stubGlobal('fetch', server({ confirmed: true }))
    storeToken(TOKEN)
    storeSession(OWNER, [])
    const { finished } = show('/account')
    await enterPassword()
    await userEvent.type(codeField(), '654321')
    await userEvent.click(screen.getByRole('button', { name: 'Bestätigen' }))
    expect(await screen.findByRole('status')).toHaveTextContent(/nur einmal angezeigt/)
    expect(screen.queryByRole('list')).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Weiter' }))
    await waitFor(() => expect(finished).toHaveBeenCalledWith('/account'))
  })

  it('lets a user forced to it sign out instead', async () => {
    const fetchMock = server()
    vi.stubGlobal('fetch', fetchMock)
    const assign = vi.fn()
    vi.stubGlobal('location', { assign, origin: 'http://portal.test', pathname: '/authenticate' })
    storeToken(TOKEN)
    show()
    await userEvent.click(await screen.findByRole('button', { name: 'Abmelden' }))
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/authenticate'))
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/token/revoke')
    expect(isLoggedIn()).toBe(false)
  })

  it('sends a visit without a token to the sign-in, keeping where to go', async () => {
    const fetchMock = server()
    vi.stubGlobal('fetch', fetchMock)
    const { router } = show('/properties/1000000001')
    await waitFor(() =>
      expect(router.state.location.search).toBe('?next=%2Fproperties%2F1000000001'),
    )
    expect(router.state.location.pathname).toBe('/authenticate')
    expect(fetchMock).not.toHaveBeenCalled()
  })
})
