import { render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router'
import { beforeEach, describe, expect, it } from 'vitest'
import { storeToken } from '../lib/session'
import { RequireSession } from './guard'

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
