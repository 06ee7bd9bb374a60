import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { storeSession, storeToken } from '../../../lib/session'
import { jsonAnswer } from '../../../testing/answers'
import { OWNER } from '../../../testing/fixtures'
import { renderWithQueries } from '../../../testing/render'
import { ConsumptionAccessSection } from './consumption-access-section'

// the section's texts join the catalogue as its module loads, as after the start of the portal
await vi.hoisted(async () => {
  const { initI18n } = await import('../../../lib/i18n')
  await initI18n()
})

const PATH = '/api/persistence/consumption-credentials'
const PASSWORD = 'Richtig#2024!'
const PASSWORD_WRONG = 'Das aktuelle Passwort ist nicht korrekt.'
const SECRET = 'cd_q8Zr0xYv1MlO0IlWn3b7Ku9PfTgH2sDcE5aJ4yXw6Ve'
const TITLE = 'Zugang für Ihre Software (Verbrauchsdaten)'

type Credential = {
  id: string
  name: string
  userName: string
  createdAt: string
  lastUsedAt: string | null
}

const ERP: Credential = {
  id: 'c1',
  name: 'Hausverwaltung ERP',
  userName: 'vd-0a1b2c3d4e5f',
  createdAt: '2026-05-03T08:15:00.000Z',
  lastUsedAt: '2026-11-27T13:05:00.000Z',
}
const TEST_SYSTEM: Credential = {
  id: 'c2',
  name: 'Testsystem',
  userName: 'vd-99aa88bb77cc',
  createdAt: '2026-11-01T09:00:00.000Z',
  lastUsedAt: null,
}

const json = (status: number, body: unknown) => Promise.resolve(jsonAnswer(status, body))

/** The credentials' routes for one user whose password is `PASSWORD`. */
function server(initial: Credential[]) {
  let items = [...initial]
  return vi.fn((url: string, init: RequestInit) => {
    const method = init.method ?? 'GET'
    if (url === PATH && method === 'GET') return json(200, { items })
    if (url === PATH && method === 'POST') {
      const { name, currentPassword } = JSON.parse(init.body as string) as {
        name: string
        currentPassword: string
      }
      if (currentPassword !== PASSWORD) {
        return json(400, {
          detail: PASSWORD_WRONG,
          code: 'CURRENT_PASSWORD_WRONG',
          field: 'currentPassword',
        })
      }
      const created = {
        id: 'c3',
        name,
        userName: 'vd-112233445566',
        createdAt: '2026-11-28T10:00:00.000Z',
        lastUsedAt: null,
      }
      items = [...items, created]
      return json(201, { ...created, password: SECRET })
    }
    const id = url.startsWith(`${PATH}/`) && method === 'DELETE' ? url.slice(PATH.length + 1) : null
    if (id !== null && items.some((item) => item.id === id)) {
      items = items.filter((item) => item.id !== id)
      return Promise.resolve(new Response(null, { status: 204 }))
    }
    return json(404, { detail: 'Nicht gefunden.' })
  })
}

function show() {
  renderWithQueries(<ConsumptionAccessSection />)
}

const section = () => screen.getByRole('region', { name: TITLE })
const list = () => screen.findByRole('list', { name: 'Ihre Zugänge' })
const headers = (init: RequestInit) => init.headers as Record<string, string>

