import {
  PASSWORDS_MUST_MATCH_MESSAGE,
  REGISTRATION_CODE_MESSAGE,
  USER_NAME_MESSAGE,
} from '@portal/domain'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { LoadedCustomer } from '../../lib/customer'
import { initI18n } from '../../lib/i18n'
import { jsonAnswer } from '../../testing/answers'
import { renderRoutes } from '../../testing/render'
import { Component as RegisterPage } from './register-page'

/** What the signed-out frame shows of the customer configuration. */
const customer = {
  config: {
    applicationTitle: 'Muster Kundenportal',
    logoUrl: '/customer-assets/logo.svg',
    faviconUrl: '/customer-assets/favicon.svg',
    customerService: { phone: '0800 123', mail: 'service@muster.example' },
  },
  faq: { sections: [] },
} as unknown as LoadedCustomer

const PATH = '/api/processes/customer-portal/resident-registration'
const REQUIRED = 'Dieses Feld muss ausgefüllt werden.'
const SUCCESS =
  'Ihr Zugang ist eingerichtet. Sie können sich jetzt mit dem Benutzernamen mieter.koch anmelden.'
const NAME_TAKEN = 'Diesen Benutzernamen gibt es schon. Bitte wählen Sie einen anderen.'

function showPage(url = '/register') {
  return renderRoutes(
    [
      { path: '/register', element: <RegisterPage /> },
      { path: '/authenticate', element: <h1>Anmelden</h1> },
    ],
    url,
    customer,
  )
}

const code = () => screen.getByLabelText(/^Registrierungscode/)
const userName = () => screen.getByLabelText(/^Benutzername/)
const mail = () => screen.getByLabelText(/^E-Mail-Adresse/)
const password = () => screen.getByLabelText(/^Passwort\s*\*?$/, { selector: 'input' })
const repeated = () => screen.getByLabelText(/^Passwort wiederholen/, { selector: 'input' })
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Zugang einrichten' }))

/** The form filled in validly, the code as the mail's link gave it. */
async function fillIn(name = 'mieter.koch') {
  await userEvent.type(userName(), name)
  await userEvent.type(password(), 'Koch#Start24')
  await userEvent.type(repeated(), 'Koch#Start24')
}

const sentBodies = (server: { mock: { calls: unknown[][] } }) =>
  (server.mock.calls as [string, RequestInit][])
    .filter(([url]) => url === PATH)
    .map(([, init]) => JSON.parse(init.body as string) as Record<string, string>)

beforeAll(() => initI18n())
beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
})
afterEach(() => vi.unstubAllGlobals())

