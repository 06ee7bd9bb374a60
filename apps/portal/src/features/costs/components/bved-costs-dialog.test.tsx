import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { BvedCostPreview } from '@portal/domain'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { initI18n } from '../../../lib/i18n'
import { renderWithQueries } from '../../../testing/render'
import { BvedCostsDialog } from './bved-costs-dialog'

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

const line = {
  kind: 'heating' as const,
  costTypeName: 'Wartung Heizungsanlage',
  tariffComponent: 'HK_WARTUNG',
  key: 'HF',
  from: '2025-01-01',
  until: '2025-12-31',
  quantity: null,
  unit: null,
  energyCarrier: null,
  amountTransactionCurrency: '357.00',
  apportionableAmount: '357.00',
  deductibleAmount: null,
  amountNet: null,
  note: 'Rechnung vom 15.03.2025',
  questions: [],
}

const preview = (overrides: Partial<BvedCostPreview> = {}): BvedCostPreview => ({
  fileName: 'DTK305_20260115120000.DAT',
  dryRun: true,
  alreadyImported: false,
  clean: true,
  summary: '1 Satz, 1 Kostenzeile, 0 Fehler',
  records: [
    {
      line: 1,
      type: 'K',
      label: 'Kostenart 221 · Wartung Heizungsanlage',
      lines: [line],
      errors: [],
    },
  ],
  errors: [],
  co2: null,
  created: 0,
  ...overrides,
})

const chooseFile = async (container: HTMLElement, content = 'K…') => {
  const input = container.ownerDocument.querySelector('input[type="file"]') as HTMLInputElement
  await userEvent.upload(input, new File([content], 'DTK305_20260115120000.DAT'))
}

describe('taking costs over from a bved file', () => {
  beforeAll(() => initI18n())
  beforeEach(() => {
    sent.length = 0
    answers = []
    vi.stubGlobal('XMLHttpRequest', FakeRequest)
  })
  afterEach(() => vi.unstubAllGlobals())

  it('says an empty file is empty and sends nothing', async () => {
    const { container } = renderWithQueries(
      <BvedCostsDialog distribution="1000000001-2025" onTakenOver={vi.fn()} onClose={vi.fn()} />,
    )
    await chooseFile(container, '')
    expect(within(screen.getByRole('dialog')).getByRole('alert')).toHaveTextContent(
      'Die Datei ist leer.',
    )
    expect(sent).toEqual([])
  })

  it('shows the errors at their lines and takes nothing over while there is one', async () => {
    answers = [
      {
        status: 200,
        body: preview({
          clean: false,
          summary: '1 Satz, 0 Kostenzeilen, 1 Fehler',
          records: [
            {
              line: 1,
              type: 'K',
              label: 'Kostenart 999',
              lines: [],
              errors: [
                {
                  line: 1,
                  message:
                    'Zeile 1, Feld Schlüssel Kostenart (Stellen 32–34): Für den Schlüssel 999 (Tabelle K) ist in Ihrer Werteliste keine Kostenart hinterlegt.',
                },
              ],
            },
          ],
        }),
      },
    ]
    const { container } = renderWithQueries(
      <BvedCostsDialog distribution="1000000001-2025" onTakenOver={vi.fn()} onClose={vi.fn()} />,
    )
    await chooseFile(container)
    const dialog = screen.getByRole('dialog')
    const table = await within(dialog).findByRole('table')
    expect(within(table).getByText(/Für den Schlüssel 999/)).toBeInTheDocument()
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Die Datei enthält Fehler')
    expect(within(dialog).getByRole('button', { name: 'Übernehmen' })).toBeDisabled()
    expect(sent[0]!.url).toMatch(/\/bved-costs\?dryRun=true$/)
  })

  it('previews, then takes the lines over once with an idempotency key', async () => {
    answers = [
      { status: 200, body: preview() },
      { status: 201, body: preview({ dryRun: false, created: 1 }) },
    ]
    const onTakenOver = vi.fn()
    const { container } = renderWithQueries(
      <BvedCostsDialog
        distribution="1000000001-2025"
        onTakenOver={onTakenOver}
        onClose={vi.fn()}
      />,
    )
    await chooseFile(container)
    const dialog = screen.getByRole('dialog')
    expect(await within(dialog).findByText('Wartung Heizungsanlage')).toBeInTheDocument()
    expect(within(dialog).getByText('357,00 €')).toBeInTheDocument()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Übernehmen' }))
    await waitFor(() =>
      expect(onTakenOver).toHaveBeenCalledWith('1 Kostenzeile aus der Datei übernommen.'),
    )
    expect(sent[1]!.url).toMatch(/\/bved-costs$/)
    expect(sent[1]!.headers['Idempotency-Key']).toEqual(expect.any(String))
  })

  it('warns of a cost type the file takes beyond last year’s threshold, and of none within it', async () => {
    const lastYear = (amount: string) => ({
      heating: [{ tariffComponent: 'HK_WARTUNG', amountTransactionCurrency: amount }],
      working: [],
    })
    const plausibility = (previous: string) => ({
      current: { heating: [], working: [] },
      previous: lastYear(previous),
      thresholdPercent: 30,
      nameOf: () => 'Wartung Heizungsanlage',
    })
    answers = [{ status: 200, body: preview() }]
    const { container, unmount } = renderWithQueries(
      <BvedCostsDialog
        distribution="1000000001-2025"
        plausibility={plausibility('200.00')}
        onTakenOver={vi.fn()}
        onClose={vi.fn()}
      />,
    )
    await chooseFile(container)
    const dialog = screen.getByRole('dialog')
    const warning = await within(dialog).findByText(
      'Bitte prüfen Sie diese Abweichungen vom Vorjahr',
    )
    const alert = warning.closest('[role="alert"], .MuiAlert-root')!
    expect(alert).toHaveTextContent('Wartung Heizungsanlage')
    expect(alert).toHaveTextContent('+78,5 %')
    expect(alert).toHaveTextContent('Die Hinweise hindern Sie nicht an der Übernahme.')
    expect(within(dialog).getByRole('button', { name: 'Übernehmen' })).toBeEnabled()
    unmount()

    answers = [{ status: 200, body: preview() }]
    const within30 = renderWithQueries(
      <BvedCostsDialog
        distribution="1000000001-2025"
        plausibility={plausibility('300.00')}
        onTakenOver={vi.fn()}
        onClose={vi.fn()}
      />,
    )
    await chooseFile(within30.container)
    expect(await screen.findByText('Wartung Heizungsanlage')).toBeInTheDocument()
    expect(screen.queryByText('Bitte prüfen Sie diese Abweichungen vom Vorjahr')).toBeNull()
  })
})
