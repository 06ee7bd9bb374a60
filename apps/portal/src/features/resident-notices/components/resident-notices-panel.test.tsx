import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ResidentNotice, ResidentNotices } from '@portal/domain'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { initI18n } from '../../../lib/i18n'
import { storeToken } from '../../../lib/session'
import { jsonAnswer } from '../../../testing/answers'
import { renderWithQueries } from '../../../testing/render'
import { saved } from '../../../testing/saved-files'
import ResidentNoticesPanel from './resident-notices-panel'

vi.mock('../../../lib/save-file', () => import('../../../testing/saved-files'))

const fetchMock = vi.fn<typeof fetch>()

const NOTICES = '/api/persistence/connections/1000000002/resident-notices'
const LETTERS = '/api/persistence/connections/1000000002/notice-letters/2026-10'

const notice = (overrides: Partial<ResidentNotice>): ResidentNotice => ({
  pointOfDelivery: '5000000001',
  reference: '0001',
  locationAddendum: null,
  name: 'Sommerfeld, Helga',
  channel: 'mail',
  state: 'sent',
  mail: 'helga@example.org',
  attempts: 1,
  lastError: null,
  sentAt: null,
  letterProducedAt: null,
  openedAt: null,
  ...overrides,
})

const october = (): ResidentNotices => ({
  month: '2026-10',
  items: [
    notice({
      sentAt: '2026-11-02T05:00:00.000Z',
      openedAt: '2026-11-03T18:20:00.000Z',
      locationAddendum: 'EG links',
    }),
    notice({
      pointOfDelivery: '5000000002',
      reference: '0002',
      name: 'Brandt, Jonas',
      state: 'failed',
      attempts: 5,
      lastError: '550 Mailbox unavailable',
    }),
    notice({
      pointOfDelivery: '5000000003',
      reference: '0003',
      name: 'Kaya, Deniz',
      state: 'pending',
    }),
    notice({
      pointOfDelivery: '5000000004',
      reference: '0004',
      name: 'Weber, Anna',
      channel: 'letter',
      state: 'letter',
      mail: null,
      letterProducedAt: '2026-11-04T09:15:00.000Z',
    }),
    notice({
      pointOfDelivery: '5000000005',
      reference: '0005',
      name: 'Novak, Petra',
      channel: 'letter',
      state: 'letter',
      mail: null,
    }),
    notice({
      pointOfDelivery: '5000000006',
      reference: '0006',
      name: 'Lange, Otto',
      channel: 'letter',
      state: 'missing',
      mail: null,
    }),
  ],
})

const pdf = () =>
  new Response('%PDF-1.7 Verbrauchsinformation', {
    status: 200,
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition':
        "attachment; filename*=UTF-8''Verbrauchsinformation%20per%20Brief%201000000002%202026-10.pdf",
    },
  })

/** The addresses fetched, in order. */
const requested = () => fetchMock.mock.calls.map(([url]) => url)

/** The names in the table's rows, in their order. */
const names = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent)

function show() {
  renderWithQueries(<ResidentNoticesPanel connection="1000000002" />)
}

