import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { LoadedCustomer } from '../../../lib/customer'
import { storeSession, storeToken } from '../../../lib/session'
import { jsonAnswer } from '../../../testing/answers'
import { OWNER } from '../../../testing/fixtures'
import { renderWithQueries } from '../../../testing/render'
import { saved, textOf } from '../../../testing/saved-files'
import { SecondFactorSection } from './second-factor-section'

// the section's texts join the catalogue as its module loads, as after the start of the portal
await vi.hoisted(async () => {
  const { initI18n } = await import('../../../lib/i18n')
  await initI18n()
})

vi.mock('../../../lib/save-file', () => import('../../../testing/saved-files'))

const customer = { config: { applicationTitle: 'Muster Kundenportal' } } as LoadedCustomer
const CODE_INVALID = 'Der Bestätigungscode ist falsch oder abgelaufen.'
const PASSWORD = 'Richtig#2024!'
const PASSWORD_WRONG = 'Das aktuelle Passwort ist nicht korrekt.'
const NEW_CODES = Array.from({ length: 10 }, (_, index) => `WXYZ-2345-6789-ABC${index}`)
const assign = vi.fn()

type Status = {
  enabled: boolean
  required: boolean
  enabledAt: string | null
  recoveryCodesLeft: number
}

const json = (status: number, body: unknown) => Promise.resolve(jsonAnswer(status, body))

/**
 * The second factor's routes for one user; `PASSWORD` is the user's password, 654321 the app's
 * current code.
 */
function server(initial: Status) {
  let status = initial
  return vi.fn((url: string, init: RequestInit) => {
    const { code, currentPassword } = JSON.parse((init.body as string | undefined) ?? '{}') as {
      code?: string
      currentPassword?: string
    }
    const wrong = () =>
      json(400, { detail: CODE_INVALID, code: 'SECOND_FACTOR_INVALID', field: 'code' })
    const setup = { secret: 'JBSWY3DPEHPK3PXPJBSWY3DP', uri: 'otpauth://totp/x', qrCode: '<svg/>' }
    const needsPassword = ![
      '/api/processes/second-factor',
      '/api/processes/second-factor/confirm',
    ].includes(url)
    if (needsPassword && currentPassword !== PASSWORD) {
      return json(400, {
        detail: PASSWORD_WRONG,
        code: 'CURRENT_PASSWORD_WRONG',
        field: 'currentPassword',
      })
    }
    switch (url) {
      case '/api/processes/second-factor':
        return json(200, status)
      case '/api/processes/second-factor/setup':
        return json(200, setup)
      case '/api/processes/second-factor/confirm':
        if (code !== '654321') return wrong()
        status = { ...status, enabled: true, enabledAt: '2026-11-28T05:00:00.000Z' }
        status = { ...status, recoveryCodesLeft: 10 }
        return json(200, { recoveryCodes: NEW_CODES })
      case '/api/processes/second-factor/recovery-codes':
        if (code !== '654321') return wrong()
        status = { ...status, recoveryCodesLeft: 10 }
        return json(200, { recoveryCodes: NEW_CODES })
      case '/api/processes/second-factor/disable':
        if (code !== '654321' && code !== 'ABCD-EFGH-JKLM-NPQR') return wrong()
        status = { ...status, enabled: false, enabledAt: null, recoveryCodesLeft: 0 }
        return Promise.resolve(new Response(null, { status: 204 }))
      default:
        return json(404, {})
    }
  })
}

function show() {
  renderWithQueries(<SecondFactorSection />, customer)
}

const SET_UP: Status = {
  enabled: true,
  required: false,
  enabledAt: '2026-05-03T08:15:00.000Z',
  recoveryCodesLeft: 7,
}

