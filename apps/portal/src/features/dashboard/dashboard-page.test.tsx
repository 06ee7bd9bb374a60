import type { ComplianceCounts, Connection, OperatingCostsSummary } from '@portal/domain'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { LoadedCustomer } from '../../lib/customer'
import { storeSession, type SessionUser } from '../../lib/session'
import { jsonAnswer } from '../../testing/answers'
import { summaryOf } from '../../testing/fixtures'
import { renderRoutes } from '../../testing/render'
import { Component as DashboardPage, TILES_PER_PAGE } from './dashboard-page'

// the billing years' texts join the catalogue as their module loads, as after the portal's start
await vi.hoisted(async () => {
  const { initI18n } = await import('../../lib/i18n')
  await initI18n()
})

const NOTICE = 'Die Kostenerfassung für das Abrechnungsjahr 2024 ist noch nicht geöffnet.'
const customer = { config: { billingYear: 2024, billingYearNotice: NOTICE } } as LoadedCustomer

/** The distributions the search answers: one per property and year, by status. */
let distributions: OperatingCostsSummary[] = []
const distribution = (year: number, status: string) =>
  summaryOf({
    from: `${year}-01-01`,
    until: `${year}-12-31`,
    operatingCostsDistributionStatus: status,
  })
/** The portfolio's device counts (decision 068); null: the answer is an error. */
let compliance: Partial<ComplianceCounts> | null = null
const NOTHING_DUE: ComplianceCounts = {
  devices: 40,
  remote: 30,
  retrofitDue: 0,
  retrofitOverdue: 0,
  mustBeRemote: 0,
  calibrationDue: 0,
  calibrationExpired: 0,
}
const search = vi.fn((url: string, init: RequestInit) =>
  Promise.resolve(
    url.startsWith('/api/persistence/operating-costs-search') && init.method === 'POST'
      ? jsonAnswer(200, { items: distributions, next: null })
      : url === '/api/persistence/device-compliance' && compliance !== null
        ? jsonAnswer(200, {
            today: '2026-12-02',
            counts: { ...NOTHING_DUE, ...compliance },
            properties: [],
            devices: [],
          })
        : jsonAnswer(404, { detail: 'Nicht gefunden' }),
  ),
)

function properties(count: number): Connection[] {
  return Array.from(
    { length: count },
    (_, index) =>
      ({
        connection: String(1000000001 + index),
        name1: `Objekt ${index + 1}`,
        street: 'Hauptstraße',
        houseNumber: String(index + 1),
        postalCode: '04109',
        city: 'Leipzig',
      }) as Connection,
  )
}

function showDashboard(count: number, url = '/dashboard') {
  storeSession({ name: 'Thomas Brandt' } as SessionUser, properties(count))
  return renderRoutes(
    [
      { path: '/dashboard', element: <DashboardPage /> },
      { path: '/properties', element: <h1>Liegenschaften</h1> },
    ],
    url,
    customer,
  )
}

const tiles = () => {
  const list = screen.queryByRole('list', { name: 'Ihre Liegenschaften' })
  return list ? within(list).getAllByRole('link') : []
}
const tileNames = () => tiles().map((tile) => within(tile).getByRole('heading').textContent)

beforeEach(() => {
  localStorage.clear()
  distributions = []
  compliance = null
  vi.stubGlobal('fetch', search)
})
afterEach(() => vi.unstubAllGlobals())

describe('the dashboard tiles', () => {
  it('shows every property of a small list, without pages', () => {
    showDashboard(5)
    expect(tiles()).toHaveLength(5)
    expect(screen.queryByRole('navigation', { name: 'Seiten der Liegenschaften' })).toBeNull()
  })

  it('renders one page of tiles of a large customer, never all of them', async () => {
    const router = showDashboard(1234)
    expect(tiles()).toHaveLength(TILES_PER_PAGE)
    expect(tileNames()[0]).toBe('Objekt 1')
    const pages = screen.getByRole('navigation', { name: 'Seiten der Liegenschaften' })
    expect(within(pages).getByRole('button', { name: 'Seite 103' })).toBeInTheDocument()
    expect(screen.getByText(/1.234 Liegenschaften/)).toBeInTheDocument()

    await userEvent.click(within(pages).getByRole('button', { name: 'Zur nächsten Seite' }))
    expect(tiles()).toHaveLength(TILES_PER_PAGE)
    expect(tileNames()[0]).toBe('Objekt 13')
    expect(router.state.location.search).toBe('?seite=2')

    await userEvent.click(within(pages).getByRole('button', { name: 'Zur letzten Seite' }))
    // 1234 = 102 full pages and 10 tiles
    expect(tileNames()).toEqual(
      properties(1234)
        .slice(1224)
        .map((p) => p.name1),
    )
  })

  it('opens the page of the address', () => {
    showDashboard(100, '/dashboard?seite=3')
    expect(tileNames()[0]).toBe('Objekt 25')
  })

  it('takes a page number beyond the last as the last page', () => {
    showDashboard(30, '/dashboard?seite=99')
    expect(tileNames()).toEqual([
      'Objekt 25',
      'Objekt 26',
      'Objekt 27',
      'Objekt 28',
      'Objekt 29',
      'Objekt 30',
    ])
  })

  it('names each tile by the text it shows, the address telling equal names apart', () => {
    const [first, second, third] = properties(3) as [Connection, Connection, Connection]
    storeSession({ name: 'Thomas Brandt' } as SessionUser, [
      { ...first, name1: 'Sahner, Ida', name2: 'Mehrfamilienhaus' },
      { ...second, name1: 'Sahner, Ida', name2: 'Mehrfamilienhaus' },
      { ...third, houseNumberSuffix: 'a', productName: 'Heizkostenabrechnung' },
    ])
    renderRoutes([{ path: '/', element: <DashboardPage /> }], '/', customer)
    const names = [
      'Sahner, Ida Mehrfamilienhaus Hauptstraße 1 04109 Leipzig',
      'Sahner, Ida Mehrfamilienhaus Hauptstraße 2 04109 Leipzig',
      'Objekt 3 Hauptstraße 3a 04109 Leipzig Produkt: Heizkostenabrechnung',
    ]
    expect(tiles()).toHaveLength(3)
    tiles().forEach((tile, index) => {
      expect(tile).toHaveAccessibleName(names[index])
      expect(tile).not.toHaveAttribute('aria-label')
    })
    expect(screen.getByRole('link', { name: names[0] })).toHaveAttribute(
      'href',
      '/properties/1000000001',
    )
  })

  it('links to the table that searches all properties', async () => {
    const router = showDashboard(40)
    await userEvent.click(
      screen.getByRole('link', { name: 'Alle Liegenschaften als Tabelle durchsuchen' }),
    )
    expect(router.state.location.pathname).toBe('/properties')
  })
})