describe('the access for the manager’s software on the account page', () => {
  beforeEach(() => {
    localStorage.clear()
    sessionStorage.clear()
    vi.stubGlobal('location', {
      assign: vi.fn(),
      origin: 'http://portal.test',
      pathname: '/account',
      search: '',
      hash: '',
    })
    storeToken('t0k3n')
    storeSession(OWNER, [])
  })
  afterEach(() => vi.unstubAllGlobals())

  it('lists the credentials with their user name and dates, and the address to set up', async () => {
    vi.stubGlobal('fetch', server([ERP, TEST_SYSTEM]))
    show()
    expect(screen.getByRole('heading', { level: 2, name: TITLE })).toBeInTheDocument()
    expect(section()).toHaveTextContent(/bved-Schnittstelle/)
    expect(section()).toHaveTextContent(/sieht dann dieselben Liegenschaften und Nutzeinheiten/)
    expect(section()).toHaveTextContent(/Das Passwort wird nur einmal angezeigt/)
    const address = within(section()).getByRole('textbox', { name: 'Adresse der Schnittstelle' })
    expect(address).toHaveValue('http://portal.test/api/bved/consumption-data/v1.1')
    expect(address).toHaveAttribute('readonly')

    const items = within(await list()).getAllByRole('listitem')
    expect(items).toHaveLength(2)
    const [erp, test] = items as [HTMLElement, HTMLElement]
    expect(within(erp).getByRole('heading', { level: 3 })).toHaveTextContent('Hausverwaltung ERP')
    expect(erp).toHaveTextContent('Benutzernamevd-0a1b2c3d4e5f')
    expect(erp).toHaveTextContent('Angelegt am03.05.2026')
    // Berlin's time, in winter an hour after UTC
    expect(erp).toHaveTextContent('Zuletzt benutzt27.11.2026, 14:05 Uhr')
    expect(test).toHaveTextContent('Zuletzt benutztnoch nie')
    expect(
      within(test).getByRole('button', { name: 'Zugang „Testsystem“ widerrufen' }),
    ).toBeInTheDocument()
    expect(screen.queryByText('Sie haben noch keinen Zugang angelegt.')).not.toBeInTheDocument()
  })

  it('says when there is none yet', async () => {
    vi.stubGlobal('fetch', server([]))
    show()
    expect(await screen.findByText('Sie haben noch keinen Zugang angelegt.')).toBeInTheDocument()
    expect(screen.queryByRole('list')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Zugang anlegen' })).toBeInTheDocument()
  })

  it('creates one for the current password, the refusal at its field, and shows the password once', async () => {
    const user = userEvent.setup()
    const fetchMock = server([])
    vi.stubGlobal('fetch', fetchMock)
    show()
    await screen.findByText('Sie haben noch keinen Zugang angelegt.')
    const create = screen.getByRole('button', { name: 'Zugang anlegen' })
    await user.click(create)
    const dialog = screen.getByRole('dialog', { name: 'Zugang anlegen' })
    expect(dialog).toHaveAccessibleDescription(/mit Ihrem aktuellen Passwort/)
    const name = within(dialog).getByLabelText(/^Name \(z\. B\. Ihre Hausverwaltungssoftware\)/)
    const password = within(dialog).getByLabelText(/^Aktuelles Passwort/)
    await waitFor(() => expect(name).toHaveFocus())
    expect(password).toHaveAttribute('type', 'password')
    expect(password).toHaveAttribute('autocomplete', 'current-password')

    // both are required before anything is sent
    await user.click(within(dialog).getByRole('button', { name: 'Zugang anlegen' }))
    expect(name).toHaveAccessibleDescription('Dieses Feld muss ausgefüllt werden.')
    expect(fetchMock).toHaveBeenCalledTimes(1)

    await user.type(name, '  Hausverwaltung ERP ')
    await user.type(password, 'Falsch#2024!{Enter}')
    await waitFor(() => expect(password).toHaveAccessibleDescription(PASSWORD_WRONG))
    expect(password).toBeInvalid()
    expect(password).toHaveFocus()
    expect(name).toBeValid()
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument()

    await user.clear(password)
    await user.type(password, `${PASSWORD}{Enter}`)
    await within(dialog).findByRole('textbox', { name: 'Passwort' })
    expect(dialog).toHaveAccessibleName('Zugang angelegt')
    const warning = within(dialog).getByRole('note')
    expect(warning).toHaveTextContent(/^Das Passwort wird nur jetzt angezeigt\./)
    expect(warning).toHaveFocus()
    expect(dialog).toHaveAccessibleDescription(/Danach kann es niemand mehr anzeigen/)
    expect(dialog).toHaveTextContent('Zugangsdaten für „Hausverwaltung ERP“')
    const shownUserName = within(dialog).getByRole('textbox', { name: 'Benutzername' })
    const shownPassword = within(dialog).getByRole('textbox', { name: 'Passwort' })
    expect(shownUserName).toHaveValue('vd-112233445566')
    expect(shownPassword).toHaveValue(SECRET)
    expect(shownPassword).toHaveAttribute('readonly')
    expect(within(dialog).getByRole('textbox', { name: 'Adresse der Schnittstelle' })).toHaveValue(
      'http://portal.test/api/bved/consumption-data/v1.1',
    )

    const posts = fetchMock.mock.calls.filter(([, init]) => init.method === 'POST')
    expect(posts).toHaveLength(2)
    expect(JSON.parse(posts[1]![1].body as string)).toEqual({
      name: 'Hausverwaltung ERP',
      currentPassword: PASSWORD,
    })
    // a repeat of the refused request until it succeeds: one user action, one key
    expect(headers(posts[1]![1])['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/)
    expect(headers(posts[1]![1])['Idempotency-Key']).toBe(headers(posts[0]![1])['Idempotency-Key'])

    await user.click(within(dialog).getByRole('button', { name: 'Passwort kopieren' }))
    expect(await navigator.clipboard.readText()).toBe(SECRET)
    await user.click(within(dialog).getByRole('button', { name: 'Benutzername kopieren' }))
    expect(await navigator.clipboard.readText()).toBe('vd-112233445566')
    expect(
      within(dialog)
        .getAllByRole('status')
        .map((status) => status.textContent),
    ).toContain('In die Zwischenablage kopiert.')

    await user.click(within(dialog).getByRole('button', { name: 'Schließen' }))
    await waitFor(() => expect(dialog).not.toBeInTheDocument())
    expect(create).toHaveFocus()
    const item = within(await list()).getByRole('listitem')
    expect(item).toHaveTextContent('Hausverwaltung ERP')
    expect(item).toHaveTextContent('vd-112233445566')
    // the password is nowhere on the page once the dialog is closed, and not shown again
    expect(document.body).not.toHaveTextContent(SECRET)
    expect(screen.queryByDisplayValue(SECRET)).not.toBeInTheDocument()
    await user.click(create)
    const again = screen.getByRole('dialog', { name: 'Zugang anlegen' })
    expect(within(again).getByLabelText(/^Name/)).toHaveValue('')
    expect(within(again).queryByDisplayValue(SECRET)).not.toBeInTheDocument()
  })

  it('revokes one after asking, then puts the focus on the next one, or the heading', async () => {
    const user = userEvent.setup()
    const fetchMock = server([ERP, TEST_SYSTEM])
    vi.stubGlobal('fetch', fetchMock)
    show()
    await list()
    const revokeErp = screen.getByRole('button', { name: 'Zugang „Hausverwaltung ERP“ widerrufen' })
    await user.click(revokeErp)
    let dialog = screen.getByRole('dialog', { name: 'Zugang „Hausverwaltung ERP“ widerrufen?' })
    expect(dialog).toHaveAccessibleDescription(/keine Verbrauchsdaten mehr abrufen/)
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }))
    await waitFor(() => expect(dialog).not.toBeInTheDocument())
    expect(revokeErp).toHaveFocus()
    expect(fetchMock.mock.calls.filter(([, init]) => init.method === 'DELETE')).toHaveLength(0)

    await user.click(revokeErp)
    dialog = screen.getByRole('dialog', { name: 'Zugang „Hausverwaltung ERP“ widerrufen?' })
    await user.click(within(dialog).getByRole('button', { name: 'Widerrufen' }))
    await waitFor(() => expect(dialog).not.toBeInTheDocument())
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain(
      'Der Zugang „Hausverwaltung ERP“ ist widerrufen.',
    )
    expect(within(await list()).getAllByRole('listitem')).toHaveLength(1)
    expect(screen.getByRole('button', { name: 'Zugang „Testsystem“ widerrufen' })).toHaveFocus()
    const deletes = fetchMock.mock.calls.filter(([, init]) => init.method === 'DELETE')
    expect(deletes).toHaveLength(1)
    expect(deletes[0]![0]).toBe(`${PATH}/c1`)
    expect(headers(deletes[0]![1])['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/)

    // the last one: no button after it, the section's heading takes the focus
    await user.click(screen.getByRole('button', { name: 'Zugang „Testsystem“ widerrufen' }))
    dialog = screen.getByRole('dialog', { name: 'Zugang „Testsystem“ widerrufen?' })
    await user.click(within(dialog).getByRole('button', { name: 'Widerrufen' }))
    await waitFor(() => expect(dialog).not.toBeInTheDocument())
    expect(await screen.findByText('Sie haben noch keinen Zugang angelegt.')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: TITLE })).toHaveFocus()
    const keys = fetchMock.mock.calls
      .filter(([, init]) => init.method === 'DELETE')
      .map(([, init]) => headers(init)['Idempotency-Key'])
    expect(new Set(keys).size).toBe(2)
  })

  it('shows a refusal in the section and hands the focus back to the credential’s button', async () => {
    const user = userEvent.setup()
    const fetchMock = server([ERP])
    vi.stubGlobal('fetch', fetchMock)
    show()
    await list()
    fetchMock.mockImplementationOnce(() =>
      json(422, { detail: 'Der Zugang kann gerade nicht widerrufen werden.' }),
    )
    const revoke = screen.getByRole('button', { name: 'Zugang „Hausverwaltung ERP“ widerrufen' })
    await user.click(revoke)
    const dialog = screen.getByRole('dialog', { name: 'Zugang „Hausverwaltung ERP“ widerrufen?' })
    await user.click(within(dialog).getByRole('button', { name: 'Widerrufen' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Der Zugang kann gerade nicht widerrufen werden.',
    )
    await waitFor(() => expect(dialog).not.toBeInTheDocument())
    expect(within(await list()).getAllByRole('listitem')).toHaveLength(1)
    expect(revoke).toHaveFocus()
  })
})
