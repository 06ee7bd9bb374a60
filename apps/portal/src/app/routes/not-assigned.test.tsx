import { screen, waitFor } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { Component as PropertyPage } from './property-page'
import type { LoadedCustomer } from '../../lib/customer'
import { initI18n } from '../../lib/i18n'
import { connectionOf } from '../../testing/fixtures'
import { renderRoutes } from '../../testing/render'
import { Component as CostAllocationPage } from './cost-allocation-page'
import { Component as UnitPage } from './unit-page'

const customer = {
  config: { applicationTitle: 'Kundenportal', switches: { showContractReference: true } },
} as LoadedCustomer

const PROPERTY = connectionOf({
  connection: '1000000002',
  name1: 'Wohnanlage',
  name2: 'Am Park',
  street: 'Parkstraße',
  houseNumber: '3',
  houseNumberSuffix: null,
  postalCode: '04109',
  city: 'Leipzig',
})
const GENERIC = /Leider ist ein Fehler aufgetreten/

/** Records the server knows; any other id answers as the server does: 404 NOT_FOUND. */
let known: Record<string, object>
/** Answers that fail with a 5xx instead. */
let failing: Set<string>
/** Every call the pages made. */
let calls: string[]

beforeAll(() => initI18n())
beforeEach(() => {
  known = {}
  failing = new Set()
  calls = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url)
      if (failing.has(url)) {
        return Response.json({ detail: 'Interner Fehler.', code: 'INTERNAL' }, { status: 500 })
      }
      // the legacy endpoint answers an unknown object with success false and a fresh token
      if (url === '/api/legacy') {
        return Response.json({
          success: false,
          data: null,
          message: 'Das Objekt wurde nicht gefunden.',
          token: 't',
        })
      }
      // a search finds nothing of an id the user may not see
      if (url.includes('-search')) return Response.json({ items: [], next: null })
      const record = known[url]
      if (record) return Response.json(record)
      return Response.json(
        { detail: 'Der Datensatz wurde nicht gefunden.', code: 'NOT_FOUND' },
        { status: 404 },
      )
    }),
  )
})
afterEach(() => vi.unstubAllGlobals())

function show(url: string) {
  renderRoutes(
    [
      { path: '/properties/:connection', element: <PropertyPage /> },
      { path: '/properties/:connection/costs', element: <CostAllocationPage /> },
      { path: '/properties/:connection/units/:pointOfDelivery', element: <UnitPage /> },
      { path: '/properties', element: <h1>Liegenschaften</h1> },
    ],
    url,
    customer,
  )
}

/** Waits until every call the page started has been answered and rendered. */
async function settled() {
  await waitFor(() => expect(calls.length).toBeGreaterThan(0))
  await new Promise((resolve) => setTimeout(resolve, 100))
}

async function expectOneNotice(heading: string, message: string) {
  expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument()
  await settled()
  const alerts = screen.getAllByRole('alert')
  expect(alerts.map((a) => a.textContent)).toEqual([message])
  expect(screen.queryByText(GENERIC)).toBeNull()
  expect(screen.getByRole('link', { name: 'Zurück zu den Liegenschaften' })).toHaveAttribute(
    'href',
    '/properties',
  )
}

const PROPERTY_NOTICE = {
  heading: 'Liegenschaft nicht zugeordnet',
  message: 'Diese Liegenschaft ist Ihrem Konto nicht zugeordnet.',
}

describe('a record not assigned to the account', () => {
  it.each([
    {
      name: 'property page: one notice, no panel',
      url: '/properties/9999999999',
      notice: PROPERTY_NOTICE,
      notShown: () => screen.queryByRole('table'),
    },
    {
      name: 'unit page of an unknown unit: one notice instead of an error in every panel',
      property: PROPERTY,
      url: '/properties/1000000002/units/V9999999999',
      notice: {
        heading: 'Nutzeinheit nicht zugeordnet',
        message: 'Diese Nutzeinheit ist Ihrem Konto nicht zugeordnet.',
      },
      notShown: () => screen.queryByRole('heading', { name: 'Verträge' }),
    },
    {
      name: 'unit page of an unknown property: the property’s notice',
      url: '/properties/9999999999/units/V9999999999',
      notice: PROPERTY_NOTICE,
    },
    {
      name: 'cost allocation of an unknown property: the property’s notice, not an empty list',
      url: '/properties/9999999999/costs?distribution=9999999999-2024',
      notice: PROPERTY_NOTICE,
      notShown: () => screen.queryByText('Keine Daten vorhanden!'),
    },
  ])('$name', async ({ property, url, notice, notShown }) => {
    if (property) known['/api/persistence/connections/1000000002'] = property
    show(url)
    await expectOneNotice(notice.heading, notice.message)
    if (notShown) expect(notShown()).toBeNull()
  })

  it('cost allocation with a distribution not assigned: its notice below the selection', async () => {
    known['/api/persistence/connections/1000000002'] = PROPERTY
    show('/properties/1000000002/costs?distribution=9999999999-2024')
    expect(
      await screen.findByText('Diese Kostenverteilung ist Ihrem Konto nicht zugeordnet.'),
    ).toBeInTheDocument()
    await settled()
    expect(screen.getAllByRole('alert')).toHaveLength(1)
    expect(screen.getByRole('heading', { level: 1, name: 'Kostenverteilung' })).toBeInTheDocument()
  })

  it('keeps a server failure a failure: one generic notice with the code, no panels', async () => {
    known['/api/persistence/connections/1000000002'] = PROPERTY
    failing.add('/api/persistence/points-of-delivery/V1000000001')
    show('/properties/1000000002/units/V1000000001')
    expect(await screen.findByRole('alert')).toHaveTextContent(GENERIC)
    await settled()
    // the panels failed too, but stay hidden: what the user perceives is the one notice
    expect(screen.getAllByRole('alert')).toHaveLength(1)
    expect(screen.getByRole('alert')).toHaveTextContent('130')
    expect(screen.queryByText(/nicht zugeordnet/)).toBeNull()
    expect(screen.queryByRole('heading', { name: 'Verträge' })).toBeNull()
  })
})
