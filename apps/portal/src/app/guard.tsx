import { Navigate, Outlet, useLocation } from 'react-router'
import { isLoggedIn, signInPath } from '../lib/session'

/**
 * §2: every route but /authenticate needs a token or bearer token in session storage. The route
 * asked for (a deep link from a notification or a mail) goes along as `?next=`, so that the
 * sign-in lands there rather than on the dashboard (decision 022).
 */
export function RequireSession() {
  const { pathname, search, hash } = useLocation()
  if (isLoggedIn()) return <Outlet />
  return <Navigate to={signInPath(`${pathname}${search}${hash}`)} replace />
}