describe('the proof of delivery of the monthly notices', () => {
  beforeAll(() => initI18n())
  beforeEach(() => {
    localStorage.clear()
    sessionStorage.clear()
    saved.length = 0
    fetchMock.mockReset()
    vi.stubGlobal('fetch', fetchMock)
    storeToken('t0k3n')
  })
  afterEach(() => vi.unstubAllGlobals())

  it('counts who was informed how and lists every user of the month', async () => {
    fetchMock.mockResolvedValue(jsonAnswer(200, october()))
    show()
    expect(
      screen.getByRole('heading', {
        level: 2,
        name: 'Monatliche Verbrauchsinformation: Zustellnachweis',
      }),
    ).toBeInTheDocument()
    const table = await screen.findByRole('table', { name: 'Zustellnachweis Oktober 2026' })
    expect(
      screen.getByText('1 per E-Mail informiert, 1 per Brief, 4 nicht informiert'),
    ).toBeInTheDocument()
    expect(requested()).toEqual([NOTICES])

    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        [...row.querySelectorAll('th, td')].map((cell) => cell.textContent?.trim() ?? ''),
      )
    expect(rows).toEqual([
      [
        '0001, EG links',
        'Sommerfeld, Helga',
        'E-Mail',
        'versendet',
        '02.11.2026, 06:00',
        '03.11.2026',
      ],
      ['0002', 'Brandt, Jonas', 'E-Mail', 'fehlgeschlagen: 550 Mailbox unavailable', '', '–'],
      ['0003', 'Kaya, Deniz', 'E-Mail', 'wird versendet', '', '–'],
      ['0004', 'Weber, Anna', 'Brief', 'Brief erstellt', '04.11.2026, 10:15', '–'],
      ['0005', 'Novak, Petra', 'Brief', 'Brief noch nicht erstellt', '', '–'],
      ['0006', 'Lange, Otto', 'Brief', 'Werte fehlen', '', '–'],
    ])
    expect(
      screen.getByRole('button', { name: 'Zustellnachweis Oktober 2026 exportieren' }),
    ).toBeInTheDocument()
  })

  it('offers the last twelve months, newest first, and reads the month chosen', async () => {
    fetchMock.mockImplementation((url) =>
      Promise.resolve(
        jsonAnswer(
          200,
          url === `${NOTICES}?month=2026-03` ? { month: '2026-03', items: [] } : october(),
        ),
      ),
    )
    show()
    const select = await screen.findByRole('combobox', { name: 'Monat' })
    expect(select).toHaveTextContent('Oktober 2026')
    await userEvent.click(select)
    const options = screen.getAllByRole('option').map((option) => option.textContent)
    expect(options).toHaveLength(12)
    expect(options[0]).toBe('Oktober 2026')
    expect(options[1]).toBe('September 2026')
    expect(options.at(-1)).toBe('November 2025')
    await userEvent.click(screen.getByRole('option', { name: 'März 2026' }))

    expect(
      await screen.findByText('Für diesen Monat gibt es keine Benachrichtigungen.'),
    ).toBeInTheDocument()
    expect(requested()).toEqual([NOTICES, `${NOTICES}?month=2026-03`])
    expect(screen.getByRole('combobox', { name: 'Monat' })).toHaveTextContent('März 2026')
    // the months stay those that end with the server's last complete month
    await userEvent.click(screen.getByRole('combobox', { name: 'Monat' }))
    expect(screen.getAllByRole('option')[0]).toHaveTextContent('Oktober 2026')
  })

  it('shows only the users not informed when asked', async () => {
    fetchMock.mockResolvedValue(jsonAnswer(200, october()))
    show()
    await screen.findByRole('table', { name: 'Zustellnachweis Oktober 2026' })
    await userEvent.click(screen.getByRole('combobox', { name: 'Anzeigen' }))
    await userEvent.click(screen.getByRole('option', { name: 'nur nicht informierte' }))

    const table = screen.getByRole('table', { name: 'Nicht informiert Oktober 2026' })
    expect(names(table)).toEqual(['Brandt, Jonas', 'Kaya, Deniz', 'Novak, Petra', 'Lange, Otto'])
    // the counts stay those of the whole month
    expect(
      screen.getByText('1 per E-Mail informiert, 1 per Brief, 4 nicht informiert'),
    ).toBeInTheDocument()

    await userEvent.click(screen.getByRole('combobox', { name: 'Anzeigen' }))
    await userEvent.click(screen.getByRole('option', { name: 'alle' }))
    expect(
      within(screen.getByRole('table', { name: 'Zustellnachweis Oktober 2026' })).getAllByRole(
        'row',
      ),
    ).toHaveLength(7)
  })

  it('downloads the month’s letters once for a double click, then reads the list again', async () => {
    let answer: (response: Response) => void = () => undefined
    fetchMock.mockImplementation((url) =>
      url === LETTERS
        ? new Promise<Response>((resolve) => {
            answer = resolve
          })
        : Promise.resolve(jsonAnswer(200, october())),
    )
    show()
    const button = await screen.findByRole('button', {
      name: 'Briefe des Monats herunterladen (PDF)',
    })
    expect(button).toBeEnabled()
    // two clicks before the button can render itself disabled
    fireEvent.click(button)
    fireEvent.click(button)
    await waitFor(() => expect(button).toBeDisabled())
    answer(pdf())

    await waitFor(() => expect(saved).toHaveLength(1))
    expect(saved[0]!.fileName).toBe('Verbrauchsinformation per Brief 1000000002 2026-10.pdf')
    expect(requested().filter((url) => url === LETTERS)).toHaveLength(1)
    const [, init] = fetchMock.mock.calls.find(([url]) => url === LETTERS)!
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer t0k3n')
    expect(await screen.findByText('Der Download der Briefe hat begonnen.')).toBeInTheDocument()
    // the first download records the letters as produced: the list is read again
    await waitFor(() => expect(requested().filter((url) => url === NOTICES)).toHaveLength(2))
  })

  it('says why there are no letters to download', async () => {
    fetchMock.mockResolvedValue(
      jsonAnswer(200, { month: '2026-10', items: [october().items[0]!, october().items[5]!] }),
    )
    show()
    const button = await screen.findByRole('button', {
      name: 'Briefe des Monats herunterladen (PDF)',
    })
    expect(button).toBeDisabled()
    expect(button).toHaveAccessibleDescription(/^Für diesen Monat sind keine Briefe zu erstellen/)
  })

  it('shows the server’s reason when the letters cannot be downloaded', async () => {
    fetchMock.mockImplementation((url) =>
      Promise.resolve(
        url === LETTERS
          ? jsonAnswer(404, { detail: 'Für diesen Monat sind keine Briefe zu erstellen.' })
          : jsonAnswer(200, october()),
      ),
    )
    show()
    await userEvent.click(
      await screen.findByRole('button', { name: 'Briefe des Monats herunterladen (PDF)' }),
    )
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Für diesen Monat sind keine Briefe zu erstellen.',
    )
    expect(saved).toEqual([])
  })

  it('says so when the month has no notices', async () => {
    fetchMock.mockResolvedValue(jsonAnswer(200, { month: '2026-10', items: [] }))
    show()
    expect(
      await screen.findByText('Für diesen Monat gibt es keine Benachrichtigungen.'),
    ).toBeInTheDocument()
    expect(screen.queryByRole('table')).toBeNull()
    expect(screen.queryByRole('button', { name: /Briefe des Monats/ })).toBeNull()
    expect(screen.queryByText(/nicht informiert$/)).toBeNull()
  })

  it('shows a failure with its error code', async () => {
    fetchMock.mockResolvedValue(jsonAnswer(500, { detail: 'Interner Fehler' }))
    show()
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Leider ist ein Fehler aufgetreten')
    expect(alert).toHaveTextContent('Fehlercodes 130')
    expect(screen.queryByRole('table')).toBeNull()
  })
})
