import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ResidentInvitations } from '@portal/domain'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { initI18n } from '../../../lib/i18n'
import { storeToken } from '../../../lib/session'
import { jsonAnswer } from '../../../testing/answers'
import { renderWithQueries } from '../../../testing/render'
import { saved } from '../../../testing/saved-files'
import { ResidentInvitationsDialog } from './resident-invitations-dialog'

vi.mock('../../../lib/save-file', () => import('../../../testing/saved-files'))

const fetchMock = vi.fn<typeof fetch>()
const onClose = vi.fn()

const BATCH = '6f1c2a7e-4b1d-4c8e-9a51-3d2f0b7c9e10'
const INVITATIONS = '/api/persistence/connections/1000000002/resident-invitations'
const LETTERS = `/api/persistence/connections/1000000002/resident-letters/${BATCH}`

const invitations = (overrides: Partial<ResidentInvitations> = {}): ResidentInvitations => ({
  batch: BATCH,
  mailed: 3,
  letters: 2,
  registered: 1,
  ...overrides,
})

const pdf = () =>
  new Response('%PDF-1.7 Registrierungsschreiben', {
    status: 200,
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition':
        'attachment; filename="Registrierungsschreiben 1000000002.pdf"; filename*=UTF-8\'\'Registrierungsschreiben%201000000002.pdf',
    },
  })

/** The requests to the invitations' address, with their method and Idempotency-Key. */
const invitationCalls = () =>
  fetchMock.mock.calls
    .filter(([url]) => url === INVITATIONS)
    .map(([, init]) => ({
      method: init?.method,
      key: (init?.headers as Record<string, string>)['Idempotency-Key'],
    }))

function open() {
  renderWithQueries(<ResidentInvitationsDialog connection="1000000002" onClose={onClose} />)
  return screen.getByRole('dialog', { name: 'Bewohner einladen' })
}

describe('inviting the residents of a property', () => {
  beforeAll(() => initI18n())
  beforeEach(() => {
    localStorage.clear()
    sessionStorage.clear()
    saved.length = 0
    onClose.mockReset()
    fetchMock.mockReset()
    vi.stubGlobal('fetch', fetchMock)
    storeToken('t0k3n')
  })
  afterEach(() => vi.unstubAllGlobals())

  it('says what happens and sends nothing until asked', async () => {
    const dialog = open()
    expect(dialog).toHaveAccessibleDescription(
      /^Alle Mieter mit laufendem Vertrag erhalten einen Registrierungscode .* Ein neuer Code ersetzt einen noch nicht benutzten älteren\.$/,
    )
    await userEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }))
    expect(onClose).toHaveBeenCalled()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('creates one batch for a double click, shows the counts and downloads its letters', async () => {
    let answer: (response: Response) => void = () => undefined
    fetchMock.mockImplementation((url) =>
      url === INVITATIONS
        ? new Promise<Response>((resolve) => {
            answer = resolve
          })
        : Promise.resolve(pdf()),
    )
    const dialog = open()
    const create = within(dialog).getByRole('button', { name: 'Einladungen erstellen' })
    await userEvent.dblClick(create)
    await waitFor(() => expect(create).toBeDisabled())
    expect(within(dialog).getByRole('button', { name: 'Abbrechen' })).toBeDisabled()
    answer(jsonAnswer(201, invitations()))

    expect(await within(dialog).findByText('Die Einladungen sind erstellt.')).toHaveFocus()
    expect(within(dialog).getByText('3 per E-Mail eingeladen')).toBeInTheDocument()
    expect(within(dialog).getByText('2 Briefe zum Ausdrucken')).toBeInTheDocument()
    expect(within(dialog).getByText('1 hat bereits einen Zugang')).toBeInTheDocument()
    const calls = invitationCalls()
    expect(calls).toHaveLength(1)
    expect(calls[0]!.method).toBe('POST')
    expect(calls[0]!.key).toMatch(/^[0-9a-f]{32}$/)

    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Briefe herunterladen (PDF)' }),
    )
    await waitFor(() => expect(saved).toHaveLength(1))
    expect(saved[0]!.fileName).toBe('Registrierungsschreiben 1000000002.pdf')
    expect(saved[0]!.blob.type).toBe('application/pdf')
    const [url, init] = fetchMock.mock.calls.at(-1)!
    expect(url).toBe(LETTERS)
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer t0k3n')
    expect(
      await within(dialog).findByText('Der Download der Briefe hat begonnen.'),
    ).toBeInTheDocument()
    expect(invitationCalls()).toHaveLength(1)
  })

  it('offers no letters when everyone got a mail or has an account', async () => {
    fetchMock.mockResolvedValue(
      jsonAnswer(201, invitations({ mailed: 1, letters: 0, registered: 4 })),
    )
    const dialog = open()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Einladungen erstellen' }))
    expect(await within(dialog).findByText('1 per E-Mail eingeladen')).toBeInTheDocument()
    expect(within(dialog).getByText('0 Briefe zum Ausdrucken')).toBeInTheDocument()
    expect(within(dialog).getByText('4 haben bereits einen Zugang')).toBeInTheDocument()
    expect(
      within(dialog).queryByRole('button', { name: 'Briefe herunterladen (PDF)' }),
    ).not.toBeInTheDocument()
    expect(within(dialog).queryByRole('button', { name: 'Einladungen erstellen' })).toBeNull()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Schließen' }))
    expect(onClose).toHaveBeenCalled()
  })

  it('shows a failure with its error code and retries with the same key', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonAnswer(500, { detail: 'Interner Fehler' }))
      .mockResolvedValueOnce(jsonAnswer(201, invitations()))
    const dialog = open()
    const create = within(dialog).getByRole('button', { name: 'Einladungen erstellen' })
    await userEvent.click(create)
    const alert = await within(dialog).findByRole('alert')
    expect(alert).toHaveTextContent('Leider ist ein Fehler aufgetreten')
    expect(alert).toHaveTextContent('Fehlercodes 100')
    expect(within(dialog).queryByText(/per E-Mail eingeladen/)).toBeNull()

    await userEvent.click(create)
    expect(await within(dialog).findByText('3 per E-Mail eingeladen')).toBeInTheDocument()
    const [first, second] = invitationCalls()
    expect(second!.key).toBe(first!.key)
  })

  it('says why the letters cannot be downloaded', async () => {
    fetchMock.mockImplementation((url) =>
      Promise.resolve(
        url === INVITATIONS
          ? jsonAnswer(201, invitations())
          : jsonAnswer(404, { detail: 'Zu dieser Einladung gibt es keine offenen Briefe.' }),
      ),
    )
    const dialog = open()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Einladungen erstellen' }))
    await userEvent.click(
      await within(dialog).findByRole('button', { name: 'Briefe herunterladen (PDF)' }),
    )
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Zu dieser Einladung gibt es keine offenen Briefe.',
    )
    expect(saved).toEqual([])
  })
})
