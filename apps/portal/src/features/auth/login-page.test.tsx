import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { initI18n } from '../../lib/i18n'
import { Component as LoginPage } from './login-page'

function showPage(url: string) {
  const router = createMemoryRouter([{ path: '/authenticate', element: <LoginPage /> }], {
    initialEntries: [url],
  })
  render(<RouterProvider router={router} />)
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
    const fetchMock = vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify(answer), {
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
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toBe('/api/processes/customer-portal/password-reset/confirm')
    expect(JSON.parse(init.body as string)).toEqual({
      token: 'einladung-123',
      newPassword: 'Becker#Start24',
      newPasswordRepeat: 'Becker#Start24',
    })
  })

  it('keeps the reset texts for a reset link', async () => {
    showPage('/authenticate?reset=ruecksetzen-456')
    expect(await screen.findByRole('form', { name: 'Neues Passwort vergeben' })).toBeInTheDocument()
    expect(
      screen.getByText('Vergeben Sie ein neues Passwort für Ihr Benutzerkonto.'),
    ).toBeInTheDocument()
  })
})
