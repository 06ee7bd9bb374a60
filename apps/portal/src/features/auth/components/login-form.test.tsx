import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { initI18n } from '../../../lib/i18n'
import { getUser, isLoggedIn } from '../../../lib/session'
import { jsonAnswer } from '../../../testing/answers'
import { renderRoutes } from '../../../testing/render'
import { LoginForm } from './login-form'

// the prefetch of the signed-in code asks for the build's file list: only whether it starts counts
const prefetchSignedIn = vi.hoisted(() => vi.fn(() => () => undefined))
vi.mock('../prefetch-signed-in', () => ({ prefetchSignedIn }))

/** The form on /authenticate; `opened` is called with the page the portal opens after sign-in. */
function showLoginForm(next?: string) {
  const opened = vi.fn<(path: string) => void>()
  renderRoutes(
    [{ path: '/authenticate', element: <LoginForm next={next} onSignedIn={opened} /> }],
    '/authenticate',
  )
  return opened
}

const userName = () => screen.getByLabelText(/^Benutzername/)
const password = () => screen.getByLabelText(/^Passwort/, { selector: 'input' })

const json = (status: number, body: unknown) => Promise.resolve(jsonAnswer(status, body))

/** A token as the server signs it: the payload is UTF-8 JSON in base64url. */
function tokenFor(preferredUsername: string) {
  const bytes = new TextEncoder().encode(
    JSON.stringify({
      sub: '0b6f6c1e-4d1a-4c5e-9a57-2f1f3b7c9d10',
      preferred_username: preferredUsername,
    }),
  )
  const payload = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
  return `eyJhbGciOiJIUzI1NiJ9.${payload}.c2lnbmF0dXJl`
}

/** The server of the sign-in for one user: token, own record, company code, connections. */
function serverFor(stored: string) {
  return vi.fn((url: string, init: RequestInit) => {
    const body = JSON.parse((init.body as string | undefined) ?? '{}') as {
      username?: string
      filters?: { value: string }[]
    }
    if (url === '/api/token') {
      return body.username?.toLowerCase() === stored.toLowerCase()
        ? json(200, { token: tokenFor(stored) })
        : json(401, { detail: 'Login Fehler!', code: 'LOGIN_FAILED' })
    }
    if (url.startsWith('/api/persistence/users-search')) {
      // the server compares the name exactly, as its search does
      const items =
        body.filters?.[0]?.value === stored
          ? [
              {
                userName: stored,
                companyCode: '1000',
                businessPartner: null,
                name: 'Jörg Müller',
                mail: 'm@example.org',
              },
            ]
          : []
      return json(200, { items })
    }
    if (url.startsWith('/api/configuration/company-code-search')) {
      return json(200, {
        items: [
          {
            companyCode: '1000',
            text: [{ language: 'de', companyCodeName: 'Nord', city: 'Kiel' }],
          },
        ],
      })
    }
    return json(200, { items: [] })
  })
}

beforeAll(() => initI18n())
beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
})
afterEach(() => vi.unstubAllGlobals())

