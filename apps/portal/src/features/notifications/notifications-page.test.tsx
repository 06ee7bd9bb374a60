import type { Notification, NotificationsReadRequest } from '@portal/domain'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { initI18n } from '../../lib/i18n'
import { renderRoutes } from '../../testing/render'
import { NotificationBell } from './components/notification-bell'
import { Component as NotificationsPage, NOTIFICATIONS_PER_PAGE } from './notifications-page'

const READ_URL = '/api/persistence/notifications/read'

function released(index: number, read = false): Notification {
  return {
    id: `RELEASED-10000000${String(index).padStart(2, '0')}-2024`,
    kind: 'RELEASED',
    title: `Kostenverteilung zur Genehmigung freigegeben ${index}`,
    text: 'Die Kostenverteilung 01.01.2024 – 31.12.2024 wurde am 03.11.2026 zur Genehmigung freigegeben.',
    date: `2026-11-${String(28 - (index % 28)).padStart(2, '0')}T09:30:00.000Z`,
    link: `/properties/10000000${index}/costs`,
    property: {
      connection: `10000000${index}`,
      name: `Wohnanlage ${index}`,
      address: `Lindenstraße ${index}, 04109 Leipzig`,
    },
    unit: null,
    read,
  }
}

const TENANT_CHANGE: Notification = {
  id: 'TENANT_CHANGE-5eed0003',
  kind: 'TENANT_CHANGE',
  title: 'Mieterwechsel gemeldet: in Bearbeitung',
  text: 'Ihr gemeldeter Mieterwechsel für die Nutzeinheit NE-0001 (Optik Eplinius e.K.) ist in Bearbeitung.',
  date: '2026-11-30T15:20:00.000Z',
  link: '/properties/1000000004/units/V1000000037',
  property: {
    connection: '1000000004',
    name: 'Geschäftshaus Markt',
    address: 'Markt 4, 04109 Leipzig',
  },
  unit: {
    pointOfDelivery: 'V1000000037',
    reference: 'NE-0001',
    location: 'EG · links',
    address: 'Markt 4a',
  },
  read: false,
}

/** The server's notifications with their read marks, and the mark requests it received. */
let stored: Notification[]
let marks: { request: NotificationsReadRequest; key: string | null }[]

beforeAll(() => initI18n())
beforeEach(() => {
  marks = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (url === '/api/persistence/notifications') {
        return Response.json({ items: structuredClone(stored) })
      }
      if (url === READ_URL) {
        const request = JSON.parse(init.body as string) as NotificationsReadRequest
        marks.push({
          request,
          key: (init.headers as Record<string, string>)['Idempotency-Key'] ?? null,
        })
        const named = request.all ? null : new Set(request.ids)
        const read = stored.filter((n) => named === null || named.has(n.id))
        for (const n of read) n.read = true
        return Response.json({
          read: read.map((n) => n.id),
          unread: stored.filter((n) => !n.read).length,
        })
      }
      throw new Error(`unexpected ${url}`)
    }),
  )
})
afterEach(() => vi.unstubAllGlobals())

/** The app bar's bell above the route: the dashboard, or the notifications page. */
function showPortal(url: string) {
  renderRoutes(
    [
      {
        path: '/',
        element: <NotificationBell />,
        children: [{ path: 'dashboard', element: <h1>Dashboard</h1> }],
      },
      {
        path: '/notifications',
        element: (
          <>
            <NotificationBell />
            <NotificationsPage />
          </>
        ),
      },
    ],
    url,
  )
}

const bell = () => screen.getByRole('link', { name: /^Benachrichtigungen/ })

describe('the notification bell', () => {
  it('counts the unread notifications only, and its name says the count it shows', async () => {
    stored = [TENANT_CHANGE, released(1), released(2, true)]
    showPortal('/dashboard')
    await waitFor(() => expect(bell()).toHaveAccessibleName('Benachrichtigungen, 2 ungelesen'))
    expect(bell()).toHaveTextContent(/^2$/)
    expect(marks).toEqual([])
  })

  it('shows 99+ for many and keeps that visible text in its name', async () => {
    stored = Array.from({ length: 150 }, (_, i) => released(i))
    showPortal('/dashboard')
    await waitFor(() => expect(bell()).toHaveAccessibleName('Benachrichtigungen, 99+ ungelesen'))
    expect(bell()).toHaveTextContent(/^99\+$/)
  })

  it('says that none is unread', async () => {
    stored = [released(1, true)]
    showPortal('/dashboard')
    await waitFor(() => expect(bell()).toHaveAccessibleName('Benachrichtigungen, keine ungelesen'))
  })
})

describe('the notifications page', () => {
  it('names property and unit by address and marks what it shows read, the badge clears', async () => {
    stored = [TENANT_CHANGE, released(1), released(2, true)]
    showPortal('/notifications')
    const list = await screen.findByRole('list')
    const items = within(list).getAllByRole('listitem')
    expect(items[0]).toHaveTextContent('Liegenschaft: Markt 4, 04109 Leipzig')
    expect(items[0]).toHaveTextContent('Nutzeinheit: NE-0001 · EG · links · Markt 4a')
    expect(items[1]).toHaveTextContent('Liegenschaft: Lindenstraße 1, 04109 Leipzig')

    await waitFor(() => expect(bell()).toHaveAccessibleName('Benachrichtigungen, keine ungelesen'))
    expect(bell()).toHaveTextContent(/^$/)
    expect(marks.map((m) => m.request)).toEqual([{ ids: [TENANT_CHANGE.id, released(1).id] }])
    expect(marks[0]!.key).toMatch(/^[0-9a-f]{32}$/)
    // what was new when the page opened stays marked new for this visit
    expect(within(items[0]!).getByText('Neu')).toBeInTheDocument()
    expect(within(items[1]!).getByText('Neu')).toBeInTheDocument()
    expect(within(items[2]!).queryByText('Neu')).toBeNull()
  })

  it('marks the shown page only, and all of them on request', async () => {
    stored = Array.from({ length: NOTIFICATIONS_PER_PAGE + 5 }, (_, i) => released(i))
    showPortal('/notifications')
    await waitFor(() => expect(bell()).toHaveAccessibleName('Benachrichtigungen, 5 ungelesen'))
    expect(marks).toHaveLength(1)
    expect(marks[0]!.request.ids).toHaveLength(NOTIFICATIONS_PER_PAGE)

    await userEvent.click(screen.getByRole('button', { name: 'Alle als gelesen markieren' }))
    await waitFor(() => expect(bell()).toHaveAccessibleName('Benachrichtigungen, keine ungelesen'))
    expect(marks.at(-1)!.request).toEqual({ all: true })
    expect(screen.getByRole('status')).toHaveTextContent(
      'Alle Benachrichtigungen sind als gelesen markiert.',
    )
    expect(screen.getByRole('status')).toHaveFocus()
    expect(screen.queryByRole('button', { name: 'Alle als gelesen markieren' })).toBeNull()
  })
})
