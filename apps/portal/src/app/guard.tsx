import { Navigate, Outlet, useLocation } from 'react-router'
import { HOME_PATH, isLoggedIn, isResident, signInPath } from '../lib/session'

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

/**
 * Decision 065: the manager's screens (properties, units, costs, notifications) are not a
 * resident's; their routes answer him 404. He is led to his own start page instead.
 */
export function RequireManager() {
  if (isResident()) return <Navigate to={HOME_PATH} replace />
  return <Outlet />
}
