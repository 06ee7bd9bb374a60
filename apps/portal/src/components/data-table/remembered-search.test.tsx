import { act, render } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { beforeEach, describe, expect, it } from 'vitest'
import { rememberedLocation, useRememberSearch } from './remembered-search'

function List() {
  useRememberSearch('/properties')
  return <p>Liste</p>
}

function visit(url: string) {
  const router = createMemoryRouter([{ path: '/properties', element: <List /> }], {
    initialEntries: [url],
  })
  render(<RouterProvider router={router} />)
  return router
}

describe('the remembered search of a list page', () => {
  beforeEach(() => sessionStorage.clear())

  it('is empty before the list was visited', () => {
    expect(rememberedLocation('/properties')).toEqual({ pathname: '/properties', search: '' })
  })

  it('is the search the list was last left with', async () => {
    const router = visit('/properties?q=Mainz&page=2')
    expect(rememberedLocation('/properties').search).toBe('?q=Mainz&page=2')
    await act(() => router.navigate('/properties?q=Mainz'))
    expect(rememberedLocation('/properties')).toEqual({
      pathname: '/properties',
      search: '?q=Mainz',
    })
    await act(() => router.navigate('/properties'))
    expect(rememberedLocation('/properties').search).toBe('')
  })

  it('keeps the lists apart', () => {
    visit('/properties?q=Mainz')
    expect(rememberedLocation('/properties/1000000007').search).toBe('')
  })
})