describe('the billing year notice', () => {
  const notice = async () => {
    await waitFor(() => expect(screen.queryByText(/wird geladen/)).toBeNull())
    return screen.getByRole('alert').textContent
  }

  it('says what the distributions say: 2025 open, 2024 released, not the configured text', async () => {
    distributions = [
      distribution(2025, 'O'),
      distribution(2025, 'O'),
      distribution(2024, 'F'),
      distribution(2024, 'G'),
    ]
    showDashboard(2)
    expect(await notice()).toBe(
      'Die Kostenerfassung für das Abrechnungsjahr 2025 ist geöffnet.' +
        'Die Abrechnung für das Abrechnungsjahr 2024 ist freigegeben und kann geprüft werden.',
    )
    const [, init] = search.mock.calls[0]!
    // the last two billing years and the running one, of every property the user sees
    const year = new Date().getFullYear()
    expect(JSON.parse(init.body as string)).toEqual({
      filters: [{ property: 'until', type: 'ge', value: `${year - 2}-01-01` }],
    })
  })

  it('takes the year open while one property is, and names years with the provider or closed', async () => {
    distributions = [
      distribution(2024, 'E'),
      distribution(2024, 'O'),
      distribution(2023, 'G'),
      distribution(2023, 'S'),
      distribution(2022, 'V'),
    ]
    showDashboard(2)
    expect(await notice()).toBe(
      'Die Kostenerfassung für das Abrechnungsjahr 2024 ist geöffnet.' +
        'Das Abrechnungsjahr 2023 ist abgeschlossen.',
    )
  })

  it('names a year with the provider', async () => {
    distributions = [distribution(2024, 'V'), distribution(2024, 'E')]
    showDashboard(2)
    expect(await notice()).toBe(
      'Die Kosten für das Abrechnungsjahr 2024 sind erfasst; die Abrechnung wird erstellt.',
    )
  })

  it("shows the customer's notice while its billing year has no distribution yet", async () => {
    distributions = [distribution(2023, 'F')]
    showDashboard(2)
    expect(await notice()).toBe(
      `${NOTICE}Die Abrechnung für das Abrechnungsjahr 2023 ist freigegeben und kann geprüft werden.`,
    )
  })
})

describe('the tile of the devices due (decision 068)', () => {
  const tile = () => screen.queryByRole('region', { name: 'Geräte: Fernablesung und Eichung' })
  /** The dashboard once its notices have their answers. */
  async function settled() {
    await waitFor(() => expect(document.querySelector('[aria-busy="true"]')).toBeNull())
  }

  it.each([
    ['to retrofit by 31.12.2026', { retrofitDue: 3 }],
    ['overdue', { retrofitOverdue: 1 }],
    ['not remote since installation', { mustBeRemote: 2 }],
    ['calibration due this year', { calibrationDue: 1 }],
    ['calibration expired', { calibrationExpired: 1 }],
  ])('shows while a device is %s, and leads to /devices', async (_, counts) => {
    compliance = counts
    showDashboard(3)
    await settled()
    const shown = tile()
    expect(shown).not.toBeNull()
    expect(
      within(shown!).getByRole('link', { name: 'Fällige Geräte aller Liegenschaften ansehen' }),
    ).toHaveAttribute('href', '/devices')
  })

  it('says how many of each', async () => {
    compliance = { retrofitDue: 3, retrofitOverdue: 1, mustBeRemote: 2, calibrationExpired: 4 }
    showDashboard(3)
    await settled()
    expect(tile()).toHaveTextContent(
      '3 bis 31.12.2026 nachzurüsten, 3 nicht fernablesbar trotz Pflicht, 4 Eichungen fällig oder abgelaufen.',
    )
  })

  it('is not there while nothing is due', async () => {
    compliance = {}
    showDashboard(3)
    await settled()
    expect(tile()).toBeNull()
    expect(search).toHaveBeenCalledWith('/api/persistence/device-compliance', expect.anything())
  })

  it('is not there when the counts cannot be read', async () => {
    compliance = null
    showDashboard(3)
    await settled()
    expect(tile()).toBeNull()
  })
})
