import { Navigate, Outlet } from 'react-router'
import { isLoggedIn } from '../lib/session'

/** §2: every route but /authenticate needs a token or bearer token in session storage. */
export function RequireSession() {
  return isLoggedIn() ? <Outlet /> : <Navigate to="/authenticate" replace />
}
