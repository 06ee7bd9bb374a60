import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { LoadedCustomer } from '../../lib/customer'
import { initI18n } from '../../lib/i18n'
import { storeToken } from '../../lib/session'
import { renderRoutes } from '../../testing/render'
import { Component as LoginPage } from './login-page'

vi.mock('./prefetch-signed-in', () => ({ prefetchSignedIn: () => () => undefined }))

/** What the sign-in page's frame shows of the customer configuration. */
const customer = {
  config: {
    applicationTitle: 'Muster Kundenportal',
    logoUrl: '/customer-assets/logo.svg',
    faviconUrl: '/customer-assets/favicon.svg',
    customerService: { phone: '0800 123', mail: 'service@muster.example' },
  },
  faq: { sections: [] },
} as unknown as LoadedCustomer

function showPage(url: string) {
  return renderRoutes(
    [
      { path: '/authenticate', element: <LoginPage /> },
      { path: '*', element: <p>Weitergeleitet</p> },
    ],
    url,
    customer,
  )
}

const newPassword = () => screen.getByLabelText(/^Neues Passwort\s*\*?$/, { selector: 'input' })
const repeated = () => screen.getByLabelText(/^Neues Passwort wiederholen/, { selector: 'input' })

describe('the mailed links on the sign-in page', () => {
  beforeAll(() => initI18n())
  afterEach(() => vi.unstubAllGlobals())

  it('greets an invited user and sends the invitation token with the chosen password', async () => {
    const answer = {
      successMessage:
        'Ihr Passwort ist gespeichert. Sie können sich jetzt mit Ihrem Benutzernamen hv.becker anmelden.',
    }
    const fetchMock = vi.fn((url: string) =>
      Promise.resolve(
        url.endsWith('/invitation/check')
          ? new Response(null, { status: 204 })
          : new Response(JSON.stringify(answer), {
              status: 200,
              headers: { 'Content-Type': 'application/json' },
            }),
      ),
    )
    vi.stubGlobal('fetch', fetchMock)
    showPage('/authenticate?invitation=einladung-123')

    expect(await screen.findByRole('form', { name: 'Passwort vergeben' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'Passwort vergeben' })).toBeInTheDocument()
    expect(screen.getByText(/^Willkommen im Kundenportal\./)).toBeInTheDocument()

    await userEvent.type(newPassword(), 'Becker#Start24')
    await userEvent.type(repeated(), 'Becker#Start24')
    await userEvent.click(screen.getByRole('button', { name: 'Passwort speichern' }))

    expect(await screen.findByText(answer.successMessage)).toBeInTheDocument()
    const calls = fetchMock.mock.calls as unknown as [string, RequestInit][]
    expect(calls.map(([url]) => url)).toEqual([
      '/api/processes/customer-portal/invitation/check',
      '/api/processes/customer-portal/invitation/accept',
    ])
    expect(JSON.parse(calls[0]![1].body as string)).toEqual({ token: 'einladung-123' })
    expect(JSON.parse(calls[1]![1].body as string)).toEqual({
      token: 'einladung-123',
      newPassword: 'Becker#Start24',
      newPasswordRepeat: 'Becker#Start24',
    })
  })

  it('says that a used invitation was accepted already, with the way to the sign-in, instead of the form', async () => {
    const detail =
      'Diese Einladung wurde bereits angenommen und Ihr Passwort ist vergeben. Bitte melden Sie sich mit Ihrem Benutzernamen und Passwort an.'
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(JSON.stringify({ detail, code: 'INVITATION_USED' }), {
            status: 410,
            headers: { 'Content-Type': 'application/problem+json' },
          }),
        ),
      ),
    )
    showPage('/authenticate?invitation=benutzt-123')
    expect(await screen.findByRole('status')).toHaveTextContent(detail)
    expect(screen.queryByRole('form')).not.toBeInTheDocument()
    expect(screen.queryByLabelText(/Neues Passwort/)).not.toBeInTheDocument()
    const toLogin = screen.getByRole('link', { name: 'Zur Anmeldung' })
    expect(toLogin).toHaveAttribute('href', '/authenticate')
    await waitFor(() => expect(toLogin).toHaveFocus())
  })

  it('keeps the reset texts for a reset link', async () => {
    showPage('/authenticate?reset=ruecksetzen-456')
    expect(await screen.findByRole('form', { name: 'Neues Passwort vergeben' })).toBeInTheDocument()
    expect(
      screen.getByText('Vergeben Sie ein neues Passwort für Ihr Benutzerkonto.'),
    ).toBeInTheDocument()
  })
})

describe('a signed-in visit of the sign-in page', () => {
  afterEach(() => sessionStorage.clear())

  it('goes on to the deep link, but never to another origin', () => {
    storeToken('t0k3n')
    const deep = showPage('/authenticate?next=%2Fproperties%2F1000000001%2Funits%2FV100')
    expect(deep.state.location.pathname).toBe('/properties/1000000001/units/V100')
    cleanup()
    const foreign = showPage('/authenticate?next=%2F%2Fboese.example%2Fx')
    expect(foreign.state.location.pathname).toBe('/dashboard')
  })
})

describe('the password reset request', () => {
  beforeAll(() => initI18n())
  afterEach(() => vi.unstubAllGlobals())

  it('names what is missing or wrong at its field, focuses it, and shows the answer', async () => {
    const fetchMock = vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify({ successMessage: 'Wir haben Ihnen einen Link gesendet.' }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
      ),
    )
    vi.stubGlobal('fetch', fetchMock)
    showPage('/authenticate?view=reset')
    const partner = await screen.findByLabelText(/^Geschäftspartnernummer/)
    const mail = screen.getByLabelText(/^E-Mail-Adresse/)

    await userEvent.click(screen.getByRole('button', { name: 'Link anfordern' }))
    expect(partner).toHaveFocus()
    expect(partner).toHaveAccessibleDescription('Dieses Feld muss ausgefüllt werden.')
    expect(mail).toHaveAccessibleDescription('Dieses Feld muss ausgefüllt werden.')
    expect(fetchMock).not.toHaveBeenCalled()

    await userEvent.type(partner, ' P1000000001 ')
    await userEvent.type(mail, 'eva@')
    expect(partner).not.toHaveAccessibleDescription()
    expect(mail).toHaveAccessibleDescription('Bitte geben Sie eine gültige E-Mail-Adresse ein.')
    await userEvent.type(mail, 'example.org')
    await userEvent.click(screen.getByRole('button', { name: 'Link anfordern' }))

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Wir haben Ihnen einen Link gesendet.',
    )
    expect(screen.queryByRole('form')).not.toBeInTheDocument()
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit]
    // the schema's values, trimmed, as the server receives them
    expect(JSON.parse(init.body as string)).toEqual({
      businessPartner: 'P1000000001',
      mail: 'eva@example.org',
    })
  })
})
