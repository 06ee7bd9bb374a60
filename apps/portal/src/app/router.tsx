import type { ComponentType, ReactNode } from 'react'
import { createBrowserRouter, Navigate, Outlet, ScrollRestoration } from 'react-router'
import { PageAnnouncer } from '../components/kit/page-title'
import { ScreenLoading } from '../components/kit/progress'
import { RouteError } from '../components/page-notices'
import { useCustomer, type LoadedCustomer } from '../lib/customer'
import { isLoggedIn, isResident } from '../lib/session'
import { RequireManager, RequireSession } from './guard'
import { LEGAL_PAGES } from '../lib/legal-pages'

/**
 * The pages a visitor may open signed out (§6): the sign-in, a resident's registration (decision
 * 065) and the legal notices.
 */
export const SIGNED_OUT_PATHS: readonly string[] = [
  '/authenticate',
  '/register',
  ...LEGAL_PAGES.map((page) => `/${page}`),
]

/** The signed-in shell is loaded on demand too: the login page does not need its code. */
const loadAppShell = () => import('./layout/app-shell')

function ThemedLayout({
  Providers,
}: {
  Providers: ComponentType<{ customer: LoadedCustomer; children: ReactNode }>
}) {
  return (
    <Providers customer={useCustomer()}>
      <ScrollRestoration />
      <Outlet />
    </Providers>
  )
}

/**
 * MUI with the customer's theme and the router's scroll restoration (decision 021): a new page
 * starts at the top, back and forward return to where the page was left (keyed by history
 * entry). Loaded with the first screen that uses them, never by the sign-in page (decision 027),
 * which keeps nothing of its own in the session storage either.
 */
async function loadThemedLayout() {
  const { Providers } = await import('./providers')
  return { element: <ThemedLayout Providers={Providers} /> }
}

/**
 * The legal notices are reachable signed in or out: an imprint must be. Their frame is the app
 * shell or, signed out, the public shell. Signing in and out load a new page, so whether one is
 * signed in holds as long as the route does.
 */
async function loadLegalShell() {
  const Shell = isLoggedIn()
    ? (await loadAppShell()).AppShell
    : (await import('./layout/public-shell')).PublicShell
  return { Component: Shell }
}

/**
 * The start page: a resident's own tenancy and months (decision 065), a manager's properties.
 * Whether one is a resident holds as long as the route does, as whether one is signed in.
 */
const loadDashboard = () =>
  isResident()
    ? import('./routes/resident-dashboard-page')
    : import('../features/dashboard/dashboard-page')

/**
 * The root layout route. A new page's title is announced and its h1 focused by PageTitle, on the
 * signed-out screens and the MUI ones alike.
 */
function Root() {
  return (
    <PageAnnouncer>
      <Outlet />
    </PageAnnouncer>
  )
}

/**
 * §2: all routes inside a root layout route at /, every screen loaded on demand. The sign-in is
 * plain React (decision 027); every other screen is MUI's, below one themed layout that the
 * legal notices and the signed-in screens share.
 */
export function createRouter() {
  return createBrowserRouter([
    {
      path: '/',
      element: <Root />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <ScreenLoading />,
      children: [
        { path: 'authenticate', lazy: () => import('../features/auth/login-page') },
        { path: 'register', lazy: () => import('../features/auth/register-page') },
        {
          lazy: loadThemedLayout,
          children: [
            {
              lazy: loadLegalShell,
              children: [
                { path: 'imprint', lazy: () => import('../features/legal/imprint-page') },
                { path: 'privacy', lazy: () => import('../features/legal/privacy-page') },
                { path: 'terms', lazy: () => import('../features/legal/terms-page') },
                {
                  path: 'accessibility',
                  lazy: () => import('../features/legal/accessibility-page'),
                },
              ],
            },
            {
              element: <RequireSession />,
              children: [
                {
                  lazy: async () => ({ Component: (await loadAppShell()).AppShell }),
                  children: [
                    { index: true, element: <Navigate to="/dashboard" replace /> },
                    { path: 'dashboard', lazy: loadDashboard },
                    {
                      element: <RequireManager />,
                      children: [
                        {
                          path: 'properties',
                          lazy: () => import('../features/properties/properties-page'),
                        },
                        {
                          path: 'properties/:connection',
                          lazy: () => import('./routes/property-page'),
                        },
                        {
                          path: 'properties/:connection/costs',
                          lazy: () => import('./routes/cost-allocation-page'),
                        },
                        {
                          path: 'properties/:connection/units/:pointOfDelivery',
                          lazy: () => import('./routes/unit-page'),
                        },
                        {
                          path: 'devices',
                          lazy: () => import('../features/device-compliance/devices-page'),
                        },
                        {
                          path: 'orders',
                          lazy: () => import('../features/service-orders/orders-page'),
                        },
                        {
                          path: 'alarms',
                          lazy: () => import('../features/alarms/alarms-page'),
                        },
                        {
                          path: 'notifications',
                          lazy: () => import('../features/notifications/notifications-page'),
                        },
                      ],
                    },
                    { path: 'faq', lazy: () => import('../features/faq/faq-page') },
                    { path: 'account', lazy: () => import('../features/account/account-page') },
                    { path: '*', element: <Navigate to="/dashboard" replace /> },
                  ],
                },
              ],
            },
          ],
        },
      ],
    },
  ])
}
