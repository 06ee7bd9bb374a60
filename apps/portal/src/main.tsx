import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router'
import { Providers } from './app/providers'
import { createRouter } from './app/router'
import { setApiBaseUrl } from './lib/api-client'
import { applyDocumentSettings, loadCustomer } from './lib/customer'
import { setLegacyEndpoint } from './lib/legacy-client'
import { initI18n } from './lib/i18n'
import { autoLogin } from './lib/session'

async function start() {
  // created first: the router starts loading the current route's screen code right away, while
  // the configuration loads
  const router = createRouter()
  // §1: configuration and FAQ before the first render
  const [customer] = await Promise.all([loadCustomer(), initI18n()])
  applyDocumentSettings(customer.config)
  setApiBaseUrl(customer.config.apiBaseUrl)
  setLegacyEndpoint(
    /^https?:/.test(customer.config.legacyEndpoint)
      ? customer.config.legacyEndpoint
      : `${customer.config.apiBaseUrl}${customer.config.legacyEndpoint}`,
  )
  autoLogin()
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers customer={customer}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  )
}

start().catch(() => {
  document.getElementById('root')!.textContent =
    'Das Kundenportal konnte nicht geladen werden. Bitte versuchen Sie es später erneut.'
})
