import { QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { queryClient } from '../lib/query-client'

/**
 * The portal's query cache for the screens that load data. Not at the root: the sign-in page
 * needs none of it, and its code stays out of what /authenticate loads (docs/performance.md).
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
}

export default QueryProvider
