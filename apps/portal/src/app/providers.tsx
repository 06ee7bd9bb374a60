import createCache from '@emotion/cache'
import { CacheProvider } from '@emotion/react'
import CssBaseline from '@mui/material/CssBaseline'
import { ThemeProvider } from '@mui/material/styles'
import { useMemo, type ReactNode } from 'react'
import { CustomerContext, type LoadedCustomer } from '../lib/customer'
import { createPortalTheme } from './theme'

/** The nonce the server put into the page for this response (Content-Security-Policy style-src). */
function cspNonce(): string | undefined {
  const nonce = document.querySelector('meta[name="csp-nonce"]')?.getAttribute('content')
  return nonce && nonce !== '__CSP_NONCE__' ? nonce : undefined
}

const emotionCache = createCache({ key: 'mui', nonce: cspNonce(), prepend: true })

export function Providers({
  customer,
  children,
}: {
  customer: LoadedCustomer
  children: ReactNode
}) {
  const theme = useMemo(() => createPortalTheme(customer.config), [customer.config])
  return (
    <CacheProvider value={emotionCache}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <CustomerContext.Provider value={customer}>{children}</CustomerContext.Provider>
      </ThemeProvider>
    </CacheProvider>
  )
}
