import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { createMemoryRouter, Link, Outlet, RouterProvider, useSearchParams } from 'react-router'
import { describe, expect, it } from 'vitest'
import { CustomerContext, type LoadedCustomer } from '../../lib/customer'
import { PageAnnouncer, PageTitle } from './page-title'

const customer = { config: { applicationTitle: 'Alpha Wärme Kundenportal' } } as LoadedCustomer

function Page({ title }: { title: string }) {
  const [, setParams] = useSearchParams()
  return (
    <>
      <PageTitle documentTitle={title}>{title}</PageTitle>
      <Link to="/faq">Zu den Fragen</Link>
      <Link to="/account">Zum Konto</Link>
      <button type="button" onClick={() => setParams({ seite: '2' })}>
        Nächste Seite
      </button>
    </>
  )
}

/** A unit whose title is still loading when its page is shown. */
function LoadingPage() {
  const [title, setTitle] = useState('Nutzeinheit wird geladen')
  return (
    <>
      <PageTitle documentTitle={title}>{title}</PageTitle>
      <button type="button" onClick={() => setTitle('Nutzeinheit NE-0001')}>
        Geladen
      </button>
    </>
  )
}

function showApp() {
  const router = createMemoryRouter(
    [
      {
        element: (
          <PageAnnouncer>
            <Outlet />
          </PageAnnouncer>
        ),
        children: [
          { path: '/dashboard', element: <Page title="Dashboard" /> },
          { path: '/faq', element: <Page title="Häufige Fragen" /> },
          { path: '/account', element: <Page title="Konto" /> },
          { path: '/unit', element: <LoadingPage /> },
        ],
      },
    ],
    { initialEntries: ['/dashboard'] },
  )
  render(
    <CustomerContext.Provider value={customer}>
      <RouterProvider router={router} />
    </CustomerContext.Provider>,
  )
  return router
}

const heading = () => screen.getByRole('heading', { level: 1 })
const announcement = () => screen.getByRole('status')

describe('the page title', () => {
  it('names the tab, but leaves the focus and says nothing on the first page', () => {
    showApp()
    expect(document.title).toBe('Dashboard – Alpha Wärme Kundenportal')
    expect(heading()).not.toHaveFocus()
    expect(heading()).toHaveAttribute('tabindex', '-1')
    expect(announcement()).toHaveTextContent('')
  })

  it('moves the focus to the new page’s h1 and announces its title', async () => {
    showApp()
    await userEvent.click(screen.getByRole('link', { name: 'Zu den Fragen' }))
    expect(heading()).toHaveTextContent('Häufige Fragen')
    expect(heading()).toHaveFocus()
    expect(document.title).toBe('Häufige Fragen – Alpha Wärme Kundenportal')
    expect(announcement()).toHaveTextContent('Häufige Fragen')

    await userEvent.click(screen.getByRole('link', { name: 'Zum Konto' }))
    expect(heading()).toHaveTextContent('Konto')
    expect(heading()).toHaveFocus()
    expect(announcement()).toHaveTextContent('Konto')
  })

  it('does so on back and forward as well', async () => {
    const router = showApp()
    await userEvent.click(screen.getByRole('link', { name: 'Zu den Fragen' }))
    await act(() => router.navigate(-1))
    expect(heading()).toHaveTextContent('Dashboard')
    expect(heading()).toHaveFocus()
    expect(document.title).toBe('Dashboard – Alpha Wärme Kundenportal')
    expect(announcement()).toHaveTextContent('Dashboard')
  })

  it('keeps the focus where it is when only a search parameter changes', async () => {
    const router = showApp()
    const next = screen.getByRole('button', { name: 'Nächste Seite' })
    await userEvent.click(next)
    expect(router.state.location.search).toBe('?seite=2')
    expect(next).toHaveFocus()
    expect(announcement()).toHaveTextContent('')
  })

  it('announces the loaded title of a page that was still loading', async () => {
    const router = showApp()
    await act(() => router.navigate('/unit'))
    expect(announcement()).toHaveTextContent('Nutzeinheit wird geladen')
    await userEvent.click(screen.getByRole('button', { name: 'Geladen' }))
    expect(announcement()).toHaveTextContent('Nutzeinheit NE-0001')
    expect(document.title).toBe('Nutzeinheit NE-0001 – Alpha Wärme Kundenportal')
  })
})