describe('the second factor on the account page', () => {
  beforeEach(() => {
    localStorage.clear()
    sessionStorage.clear()
    saved.length = 0
    assign.mockClear()
    vi.stubGlobal('location', {
      assign,
      origin: 'http://portal.test',
      pathname: '/account',
      search: '',
      hash: '',
    })
    storeToken('t0k3n')
    storeSession(OWNER, [])
  })
  afterEach(() => vi.unstubAllGlobals())

  it('offers the set-up while there is none, and says when the customer requires one', async () => {
    vi.stubGlobal(
      'fetch',
      server({ enabled: false, required: true, enabledAt: null, recoveryCodesLeft: 0 }),
    )
    show()
    expect(
      screen.getByRole('heading', { level: 2, name: 'Zwei-Faktor-Anmeldung' }),
    ).toBeInTheDocument()
    expect(
      await screen.findByText('Die Zwei-Faktor-Anmeldung ist nicht eingerichtet.'),
    ).toBeInTheDocument()
    expect(
      screen.getByText('Ihr Kundenportal verlangt die Zwei-Faktor-Anmeldung.'),
    ).toBeInTheDocument()
    expect(
      screen.getByRole('button', { name: 'Zwei-Faktor-Anmeldung einrichten' }),
    ).not.toHaveAttribute('href')
    expect(screen.queryByRole('button', { name: /ausschalten/ })).not.toBeInTheDocument()
  })

  it('makes new recovery codes for the password and a current code, the server’s refusals at their fields', async () => {
    const fetchMock = server(SET_UP)
    vi.stubGlobal('fetch', fetchMock)
    show()
    expect(
      await screen.findByText('Die Zwei-Faktor-Anmeldung ist eingerichtet seit 03.05.2026.'),
    ).toBeInTheDocument()
    expect(screen.getByText('7 Wiederherstellungscodes übrig.')).toBeInTheDocument()

    await userEvent.click(
      screen.getByRole('button', { name: 'Neue Wiederherstellungscodes erzeugen' }),
    )
    const dialog = screen.getByRole('dialog', { name: 'Neue Wiederherstellungscodes erzeugen' })
    expect(dialog).toHaveAccessibleDescription(/die bisherigen gelten danach nicht mehr\.$/)
    const password = within(dialog).getByLabelText(/^Aktuelles Passwort/)
    const code = within(dialog).getByLabelText(/^Bestätigungscode aus der App/)
    await waitFor(() => expect(password).toHaveFocus())
    expect(password).toHaveAttribute('type', 'password')
    expect(password).toHaveAttribute('autocomplete', 'current-password')

    // decision 040: a wrong password is refused at its field
    await userEvent.type(password, 'Falsch#2024!')
    await userEvent.type(code, '654321{Enter}')
    await waitFor(() => expect(password).toHaveAccessibleDescription(PASSWORD_WRONG))
    expect(password).toBeInvalid()
    expect(password).toHaveFocus()

    await userEvent.clear(password)
    await userEvent.type(password, PASSWORD)
    await userEvent.clear(code)
    await userEvent.type(code, '111111{Enter}')
    await waitFor(() => expect(code).toHaveAccessibleDescription(CODE_INVALID))
    expect(code).toBeInvalid()
    expect(code).toHaveFocus()

    await userEvent.clear(code)
    await userEvent.type(code, '654321')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Codes erzeugen' }))
    const list = await within(dialog).findByRole('list')
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(NEW_CODES)
    expect(within(dialog).getByText(/Das sind Ihre neuen Wiederherstellungscodes\./)).toHaveFocus()
    const calls = fetchMock.mock.calls.filter(([url]) => url.endsWith('/recovery-codes'))
    expect(calls).toHaveLength(3)
    expect(JSON.parse(calls[2]![1].body as string)).toEqual({
      currentPassword: PASSWORD,
      code: '654321',
    })
    expect((calls[2]![1].headers as Record<string, string>)['Idempotency-Key']).toMatch(
      /^[0-9a-f]{32}$/,
    )

    await userEvent.click(within(dialog).getByRole('button', { name: 'Codes herunterladen' }))
    expect(saved[0]!.fileName).toBe('Wiederherstellungscodes eigentuemer.txt')
    expect(await textOf(saved[0]!.blob)).toContain(NEW_CODES.join('\n'))

    await userEvent.click(within(dialog).getByRole('button', { name: 'Schließen' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(await screen.findByText('10 Wiederherstellungscodes übrig.')).toBeInTheDocument()
  })

  it('asks for the password and a code, turns it off and says so', async () => {
    const fetchMock = server(SET_UP)
    vi.stubGlobal('fetch', fetchMock)
    show()
    await userEvent.click(
      await screen.findByRole('button', { name: 'Zwei-Faktor-Anmeldung ausschalten' }),
    )
    const dialog = screen.getByRole('dialog', { name: 'Zwei-Faktor-Anmeldung ausschalten?' })
    expect(dialog).not.toHaveTextContent('gleich danach neu ein')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ausschalten' }))
    const password = within(dialog).getByLabelText(/^Aktuelles Passwort/)
    expect(password).toHaveAccessibleDescription('Dieses Feld muss ausgefüllt werden.')
    expect(password).toHaveFocus()
    await userEvent.type(password, PASSWORD)
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ausschalten' }))
    const code = within(dialog).getByLabelText(/^Bestätigungs- oder Wiederherstellungscode/)
    expect(code).toHaveAccessibleDescription('Dieses Feld muss ausgefüllt werden.')
    expect(fetchMock).toHaveBeenCalledTimes(1)

    // typed without a pause after the dialog appeared: the focus stays in the field typed in (it
    // used to move to the password field when the dialog's fade-in ended)
    await userEvent.type(code, 'ABCD-EFGH-JKLM-NPQR')
    expect(code).toHaveValue('ABCD-EFGH-JKLM-NPQR')
    expect(password).toHaveValue(PASSWORD)
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ausschalten' }))
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Die Zwei-Faktor-Anmeldung ist ausgeschaltet.',
    )
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.getByRole('heading', { level: 2, name: 'Zwei-Faktor-Anmeldung' })).toHaveFocus()
    expect(
      await screen.findByRole('button', { name: 'Zwei-Faktor-Anmeldung einrichten' }),
    ).toBeInTheDocument()
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/processes/second-factor/disable',
      expect.objectContaining({
        body: JSON.stringify({ currentPassword: PASSWORD, code: 'ABCD-EFGH-JKLM-NPQR' }),
      }),
    )
    expect(assign).not.toHaveBeenCalled()
  })

  it('goes to the set-up right after turning it off where the customer requires it', async () => {
    vi.stubGlobal('fetch', server({ ...SET_UP, required: true }))
    show()
    await userEvent.click(
      await screen.findByRole('button', { name: 'Zwei-Faktor-Anmeldung ausschalten' }),
    )
    const dialog = screen.getByRole('dialog', { name: 'Zwei-Faktor-Anmeldung ausschalten?' })
    expect(dialog).toHaveAccessibleDescription(/Sie richten sie gleich danach neu ein/)
    await userEvent.type(within(dialog).getByLabelText(/^Aktuelles Passwort/), PASSWORD)
    await userEvent.type(
      within(dialog).getByLabelText(/^Bestätigungs- oder Wiederherstellungscode/),
      '654321{Enter}',
    )
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('/authenticate?view=second-factor&next=%2Faccount'),
    )
  })
  it('sets it up in a dialog of the page: password, key and code, then the recovery codes', async () => {
    const fetchMock = server({
      enabled: false,
      required: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
    })
    vi.stubGlobal('fetch', fetchMock)
    show()
    await userEvent.click(
      await screen.findByRole('button', { name: 'Zwei-Faktor-Anmeldung einrichten' }),
    )
    const dialog = await screen.findByRole('dialog', { name: 'Zwei-Faktor-Anmeldung einrichten' })
    // the steps load as the dialog opens
    const password = await within(dialog).findByLabelText(/^Aktuelles Passwort/)
    await waitFor(() => expect(password).toHaveFocus())
    await userEvent.type(password, 'Falsch#2024!{Enter}')
    await waitFor(() =>
      expect(password).toHaveAccessibleDescription(new RegExp(`^${PASSWORD_WRONG}`)),
    )
    expect(within(dialog).queryByRole('img')).not.toBeInTheDocument()
    await userEvent.clear(password)
    await userEvent.type(password, `${PASSWORD}{Enter}`)
    expect(
      await within(dialog).findByRole('img', { name: 'QR-Code für die Authenticator-App' }),
    ).toBeInTheDocument()
    expect(
      within(dialog).getByRole('figure', { name: 'Schlüssel für die manuelle Eingabe' }),
    ).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP')
    const code = within(dialog).getByLabelText(/^Bestätigungscode aus der App/)
    await waitFor(() => expect(code).toHaveFocus())
    await userEvent.type(code, '111111{Enter}')
    await waitFor(() => expect(code).toHaveAccessibleDescription(new RegExp(`^${CODE_INVALID}`)))
    await userEvent.clear(code)
    await userEvent.type(code, '654 321{Enter}')
    expect(await within(dialog).findAllByRole('listitem')).toHaveLength(10)
    expect(within(dialog).getByText(/Die Zwei-Faktor-Anmeldung ist eingerichtet/)).toHaveFocus()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Codes herunterladen' }))
    expect(await textOf(saved[0]!.blob)).toContain(NEW_CODES.join('\n'))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Schließen' }))
    // faded out and gone, not only hidden
    await waitFor(() => expect(dialog).not.toBeInTheDocument())
    await waitFor(() =>
      expect(
        screen.getByRole('heading', { level: 2, name: 'Zwei-Faktor-Anmeldung' }),
      ).toHaveFocus(),
    )
    expect(await screen.findByText('10 Wiederherstellungscodes übrig.')).toBeInTheDocument()
    // the page never left: no sign-in view was opened
    expect(assign).not.toHaveBeenCalled()
  })
})
