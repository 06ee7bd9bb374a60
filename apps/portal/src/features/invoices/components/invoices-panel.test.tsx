import {
  DECLINE_REASON_REQUIRED_MESSAGE,
  type BillingVoucher,
  type Correspondence,
  type InvoiceApproval,
} from '@portal/domain'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { initI18n } from '../../../lib/i18n'
import { renderWithQueries } from '../../../testing/render'
import { InvoicesPanel } from './invoices-panel'

const DISTRIBUTION = '1000000002-2024'
const APPROVAL_URL = '/api/processes/operating-costs/invoice-approval'

/** Whom an invoice and its letter are for, the period they bill and their dates. */
const BILLED = {
  businessPartner: 'P1',
  pointOfDelivery: 'V1',
  from: '2024-01-01',
  until: '2024-12-31',
  documentDate: '2025-02-10',
  dueDate: '2025-03-12',
  attachment: null,
}

function voucher(id: number, approval: InvoiceApproval | null): BillingVoucher {
  return {
    billingVoucher: `AB${id}`,
    invoiceVoucher: `AR${id}`,
    operatingCostsDistribution: DISTRIBUTION,
    contract: `VT${id}`,
    contractAccount: null,
    ...BILLED,
    amount: '120.00',
    approval,
  }
}

const LETTER: Correspondence = {
  id: 'KR1',
  form: 'HVWZ_HV',
  key: DISTRIBUTION,
  voucherNumber: 'AR1',
  contract: 'VT1',
  ...BILLED,
}

type Decision = { invoice: string; approved: boolean; reason?: string }
type Answer = { status: number; body: object }

let vouchers: BillingVoucher[]
/** The decisions sent, with their Idempotency-Key. */
let sent: { decision: Decision; key: string | null }[]
/** How the server answers the next decisions, in order; a decision without one succeeds. */
let answers: (Answer | Promise<Answer>)[]

function serverDecides({ invoice, approved, reason }: Decision): Answer {
  const target = vouchers.find((v) => v.billingVoucher === invoice)!
  target.approval = {
    status: approved ? 'approved' : 'declined',
    at: '2025-03-20T09:00:00.000Z',
    by: 'verwalter',
    name: 'Thomas Brandt',
    reason: reason ?? null,
  }
  return {
    status: 200,
    body: {
      successMessage: approved
        ? `Die Rechnung ${target.invoiceVoucher} wurde genehmigt.`
        : `Ihre Ablehnung der Rechnung ${target.invoiceVoucher} wurde gespeichert. Bitte wenden Sie sich an unseren Kundenservice.`,
    },
  }
}

beforeAll(() => initI18n())
beforeEach(() => {
  vouchers = [
    voucher(1, null),
    voucher(2, {
      status: 'declined',
      at: '2025-03-02T10:00:00.000Z',
      by: 'verwalter',
      name: 'Thomas Brandt',
      reason: 'Die Fläche ist falsch.',
    }),
    voucher(3, {
      status: 'approved',
      at: '2025-03-01T10:00:00.000Z',
      by: 'eigentuemer',
      // a deleted user's pseudonym is shown as it is
      name: 'gelöscht-0a1b2c3d',
      reason: null,
    }),
  ]
  sent = []
  answers = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const json = (status: number, body: object) => Response.json(body, { status })
      if (url.startsWith('/api/persistence/billing-vouchers-search'))
        return json(200, { items: structuredClone(vouchers), next: null })
      if (url.startsWith('/api/persistence/correspondences-search'))
        return json(200, { items: [LETTER], next: null })
      if (url === '/api/persistence/partners/P1')
        return json(200, { name1: 'Erika', name2: 'Mustermann' })
      if (url === '/api/persistence/points-of-delivery/V1')
        return json(200, { reference: 'WE 01', locationAddendum: 'EG links' })
      if (url === APPROVAL_URL) {
        const decision = JSON.parse(init.body as string) as Decision
        const headers = init.headers as Record<string, string>
        sent.push({ decision, key: headers['Idempotency-Key'] ?? null })
        const answer = await (answers.shift() ?? serverDecides(decision))
        return json(answer.status, answer.body)
      }
      throw new Error(`unexpected ${url}`)
    }),
  )
})
afterEach(() => vi.unstubAllGlobals())

function showPanel(distributionStatus = 'F') {
  // the table keeps its page, sort and search in the address
  renderWithQueries(
    <MemoryRouter>
      <InvoicesPanel distribution={DISTRIBUTION} distributionStatus={distributionStatus} />
    </MemoryRouter>,
  )
}

const table = () => screen.getByRole('table', { name: 'Rechnungen der Kostenverteilung' })

/** The row of an invoice (not of its letter) by its number. */
async function row(number: string) {
  const header = await within(await screen.findByRole('table')).findByRole('rowheader', {
    name: number,
  })
  return header.closest('tr')!
}

/** Shows the panel released for decisions and opens the dialog to approve or decline an invoice. */
async function openDecision(number: string, action: 'genehmigen' | 'ablehnen') {
  const user = userEvent.setup()
  showPanel()
  const name = `Rechnung ${number} ${action}`
  await user.click(within(await row(number)).getByRole('button', { name }))
  return { user, dialog: screen.getByRole('dialog', { name }) }
}

