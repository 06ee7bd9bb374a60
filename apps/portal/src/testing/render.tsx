import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactElement } from 'react'
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router'
import { CustomerContext, type LoadedCustomer } from '../lib/customer'

/** A query client of its own for each test; a failed request is not tried again. */
function testQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  })
}

/** What a screen has around it in the portal: a query client and, when given, the customer configuration. */
function withProviders(ui: ReactElement, customer?: LoadedCustomer) {
  const queries = <QueryClientProvider client={testQueryClient()}>{ui}</QueryClientProvider>
  return customer ? (
    <CustomerContext.Provider value={customer}>{queries}</CustomerContext.Provider>
  ) : (
    queries
  )
}

/** Renders a part of a screen with a fresh query client (and the customer configuration). */
export function renderWithQueries(ui: ReactElement, customer?: LoadedCustomer) {
  return render(withProviders(ui, customer))
}

/**
 * Renders the routes in a memory router opened at `url`, with a fresh query client (and the
 * customer configuration); the router tells where a navigation led.
 */
export function renderRoutes(routes: RouteObject[], url: string, customer?: LoadedCustomer) {
  const router = createMemoryRouter(routes, { initialEntries: [url] })
  render(withProviders(<RouterProvider router={router} />, customer))
  return router
}

/** The texts of a table's column headers, in their order. */
export function columnHeaders(table: HTMLElement) {
  return within(table)
    .getAllByRole('columnheader')
    .map((header) => header.textContent)
}

/** Presses the button that opens the decline dialog (§4); its reason field and its confirm button. */
export async function openDeclineDialog(opener: string, dialogName: string) {
  await userEvent.click(screen.getByRole('button', { name: opener }))
  const dialog = await screen.findByRole('dialog', { name: dialogName })
  return {
    dialog,
    reason: within(dialog).getByRole('textbox', { name: /Grund der Ablehnung/ }),
    confirm: within(dialog).getByRole('button', { name: 'Ablehnen' }),
  }
}
