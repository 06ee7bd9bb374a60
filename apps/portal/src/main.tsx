// the signed-out frame's and the kit's styles come with the entry, so that the sign-in page does
// not wait for them after its code (decisions 027 and 048); the kit's last, as its controls'
// rules outweigh the frame's for every element (box sizing)
import './features/auth/signed-out.css'
import './components/kit/kit.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router'
import { createRouter, SIGNED_OUT_PATHS } from './app/router'
import { applyKitTheme } from './components/kit/theme'
import { setApiBaseUrl } from './lib/api-client'
import { applyDocumentSettings, CustomerContext, loadCustomer } from './lib/customer'
import { setLegacyEndpoint } from './lib/legacy-client'
import { initI18n } from './lib/i18n'
import { autoLogin, isLoggedIn, signInPath } from './lib/session'

/**
 * §2 for the page a visit opens with: signed out, any page but the sign-in and the legal notices
 * goes to the sign-in (with the deep link, decision 022) before the router starts, so that the
 * router never loads that page's code (MUI, the app shell) only to leave it. The guard
 * (RequireSession) still covers the pages opened within the portal.
 */
function sendSignedOutVisitToSignIn() {
  const { pathname, search, hash } = window.location
  const page = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  if (isLoggedIn() || SIGNED_OUT_PATHS.includes(page)) return
  window.history.replaceState(null, '', signInPath(`${pathname}${search}${hash}`))
}

async function start() {
  autoLogin()
  sendSignedOutVisitToSignIn()
  // created next: the router starts loading the current route's screen code right away, while
  // the configuration loads
  const router = createRouter()
  // §1: configuration and FAQ before the first render
  const [customer] = await Promise.all([loadCustomer(), initI18n()])
  applyDocumentSettings(customer.config)
  applyKitTheme(customer.config.theme)
  setApiBaseUrl(customer.config.apiBaseUrl)
  setLegacyEndpoint(
    /^https?:/.test(customer.config.legacyEndpoint)
      ? customer.config.legacyEndpoint
      : `${customer.config.apiBaseUrl}${customer.config.legacyEndpoint}`,
  )
  // MUI's theme and styles come with the first screen that uses them (app/router.tsx)
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <CustomerContext.Provider value={customer}>
        <RouterProvider router={router} />
      </CustomerContext.Provider>
    </StrictMode>,
  )
}

start().catch(() => {
  document.getElementById('root')!.textContent =
    'Das Kundenportal konnte nicht geladen werden. Bitte versuchen Sie es später erneut.'
})
