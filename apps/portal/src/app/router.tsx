import { lazy, Suspense } from 'react'
import { createBrowserRouter, Navigate, Outlet } from 'react-router'
import { isLoggedIn } from '../lib/session'
import { RequireSession } from './guard'
import { PublicShell } from './layout/public-shell'
import { ScreenLoading } from '../components/screen-loading'
import { RouteError } from './route-error'

/** The signed-in shell is loaded on demand too: the login page does not need its code. */
const loadAppShell = () => import('./layout/app-shell')
const AppShell = lazy(async () => ({ default: (await loadAppShell()).AppShell }))

/** The legal notices are reachable signed in or out: an imprint must be. */
function LegalShell() {
  if (!isLoggedIn()) return <PublicShell />
  return (
    <Suspense fallback={<ScreenLoading />}>
      <AppShell />
    </Suspense>
  )
}

/** §2: all routes inside a root layout route at /, every screen loaded on demand. */
export function createRouter() {
  return createBrowserRouter([
    {
      path: '/',
      element: <Outlet />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <ScreenLoading />,
      children: [
        {
          element: <PublicShell />,
          children: [{ path: 'authenticate', lazy: () => import('../features/auth/login-page') }],
        },
        {
          element: <LegalShell />,
          children: [
            { path: 'imprint', lazy: () => import('../features/legal/imprint-page') },
            { path: 'privacy', lazy: () => import('../features/legal/privacy-page') },
            { path: 'terms', lazy: () => import('../features/legal/terms-page') },
          ],
        },
        {
          element: <RequireSession />,
          children: [
            {
              lazy: async () => ({ Component: (await loadAppShell()).AppShell }),
              children: [
                { index: true, element: <Navigate to="/dashboard" replace /> },
                { path: 'dashboard', lazy: () => import('../features/dashboard/dashboard-page') },
                {
                  path: 'properties',
                  lazy: () => import('../features/properties/properties-page'),
                },
                {
                  path: 'properties/:connection',
                  lazy: () => import('../features/properties/property-page'),
                },
                {
                  path: 'properties/:connection/costs',
                  lazy: () => import('./routes/cost-allocation-page'),
                },
                {
                  path: 'properties/:connection/units/:pointOfDelivery',
                  lazy: () => import('./routes/unit-page'),
                },
                { path: 'faq', lazy: () => import('../features/faq/faq-page') },
                {
                  path: 'notifications',
                  lazy: () => import('../features/notifications/notifications-page'),
                },
                { path: 'account', lazy: () => import('../features/account/account-page') },
                { path: '*', element: <Navigate to="/dashboard" replace /> },
              ],
            },
          ],
        },
      ],
    },
  ])
}
