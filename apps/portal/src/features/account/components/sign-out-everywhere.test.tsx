import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { initI18n } from '../../../lib/i18n'
import { isLoggedIn, storeToken, takeSessionMessage } from '../../../lib/session'
import { renderWithQueries } from '../../../testing/render'
import { SignOutEverywhere } from './sign-out-everywhere'

const assign = vi.fn()
const fetchMock = vi.fn<typeof fetch>()

function show() {
  renderWithQueries(<SignOutEverywhere />)
}

async function confirmInDialog() {
  await userEvent.click(screen.getByRole('button', { name: 'Auf allen Geräten abmelden' }))
  const dialog = screen.getByRole('dialog', { name: 'Auf allen Geräten abmelden?' })
  await userEvent.click(within(dialog).getByRole('button', { name: 'Auf allen Geräten abmelden' }))
}

describe('sign out everywhere', () => {
  beforeAll(() => initI18n())
  beforeEach(() => {
    localStorage.clear()
    sessionStorage.clear()
    assign.mockClear()
    fetchMock.mockReset()
    vi.stubGlobal('fetch', fetchMock)
    vi.stubGlobal('location', { assign, origin: 'http://portal.test', pathname: '/account' })
    storeToken('t0k3n')
  })
  afterEach(() => vi.unstubAllGlobals())

  it('asks first, revokes every token with an idempotency key, then signs out here with a message', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }))
    show()
    await userEvent.click(screen.getByRole('button', { name: 'Auf allen Geräten abmelden' }))
    await userEvent.click(screen.getByRole('button', { name: 'Abbrechen' }))
    // the dialog fades out; until then the page behind it is hidden from the accessibility tree
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(fetchMock).not.toHaveBeenCalled()

    await confirmInDialog()
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/authenticate'))
    const [url, init] = fetchMock.mock.calls[0]!
    expect(url).toBe('/api/token/revoke-all')
    expect(init?.method).toBe('POST')
    const headers = init?.headers as Record<string, string>
    expect(headers.Authorization).toBe('Bearer t0k3n')
    expect(headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/)
    expect(isLoggedIn()).toBe(false)
    const message = takeSessionMessage()
    expect(message?.type).toBe('info')
    expect(message?.message).toMatch(/^Sie haben sich auf allen Geräten abgemeldet\./)
  })

  it('stays signed in and says so when the server fails', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ detail: 'Leider ist ein Fehler aufgetreten.' }), {
        status: 500,
      }),
    )
    show()
    await confirmInDialog()
    expect(await screen.findByRole('alert')).toHaveTextContent('Fehlercodes 108')
    expect(isLoggedIn()).toBe(true)
    expect(assign).not.toHaveBeenCalled()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})
