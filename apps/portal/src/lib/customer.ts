import { CUSTOMER_DATA_ELEMENT_ID, type ClientCustomerConfig, type Faq } from '@portal/domain'
import { createContext, useContext } from 'react'

export type LoadedCustomer = { config: ClientCustomerConfig; faq: Faq }

async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(path, { headers: { Accept: 'application/json' } })
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`)
  return (await response.json()) as T
}

/** §1: configuration and FAQ are loaded before the application starts. */
export async function loadCustomer(): Promise<LoadedCustomer> {
  // the server writes both into the page it serves (no round trip); the dev server does not
  const inline = document.getElementById(CUSTOMER_DATA_ELEMENT_ID)?.textContent
  if (inline) return JSON.parse(inline) as LoadedCustomer
  const [config, faq] = await Promise.all([
    getJson<LoadedCustomer['config']>('/api/configuration/customer'),
    getJson<Faq>('/api/configuration/faq'),
  ])
  return { config, faq }
}

/** Title and favicon of the document, from the configuration. */
export function applyDocumentSettings(config: ClientCustomerConfig): void {
  document.title = config.applicationTitle
  const icon = document.getElementById('favicon') as HTMLLinkElement | null
  if (icon) icon.href = config.faviconUrl
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', config.theme.primary)
}

export const CustomerContext = createContext<LoadedCustomer | null>(null)

export function useCustomer(): LoadedCustomer {
  const customer = useContext(CustomerContext)
  if (!customer) throw new Error('useCustomer outside CustomerContext')
  return customer
}
