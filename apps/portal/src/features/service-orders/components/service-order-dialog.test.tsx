import {
  SERVICE_ORDER_DEVICE_REQUIRED_MESSAGE,
  SERVICE_ORDER_KIND_MESSAGE,
  WISHED_DATE_IN_PAST_MESSAGE,
  type ServiceOrder,
} from '@portal/domain'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { initI18n } from '../../../lib/i18n'
import { jsonAnswer } from '../../../testing/answers'
import { renderWithQueries } from '../../../testing/render'
import { ServiceOrderDialog, toServiceOrderRequest } from './service-order-dialog'

const URL = '/api/persistence/service-orders'

const ORDER: ServiceOrder = {
  id: 'so-1',
  kind: 'ZM',
  kindLabel: 'Zwischenablesung mit Abrechnung',
  status: 'BESTELLT',
  statusLabel: 'bestellt',
  propertyConnection: '1000000002',
  propertyName: 'Wohnanlage Lindenhof',
  pointOfDelivery: 'V1',
  unitReference: 'NE-0001',
  unitLocation: null,
  devices: [],
  wishedDate: null,
  plannedDate: null,
  cancelReason: null,
  note: '',
  activity: null,
  createdBy: 'verwalter',
  createdAt: '2026-12-02T10:00:00.000Z',
  statusChangedAt: null,
}

/** The requests the server received: body and idempotency key. */
let sent: { body: Record<string, unknown>; key: string | null }[]
/** What the server answers to the next order. */
let answer: () => Response

beforeAll(() => initI18n())
beforeEach(() => {
  sent = []
  answer = () => jsonAnswer(201, ORDER)
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (url !== URL) throw new Error(`unexpected ${url}`)
      sent.push({
        body: JSON.parse(init.body as string) as Record<string, unknown>,
        key: (init.headers as Record<string, string>)['Idempotency-Key'] ?? null,
      })
      // answers a moment later, as a server does
      await new Promise((resolve) => setTimeout(resolve, 20))
      return answer()
    }),
  )
})
afterEach(() => vi.unstubAllGlobals())

function showDialog() {
  renderWithQueries(
    <ServiceOrderDialog
      pointOfDelivery="V1"
      unitLabel="NE-0001"
      devices={[
        { device: 'D1', label: '11111 · Heizkostenverteiler' },
        { device: 'D2', label: '22222 · Warmwasserzähler' },
      ]}
      onClose={() => undefined}
    />,
  )
  const dialog = screen.getByRole('dialog', { name: 'Auftrag erteilen' })
  return {
    dialog,
    submit: within(dialog).getByRole('button', { name: 'Auftrag erteilen' }),
    kind: (name: RegExp) => within(dialog).getByRole('radio', { name }),
    device: (name: RegExp) => within(dialog).getByRole('checkbox', { name }),
    note: within(dialog).getByRole('textbox', { name: /Bemerkung/ }),
  }
}

describe('the order dialog', () => {
  it('asks for the kind first, and for the devices of an exchange, before it sends', async () => {
    const form = showDialog()
    await userEvent.click(form.submit)
    expect(await within(form.dialog).findByText(SERVICE_ORDER_KIND_MESSAGE)).toBeVisible()
    expect(form.kind(/Zwischenablesung mit Abrechnung/)).toHaveAccessibleDescription(
      SERVICE_ORDER_KIND_MESSAGE,
    )
    expect(form.kind(/Zwischenablesung mit Abrechnung/)).toHaveFocus()

    await userEvent.click(form.kind(/Gerätetausch \(GT\)/))
    await userEvent.click(form.submit)
    await waitFor(() =>
      expect(form.device(/11111/)).toHaveAccessibleDescription(
        new RegExp(SERVICE_ORDER_DEVICE_REQUIRED_MESSAGE),
      ),
    )
    expect(form.device(/11111/)).toHaveAttribute('aria-invalid', 'true')
    expect(sent).toHaveLength(0)

    await userEvent.click(form.device(/22222/))
    await userEvent.click(form.submit)
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]!.body).toEqual({ kind: 'GT', pointOfDelivery: 'V1', devices: ['D2'], note: '' })
  })

  it('refuses a note longer than 500 characters at the field', async () => {
    const form = showDialog()
    await userEvent.click(form.kind(/Wiederholungsablesung/))
    await userEvent.click(form.note)
    await userEvent.paste('x'.repeat(501))
    await userEvent.click(form.submit)
    await waitFor(() => expect(form.note).toHaveAccessibleDescription(/500/))
    expect(sent).toHaveLength(0)
  })

  it('leaves out what is empty and keeps a wished day, as the domain schema wants it', () => {
    expect(
      toServiceOrderRequest({ kind: 'ZO', devices: [], wishedDate: '', note: '' }, 'V1'),
    ).toEqual({ kind: 'ZO', pointOfDelivery: 'V1', note: '' })
    expect(
      toServiceOrderRequest(
        { kind: 'WH', devices: ['D1'], wishedDate: '2027-01-04', note: 'Bitte klingeln' },
        'V1',
      ),
    ).toEqual({
      kind: 'WH',
      pointOfDelivery: 'V1',
      devices: ['D1'],
      wishedDate: '2027-01-04',
      note: 'Bitte klingeln',
    })
  })

  it("shows the server's message at its field", async () => {
    answer = () =>
      jsonAnswer(400, {
        status: 400,
        title: 'Bad Request',
        detail: WISHED_DATE_IN_PAST_MESSAGE,
        field: 'wishedDate',
      })
    const form = showDialog()
    await userEvent.click(form.kind(/Zwischenablesung ohne Abrechnung/))
    await userEvent.click(form.submit)
    const day = await within(form.dialog).findByRole('group', { name: /Wunschtermin/ })
    await waitFor(() =>
      expect(within(form.dialog).getByText(WISHED_DATE_IN_PAST_MESSAGE)).toBeVisible(),
    )
    expect(day).toBeVisible()
    // shown at the field, not once more as a notice
    expect(within(form.dialog).queryByRole('alert')).toBeNull()
  })

  it('sends a double click as one action (one key) and says the order is placed', async () => {
    const form = showDialog()
    await userEvent.click(form.kind(/Zwischenablesung mit Abrechnung/))
    await userEvent.dblClick(form.submit)
    expect(await within(form.dialog).findByRole('status')).toHaveTextContent(
      'Der Auftrag „Zwischenablesung mit Abrechnung“ für die Nutzeinheit NE-0001 ist erteilt.',
    )
    expect(sent.length).toBeGreaterThanOrEqual(1)
    expect(new Set(sent.map((s) => s.key)).size).toBe(1)
    expect(sent[0]!.key).toMatch(/^[0-9a-f]{32}$/)
    expect(within(form.dialog).getByRole('button', { name: 'Schließen' })).toHaveFocus()
  })
})