describe('the decision on each invoice', () => {
  it('shows every decision and offers one only for undecided and declined invoices', async () => {
    showPanel()
    const undecided = await row('AR1')
    expect(undecided).toHaveTextContent('Ausstehend')
    expect(await row('AR2')).toHaveTextContent(
      'Abgelehnt am 02.03.2025 von Thomas Brandt: Die Fläche ist falsch.',
    )
    const approved = await row('AR3')
    expect(approved).toHaveTextContent('Genehmigt am 01.03.2025 von gelöscht-0a1b2c3d')
    expect(within(approved).queryAllByRole('button', { name: /genehmigen|ablehnen/ })).toEqual([])
    expect(
      screen.getAllByRole('button', { name: /^Rechnung AR\d genehmigen$/ }).map((b) => b.ariaLabel),
    ).toEqual(['Rechnung AR1 genehmigen', 'Rechnung AR2 genehmigen'])
    expect(
      screen.getAllByRole('button', { name: /^Rechnung AR\d ablehnen$/ }).map((b) => b.ariaLabel),
    ).toEqual(['Rechnung AR1 ablehnen', 'Rechnung AR2 ablehnen'])
    // the letter that lists AR1 has no decision of its own
    const letter = within(table())
      .getByRole('rowheader', { name: 'AR1 (Schreiben)' })
      .closest('tr')!
    expect(within(letter).queryAllByRole('button', { name: /genehmigen|ablehnen/ })).toEqual([])
  })

  it('offers no decision before the distribution is released', async () => {
    showPanel('V')
    expect(await row('AR1')).toHaveTextContent('Ausstehend')
    expect(screen.queryAllByRole('button', { name: /genehmigen|ablehnen/ })).toEqual([])
  })

  it('declines with a reason: required at the field, kept on failure, closed on success', async () => {
    const { user, dialog } = await openDecision('AR1', 'ablehnen')
    expect(dialog).toHaveTextContent('Kundenservice')

    await user.click(within(dialog).getByRole('button', { name: 'Ablehnen' }))
    const reason = within(dialog).getByRole('textbox', { name: /Grund der Ablehnung/ })
    await waitFor(() => expect(reason).toHaveAccessibleDescription(DECLINE_REASON_REQUIRED_MESSAGE))
    expect(reason).toBeInvalid()
    expect(sent).toEqual([])

    await user.type(reason, 'Der Mieter ist im März ausgezogen.')
    answers.push({
      status: 409,
      body: { detail: 'Die Rechnung ist bereits genehmigt.', code: 'INVOICE_ALREADY_APPROVED' },
    })
    await user.click(within(dialog).getByRole('button', { name: 'Ablehnen' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Die Rechnung ist bereits genehmigt.',
    )
    expect(dialog).toBeInTheDocument()
    expect(reason).toHaveValue('Der Mieter ist im März ausgezogen.')

    await user.click(within(dialog).getByRole('button', { name: 'Ablehnen' }))
    await waitFor(() => expect(dialog).not.toBeInTheDocument())
    expect(screen.getByRole('status')).toHaveTextContent(/Rechnung AR1 .*Kundenservice/)
    expect(await row('AR1')).toHaveTextContent(
      'Abgelehnt am 20.03.2025 von Thomas Brandt: Der Mieter ist im März ausgezogen.',
    )
    expect(sent.map((s) => s.decision)).toEqual([
      { invoice: 'AB1', approved: false, reason: 'Der Mieter ist im März ausgezogen.' },
      { invoice: 'AB1', approved: false, reason: 'Der Mieter ist im März ausgezogen.' },
    ])
    // one user action, one key: the retry after the failure is the same action
    expect(sent[0]!.key).toEqual(expect.any(String))
    expect(sent[1]!.key).toBe(sent[0]!.key)
  })

  it('approves once on a double click, every button disabled while the request runs', async () => {
    const { user, dialog } = await openDecision('AR2', 'genehmigen')
    let answer: (value: Answer) => void = () => {}
    answers.push(new Promise<Answer>((resolve) => (answer = resolve)))
    await user.dblClick(within(dialog).getByRole('button', { name: 'Genehmigen' }))

    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: /Genehmigen/ })).toBeDisabled(),
    )
    for (const button of screen.getAllByRole('button', {
      name: /^Rechnung AR\d (genehmigen|ablehnen)$/,
      hidden: true,
    }))
      expect(button).toBeDisabled()
    expect(sent).toHaveLength(1)

    answer(serverDecides(sent[0]!.decision))
    await waitFor(() => expect(dialog).not.toBeInTheDocument())
    expect(screen.getByRole('status')).toHaveTextContent('Die Rechnung AR2 wurde genehmigt.')
    const approved = await row('AR2')
    await waitFor(() =>
      expect(approved).toHaveTextContent('Genehmigt am 20.03.2025 von Thomas Brandt'),
    )
    expect(within(approved).queryAllByRole('button', { name: /genehmigen|ablehnen/ })).toEqual([])
    expect(sent.map((s) => s.decision)).toEqual([{ invoice: 'AB2', approved: true }])
    expect(sent[0]!.key).toEqual(expect.any(String))
  })
})
