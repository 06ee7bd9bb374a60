import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { BvedUserPreview } from '@portal/domain'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { initI18n } from '../../../lib/i18n'
import { renderWithQueries } from '../../../testing/render'
import { BvedUsersDialog } from './bved-users-dialog'

/** The requests the dialog sent, each answered by the next of `answers`. */
const sent: { url: string; headers: Record<string, string> }[] = []
let answers: { status: number; body: unknown }[] = []

/** An XMLHttpRequest that answers from `answers` (uploads go through XHR for their progress). */
class FakeRequest {
  status = 0
  responseText = ''
  upload = { onprogress: null }
  onload: (() => void) | null = null
  onerror: (() => void) | null = null
  private url = ''
  private headers: Record<string, string> = {}
  open(_method: string, url: string) {
    this.url = url
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value
  }
  send() {
    sent.push({ url: this.url, headers: this.headers })
    const answer = answers.shift()!
    this.status = answer.status
    this.responseText = JSON.stringify(answer.body)
    queueMicrotask(() => this.onload?.())
  }
}

type Row = BvedUserPreview['rows'][number]

const row = (overrides: Partial<Row>): Row => ({
  line: 2,
  unitNumber: '0001',
  unit: { pointOfDelivery: 'V1000000013', reference: 'NE-0001' },
  name: 'Reumann, Alina',
  occupancyStart: '2025-02-01',
  occupancyEnd: '2026-01-31',
  kind: 'unchanged',
  report: null,
  note: 'Wie im Portal: Vertrag seit 01.04.2022 (Alina Reumann).',
  errors: [],
  ...overrides,
})

const change = row({
  line: 3,
  name: 'Brandt, Johanna',
  occupancyStart: '2026-01-01',
  kind: 'tenantChange',
  note: null,
  report: {
    customerType: 'private',
    salutation: 'O',
    NAME1: 'Johanna',
    NAME2: 'Brandt',
    AUSZUG: '2025-12-31',
    STRASSE: 'Auf’m Berg',
    HAUSNR: '75',
    PLZ: '63067',
    ORT: 'Offenbach',
  },
})

const preview = (overrides: Partial<BvedUserPreview> = {}): BvedUserPreview => ({
  fileName: 'DTM305_20260115120000.DAT',
  dryRun: true,
  alreadyImported: false,
  clean: true,
  summary: '2 Nutzersätze, 1 unverändert, 1 Mieterwechsel, 0 Fehler',
  rows: [row({}), change],
  errors: [],
  created: 0,
  ...overrides,
})

const chooseFile = async (container: HTMLElement, content = 'L…') => {
  const input = container.ownerDocument.querySelector('input[type="file"]') as HTMLInputElement
  await userEvent.upload(input, new File([content], 'DTM305_20260115120000.DAT'))
}

const open = () => renderWithQueries(<BvedUsersDialog connection="1000000002" onClose={vi.fn()} />)

describe('taking tenant changes over from a bved users file', () => {
  beforeAll(() => initI18n())
  beforeEach(() => {
    sent.length = 0
    answers = []
    vi.stubGlobal('XMLHttpRequest', FakeRequest)
  })
  afterEach(() => vi.unstubAllGlobals())

  it('says an empty file is empty and sends nothing', async () => {
    const { container } = open()
    await chooseFile(container, '')
    expect(within(screen.getByRole('dialog')).getByRole('alert')).toHaveTextContent(
      'Die Datei ist leer.',
    )
    expect(sent).toEqual([])
  })

  it('shows the errors at their lines and reports nothing while there is one', async () => {
    const message =
      'Zeile 2, Feld Nutzer Name 1 (Stellen 53–87): Der Name des Nutzers lässt sich nicht in Vor- und Nachname teilen; bitte „Nachname, Vorname“ angeben.'
    answers = [
      {
        status: 200,
        body: preview({
          clean: false,
          summary: '1 Nutzersatz, 0 unverändert, 0 Mieterwechsel, 1 Fehler',
          rows: [
            row({ kind: 'error', note: null, name: 'Brandt', errors: [{ line: 2, message }] }),
          ],
        }),
      },
    ]
    const { container } = open()
    await chooseFile(container)
    const dialog = screen.getByRole('dialog')
    const table = await within(dialog).findByRole('table', { name: /Vorschau/ })
    expect(within(table).getByText(message)).toBeInTheDocument()
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Die Datei enthält Fehler')
    expect(within(dialog).getByRole('button', { name: 'Übernehmen' })).toBeDisabled()
    expect(sent[0]!.url).toMatch(/\/connections\/1000000002\/bved-users\?dryRun=true$/)
  })

  it('previews each user, then reports the tenant change once with an idempotency key', async () => {
    answers = [
      { status: 200, body: preview() },
      { status: 201, body: preview({ dryRun: false, created: 1 }) },
    ]
    const { container } = open()
    await chooseFile(container)
    const dialog = screen.getByRole('dialog')
    const table = await within(dialog).findByRole('table', { name: /Vorschau/ })
    expect(within(table).getByText('unverändert')).toBeInTheDocument()
    expect(
      within(table).getByText('Mieterwechsel: Auszug des Vormieters am 31.12.2025'),
    ).toBeInTheDocument()
    expect(
      within(table).getByText('Neuer Mieter: Johanna Brandt, Auf’m Berg 75, 63067 Offenbach'),
    ).toBeInTheDocument()
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'Die Datei kann übernommen werden: 2 Nutzersätze, 1 unverändert, 1 Mieterwechsel, 0 Fehler.',
    )
    await userEvent.click(within(dialog).getByRole('button', { name: 'Übernehmen' }))
    // like the form: what was reported, in the dialog, until it is closed
    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByRole('status')
          .map((status) => status.textContent),
      ).toContain(
        '1 Mieterwechsel aus der Datei gemeldet. Vielen Dank. Die Meldung wird intern geprüft; bis die Änderung im Portal erscheint, kann es einige Tage dauern.',
      ),
    )
    expect(within(dialog).getByRole('button', { name: 'Übernehmen' })).toBeDisabled()
    expect(sent[1]!.url).toMatch(/\/bved-users$/)
    expect(sent[1]!.headers['Idempotency-Key']).toEqual(expect.any(String))
  })

  it('offers nothing to take over from a file taken over before', async () => {
    answers = [{ status: 200, body: preview({ alreadyImported: true }) }]
    const { container } = open()
    await chooseFile(container)
    const dialog = screen.getByRole('dialog')
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Diese Datei wurde bereits für diese Liegenschaft übernommen',
    )
    expect(within(dialog).getByRole('button', { name: 'Übernehmen' })).toBeDisabled()
  })
})