describe('the registration of a resident', () => {
  it('takes the code from the mail’s link and tells what the e-mail address is for', () => {
    showPage('/register?code=ABCD-EFGH-JKLM')
    expect(
      screen.getByRole('heading', { level: 1, name: 'Zugang als Bewohner einrichten' }),
    ).toBeInTheDocument()
    expect(code()).toHaveValue('ABCD-EFGH-JKLM')
    expect(mail()).not.toBeRequired()
    expect(mail()).toHaveAccessibleDescription(/per Brief/)
    expect(password()).toHaveAccessibleDescription(/Mindestens 8 Zeichen/)
  })

  it('checks every field with the domain’s rules before anything is sent', async () => {
    const server = vi.fn(() => Promise.resolve(jsonAnswer(201, { successMessage: SUCCESS })))
    vi.stubGlobal('fetch', server)
    showPage()
    await submit()
    expect(code()).toHaveFocus()
    expect(code()).toHaveAccessibleDescription(REQUIRED)
    expect(userName()).toHaveAccessibleDescription(USER_NAME_MESSAGE)
    expect(password()).toBeInvalid()
    expect(mail()).not.toBeInvalid()

    await userEvent.type(code(), 'ABCD-EFGH')
    expect(code()).toHaveAccessibleDescription(REGISTRATION_CODE_MESSAGE)
    await userEvent.type(code(), '-JKLM')
    expect(code()).not.toBeInvalid()

    await userEvent.type(userName(), 'mieter.koch')
    await userEvent.type(password(), 'Koch#Start24')
    await userEvent.type(repeated(), 'Koch#Start25')
    await submit()
    expect(repeated()).toHaveFocus()
    expect(repeated()).toHaveAccessibleDescription(PASSWORDS_MUST_MATCH_MESSAGE)

    await userEvent.type(mail(), 'kein-mail')
    expect(mail()).toBeInvalid()
    expect(server).not.toHaveBeenCalled()
  })

  it('shows a name the server refuses at the name field, and keeps it until it is changed', async () => {
    const server = vi.fn((_url: string, init: RequestInit) => {
      const { userName: name } = JSON.parse(init.body as string) as { userName: string }
      return Promise.resolve(
        name === 'mieter.koch'
          ? jsonAnswer(409, { detail: NAME_TAKEN, code: 'USER_NAME_TAKEN', field: 'userName' })
          : jsonAnswer(201, { successMessage: SUCCESS }),
      )
    })
    vi.stubGlobal('fetch', server)
    showPage('/register?code=abcd efgh jklm')
    await fillIn()
    await submit()

    await waitFor(() => expect(userName()).toHaveFocus())
    expect(userName()).toHaveAccessibleDescription(NAME_TAKEN)
    expect(userName()).toBeInvalid()
    // shown at its field, not once more above the form
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()

    await userEvent.type(userName(), '2')
    expect(userName()).not.toBeInvalid()
    await submit()
    expect(await screen.findByRole('status')).toHaveTextContent(SUCCESS)
    expect(sentBodies(server).at(-1)).toEqual({
      code: 'abcd efgh jklm',
      userName: 'mieter.koch2',
      mail: '',
      newPassword: 'Koch#Start24',
      newPasswordRepeat: 'Koch#Start24',
    })
  })

  it('shows a used code at the code field', async () => {
    const used =
      'Dieser Registrierungscode wurde schon benutzt. Melden Sie sich mit Ihrem Zugang an.'
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          jsonAnswer(409, { detail: used, code: 'REGISTRATION_CODE_USED', field: 'code' }),
        ),
      ),
    )
    showPage('/register?code=ABCD-EFGH-JKLM')
    await fillIn()
    await submit()
    await waitFor(() => expect(code()).toHaveFocus())
    expect(code()).toHaveAccessibleDescription(used)
  })

  it('says so when it is done, without the form, and leads to the sign-in', async () => {
    const server = vi.fn(() => Promise.resolve(jsonAnswer(201, { successMessage: SUCCESS })))
    vi.stubGlobal('fetch', server)
    showPage('/register?code=ABCD-EFGH-JKLM')
    await fillIn()
    await userEvent.type(mail(), ' koch@example.org ')
    await submit()

    expect(await screen.findByRole('status')).toHaveTextContent(SUCCESS)
    expect(screen.queryByRole('form')).not.toBeInTheDocument()
    const toLogin = screen.getByRole('link', { name: 'Zur Anmeldung' })
    await waitFor(() => expect(toLogin).toHaveFocus())
    expect(sentBodies(server)).toEqual([
      {
        code: 'ABCD-EFGH-JKLM',
        userName: 'mieter.koch',
        mail: 'koch@example.org',
        newPassword: 'Koch#Start24',
        newPasswordRepeat: 'Koch#Start24',
      },
    ])
    await userEvent.click(toLogin)
    expect(await screen.findByRole('heading', { name: 'Anmelden' })).toBeInTheDocument()
  })

  it('shows an error the form has no field for above it', async () => {
    const tooMany = 'Zu viele Versuche. Bitte warten Sie eine Minute.'
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(jsonAnswer(429, { detail: tooMany, code: 'RATE_LIMITED' }))),
    )
    showPage('/register?code=ABCD-EFGH-JKLM')
    await fillIn()
    await submit()
    expect(await screen.findByRole('alert')).toHaveTextContent(tooMany)
    expect(screen.getByRole('button', { name: 'Zugang einrichten' })).toBeEnabled()
  })
})
