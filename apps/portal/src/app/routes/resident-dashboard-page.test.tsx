import type { ResidentTenancy, UserConsumption } from '@portal/domain'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { LoadedCustomer } from '../../lib/customer'
import { initI18n } from '../../lib/i18n'
import { storeSession, storeToken } from '../../lib/session'
import { jsonAnswer } from '../../testing/answers'
import { renderRoutes } from '../../testing/render'
import { Component as ResidentDashboardPage } from './resident-dashboard-page'

const customer = { config: { applicationTitle: 'Kundenportal' } } as LoadedCustomer

const MAIL_NEEDED =
  'Für die Benachrichtigung per E-Mail brauchen wir Ihre E-Mail-Adresse. Ohne sie erhalten Sie die Information per Brief.'

const TENANCY: ResidentTenancy = {
  contract: '3000000101',
  pointOfDelivery: 'V1000000001-0003',
  reference: 'NE-0003',
  locationAddendum: '2. OG links',
  address: 'Parkstraße 3, 04109 Leipzig',
  name: 'Anna Koch',
  from: '2024-06-01',
  until: null,
  accessUntil: null,
  noticeChannel: 'letter',
}

const month = (value: string, consumption: string) => ({
  month: value,
  consumption,
  kwh: null,
  previousMonth: null,
  sameMonthLastYear: null,
  propertyAveragePerSquareMetre: '9.500',
  averageForArea: '700.000',
})

/** His months: only his own, and he is the only user the answer names. */
const CONSUMPTION: UserConsumption = {
  pointOfDelivery: TENANCY.pointOfDelivery,
  area: '72.000',
  user: {
    businessPartner: '4000000101',
    name: 'Anna Koch',
    periods: [{ contract: TENANCY.contract, from: TENANCY.from, until: null }],
  },
  users: [
    {
      businessPartner: '4000000101',
      name: 'Anna Koch',
      periods: [{ contract: TENANCY.contract, from: TENANCY.from, until: null }],
    },
  ],
  months: ['2026-09', '2026-10'],
  series: [
    {
      typeClass: 'HZ',
      medium: 'heating',
      unit: 'kWh',
      kwhPerUnit: null,
      kwhBasisYear: null,
      months: [month('2026-09', '310.000'), month('2026-10', '620.000')],
    },
  ],
}

/** The resident's routes; the tenancy as the test sets it, the notice channel as it was saved. */
let tenancy: ResidentTenancy
let mail: string
const server = vi.fn((url: string, init: RequestInit = {}) => {
  const method = init.method ?? 'GET'
  if (url === '/api/residents/tenancy' && method === 'GET') {
    return Promise.resolve(jsonAnswer(200, tenancy))
  }
  if (url === '/api/residents/monthly-consumption' && method === 'GET') {
    return Promise.resolve(jsonAnswer(200, CONSUMPTION))
  }
  if (url === '/api/residents/notice-channel' && method === 'PUT') {
    const { noticeChannel } = JSON.parse(init.body as string) as { noticeChannel: string }
    if (noticeChannel === 'mail' && !mail) {
      return Promise.resolve(
        jsonAnswer(400, { detail: MAIL_NEEDED, code: 'MAIL_NEEDED', field: 'noticeChannel' }),
      )
    }
    return Promise.resolve(jsonAnswer(200, { noticeChannel }))
  }
  return Promise.resolve(jsonAnswer(404, { detail: 'Nicht gefunden.', code: 'NOT_FOUND' }))
})

/** jsdom draws no layout: the chart's box keeps the width 0 it starts with. */
class NoResizeObserver {
  observe() {}
  disconnect() {}
}

function showPage() {
  storeToken('t')
  storeSession(
    {
      userName: 'anna.koch',
      companyCode: '1000',
      businessPartner: null,
      name: 'Anna Koch',
      mail,
      resident: true,
    },
    [],
  )
  return renderRoutes(
    [{ path: '/dashboard', element: <ResidentDashboardPage /> }],
    '/dashboard',
    customer,
  )
}

