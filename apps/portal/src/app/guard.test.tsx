import { cleanup, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router'
import { beforeEach, describe, expect, it } from 'vitest'
import { storeSession, storeToken, type SessionUser } from '../lib/session'
import { RequireManager, RequireSession } from './guard'

function SignInPage() {
  const { search } = useLocation()
  return <p>Anmeldung {new URLSearchParams(search).get('next') ?? '(ohne Ziel)'}</p>
}

function show(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/authenticate', element: <SignInPage /> },
      { element: <RequireSession />, children: [{ path: '*', element: <p>Geschützt</p> }] },
    ],
    { initialEntries: [url] },
  )
  render(<RouterProvider router={router} />)
  return router
}

describe('the guard (§2)', () => {
  beforeEach(() => {
    localStorage.clear()
    sessionStorage.clear()
  })

  it('sends a signed-out deep link to the sign-in with the page asked for', () => {
    const router = show('/properties/1000000001/units/V100?tab=2#geraete')
    expect(router.state.location.pathname).toBe('/authenticate')
    expect(
      screen.getByText('Anmeldung /properties/1000000001/units/V100?tab=2#geraete'),
    ).toBeInTheDocument()
  })

  it('adds no deep link for the start page', () => {
    show('/dashboard')
    expect(screen.getByText('Anmeldung (ohne Ziel)')).toBeInTheDocument()
  })

  it('lets a signed-in user through', () => {
    storeToken('t0k3n')
    show('/properties/1000000001')
    expect(screen.getByText('Geschützt')).toBeInTheDocument()
  })
})

describe('the manager’s screens (decision 065)', () => {
  beforeEach(() => {
    localStorage.clear()
    sessionStorage.clear()
  })

  function showAs(user: Partial<SessionUser>) {
    storeToken('t0k3n')
    storeSession({ userName: 'u', companyCode: '1000', name: 'U', ...user } as SessionUser, [])
    const router = createMemoryRouter(
      [
        { path: '/dashboard', element: <p>Startseite</p> },
        {
          element: <RequireManager />,
          children: [{ path: '/properties/:connection', element: <p>Liegenschaft</p> }],
        },
      ],
      { initialEntries: ['/properties/1000000001'] },
    )
    render(<RouterProvider router={router} />)
    return router
  }

  it('lead a resident to his start page', () => {
    const router = showAs({ resident: true })
    expect(router.state.location.pathname).toBe('/dashboard')
    expect(screen.getByText('Startseite')).toBeInTheDocument()
  })

  it('open for a manager, and for a user stored before residents existed', () => {
    showAs({ resident: false })
    expect(screen.getByText('Liegenschaft')).toBeInTheDocument()
    cleanup()
    showAs({})
    expect(screen.getByText('Liegenschaft')).toBeInTheDocument()
  })
})
