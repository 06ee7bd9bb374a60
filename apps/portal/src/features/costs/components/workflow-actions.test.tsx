import { DECLINE_REASON_REQUIRED_MESSAGE, type Expense, type OperatingCosts } from '@portal/domain'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { initI18n } from '../../../lib/i18n'
import { jsonAnswer } from '../../../testing/answers'
import { columnHeaders, openDeclineDialog, renderWithQueries } from '../../../testing/render'
import { WorkflowActions } from './workflow-actions'

const DECLINED =
  'Ihre Ablehnung wurde mit Ihrer Begründung gespeichert. Bitte wenden Sie sich an unseren Kundenservice.'

const line = (tariffComponent: string, gross: string, apportionable: string) =>
  ({
    guid: `${tariffComponent}-${gross}`,
    tariffComponent,
    amountTransactionCurrency: gross,
    apportionableAmount: apportionable,
  }) as Expense

function distribution(status: string): OperatingCosts {
  return {
    operatingCostsDistribution: 'BK-4711',
    connection: '1000000002',
    from: '2025-01-01',
    until: '2025-12-31',
    operatingCostsDistributionStatus: status,
    product: 'HK',
    productVersion: '1',
    version: 1,
    companyCode: '1000',
    businessPartner: null,
    operatingCostsHeatingExpense: [
      line('HK_BRENN', '100.00', '80.00'),
      line('HK_WART', '23.45', '0.00'),
      // §5: an excluded cost type counts in no total
      line('HKVOR', '999.00', '999.00'),
    ],
    operatingCostsWorkingExpense: [line('BK_MUELL', '10.10', '10.10')],
    lastDecline: null,
  }
}

const fetchMock = vi.fn<typeof fetch>()
const sentBodies = () =>
  fetchMock.mock.calls.map(
    ([, init]) => JSON.parse(init?.body as string) as Record<string, unknown>,
  )

function show(status: string) {
  renderWithQueries(<WorkflowActions costs={distribution(status)} />)
}

const openDecline = () => openDeclineDialog('Ablehnen', 'Verteilung ablehnen')

describe('the workflow actions', () => {
  beforeAll(() => initI18n())
  beforeEach(() => {
    fetchMock.mockReset()
    vi.stubGlobal('fetch', fetchMock)
  })
  afterEach(() => vi.unstubAllGlobals())

  it('asks for the reason of a decline at the field and sends nothing without one', async () => {
    show('F')
    const { dialog, reason, confirm } = await openDecline()
    await userEvent.click(confirm)
    expect(reason).toHaveAccessibleDescription(DECLINE_REASON_REQUIRED_MESSAGE)
    expect(reason).toBeInvalid()
    await userEvent.type(reason, '   ')
    await userEvent.click(confirm)
    expect(reason).toHaveAccessibleDescription(DECLINE_REASON_REQUIRED_MESSAGE)
    expect(dialog).toBeVisible()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('keeps the dialog and the text after a failed decline, closes it only on success', async () => {
    show('F')
    const { dialog, reason, confirm } = await openDecline()
    await userEvent.type(reason, 'Die Wartung ist doppelt erfasst.')

    // the server names the field: its message goes there
    fetchMock.mockResolvedValueOnce(
      jsonAnswer(400, {
        detail: 'Der Grund ist zu lang.',
        code: 'VALIDATION_FAILED',
        field: 'reason',
      }),
    )
    await userEvent.click(confirm)
    await waitFor(() => expect(reason).toHaveAccessibleDescription('Der Grund ist zu lang.'))
    expect(within(dialog).queryByRole('alert')).toBeNull()
    expect(reason).toHaveValue('Die Wartung ist doppelt erfasst.')

    // a failure on the server: the generic text with the code of §8, in the dialog
    fetchMock.mockResolvedValueOnce(jsonAnswer(500, { detail: 'Fehler', code: 'INTERNAL_ERROR' }))
    await userEvent.click(confirm)
    const alert = await within(dialog).findByRole('alert')
    expect(alert).toHaveTextContent('Leider ist ein Fehler aufgetreten')
    expect(alert).toHaveTextContent('116')
    expect(screen.getByRole('dialog', { name: 'Verteilung ablehnen' })).toBeVisible()
    expect(reason).toHaveValue('Die Wartung ist doppelt erfasst.')

    fetchMock.mockResolvedValueOnce(jsonAnswer(200, { successMessage: DECLINED }))
    await userEvent.click(confirm)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(screen.getByRole('status')).toHaveTextContent(DECLINED)
    expect(sentBodies()).toEqual(
      Array.from({ length: 3 }, () => ({
        operatingCostsDistribution: 'BK-4711',
        approved: false,
        reason: 'Die Wartung ist doppelt erfasst.',
      })),
    )
  })

  it('sends a double-clicked confirm once and disables the buttons until the answer', async () => {
    show('F')
    let answer: (response: Response) => void = () => undefined
    fetchMock.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)))
    const { dialog, reason, confirm } = await openDecline()
    await userEvent.type(reason, 'Zu hoch.')
    await userEvent.dblClick(confirm)
    await waitFor(() => expect(confirm).toBeDisabled())
    expect(within(dialog).getByRole('button', { name: 'Abbrechen' })).toBeDisabled()
    await userEvent.keyboard('{Escape}')
    expect(dialog).toBeVisible()
    expect(fetchMock).toHaveBeenCalledTimes(1)

    answer(jsonAnswer(200, { successMessage: DECLINED }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(screen.getByRole('button', { name: 'Ablehnen' })).toBeEnabled()
  })

  it('shows the totals being confirmed in the dialog of "Kosten erfasst"', async () => {
    show('O')
    await userEvent.click(screen.getByRole('button', { name: 'Kosten erfasst' }))
    const dialog = screen.getByRole('dialog', { name: 'Kosten erfasst' })
    const table = within(dialog).getByRole('table', { name: 'Sie bestätigen diese Summen' })
    const cells = (name: string) =>
      within(within(table).getByRole('row', { name: new RegExp(`^${name}`) }))
        .getAllByRole('cell')
        .map((cell) => cell.textContent?.replace(/\s/g, ' '))
    expect(columnHeaders(table)).toEqual(['Kostenliste', 'Betrag', 'umlagefähig'])
    expect(cells('Heiz- und Nebenkosten')).toEqual(['123,45 €', '80,00 €'])
    expect(cells('Betriebskosten')).toEqual(['10,10 €', '10,10 €'])
    expect(cells('Gesamt')).toEqual(['133,55 €', '90,10 €'])

    fetchMock.mockResolvedValueOnce(
      jsonAnswer(409, { detail: 'Die Kostenverteilung ist bereits erfasst.', code: 'CONFLICT' }),
    )
    await userEvent.click(within(dialog).getByRole('button', { name: 'Kosten erfasst bestätigen' }))
    const alert = await within(dialog).findByRole('alert')
    expect(alert).toHaveTextContent(/^Die Kostenverteilung ist bereits erfasst\.$/)
    expect(dialog).toBeVisible()
  })
})