describe('the login form', () => {
  it('names each empty field and puts the focus on the first of them', async () => {
    showLoginForm()
    await userEvent.click(screen.getByRole('button', { name: 'Anmelden' }))
    expect(userName()).toHaveFocus()
    expect(userName()).toHaveAccessibleDescription('Dieses Feld muss ausgefüllt werden.')
    expect(password()).toHaveAccessibleDescription('Dieses Feld muss ausgefüllt werden.')

    await userEvent.type(userName(), 'verwalter')
    expect(userName()).not.toHaveAccessibleDescription()
    await userEvent.click(screen.getByRole('button', { name: 'Anmelden' }))
    expect(password()).toHaveFocus()
    expect(password()).toBeInvalid()
  })

  it('signs in "müller", typed decomposed, and finds his record by the name in the token', async () => {
    const server = serverFor('müller')
    vi.stubGlobal('fetch', server)
    const opened = showLoginForm()
    // u + combining diaeresis, as some keyboards and copied text give it
    await userEvent.type(userName(), 'mu\u0308ller')
    await userEvent.type(password(), 'Mueller#Start24')
    await userEvent.click(screen.getByRole('button', { name: 'Anmelden' }))

    await waitFor(() => expect(opened).toHaveBeenCalledWith('/dashboard'))
    // busy until the portal's page has loaded
    expect(screen.getByRole('button', { name: 'Anmelden' })).toBeDisabled()
    const [, signInCall] = server.mock.calls[0]!
    expect(JSON.parse(signInCall.body as string)).toMatchObject({ username: 'müller' })
    expect(getUser()).toMatchObject({ userName: 'müller', name: 'Jörg Müller' })
  })

  it('lands on the deep link it was given instead of the dashboard', async () => {
    vi.stubGlobal('fetch', serverFor('verwalter'))
    const opened = showLoginForm('/properties/1000000001/units/V1?tab=2')
    await userEvent.type(userName(), 'verwalter')
    await userEvent.type(password(), 'Portal#2024!')
    await userEvent.click(screen.getByRole('button', { name: 'Anmelden' }))
    await waitFor(() =>
      expect(opened).toHaveBeenCalledWith('/properties/1000000001/units/V1?tab=2'),
    )
  })

  it('shows the server’s message for error 108, with the code when the server failed', async () => {
    const busy = 'Der Server ist gerade ausgelastet. Bitte versuchen Sie es in einem Moment erneut.'
    vi.stubGlobal(
      'fetch',
      vi.fn(() => json(503, { detail: busy, code: 'SERVER_BUSY' })),
    )
    showLoginForm()
    await userEvent.type(userName(), 'verwalter')
    await userEvent.type(password(), 'Portal#2024!')
    await userEvent.click(screen.getByRole('button', { name: 'Anmelden' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(busy)
    expect(alert).toHaveTextContent('Fehlercodes 108')

    const refused = 'Der Benutzername ist zu lang.'
    vi.stubGlobal(
      'fetch',
      vi.fn(() => json(400, { detail: refused, code: 'VALIDATION_FAILED' })),
    )
    await userEvent.click(screen.getByRole('button', { name: 'Anmelden' }))
    expect(await screen.findByText(refused)).toBeInTheDocument()
    expect(screen.getByRole('alert')).not.toHaveTextContent('Fehlercode')
  })

  it('keeps the §8 message and its hint for wrong credentials', async () => {
    vi.stubGlobal('fetch', serverFor('verwalter'))
    const opened = showLoginForm()
    await userEvent.type(userName(), 'niemand')
    await userEvent.type(password(), 'falsch')
    await userEvent.click(screen.getByRole('button', { name: 'Anmelden' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Login Fehler!')
    expect(alert).toHaveTextContent('Kundenservice')
    expect(opened).not.toHaveBeenCalled()
    expect(screen.getByRole('button', { name: 'Anmelden' })).toBeEnabled()
  })
})

const CODE_REQUEST =
  'Bitte geben Sie den Bestätigungscode aus Ihrer Authenticator-App oder einen Wiederherstellungscode ein.'
const CODE_INVALID = 'Der Bestätigungscode ist falsch oder abgelaufen.'

/**
 * The server of a user with a second factor: the password alone is answered 401
 * SECOND_FACTOR_REQUIRED; 654321 and the recovery code are right, anything else is refused.
 */
function serverWithSecondFactor() {
  const session = serverFor('verwalter')
  return vi.fn((url: string, init: RequestInit) => {
    if (url !== '/api/token') return session(url, init)
    const { code } = JSON.parse(init.body as string) as { code?: string }
    if (code === undefined)
      return json(401, { detail: CODE_REQUEST, code: 'SECOND_FACTOR_REQUIRED' })
    if (code === '654321' || code === 'abcd-efgh-jkmn-pqrs') return session(url, init)
    return json(401, { detail: CODE_INVALID, code: 'SECOND_FACTOR_INVALID' })
  })
}

async function signInWithPassword() {
  await userEvent.type(userName(), 'verwalter')
  await userEvent.type(password(), 'Portal#2024!')
  await userEvent.click(screen.getByRole('button', { name: 'Anmelden' }))
}

const tokenBodies = (server: ReturnType<typeof serverWithSecondFactor>) =>
  server.mock.calls
    .filter(([url]) => url === '/api/token')
    .map(([, init]) => JSON.parse(init.body as string) as Record<string, string>)

describe('the second factor at the sign-in', () => {
  it('asks for the code in the same card, focused and described by the server’s request', async () => {
    const server = serverWithSecondFactor()
    vi.stubGlobal('fetch', server)
    const opened = showLoginForm('/account')
    await signInWithPassword()

    const code = await screen.findByLabelText(/^Bestätigungscode/)
    expect(screen.getByRole('form', { name: 'Anmeldung bestätigen' })).toBeInTheDocument()
    // the step's effect focuses the field after React has painted it: on a busy machine that is
    // later than the moment the field is found
    await waitFor(() => expect(code).toHaveFocus())
    expect(code).toHaveAccessibleDescription(CODE_REQUEST)
    expect(code).toHaveAttribute('autocomplete', 'one-time-code')
    expect(code).toHaveAttribute('inputmode', 'numeric')
    // the password was right: no alert, and the password step is gone
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(screen.queryByLabelText(/^Passwort/, { selector: 'input' })).not.toBeInTheDocument()
    expect(opened).not.toHaveBeenCalled()

    await userEvent.type(code, '654 321')
    await userEvent.click(screen.getByRole('button', { name: 'Anmelden' }))
    await waitFor(() => expect(opened).toHaveBeenCalledWith('/account'))
    expect(tokenBodies(server)).toEqual([
      { username: 'verwalter', password: 'Portal#2024!' },
      { username: 'verwalter', password: 'Portal#2024!', code: '654321' },
    ])
    expect(getUser()).toMatchObject({ userName: 'verwalter' })
  })

  it('keeps the step on a wrong code, with the server’s message and the field ready again', async () => {
    vi.stubGlobal('fetch', serverWithSecondFactor())
    const opened = showLoginForm()
    await signInWithPassword()
    const code = await screen.findByLabelText(/^Bestätigungscode/)

    await userEvent.click(screen.getByRole('button', { name: 'Anmelden' }))
    expect(code).toHaveAccessibleDescription(`Dieses Feld muss ausgefüllt werden. ${CODE_REQUEST}`)
    expect(code).toHaveFocus()

    await userEvent.type(code, '111111')
    await userEvent.click(screen.getByRole('button', { name: 'Anmelden' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(CODE_INVALID)
    // not the wrong-password hint: the password was right
    expect(alert).not.toHaveTextContent('Kundenservice')
    expect(code).toHaveFocus()
    expect(code).toHaveValue('111111')
    expect(screen.getByRole('button', { name: 'Anmelden' })).toBeEnabled()
    expect(opened).not.toHaveBeenCalled()
  })

  it('takes a recovery code instead, as typed', async () => {
    const server = serverWithSecondFactor()
    vi.stubGlobal('fetch', server)
    const opened = showLoginForm()
    await signInWithPassword()
    await screen.findByLabelText(/^Bestätigungscode/)

    await userEvent.click(screen.getByRole('button', { name: 'Wiederherstellungscode verwenden' }))
    const recovery = screen.getByLabelText(/^Wiederherstellungscode/, { selector: 'input' })
    expect(recovery).toHaveFocus()
    expect(recovery).toHaveAttribute('inputmode', 'text')
    expect(screen.queryByLabelText(/^Bestätigungscode/)).not.toBeInTheDocument()
    await userEvent.type(recovery, 'abcd-efgh-jkmn-pqrs')
    await userEvent.click(screen.getByRole('button', { name: 'Anmelden' }))
    await waitFor(() => expect(opened).toHaveBeenCalledWith('/dashboard'))
    expect(tokenBodies(server).at(-1)).toMatchObject({ code: 'abcd-efgh-jkmn-pqrs' })

    // and back to the app's code
    expect(screen.getByRole('button', { name: 'Code aus der App verwenden' })).toBeInTheDocument()
  })

  it('goes back to the password, focused, with what was typed', async () => {
    vi.stubGlobal('fetch', serverWithSecondFactor())
    showLoginForm()
    await signInWithPassword()
    await screen.findByLabelText(/^Bestätigungscode/)

    await userEvent.click(screen.getByRole('button', { name: 'Zurück' }))
    expect(password()).toHaveFocus()
    expect(password()).toHaveValue('Portal#2024!')
    expect(userName()).toHaveValue('verwalter')
    expect(screen.queryByLabelText(/^Bestätigungscode/)).not.toBeInTheDocument()
  })

  it('goes to the set-up with a token that only opens it, without loading the session', async () => {
    const server = vi.fn((url: string) =>
      url === '/api/token'
        ? json(200, { token: tokenFor('verwalter'), secondFactorSetupRequired: true })
        : json(403, { code: 'SECOND_FACTOR_SETUP_REQUIRED' }),
    )
    vi.stubGlobal('fetch', server)
    const opened = showLoginForm('/properties/1000000001')
    await signInWithPassword()

    await waitFor(() =>
      expect(opened).toHaveBeenCalledWith(
        '/authenticate?view=second-factor&next=%2Fproperties%2F1000000001',
      ),
    )
    expect(server).toHaveBeenCalledTimes(1)
    expect(isLoggedIn()).toBe(true)
    expect(getUser()).toBeNull()
  })
})

describe('the code of the page after the sign-in', () => {
  beforeAll(() => initI18n())
  beforeEach(() => prefetchSignedIn.mockClear())

  it('is fetched once someone starts to sign in, not while the page loads', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => json(401, {})),
    )
    showLoginForm()
    await screen.findByLabelText(/^Benutzername/)
    expect(prefetchSignedIn).not.toHaveBeenCalled()
    await userEvent.setup().click(userName())
    await waitFor(() => expect(prefetchSignedIn).toHaveBeenCalledTimes(1))
    await userEvent.setup().click(password())
    expect(prefetchSignedIn).toHaveBeenCalledTimes(1)
    vi.unstubAllGlobals()
  })
})

describe('the way to a resident’s registration', () => {
  it('is a link below the form (decision 065)', () => {
    showLoginForm()
    expect(screen.getByRole('link', { name: 'Als Bewohner registrieren' })).toHaveAttribute(
      'href',
      '/register',
    )
  })
})
