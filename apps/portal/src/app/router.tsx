import { createBrowserRouter, Navigate, Outlet } from 'react-router'
import { isLoggedIn } from '../lib/session'
import { RequireSession } from './guard'
import { AppShell } from './layout/app-shell'
import { PublicShell } from './layout/public-shell'
import { RouteError, ScreenLoading } from './route-error'

/** The legal notices are reachable signed in or out: an imprint must be. */
function LegalShell() {
  return isLoggedIn() ? <AppShell /> : <PublicShell />
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
              element: <AppShell />,
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
