import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { LoadedCustomer } from '../../lib/customer'
import { initI18n } from '../../lib/i18n'
import { storeSession, storeToken, type SessionUser } from '../../lib/session'
import { jsonAnswer } from '../../testing/answers'
import { renderRoutes } from '../../testing/render'
import { AppShell } from './app-shell'

const customer = {
  config: {
    applicationTitle: 'Muster Kundenportal',
    logoUrl: '/customer-assets/logo.svg',
    faviconUrl: '/customer-assets/favicon.svg',
    customerService: { phone: '0800 123', mail: 'service@muster.example' },
  },
} as unknown as LoadedCustomer

const server = vi.fn((url: string) =>
  Promise.resolve(
    url.startsWith('/api/persistence/notifications')
      ? jsonAnswer(200, { items: [], next: null })
      : jsonAnswer(404, { detail: 'Nicht gefunden.', code: 'NOT_FOUND' }),
  ),
)

/** The shell for this user. */
function showShellFor(user: Partial<SessionUser>) {
  storeToken('t0k3n')
  storeSession(
    { userName: 'u', companyCode: '1000', businessPartner: null, name: 'U', mail: '', ...user },
    [],
  )
  renderRoutes(
    [{ element: <AppShell />, children: [{ path: '/dashboard', element: <h1>Start</h1> }] }],
    '/dashboard',
    customer,
  )
}

/** The names of the navigation's links; jsdom knows no wide screen, so it is a drawer to open. */
async function navigationLinks() {
  await userEvent.click(screen.getByRole('button', { name: 'Navigation öffnen' }))
  const navigation = await screen.findByRole('navigation', { name: 'Hauptnavigation' })
  return within(navigation)
    .getAllByRole('link')
    .map((link) => link.textContent)
}

beforeAll(() => initI18n())
beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
  server.mockClear()
  vi.stubGlobal('fetch', server)
})
afterEach(() => vi.unstubAllGlobals())

describe('the navigation of the shell', () => {
  it('shows a resident only what is his, and no notifications (decision 065)', async () => {
    showShellFor({ resident: true })
    expect(screen.queryByRole('link', { name: /^Benachrichtigungen/ })).not.toBeInTheDocument()
    expect(await navigationLinks()).toEqual(['Meine Verbrauchsinformation', 'FAQ', 'Konto'])
    expect(server.mock.calls.map(([url]) => url)).toEqual([])
  })

  it('shows a manager his properties, their orders and alarms', async () => {
    showShellFor({ resident: false })
    expect(screen.getByRole('link', { name: /^Benachrichtigungen/ })).toBeInTheDocument()
    expect(await navigationLinks()).toEqual([
      'Dashboard',
      'Liegenschaften',
      'Aufträge',
      'Alarme',
      'FAQ',
      'Konto',
    ])
  })
})
