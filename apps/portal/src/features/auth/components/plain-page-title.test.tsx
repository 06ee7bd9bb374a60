import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { PlainPageTitle, SignedOutAnnouncer } from './plain-page-title'

function showPages(start: string) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <SignedOutAnnouncer>
            <Outlet />
          </SignedOutAnnouncer>
        ),
        children: [
          { path: '/imprint', element: <Link to="/authenticate">Anmelden</Link> },
          {
            path: '/authenticate',
            element: (
              <>
                <PlainPageTitle>Anmelden</PlainPageTitle>
                <Link to="/authenticate?view=reset">Passwort vergessen?</Link>
              </>
            ),
          },
        ],
      },
    ],
    { initialEntries: [start] },
  )
  render(<RouterProvider router={router} />)
}

const announcement = () => screen.getByRole('status')

describe('the title of a signed-out screen', () => {
  it('names the tab and leaves the focus at the top on the first page of a visit', () => {
    showPages('/authenticate')
    expect(screen.getByRole('heading', { level: 1, name: 'Anmelden' })).not.toHaveFocus()
    expect(announcement()).toBeEmptyDOMElement()
    expect(document.title).toBe('Anmelden')
  })

  it('takes the focus and is announced on a page reached from another one', async () => {
    showPages('/imprint')
    await userEvent.click(screen.getByRole('link', { name: 'Anmelden' }))
    const heading = screen.getByRole('heading', { level: 1, name: 'Anmelden' })
    expect(heading).toHaveFocus()
    expect(announcement()).toHaveTextContent('Anmelden')

    // another view of the same page is no new page: the focus stays where the user acted
    const link = screen.getByRole('link', { name: 'Passwort vergessen?' })
    await userEvent.click(link)
    expect(link).toHaveFocus()
  })
})