const calls = () => (server.mock.calls as [string, RequestInit?][]).map(([url]) => url)

beforeAll(() => initI18n())
beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
  server.mockClear()
  tenancy = TENANCY
  mail = ''
  vi.stubGlobal('fetch', server)
  vi.stubGlobal('ResizeObserver', NoResizeObserver)
})
afterEach(() => vi.unstubAllGlobals())

describe('the resident’s start page', () => {
  it('shows his unit and his own months, from his routes only', async () => {
    showPage()
    expect(
      screen.getByRole('heading', { level: 1, name: 'Meine Verbrauchsinformation' }),
    ).toBeInTheDocument()
    const unit = screen.getByRole('region', { name: 'Ihre Nutzeinheit' })
    expect(await within(unit).findByText('NE-0003')).toBeInTheDocument()
    expect(within(unit).getByText('2. OG links')).toBeInTheDocument()
    expect(within(unit).getByText('Parkstraße 3, 04109 Leipzig')).toBeInTheDocument()
    expect(within(unit).getByText('Mietbeginn')).toBeInTheDocument()
    expect(within(unit).getByText('01.06.2024')).toBeInTheDocument()
    expect(within(unit).queryByText('Mietende')).not.toBeInTheDocument()
    expect(within(unit).queryByText(/Ihr Zugang besteht bis/)).not.toBeInTheDocument()

    const months = screen.getByRole('region', { name: 'Verbrauch je Monat' })
    const table = await within(months).findByRole('table', { name: /^Verbrauch Heizung/ })
    expect(within(table).getByText('September 2026')).toBeInTheDocument()
    expect(within(table).getByText('Oktober 2026')).toBeInTheDocument()
    // he is the only user: no chooser, his name and period in words
    expect(within(months).queryByRole('combobox', { name: 'Nutzer' })).not.toBeInTheDocument()
    expect(within(months).getByText(/Nutzer: Anna Koch \(seit 01\.06\.2024\)/)).toBeInTheDocument()

    expect(calls().every((url) => url.startsWith('/api/residents/'))).toBe(true)
  })

  it('says until when his access lasts after his move-out', async () => {
    tenancy = { ...TENANCY, until: '2026-10-31', accessUntil: '2027-10-31' }
    showPage()
    const unit = screen.getByRole('region', { name: 'Ihre Nutzeinheit' })
    expect(await within(unit).findByText('Mietende')).toBeInTheDocument()
    expect(within(unit).getByText('31.10.2026')).toBeInTheDocument()
    expect(within(unit).getByText(/^Ihr Zugang besteht bis 31\.10\.2027\./)).toBeInTheDocument()
  })

  it('saves how he is notified, with the server’s word when his e-mail address is missing', async () => {
    showPage()
    const notice = screen.getByRole('region', { name: 'Benachrichtigung' })
    const byLetter = await within(notice).findByRole('radio', { name: 'per Brief' })
    expect(byLetter).toBeChecked()

    await userEvent.click(within(notice).getByRole('radio', { name: 'per E-Mail' }))
    await userEvent.click(within(notice).getByRole('button', { name: 'Speichern' }))
    expect(await within(notice).findByRole('alert')).toHaveTextContent(MAIL_NEEDED)
    expect(byLetter).toBeChecked()

    mail = 'anna.koch@example.org'
    await userEvent.click(within(notice).getByRole('radio', { name: 'per E-Mail' }))
    expect(within(notice).queryByRole('alert')).not.toBeInTheDocument()
    await userEvent.click(within(notice).getByRole('button', { name: 'Speichern' }))
    expect(await within(notice).findByRole('status')).toHaveTextContent(
      'Gespeichert: Sie werden per E-Mail benachrichtigt.',
    )
    expect(within(notice).getByRole('radio', { name: 'per E-Mail' })).toBeChecked()

    const puts = (server.mock.calls as [string, RequestInit?][]).filter(
      ([, init]) => init?.method === 'PUT',
    )
    expect(puts).toHaveLength(2)
    for (const [, init] of puts) {
      expect((init!.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^\S+$/)
    }
  })
})
